import Foundation
import GestureService
import TestSupport
import Testing
import ToolSupport

/// One set of names (docs/gesture-service.md, "Configuration"): every example gesture
/// configuration of the repository loads, and a binding name means the same gesture (kind,
/// fingers, direction, edge) in every one: the bundled recordings' example, the package's
/// /etc file, the fuzz seed and every `yaml gestures` block of README.md and docs/.
@Suite struct ExampleConfigurationTests {
    /// Every example, by where it is.
    static func examples() throws -> [(place: String, configuration: GestureServiceConfiguration)] {
        var examples: [(String, GestureServiceConfiguration)] = []
        for file in [
            "Recordings/gestures.example.yaml", "packaging/gestures.yaml",
            "Tests/Fuzz/corpus/gestureconfig/example.yaml",
        ] {
            do throws(Diagnostic) {
                examples.append(
                    (
                        file,
                        try GestureServiceConfiguration.read(
                            path: TestPaths.packageRoot + "/" + file)
                    ))
            } catch {
                Issue.record("\(error)")
            }
        }
        for document in DocsRunTests.documents {
            let text = try String(
                contentsOfFile: TestPaths.packageRoot + "/" + document, encoding: .utf8)
            for block in MarkdownDocument(path: document, text: text).blocks
            where block.language == "yaml" && block.tags["gestures"] != nil {
                let place = "\(document):\(block.line)"
                do throws(Diagnostic) {
                    examples.append(
                        (
                            place,
                            try GestureServiceConfiguration.parse(
                                bytes: Array(block.body.utf8), path: place)
                        ))
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
        return examples
    }

    @Test func everyExampleGivesANameTheSameGesture() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 6, "\(examples.map(\.place))")
        var first: [String: (place: String, binding: GestureBinding)] = [:]
        for (place, configuration) in examples {
            for binding in configuration.bindings {
                guard let earlier = first[binding.name] else {
                    first[binding.name] = (place, binding)
                    continue
                }
                let same = earlier.binding.matches(
                    binding.kind, fingers: binding.fingers, direction: binding.direction,
                    edge: binding.edge)
                #expect(
                    same,
                    "\(place): \(binding.name) is a \(binding.fingers)-finger \(binding.kind.rawValue) \(binding.direction?.rawValue ?? "") \(binding.edge?.rawValue ?? ""), but in \(earlier.place) a \(earlier.binding.fingers)-finger \(earlier.binding.kind.rawValue) \(earlier.binding.direction?.rawValue ?? "") \(earlier.binding.edge?.rawValue ?? "")"
                )
            }
        }
        // The names the contract's examples rely on are there.
        for name in ["back", "forward", "overview", "zoom-out", "right-click", "menu"] {
            #expect(first[name] != nil, "no example binds \(name)")
        }
        #expect(first["back"]?.binding.direction == .right)
    }

    /// The check tells a disagreement: `back` as a swipe left is not `back` as a swipe right.
    @Test func aNameBoundToAnotherGestureDisagrees() throws {
        let left = try #require(
            try? GestureServiceConfiguration.parse(
                bytes: Array(
                    "gestures:\n  - name: back\n    gesture: swipe\n    fingers: 3\n    direction: left\n"
                        .utf8),
                path: "left.yaml"
            ).bindings.first)
        let right = try #require(
            try Self.examples().first { $0.place == "Recordings/gestures.example.yaml" }?
                .configuration.bindings.first { $0.name == "back" })
        #expect(
            !right.matches(
                left.kind, fingers: left.fingers, direction: left.direction, edge: left.edge))
    }
}
