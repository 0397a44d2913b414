import ClearCore
import Replay
import ToolSupport
import TouchInput

/// What to replay, as `cleartouch replay` and `cleartouch render` read it from their
/// command lines: the shared `--desc`, `--format`, `--screen`, `--row-height`, and
/// `--list` and the recording FILE.
package struct ReplaySourceOptions {
    private var shared = SharedOptions(
        accepting: [.desc, .format, .screen, .rowHeight, .calibration, .rotate])
    private var listPath: String?
    private var levels: AllowedLevels?
    private var path: String?
    private var keyboard = KeyboardOptions()
    private var theme = Theme.heat

    /// Reads `argument` when it belongs to the source; false otherwise.
    package mutating func parse(_ argument: OptionParser.Argument, from parser: inout OptionParser)
        throws(UsageError) -> Bool
    {
        switch argument {
        case .operand(let file):
            if let path {
                throw UsageError(
                    "more than one FILE given ('\(QuotedInput.cut(path))' and '\(QuotedInput.cut(file))')"
                )
            }
            path = file
        case .option("--list"):
            listPath = try parser.value(for: "--list")
        case .option("--theme"):
            theme = try ThemeOption.theme(named: parser.value(for: "--theme"))
        case .option("--levels"):
            levels = try ReplaySourceOptions.levels(try parser.value(for: "--levels"))
        case .option(let name):
            if try keyboard.parse(name, from: &parser) { return true }
            return try shared.parse(name, from: &parser)
        }
        return true
    }

    /// The source; throws when no FILE was given.
    package func source() throws(UsageError) -> ReplaySource {
        guard let path else { throw UsageError("no recording FILE given") }
        var source = ReplaySource(
            path: path, descPath: shared.descPath, format: shared.format?.rawValue,
            screen: shared.screen, rowHeightPixels: shared.rowHeightPixels, listPath: listPath,
            calibration: shared.calibration, rotation: shared.rotation ?? .none,
            keyboardMode: keyboard.mode,
            keyboardLayout: try keyboard.layoutName.map(KeyboardOptions.layout(named:)),
            theme: theme)
        source.levels = levels
        source.keyboardLayoutPath = keyboard.layoutFilePath
        return source
    }

    /// `--levels items|lists|all`.
    package static func levels(_ text: String) throws(UsageError) -> AllowedLevels {
        guard let levels = AllowedLevels(rawValue: text) else {
            throw UsageError("--levels needs items, lists or all, got '\(QuotedInput.cut(text))'")
        }
        return levels
    }
}

