import TouchInput

/// Bad usage of a subcommand (exit status 2).
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What to replay and how: the options `cleartouch replay` and `cleartouch render` share.
public struct ReplaySource: Hashable, Sendable {
    public var path: String
    /// A separate evemu description for an events-only file.
    public var descPath: String?
    /// `trace`, `evemu` or `libinput`; nil detects the format from the content.
    public var format: String?
    /// Overrides the recording's screen.
    public var screen: ScreenSize?
    /// Overrides the row height (default round(W × 50 / 320)).
    public var rowHeightPixels: Double?
    /// A JSON list file that replaces the recording's starting list.
    public var listPath: String?

    public init(
        path: String, descPath: String? = nil, format: String? = nil, screen: ScreenSize? = nil,
        rowHeightPixels: Double? = nil, listPath: String? = nil
    ) {
        self.path = path
        self.descPath = descPath
        self.format = format
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.listPath = listPath
    }

    public static let formatNames = ["trace", "evemu", "libinput"]
}

/// A subcommand's parsed command line.
public protocol CommandOptions {
    /// `--help` was given.
    var help: Bool { get }
}

/// `cleartouch replay`'s command line.
public struct ReplayOptions: CommandOptions, Hashable, Sendable {
    public var source: ReplaySource
    public var expectPath: String?
    public var writeExpectPath: String?
    public var json = false
    /// nil: as fast as possible.
    public var speed: Double?
    /// Write PNG frames of the screen into this folder, `framesPerSecond` of recording time.
    public var framesDirectory: String?
    public var framesPerSecond = 30.0
    /// Write one PNG of the screen, at `snapshotAtMicroseconds` from the first event or,
    /// when nil, once everything has settled after the last event.
    public var snapshotPath: String?
    public var snapshotAtMicroseconds: Int64?
    /// Play an evemu recording through the real libinput (under umockdev, in real time)
    /// and replay what libinput reports.
    public var viaLibinput = false
    public var help = false

    public static let usage = """
        usage: cleartouch replay FILE [--desc DESC] [--format trace|evemu|libinput]
                                 [--screen WxH] [--row-height PX] [--list LIST.json]
                                 [--expect EXPECTED.json] [--write-expect FILE] [--json] [--speed X]
                                 [--frames DIR [--fps N]] [--snapshot OUT.png [--at MS]]
                                 [--via-libinput]

        Replays a recording (ClearTouch trace, evemu, `libinput record` YAML) into the
        Clear to-do core on a virtual clock and prints the timeline and the final list.

          --desc DESC          evemu description for an events-only FILE
          --format F           force the input format instead of detecting it
          --screen WxH         screen size in pixels (default: the recording's, else 1080x1920)
          --row-height PX      row height H in pixels (default: the recording's, else round(W*50/320))
          --list LIST.json     starting list: [{"text": ..., "completed": ...}, ...]
                               (default: the recording's, else the 12 Swift sample items)
          --expect FILE        compare actions and final items with a golden file; exit 1 on mismatch
          --write-expect FILE  write the golden file this replay meets
          --json               print one JSON object (gestures, actions, items, editing)
          --speed X            pace the replay X times the recorded rate (1 = as recorded);
                               the result is the same at every speed
          --frames DIR         draw the screen as PNG frames DIR/frame-NNNNNN.png, N per second
          --fps N              of recording time (default 30), from the first event until settled
          --snapshot OUT.png   draw the screen once: at --at MS after the first event, or at the
          --at MS              end once everything has settled
          --via-libinput       evemu or `libinput record` FILE only: play it through the real
                               libinput first (emulated devices under umockdev, in real
                               time), then replay the touches and gestures libinput reported

        Exit status: 0 ok, 1 expectation not met, 2 bad usage or unreadable input.
        """

    public init(source: ReplaySource) { self.source = source }

    public static func parse(_ arguments: [String]) throws(UsageError) -> ReplayOptions {
        var parser = OptionParser(arguments)
        var options = ReplayOptions(source: ReplaySource(path: ""))
        var path: String?
        var sawFPS = false
        while let argument = try parser.next() {
            if try parser.parseSourceOption(argument, into: &options.source) { continue }
            switch argument {
            case "--help", "-h": options.help = true
            case "--json": options.json = true
            case "--via-libinput": options.viaLibinput = true
            case "--expect": options.expectPath = try parser.value(for: argument)
            case "--write-expect": options.writeExpectPath = try parser.value(for: argument)
            case "--frames": options.framesDirectory = try parser.value(for: argument)
            case "--snapshot": options.snapshotPath = try parser.value(for: argument)
            case "--fps":
                let text = try parser.value(for: argument)
                guard let fps = Double(text), fps > 0, fps <= 1000 else {
                    throw UsageError(
                        "--fps needs a number of frames per second in (0, 1000], got '\(text)'")
                }
                options.framesPerSecond = fps
                sawFPS = true
            case "--at":
                let text = try parser.value(for: argument)
                guard let ms = Double(text), ms >= 0, ms < 1e12 else {
                    throw UsageError(
                        "--at needs a time in milliseconds from the first event, got '\(text)'")
                }
                options.snapshotAtMicroseconds = Int64((ms * 1000).rounded())
            case "--speed":
                let text = try parser.value(for: argument)
                guard let speed = Double(text), speed > 0, speed.isFinite, speed <= 1e6 else {
                    throw UsageError("--speed needs a positive number, got '\(text)'")
                }
                options.speed = speed
            default:
                try parser.positional(argument, into: &path)
            }
        }
        if options.help { return options }
        guard let path else { throw UsageError("no recording FILE given") }
        if sawFPS && options.framesDirectory == nil {
            throw UsageError("--fps goes with --frames DIR")
        }
        if options.snapshotAtMicroseconds != nil && options.snapshotPath == nil {
            throw UsageError("--at goes with --snapshot OUT.png")
        }
        options.source.path = path
        return options
    }
}

