import Foundation
import TestSupport
import Testing

/// Pictures and pages grow linearly with their input (docs/trace-format.md, "Ranges of
/// the viewer and the pictures"): each command runs on an input and on one four times as
/// large, and the time, the peak memory's growth and the output's size may grow at most
/// `largestRatio` times (a linear cost gives about 4, a quadratic one 16, a cubic one
/// 64). Ratios, never absolute times, so a loaded machine does not fail them.
@Suite struct ScalingTests {
    /// Four times the input: a linear cost grows about four times; this allows noise.
    static let largestRatio = 9.0
    /// Times below this (beyond the empty session's) are noise.
    static let smallestSeconds = 0.25
    static let header = """
        cleartouch-trace 1
        screen 1080 1920
        row-height 169
        item 0 Feed the cat
        device 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic
        device 2 keyboard 1080 1920 - - - - - - - - - Keys
        events
        0 added 1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic
        0 added 2 keyboard 1080 1920 - - - - - - - - - Keys

        """

    /// What one run of the command cost: wall time, peak resident memory, output bytes.
    struct Cost {
        var seconds: Double
        var peakKilobytes: Double
        var outputBytes: Int
    }

    /// Runs `cleartouch ARGUMENTS` as a child of Python, which reports the child's time
    /// and peak resident set (`getrusage(RUSAGE_CHILDREN)`).
    static func cost(_ arguments: [String], output: String? = nil) throws -> Cost {
        let measure = """
            import resource, subprocess, sys, time
            start = time.monotonic()
            code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode
            print(time.monotonic() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)
            """
        let run = try runCommand(
            executable: HeadlessChromium.python,
            arguments: ["-c", measure, TestPaths.cleartouchBinary] + arguments)
        let fields = run.standardOutput.split(separator: " ").map {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .nan
        }
        try #require(fields.count == 3 && fields[2] == 0, "\(arguments): \(run.standardError)")
        let bytes = output.flatMap {
            (try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? Int
        }
        return Cost(seconds: fields[0], peakKilobytes: fields[1], outputBytes: bytes ?? 0)
    }

    /// The command on `small`, then on `large` (four times the input), and on an empty
    /// session (the fixed cost, taken off before the ratios).
    static func expectLinear(
        _ name: String, small: String, large: String,
        _ arguments: (_ trace: String, _ output: String) -> [String]
    ) throws {
        let directory = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var costs: [Cost] = []
        for (index, text) in [header, small, large].enumerated() {
            let trace = directory + "/\(index).trace"
            let output = directory + "/\(index).out"
            try text.write(toFile: trace, atomically: true, encoding: .utf8)
            costs.append(try cost(arguments(trace, output), output: output))
        }
        let (empty, one, four) = (costs[0], costs[1], costs[2])
        // The small input's own time counts as at least `smallestSeconds` (a fast command's
        // differences are noise).
        let time =
            max(four.seconds - empty.seconds, 0)
            / max(one.seconds - empty.seconds, smallestSeconds)
        // Memory grown by less than 4 MB is noise (allocator, page cache): the small
        // input's growth counts as at least that.
        let memory =
            max(four.peakKilobytes - empty.peakKilobytes, 0)
            / max(one.peakKilobytes - empty.peakKilobytes, 4096)
        let bytes = Double(four.outputBytes) / Double(max(one.outputBytes, 1))
        #expect(time < largestRatio, "\(name): time ×\(time) (\(costs.map(\.seconds)) s)")
        #expect(
            memory < largestRatio, "\(name): memory ×\(memory) (\(costs.map(\.peakKilobytes)) kB)"
        )
        #expect(bytes < largestRatio, "\(name): output ×\(bytes) (\(costs.map(\.outputBytes)))")
    }

    /// `count` taps on one spot, 0.4 s apart: `render` places a label for each.
    static func taps(_ count: Int) -> String {
        header
            + (0..<count).map { index in
                let t = 1000 + index * 400_000
                return """
                    \(t) down 1 0 0 540 1500 135 375
                    \(t) frame 1
                    \(t + 50000) up 1 0 0 540 1500 135 375
                    \(t + 50000) frame 1

                    """
            }.joined()
    }

    /// One frame of `count` contacts, then one lifting them all.
    static func contacts(_ count: Int) -> String {
        func lines(_ phase: String, _ time: Int) -> String {
            (0..<count).map { slot in
                "\(time) \(phase) 1 \(slot) \(slot) \(100 + slot % 800) \(100 + slot / 800 % 1700) - -\n"
            }.joined() + "\(time) frame 1\n"
        }
        return header + lines("down", 1000) + lines("up", 20000)
    }

    /// An item of one letter and `count` combining marks.
    static func marks(_ count: Int) -> String {
        header.replacingOccurrences(
            of: "item 0 Feed the cat",
            with: "item 0 a" + String(repeating: "\u{301}", count: count))
    }

    /// A tap on the first item, then `count` pieces of text typed, one a frame.
    static func typing(_ count: Int) -> String {
        header + """
            0 down 1 0 0 500 85 125 21.25
            0 frame 1
            60000 up 1 0 0 500 85 125 21.25
            60000 frame 1

            """
            + (0..<count).map { "\(100_000 + $0 * 40_000) text typed text \($0 % 10) \n" }
            .joined()
    }

    @Test func renderPlacesTheLabelsOfManyTapsInLinearTime() throws {
        try Self.expectLinear("render, taps", small: Self.taps(250), large: Self.taps(1000)) {
            ["render", $0, "-o", $1]
        }
    }

    @Test func aFrameOfManyContactsReplaysInLinearTime() throws {
        try Self.expectLinear(
            "replay, contacts", small: Self.contacts(5000), large: Self.contacts(20000)
        ) { trace, _ in ["replay", trace] }
    }

    @Test(arguments: ["render", "snapshot", "view"])
    func anItemOfManyCombiningMarksCostsLinearTime(command: String) throws {
        try Self.expectLinear(
            command + ", marks", small: Self.marks(12000), large: Self.marks(48000)
        ) {
            trace, output in
            switch command {
            case "render": ["render", trace, "-o", output]
            case "snapshot": ["replay", trace, "--snapshot", output]
            default: ["view", trace, "-o", output]
            }
        }
    }

    /// The page holds what was typed, not the edited text once per frame.
    @Test func aLongTypedTextGivesAPageLinearInTheTrace() throws {
        try Self.expectLinear("view, typing", small: Self.typing(150), large: Self.typing(600)) {
            ["view", $0, "-o", $1]
        }
    }

    /// 2,400 keystrokes (a text of 31 kB) take about four times 600: nothing per frame
    /// walks the whole text (its characters were counted each frame, its UTF-16 length
    /// measured per change), which made 2,400 take 6.4 times 600's time.
    @Test func aLongTypingSessionViewsInLinearTime() throws {
        try Self.expectLinear(
            "view, 2,400 keystrokes", small: Self.typing(600), large: Self.typing(2400)
        ) { ["view", $0, "-o", $1] }
    }
}
