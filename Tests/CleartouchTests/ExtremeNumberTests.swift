import Foundation
import Recordings
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// Every number that enters the program is checked where it enters: out of its documented
/// range it is `FILE:LINE: what is wrong` and exit 2; in range nothing traps (docs/trace-format.md,
/// "Ranges"; docs/output-files.md). Each command runs in this process, so a trap fails the run.
@Suite struct ExtremeNumberTests {
    /// A trace with every kind of line that holds a number.
    static let everyLineTrace = """
        cleartouch-trace 1
        screen 200 300
        row-height 40
        item 0 one
        item 1 two
        device 1 touchscreen 200 300 50.5 75.25 0 4095 13 0 2303 13 10 Panel
        events
        0 added 1 touchscreen 200 300 50.5 75.25 0 4095 13 0 2303 13 10 Panel
        0 added 2 touchpad 200 300 100 60 0 1000 10 0 600 10 5 Pad
        0 added 3 keyboard 200 300 - - - - - - - - - Keys
        1000 down 1 0 0 20 20 5 5
        1000 frame 1 1
        9000 move 1 0 0 150 20 37.5 5
        9000 frame 1 1
        17000 up 1 0 0 150 20 37.5 5
        17000 frame 1 0
        20000 gesture 2 swipe begin 3 0 0 1 0 0
        21000 gesture 2 swipe update 3 10.5 -2 1 0 0
        22000 gesture 2 swipe end 3 0 0 1 0 0
        23000 motion 2 1.5 -2.5
        24000 button 2 272 1
        25000 button 2 272 0
        26000 scroll 2 finger 0 12.5
        27000 key 3 30 1 1
        28000 key 3 30 0 1
        29000 text hi
        30000 removed 2

        """

    /// Values at and beyond every range's edges, and absurd ones.
    static let extremes = [
        "0", "-0", "1", "-1", "0.5", "1e-300", "1e20", "1e300", "-1e300", "1e308", "-1e308",
        "2147483647", "2147483648", "-2147483649", "4294967296", "100000", "100001",
        "10000000", "10000001", "-10000001", "1000000", "1000001", "1048576", "1048577",
        "2305843009213693952", "2305843009213693953", "-2305843009213693953",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808",
        "99999999999999999999999", "999999999999.999999", "0.000001",
    ]

    /// The numbers of a file: (line index, range in the line) of every numeric token
    /// outside comments.
    static func numberTokens(_ text: String) -> [(line: Int, range: Range<String.Index>)] {
        let pattern = try! NSRegularExpression(
            pattern: #"(?<![\w.])-?\d+(\.\d+)?([eE][-+]?\d+)?(?![\w.])"#)
        var tokens: [(Int, Range<String.Index>)] = []
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("#") { continue }
            let matches = pattern.matches(in: line, range: NSRange(line.startIndex..., in: line))
            for match in matches { tokens.append((index, Range(match.range, in: line)!)) }
        }
        return tokens
    }

    /// `text` with token `token` replaced by `value`.
    static func replacing(
        _ text: String, _ token: (line: Int, range: Range<String.Index>), with value: String
    )
        -> String
    {
        var lines = text.components(separatedBy: "\n")
        lines[token.line].replaceSubrange(token.range, with: value)
        return lines.joined(separator: "\n")
    }

    static func run(_ command: any Subcommand.Type, _ arguments: [String]) -> (
        Int32, CapturedOutput
    ) {
        let captured = CapturedOutput()
        return (command.main(arguments: arguments, output: captured.streams), captured)
    }

    /// Replays `path` (timeline, snapshot, frames) and renders it: each exits 0, or 2 with a
    /// `FILE:LINE:` message.
    static func checkEveryCommand(
        _ path: String, _ folder: ScratchFolder, extra: [String] = [],
        framesPerSecond: String = "2", context: String
    ) {
        let runs: [(any Subcommand.Type, [String])] = [
            (
                ReplayCommand.self,
                [
                    path, "--snapshot", folder.file("s.png"), "--frames", folder.file("frames"),
                    "--fps", framesPerSecond,
                ]
                    + extra
            ),
            (ReplayCommand.self, [path, "--json"] + extra),
            (RenderCommand.self, [path, "-o", folder.file("r.svg")] + extra),
            (InspectCommand.self, [path] + (extra.first == "--screen" ? extra : [])),
        ]
        for (command, arguments) in runs {
            let (status, output) = run(command, arguments)
            let firstLine = output.standardError.split(separator: "\n").first.map(String.init) ?? ""
            let located = firstLine.range(of: #"^.+:\d+: \S"#, options: .regularExpression) != nil
            #expect(
                status == 0 || (status == 2 && located),
                "\(command.name) \(arguments) with \(context): status \(status), \(output.standardError)"
            )
        }
        try? FileManager.default.removeItem(atPath: folder.file("frames"))
    }

