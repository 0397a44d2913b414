import GestureService
import Testing
import ToolSupport

/// Every value a configuration message quotes is cut (docs/trace-format.md, "Ranges": 80
/// scalars and `… (N bytes)`): a 100 kB name, direction, key or number in any place a
/// message can quote it makes a short message. Two messages (a duplicate name, two
/// bindings for one gesture) quoted whole names, a third a whole direction: 100–200 kB
/// lines.
@Suite struct ConfigurationQuotedValueTests {
    /// Longer than any message may be, for one huge value in it.
    static let largestMessageBytes = 2_000
    static let huge = String(repeating: "wé𝄞x", count: 100_000 / 9)

    /// A binding with `huge` in place of each of its values, and with a huge unknown key;
    /// then two bindings of one huge name, two of one gesture with huge names.
    static let configurations: [String] = {
        let binding = [
            ("name", "back"), ("gesture", "swipe"), ("fingers", "3"), ("direction", "left"),
            ("distance_mm", "20"), ("command", "[\"true\"]"),
        ]
        func text(_ bindings: [[(String, String)]]) -> String {
            "gestures:\n"
                + bindings.map { pairs in
                    "  - " + pairs.map { "\($0): \($1)" }.joined(separator: "\n    ")
                }.joined(separator: "\n") + "\n"
        }
        var configurations: [String] = []
        // A huge name (index 0) or command argument (5) is allowed: only the others are errors.
        for index in [1, 2, 3, 4] {
            var changed = binding
            changed[index].1 = "\"\(huge)\""
            configurations.append(text([changed]))
        }
        var command = binding
        command[5].1 = "[\"\(huge)\", [1]]"
        configurations.append(text([command]))
        configurations.append(text([binding + [(huge, "1")]]))
        configurations.append("\(huge): 1\n")
        var named = binding
        named[0].1 = huge
        var other = named
        other[3].1 = "right"
        configurations.append(text([named, other]))
        var second = binding
        second[0].1 = huge + "2"
        configurations.append(text([named, second]))
        var edge = binding
        edge[1].1 = "edge-swipe"
        edge.append(("edge", "\"\(huge)\""))
        configurations.append(text([edge]))
        var tap = binding
        tap[1].1 = "tap"
        tap[3].1 = "\"\(huge)\""
        configurations.append(text([tap]))
        return configurations
    }()

    @Test(arguments: configurations.indices)
    func aHugeValueMakesAShortMessage(index: Int) {
        let text = Self.configurations[index]
        do {
            _ = try GestureServiceConfiguration.parse(bytes: Array(text.utf8), path: "g.yaml")
            Issue.record("configuration \(index) read")
        } catch {
            let message = error.description
            #expect(
                message.utf8.count < Self.largestMessageBytes,
                "configuration \(index): \(message.utf8.count) bytes: \(message.prefix(300))")
            #expect(message.hasPrefix("g.yaml:"), "configuration \(index): \(message.prefix(300))")
        }
    }
}