/// `cleartouch render`'s command line.
public struct RenderOptions: CommandOptions, Hashable, Sendable {
    public var source: ReplaySource
    public var outputPath: String
    public var help = false

    public static let usage = """
        usage: cleartouch render FILE -o OUT.svg [--desc DESC] [--format trace|evemu|libinput]
                                 [--screen WxH] [--row-height PX] [--list LIST.json]

        Replays a recording and draws it as an SVG picture: the list at the start, every
        touch's path (one colour per contact, fading with time; dot = down, ring = up,
        cross = cancelled), where each gesture began and ended and what it caused, and the
        lines a finger had to cross (W/2 for complete/delete, H for a pull, H/2 for a pinch).

          -o, --output OUT.svg  where to write the picture
          (other options as for `cleartouch replay`)

        Exit status: 0 ok, 2 bad usage or unreadable input.
        """

    public static func parse(_ arguments: [String]) throws(UsageError) -> RenderOptions {
        var parser = OptionParser(arguments)
        var source = ReplaySource(path: "")
        var output: String?
        var path: String?
        var help = false
        while let argument = try parser.next() {
            if try parser.parseSourceOption(argument, into: &source) { continue }
            switch argument {
            case "--help", "-h": help = true
            case "-o", "--output": output = try parser.value(for: argument)
            default:
                try parser.positional(argument, into: &path)
            }
        }
        if help { return RenderOptions(source: source, outputPath: "", help: true) }
        guard let path else { throw UsageError("no recording FILE given") }
        guard let output else { throw UsageError("no output given (-o OUT.svg)") }
        source.path = path
        return RenderOptions(source: source, outputPath: output)
    }
}

/// Walks a command line; accepts `--name value` and `--name=value`.
struct OptionParser {
    private var arguments: [String]
    private var index = 0
    private var pendingValue: String?

    init(_ arguments: [String]) { self.arguments = arguments }

    mutating func next() throws(UsageError) -> String? {
        if let pendingValue { throw UsageError("option does not take a value: '=\(pendingValue)'") }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: equals)...])
            return String(argument[..<equals])
        }
        return argument
    }

    mutating func value(for option: String) throws(UsageError) -> String {
        if let pending = pendingValue {
            pendingValue = nil
            return pending
        }
        guard index < arguments.count else { throw UsageError("\(option) needs a value") }
        index += 1
        return arguments[index - 1]
    }

    /// The recording FILE; anything else starting with `-` is an unknown option.
    func positional(_ argument: String, into path: inout String?) throws(UsageError) {
        if argument.hasPrefix("-") && argument != "-" {
            throw UsageError("unknown option \(argument)")
        }
        if let path { throw UsageError("more than one FILE given ('\(path)' and '\(argument)')") }
        path = argument
    }

    /// Parses one of the options of `ReplaySource`; false when `argument` is not one.
    mutating func parseSourceOption(_ argument: String, into source: inout ReplaySource)
        throws(UsageError) -> Bool
    {
        switch argument {
        case "--desc": source.descPath = try value(for: argument)
        case "--list": source.listPath = try value(for: argument)
        case "--format":
            let name = try value(for: argument)
            guard ReplaySource.formatNames.contains(name) else {
                throw UsageError(
                    "--format must be one of \(ReplaySource.formatNames.joined(separator: ", ")), got '\(name)'"
                )
            }
            source.format = name
        case "--screen":
            let text = try value(for: argument)
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
                (1...100_000).contains(w),
                (1...100_000).contains(h)
            else {
                throw UsageError("--screen needs WxH in pixels (e.g. 1080x1920), got '\(text)'")
            }
            source.screen = ScreenSize(widthPixels: w, heightPixels: h)
        case "--row-height":
            let text = try value(for: argument)
            guard let h = Double(text), h >= 1, h <= 100_000 else {
                throw UsageError("--row-height needs a number of pixels ≥ 1, got '\(text)'")
            }
            source.rowHeightPixels = h
        default:
            return false
        }
        return true
    }
}