    /// Every number of a trace, an evemu file and a `libinput record` file, replaced in turn
    /// by an extreme value (seeded), through replay, snapshot, frames, render and inspect.
    @Test(arguments: ["trace", "evemu", "libinput"])
    func everyNumberFieldOfEveryFormat(format: String) throws {
        let folder = ScratchFolder("extreme-\(format)")
        defer { folder.remove() }
        let text: String
        var extra: [String] = []
        switch format {
        case "trace":
            text = Self.everyLineTrace
        case "evemu":
            // The description and the first touches are enough: every kind of line.
            let whole = try String(
                contentsOfFile: PackagePaths.root.path + "/Recordings/palm-cancel.evemu",
                encoding: .utf8)
            text = whole.components(separatedBy: "\n").prefix(60).joined(separator: "\n") + "\n"
            extra = ["--screen", "200x300"]
        default:
            // The header and the first frames: every kind of line. The rest are more event
            // frames of the same shape: 350 numbers more, which made this the slowest case.
            let whole = try String(
                contentsOfFile: PackagePaths.root.path + "/Recordings/pan-complete-below.yml",
                encoding: .utf8)
            let lines = whole.components(separatedBy: "\n").prefix(60)
            let lastFrameEnd = lines.lastIndex { $0.hasSuffix(", 0, 0, 0]") }!
            text = lines[...lastFrameEnd].joined(separator: "\n") + "\n"
            #expect(text.contains("absinfo:") && text.contains("- evdev:"))
            extra = ["--screen", "200x300"]
        }
        // A trace's times are microseconds: a time mutated to 2^31 or 2^32 µs (an hour) is a
        // replay the frame limit allows, and at 2 frames a second it drew thousands of
        // identical frames (a minute of the suite's CPU). At the lowest rate, 0.01 a
        // second, it is tens. Evemu and `libinput record` times are seconds, where those
        // values are beyond the frame limit at 2 a second but not at 0.01.
        let framesPerSecond = format == "trace" ? "0.01" : "2"
        var generator = SplitMix64(seed: 0x15_15 &+ UInt64(format.utf8.count))
        let tokens = Self.numberTokens(text)
        #expect(tokens.count > 20)
        let path = folder.file("mutated." + (format == "libinput" ? "yml" : format))
        for token in tokens {
            // Two extremes per field, chosen by the seed; the header fields get them all.
            let values =
                token.line < 7 && format == "trace"
                ? Self.extremes
                : (0..<2).map { _ in Self.extremes.randomElement(using: &generator)! }
            for value in values {
                let mutated = Self.replacing(text, token, with: value)
                #expect(FileManager.default.createFile(atPath: path, contents: Data(mutated.utf8)))
                Self.checkEveryCommand(
                    path, folder, extra: extra, framesPerSecond: framesPerSecond,
                    context: "line \(token.line + 1) value \(value)")
            }
        }
    }

