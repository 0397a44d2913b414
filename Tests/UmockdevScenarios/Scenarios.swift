import Evdev
import TouchInput
import TouchScript

/// Synthetic input sessions for the libinput tests, scripted as touch scripts in device
/// units (times from 0) and written as evemu event streams. The fixtures under
/// Tests/Fixtures/umockdev/ were written by `cleartouch-make-scenarios NAME OUT.evemu` (DeveloperTools).
public enum Scenarios: Sendable {
    /// The mock devices' frame interval.
    public static let frameIntervalMicroseconds: Int64 = 12_000
    /// The pause after a lifted stroke, counted from its lift frame.
    public static let gapMicroseconds: Int64 = 400_000
    /// The time between two key events.
    public static let keyIntervalMicroseconds: Int64 = 50_000

    /// A finger moving in a straight line, in device units.
    public struct Track: Sendable {
        /// Where the finger goes down.
        public var from: (x: Int32, y: Int32)
        /// Where it is at the end.
        public var to: (x: Int32, y: Int32)

        var scripted: Script.Track {
            Script.Track(
                from: Point(x: Double(from.x), y: Double(from.y)),
                to: Point(x: Double(to.x), y: Double(to.y)))
        }
    }

    /// One part of a session.
    public enum Step: Sendable {
        /// All fingers down together, moved in `frames` frames, lifted together.
        case stroke([Track], frames: Int)
        /// All fingers down, moved in `frames` frames, never lifted (the stream ends mid-gesture).
        case strokeWithoutLift([Track], frames: Int)
        /// Key presses and releases (evdev codes), one frame each.
        case keys([EventCode])
        /// One finger down, resting without any event for `microseconds`, then lifted.
        case rest(at: (x: Int32, y: Int32), microseconds: Int64)
        /// Nothing for `microseconds`.
        case pause(microseconds: Int64)
    }

    /// A session on one device.
    public struct Session: Sendable {
        /// A touchpad (it sends `BTN_TOOL_*` finger counts), otherwise a touchscreen.
        public var touchpad: Bool
        /// What happens, in order.
        public var steps: [Step]
    }

