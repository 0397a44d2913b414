import GestureService
import Testing
import ToolSupport

/// The configuration reader: every binding key, and every problem as `FILE:LINE: …`.
@Suite("Gesture configuration reader")
struct ConfigurationReaderTests {
    static func parse(_ text: String) throws(Diagnostic) -> GestureServiceConfiguration {
        try GestureServiceConfiguration.parse(bytes: Array(text.utf8), path: "g.yaml")
    }

    /// The diagnostic `text` gives, as printed.
    static func problem(_ text: String) -> String? {
        do throws(Diagnostic) {
            _ = try parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func theContractsExampleReads() throws {
        let configuration = try Self.parse(
            """
            gestures:
              - name: back              # reported with the gesture
                gesture: swipe
                fingers: 3
                direction: left
                distance_mm: 20
                command: ["xdotool", "key", "alt+Left"]
              - name: overview
                gesture: edge-swipe
                fingers: 1
                direction: up
                edge: bottom
              - name: zoom
                gesture: pinch
                fingers: 2
                direction: out
              - name: menu
                gesture: long-press
                fingers: 2
              - name: click
                gesture: tap
                fingers: 1
            """)
        #expect(
            configuration.bindings == [
                GestureBinding(
                    name: "back", kind: .swipe, fingers: 3, direction: .left,
                    distanceMillimetres: 20, command: ["xdotool", "key", "alt+Left"], line: 2),
                GestureBinding(
                    name: "overview", kind: .edgeSwipe, fingers: 1, direction: .up, edge: .bottom,
                    line: 8),
                GestureBinding(name: "zoom", kind: .pinch, fingers: 2, direction: .out, line: 13),
                GestureBinding(name: "menu", kind: .longPress, fingers: 2, line: 17),
                GestureBinding(name: "click", kind: .tap, fingers: 1, line: 20),
            ])
        #expect(configuration.bindings[2].requiredDistanceMillimetres == 20)
        #expect(configuration.bindings[3].requiredDistanceMillimetres == nil)
    }

    @Test func anEmptyListHasNoBindings() throws {
        #expect(try Self.parse("gestures: []\n").bindings.isEmpty)
        #expect(try Self.parse("gestures:\n").bindings.isEmpty)
    }

    @Test(
        arguments: [
            ("", "g.yaml:1: empty: a gesture configuration has a `gestures:` list"),
            ("- a\n", "g.yaml:1: expected a mapping with a `gestures:` list"),
            (
                "gestures: []\nbindings: []\n",
                "g.yaml:2: unknown key `bindings` (expected `gestures`)"
            ),
            ("other: 1\n", "g.yaml:1: unknown key `other` (expected `gestures`)"),
            ("gestures: 3\n", "g.yaml:1: `gestures` must be a list of gestures"),
            ("gestures:\n  - 3\n", "g.yaml:2: a gesture is a mapping (`- name: …`, `gesture: …`)"),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n    colour: red\n",
                "g.yaml:5: unknown key `colour` (expected `name`, `gesture`, `fingers`, `direction`, `edge`, `distance_mm`, `command`)"
            ),
            ("gestures:\n  - gesture: tap\n    fingers: 1\n", "g.yaml:2: missing `name`"),
            ("gestures:\n  - name: a\n    fingers: 1\n", "g.yaml:2: `a`: missing `gesture`"),
            ("gestures:\n  - name: a\n    gesture: tap\n", "g.yaml:2: `a`: missing `fingers`"),
            (
                "gestures:\n  - name: a\n    gesture: flick\n    fingers: 1\n",
                "g.yaml:3: `a`: unknown gesture `flick` (expected swipe, edge-swipe, pinch, tap, long-press)"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 6\n",
                "g.yaml:4: `a`: `fingers` must be a whole number from 1 to 5, got `6`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 0\n",
                "g.yaml:4: `a`: `fingers` must be a whole number from 1 to 5, got `0`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: pinch\n    fingers: 1\n    direction: in\n",
                "g.yaml:4: `a`: `fingers` must be a whole number from 2 to 5, got `1`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: swipe\n    fingers: 1\n",
                "g.yaml:2: `a`: a swipe needs `direction`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: swipe\n    fingers: 1\n    direction: in\n",
                "g.yaml:5: `a`: a swipe goes up, down, left, right, not `in`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n    direction: up\n",
                "g.yaml:5: `a`: a tap has no `direction`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: swipe\n    fingers: 1\n    direction: up\n    edge: top\n",
                "g.yaml:6: `a`: `edge` goes only with `gesture: edge-swipe`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: edge-swipe\n    fingers: 1\n    direction: up\n",
                "g.yaml:2: `a`: an edge-swipe needs `edge`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: edge-swipe\n    fingers: 1\n    direction: up\n    edge: top\n",
                "g.yaml:5: `a`: an edge swipe from the top edge moves down"
            ),
            (
                "gestures:\n  - name: a\n    gesture: swipe\n    fingers: 1\n    direction: up\n    distance_mm: 0\n",
                "g.yaml:6: `a`: `distance_mm` must be a number of millimetres above 0 and at most 1000, got `0`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: swipe\n    fingers: 1\n    direction: up\n    distance_mm: 1000.5\n",
                "g.yaml:6: `a`: `distance_mm` must be a number of millimetres above 0 and at most 1000, got `1000.5`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n    distance_mm: 3\n",
                "g.yaml:5: `a`: a tap has no `distance_mm`"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n    command: xdotool key a\n",
                "g.yaml:5: `a`: `command` is a list of arguments, run without a shell: [\"program\", \"argument\", …]"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n    command: [\"\"]\n",
                "g.yaml:5: `a`: the command's program is empty"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n    command: [[x]]\n",
                "g.yaml:5: `a`: every `command` argument is a string"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n  - name: a\n    gesture: tap\n    fingers: 2\n",
                "g.yaml:5: duplicate name `a` (first at line 2)"
            ),
            (
                "gestures:\n  - name: a\n    gesture: tap\n    fingers: 1\n  - name: b\n    gesture: tap\n    fingers: 1\n",
                "g.yaml:5: `b` is the same gesture as `a` (line 2); one gesture has one binding"
            ),
            (
                "gestures:\n  - name: a\n    name: b\n",
                "g.yaml:3: YAML: duplicate key `name`"
            ),
            (
                "gestures: [\n",
                "g.yaml:2: YAML: while parsing a flow node did not find expected node content"
            ),
            ("gestures: []\n---\ngestures: []\n", "g.yaml:2: YAML: more than one document (`---`)"),
        ])
    func everyProblemIsFileLine(text: String, expected: String) {
        #expect(Self.problem(text) == expected)
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let text = "gestures: " + String(repeating: "[", count: 10_000)
        #expect(Self.problem(text)?.hasPrefix("g.yaml:1: YAML: nested deeper than") == true)
    }

    @Test func aNulByteIsNotText() {
        #expect(
            (try? GestureServiceConfiguration.parse(bytes: [0x67, 0, 0x0A], path: "g.yaml")) == nil)
    }

    @Test func theDefaultPathIsXDGThenEtc() {
        let environment = ["XDG_CONFIG_HOME": "/cfg", "HOME": "/home/u"]
        #expect(
            GestureServiceConfiguration.defaultPath(environment: environment) { _ in true }
                == "/cfg/cleartouch/gestures.yaml")
        #expect(
            GestureServiceConfiguration.defaultPath(environment: ["HOME": "/home/u"]) {
                $0.hasPrefix("/home")
            } == "/home/u/.config/cleartouch/gestures.yaml")
        #expect(
            GestureServiceConfiguration.defaultPath(environment: environment) {
                $0.hasPrefix("/etc")
            } == "/etc/cleartouch/gestures.yaml")
        #expect(
            GestureServiceConfiguration.defaultPath(environment: environment) { _ in false }
                == nil)
    }
}