    /// Every numeric flag with every extreme value: a usage error, or a replay that runs.
    @Test func everyNumericFlag() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = OutputFixture.write(in: folder)
        for value in Self.extremes {
            let flags: [[String]] = [
                ["--screen", "\(value)x300"], ["--screen", "200x\(value)"],
                ["--row-height", value], ["--fps", value], ["--at", value], ["--speed", value],
                ["--rotate", value], ["--calibration", "\(value) 0 0 0 1 0"],
                ["--calibration", "1 0 0 0 1 \(value)"],
            ]
            for flag in flags {
                var arguments = [input] + flag
                let picture: [String]
                switch flag[0] {
                case "--fps": picture = ["--frames", folder.file("frames")]
                case "--at": picture = ["--snapshot", folder.file("at.png")]
                default: picture = []
                }
                arguments += picture
                let options: ReplayOptions?
                do {
                    options = try ReplayCommand.options(arguments)
                } catch {
                    continue  // a one-line usage error: the value is out of its range
                }
                guard let options else { continue }
                if let speed = options.speed {
                    // Pacing is checked with a clock that does not sleep.
                    Self.pace(speed: speed)
                    continue
                }
                if !picture.isEmpty {
                    let (status, output) = Self.run(ReplayCommand.self, arguments)
                    #expect(status == 0, "\(arguments): \(output.standardError)")
                    try? FileManager.default.removeItem(atPath: folder.file("frames"))
                    continue
                }
                // Pictures of a screen too large to draw are refused: skip the huge ones here.
                let screen = options.source.screen
                let small = screen.map { $0.widthPixels * $0.heightPixels <= 4_000_000 } ?? true
                Self.checkEveryCommand(
                    input, folder, extra: small ? Array(flag) : [], context: "\(flag)")
                if !small {
                    let (status, output) = Self.run(
                        ReplayCommand.self, [input, "--snapshot", folder.file("big.png")] + flag)
                    #expect(
                        status == 2 && output.standardError.contains("too large to draw"),
                        "\(flag): \(output.standardError)")
                }
            }
            if let options = try? RecordCommand.options(["--until-events", value]) {
                // A count of events: a positive whole number the loop can count to.
                let limit = try #require(options.input.inputEventLimit)
                #expect(limit >= 1)
            }
            for flag in ["--duration", "--until-idle"] {
                if let options = try? RecordCommand.options([flag, value]) {
                    let seconds = options.input.durationSeconds ?? options.input.idleSeconds ?? 0
                    // EventLoop converts to microseconds: that must fit.
                    #expect(seconds * 1e6 < 9e18)
                }
            }
        }
    }

    /// A pacer at `speed` over times from the first to the last of the range never traps.
    static func pace(speed: Double) {
        final class Clock: PacingClock {
            var now: Int64 = 0
            func nowMicroseconds() -> Int64 { now }
            func sleep(microseconds: Int64) { now &+= microseconds }
        }
        var pacer = Pacer(speed: speed, clock: Clock())
        for time in [
            RecordingLimits.timeMicroseconds.lowerBound, 0, 1,
            RecordingLimits.timeMicroseconds.upperBound,
            Int64.max, Int64.min,
        ] {
            pacer.wait(untilRecordingMicroseconds: time)
        }
    }

    @Test func theCrashesOfTheIssueAreErrors() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        func trace(_ from: String, _ to: String) -> String {
            let path = folder.file("t.trace")
            #expect(
                FileManager.default.createFile(
                    atPath: path,
                    contents: Data(
                        OutputFixture.trace.replacingOccurrences(of: from, with: to).utf8)))
            return path
        }
        for height in ["1e20", "1e308"] {
            let path = trace("row-height 40", "row-height \(height)")
            for arguments in [
                [path, "--snapshot", folder.file("a.png")], [path],
            ] {
                let (status, output) = Self.run(ReplayCommand.self, arguments)
                #expect(status == 2)
                #expect(output.standardError.hasPrefix("\(path):3: bad row height"))
                #expect(!output.standardOutput.contains("row height"))
            }
            #expect(Self.run(RenderCommand.self, [path, "-o", folder.file("a.svg")]).0 == 2)
        }
        let far = trace("9000 move 1 0 0 150 20", "9000 move 1 0 0 1e300 20")
        let (status, output) = Self.run(RenderCommand.self, [far, "-o", folder.file("b.svg")])
        #expect(status == 2)
        #expect(output.standardError.hasPrefix("\(far):10: touch position out of range"))
        #expect(throws: UsageError.self) { try ReplayCommand.options([far, "--speed", "1e-15"]) }
    }

    /// Just inside every trace range is accepted; just outside is not.
    @Test(arguments: [
        ("row-height 40", "row-height 100000", "row-height 100000.001"),
        ("row-height 40", "row-height 1", "row-height 0.999"),
        ("screen 200 300", "screen 100000 300", "screen 100001 300"),
        (
            "9000 move 1 0 0 150 20", "9000 move 1 0 0 10000000 -10000000",
            "9000 move 1 0 0 10000000.5 20"
        ),
        (
            "9000 move 1 0 0 150 20 - -", "9000 move 1 0 0 150 20 1000000 -1000000",
            "9000 move 1 0 0 150 20 1000000.1 0"
        ),
        ("17000 up", "2305843009213693952 up", "2305843009213693953 up"),
        ("1000 down 1 0 0", "1000 down 1 1048576 1048576", "1000 down 1 1048577 0"),
        ("1000 down 1 0 0", "1000 down 1 -1 -1", "1000 down 1 -2 0"),
    ])
    func rangeEdges(original: String, inside: String, outside: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("edge.trace")
        for (replacement, accepted) in [(inside, true), (outside, false)] {
            let text = OutputFixture.trace.replacingOccurrences(of: original, with: replacement)
            #expect(text != OutputFixture.trace)
            #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
            let (status, output) = Self.run(ReplayCommand.self, [path, "--json"])
            #expect(status == (accepted ? 0 : 2), "\(replacement): \(output.standardError)")
            let (renderStatus, _) = Self.run(
                RenderCommand.self, [path, "-o", folder.file("e.svg")])
            #expect(renderStatus == (accepted ? 0 : 2))
        }
    }
}