    /// The sessions by name.
    public static let all: [String: Session] = [
        // Clear on a 1080x1920 portrait screen: rows are 169 px (about 360 units of y).
        "ts-clear-session": Session(
            touchpad: false,
            steps: [
                .stroke([Track(from: (600, 560), to: (3600, 560))], frames: 20),  // pan right: complete
                .stroke([Track(from: (3000, 950), to: (900, 950))], frames: 20),  // pan left: delete
                .stroke([Track(from: (2000, 200), to: (2000, 1100))], frames: 25),  // pull down: add
                .stroke([Track(from: (2000, 1500), to: (2000, 1500))], frames: 2),  // tap
                .stroke(
                    [
                        Track(from: (2000, 1300), to: (2000, 1000)),
                        Track(from: (2000, 1500), to: (2000, 1800)),
                    ],
                    frames: 20),  // pinch apart between two rows
            ]),
        // A pull adds an item (editing it), then a tap low on the screen (y ≈ 1834 px),
        // where the on-screen keyboard is when it shows.
        "ts-edit-tap-keyboard-area": Session(
            touchpad: false,
            steps: [
                // pull down: add
                .stroke([Track(from: (2000, 200), to: (2000, 1100))], frames: 25),
                .pause(microseconds: 500_000),
                // a tap at y ≈ 1834 px
                .stroke([Track(from: (1000, 2200), to: (1000, 2200))], frames: 2),
            ]),
        "ts-long-drag": Session(
            touchpad: false,
            steps: [.strokeWithoutLift([Track(from: (800, 700), to: (3200, 700))], frames: 80)]),
        // A tap, then the long drag never lifted: the recorder's SIGKILL test kills it
        // mid-drag, and the file must hold the tap's lift and then a prefix of the drag.
        "ts-tap-then-long-drag": Session(
            touchpad: false,
            steps: [
                .stroke([Track(from: (2000, 1000), to: (2000, 1000))], frames: 2),
                .strokeWithoutLift([Track(from: (800, 700), to: (3200, 700))], frames: 80),
            ]),
        "ts-pinch": Session(
            touchpad: false,
            steps: [
                .stroke(
                    [
                        Track(from: (1500, 1000), to: (1500, 700)),
                        Track(from: (1500, 1300), to: (1500, 1600)),
                    ],
                    frames: 20)
            ]),
        "ts-drag": Session(
            touchpad: false,
            steps: [
                // Starts once the other device's gesture is under way (tests with two devices).
                .pause(microseconds: 150_000),
                .stroke([Track(from: (1000, 400), to: (3000, 400))], frames: 20),
            ]),
        "tp-pinch": Session(
            touchpad: true,
            steps: [
                .stroke(
                    [
                        Track(from: (1800, 1200), to: (1400, 1200)),
                        Track(from: (2200, 1200), to: (2600, 1200)),
                    ],
                    frames: 40)
            ]),
        // A two-finger horizontal scroll still under way when the stream ends (unplug tests).
        "tp-scroll": Session(
            touchpad: true,
            steps: [
                .strokeWithoutLift(
                    [
                        Track(from: (1400, 1000), to: (2800, 1000)),
                        Track(from: (1400, 1500), to: (2800, 1500)),
                    ],
                    frames: 40)
            ]),
        "tp-session": Session(
            touchpad: true,
            steps: [
                .stroke([Track(from: (1000, 1200), to: (2000, 1000))], frames: 15),  // pointer motion
                .stroke(
                    [
                        Track(from: (1400, 1000), to: (2600, 1000)),
                        Track(from: (1400, 1500), to: (2600, 1500)),
                    ],
                    frames: 25),  // two-finger horizontal scroll
                .stroke(
                    [
                        Track(from: (1800, 700), to: (1800, 1700)),
                        Track(from: (2200, 700), to: (2200, 1700)),
                    ],
                    frames: 25),  // two-finger vertical scroll
                .stroke(
                    [
                        Track(from: (1800, 1200), to: (1400, 1200)),
                        Track(from: (2200, 1200), to: (2600, 1200)),
                    ],
                    frames: 25),  // pinch out
                .stroke(
                    [
                        Track(from: (1200, 1500), to: (1200, 700)),
                        Track(from: (1700, 1500), to: (1700, 700)),
                        Track(from: (2200, 1500), to: (2200, 700)),
                    ], frames: 25),  // three-finger swipe
            ]),
        // A finger resting 900 ms: long enough for a long-press; it sends nothing while it rests.
        "ts-rest": Session(
            touchpad: false, steps: [.rest(at: (2000, 1000), microseconds: 900_000)]),
        "kbd-typing": Session(
            touchpad: false,
            steps: [.keys([.keyH, .keyE, .keyL, .keyL, .keyO, .keyEnter])]),
    ]

    /// The session as a touch script (device units).
    public static func script(for session: Session) -> Script {
        var script = Script(frameIntervalMicroseconds: frameIntervalMicroseconds)
        for (index, step) in session.steps.enumerated() {
            if index > 0, case .stroke = session.steps[index - 1] {
                // The script's clock already stands one frame after the lift.
                script.wait(microseconds: gapMicroseconds - frameIntervalMicroseconds)
            }
            switch step {
            case .stroke(let tracks, let frames):
                script.stroke(tracks.map(\.scripted), frames: frames)
            case .strokeWithoutLift(let tracks, let frames):
                script.stroke(tracks.map(\.scripted), frames: frames, lift: false)
            case .keys(let codes):
                for code in codes {
                    for pressed in [true, false] {
                        script.key(
                            Int(code.rawValue), pressed: pressed,
                            afterMicroseconds: keyIntervalMicroseconds)
                    }
                }
            case .rest(let position, let microseconds):
                script.stroke(
                    [Track(from: position, to: position).scripted], frames: 0, lift: false)
                script.wait(microseconds: microseconds)
                script.up([0])
            case .pause(let microseconds):
                // An empty frame marks the stream's start, so a leading pause survives
                // conversion to a script (whose first frame plays at the barrier).
                if script.events.isEmpty { script.markStart() }
                script.wait(microseconds: microseconds)
            }
        }
        return script
    }

    /// The session's kernel events.
    public static func events(for session: Session) -> [EvdevEvent] {
        var encoder = ScriptEvdevEncoder(
            .init(reportsEveryAxis: true, toolButtons: session.touchpad))
        return encoder.events(script(for: session).events)
    }

    /// An evemu events file (no description), as umockdev's evemu files.
    public static func evemuText(_ events: [EvdevEvent], name: String) -> String {
        "# EVEMU 1.3\n# cleartouch-make-scenarios \(name)\n"
            + EvemuWriter.eventLines(events, values: .plain)
    }
}