/// `cleartouch replay`'s command line.
package struct ReplayOptions: Hashable, Sendable {
    /// The recording and how to read it.
    package var source: ReplaySource
    /// `--expect FILE`.
    package var expectPath: String?
    /// `--write-expect FILE`.
    package var writeExpectPath: String?
    /// `--json`.
    package var json = false
    /// `--speed X`; nil: as fast as possible.
    package var speed: Double?
    /// Write PNG frames of the screen into this folder, `framesPerSecond` of recording time.
    package var framesDirectory: String?
    /// `--fps N`.
    package var framesPerSecond = 30.0
    /// Write one PNG of the screen, at `snapshotAtMicroseconds` from the first event or,
    /// when nil, once everything has settled after the last event.
    package var snapshotPath: String?
    /// `--at MS`, in microseconds.
    package var snapshotAtMicroseconds: Int64?
    /// Play an evemu recording through the real libinput (under umockdev, in real time)
    /// and replay what libinput reports.
    package var viaLibinput = false
    /// `--sound on|off`.
    package var soundOn = true
    /// `--audio OUT.wav`: write the session's sound track.
    package var audioPath: String?

    /// `--fps`: frames per second of recording time.
    package static let framesPerSecondRange: ClosedRange<Double> = 0.01...1000
    /// `--speed`: times the recorded rate.
    package static let speedRange: ClosedRange<Double> = 0.001...1_000_000

    /// Reads `cleartouch replay`'s options.
    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> ReplayOptions {
        var source = ReplaySourceOptions()
        var options = ReplayOptions(source: ReplaySource(path: ""))
        var sawFPS = false
        var idleSeconds: Int?
        var thresholds = Thresholds()
        while let argument = try parser.next() {
            if try source.parse(argument, from: &parser) { continue }
            guard case .option(let name) = argument else { continue }
            switch name {
            case "--json": options.json = true
            case "--via-libinput": options.viaLibinput = true
            case "--expect": options.expectPath = try parser.value(for: name)
            case "--write-expect": options.writeExpectPath = try parser.value(for: name)
            case "--frames": options.framesDirectory = try parser.value(for: name)
            case "--snapshot":
                let path = try parser.value(for: name)
                try OutputFormat.png.check(path, option: name)
                options.snapshotPath = path
            case "--audio":
                let path = try parser.value(for: name)
                try OutputFormat.wav.check(path, option: name)
                options.audioPath = path
            case "--sound": options.soundOn = try SoundOption.parse(name, from: &parser)
            case "--idle-seconds": idleSeconds = try IdleOption.parse(name, from: &parser)
            case "--set": try SetOption.parse(name, from: &parser, into: &thresholds)
            case "--fps":
                options.framesPerSecond = try parser.number(
                    for: name, in: Self.framesPerSecondRange,
                    what: "a number of frames per second from 0.01 to 1000")
                sawFPS = true
            case "--at":
                let text = try parser.value(for: name)
                guard let ms = Double(text), ms >= 0,
                    let microseconds = CheckedNumber.microseconds(fromMilliseconds: ms)
                else {
                    throw UsageError(
                        "--at needs a time in milliseconds from the first event, got '\(QuotedInput.cut(text))'"
                    )
                }
                options.snapshotAtMicroseconds = microseconds
            case "--speed":
                options.speed = try parser.number(
                    for: name, in: Self.speedRange, what: "a speed from 0.001 to 1000000")
            default:
                throw UsageError.unknownOption(name)
            }
        }
        options.source = try source.source()
        options.source.idleSeconds = idleSeconds
        options.source.thresholds = thresholds
        if !thresholds.isDefault && options.writeExpectPath != nil {
            throw UsageError(
                "--set is for one run: --write-expect would write an expectation that fails with Clear's thresholds"
            )
        }
        if options.viaLibinput
            && (options.source.calibration != nil || options.source.rotation != .none)
        {
            // libinput under umockdev calibrates from the recording's udev properties; a
            // second matrix on top of its output would not be libinput's answer.
            throw UsageError("--calibration and --rotate do not go with --via-libinput")
        }
        if sawFPS && options.framesDirectory == nil {
            throw UsageError("--fps goes with --frames DIR")
        }
        if options.snapshotAtMicroseconds != nil && options.snapshotPath == nil {
            throw UsageError("--at goes with --snapshot OUT.png")
        }
        return options
    }
}

/// `cleartouch render`'s command line.
package struct RenderOptions: Hashable, Sendable {
    /// The recording and how to read it.
    package var source: ReplaySource
    /// `-o`, `--output`: the SVG file to write.
    package var outputPath: String

    /// Reads `cleartouch render`'s options.
    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> RenderOptions {
        var source = ReplaySourceOptions()
        var output: String?
        while let argument = try parser.next() {
            if try source.parse(argument, from: &parser) { continue }
            guard case .option(let name) = argument else { continue }
            switch name {
            case "-o", "--output":
                let path = try parser.value(for: name)
                try OutputFormat.svg.check(path, option: name)
                output = path
            default: throw UsageError.unknownOption(name)
            }
        }
        let replaySource = try source.source()
        guard let output else { throw UsageError("no output given (-o OUT.svg)") }
        return RenderOptions(source: replaySource, outputPath: output)
    }
}
