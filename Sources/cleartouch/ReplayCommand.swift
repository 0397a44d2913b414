import ClearCore
import ClearRendering
import DescriptorIO
import Foundation
import JSON
import Recorder
import Recordings
import Replay
import ToolSupport
import TouchInput

/// `cleartouch replay FILE ...`: replays a recording into the Clear core (docs/replay.md).
enum ReplayCommand: Subcommand {
    static let name = "replay"
    static let summary = "replay a recording into the to-do core"
    static let usage = """
        usage: cleartouch replay FILE [--desc DESC] [--format trace|evemu|libinput]
                                 [--screen WxH] [--row-height PX] [--list LIST.json]
                                 [--levels items|lists|all]
                                 [--expect EXPECTED.json] [--write-expect FILE] [--json] [--speed X]
                                 [--frames DIR [--fps N]] [--snapshot OUT.png [--at MS]]
                                 [--via-libinput] [--calibration "a b c d e f"] [--rotate N]
                                 [--keyboard on|off|auto] [--keyboard-layout NAME] [--theme NAME]
                                 [--audio OUT.wav] [--sound on|off] [--idle-seconds N]
                                 [--set NAME=VALUE]...

        Replays a recording (ClearTouch trace, evemu, `libinput record` YAML) into the
        Clear to-do core on a virtual clock and prints the timeline and the final list.

          --desc DESC          evemu description for an events-only FILE (default: the
                               NAME.desc beside it with the longest NAME that FILE's name
                               starts with, as evemu-devices names them)
          --format F           force the input format instead of detecting it
          --screen WxH         screen size in pixels, each side 1 to 100000 (default: the
                               recording's, else 1080x1920)
          --row-height PX      row height H in pixels, 1 to 100000 (default: the recording's,
                               else round(W*50/320))
          --list LIST.json     starting list, in the app's list format: the app's own file,
                               {"items": [...]} or a plain array of {"text": ..., "completed": ...}
                               or strings (docs/list-file.md); default: the recording's list,
                               else the 12 Swift sample items
          --levels L           the levels the session reaches: items (its one list), lists
                               (not the menu) or all (default)
          --expect FILE        compare with a golden file (gestures when it pins them, actions,
                               final items, editing), replaying with the settings it records
                               unless given here; exit 1 on mismatch
          --write-expect FILE  write the golden file this replay meets: its settings, gestures,
                               actions, items and editing
          --json               print one JSON object (gestures, actions, items, editing,
                               theme, sound, sounds)
          --speed X            pace the replay X times the recorded rate (1 = as recorded,
                               0.001 to 1000000); the result is the same at every speed
          --frames DIR         draw the screen as PNG frames DIR/frame-NNNNNN.png, N per second
          --fps N              of recording time (default 30, 0.01 to 1000), from the first
                               event until settled (at most 100000 frames)
          --snapshot OUT.png   draw the screen once: at --at MS after the first event, or at the
          --at MS              end once everything has settled (0 <= MS < 1e12); pictures are at
                               most 8192x8192 pixels in area and 32767 a side
          --via-libinput       evemu or `libinput record` FILE only: play it through the real
                               libinput first (emulated devices under umockdev, in real
                               time), then replay the touches and gestures libinput reported
          --calibration "a b c d e f"
                               apply this calibration matrix (libinput's convention) to the
                               touches, unless a trace says they are already calibrated
                               (evdev files: instead of the device's udev property)
          --rotate N           the recording was made on a panel turned N degrees clockwise
                               (0, 90, 180, 270): touches turn upright onto --screen
          --keyboard MODE      the on-screen keyboard (on, off, auto); default: the recording's
                               `keyboard` line, else off
          --keyboard-layout NAME
                               its layout (\(KeyboardLayout.embeddedNames.joined(separator: ", ")), or a FILE with a /);
                               default: the recording's, else us
          --audio OUT.wav      write the session's sound track: 16-bit PCM WAV, 48 kHz, mono,
                               from the first event to the end of the last sound (or the last
                               event, if later); each action's sound starts at its time
          --sound on|off       the sounds (default on); off: the session starts with the sound
                               setting off, silent until the Settings page turns it on (the
                               JSON's "sound" is the setting at the end)
          --idle-seconds N     sleep after N seconds of event time with no input ("sleep" in
                               the actions) and wake at the next ("wake": that touch does
                               nothing else until its last finger lifts); 0 to 604800,
                               default 0 (never)
          --theme NAME         the colours of --frames and --snapshot pictures: \(Theme.builtInNames)
                               (default heat; `cleartouch themes` lists them)
        \(SetOption.help)

        Outputs replace existing files (atomically, keeping their mode; a link's target; never
        an input); devices and FIFOs are written through; an output's folder must exist
        (--frames DIR creates DIR itself) (docs/output-files.md). The timeline or JSON goes to stdout; status lines ("wrote …")
        and reader warnings go to stderr. Item texts are shown with control characters escaped.

        Exit status: 0 ok, 1 expectation not met, 2 bad usage, unreadable input or an output
        that cannot be written.

        """

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> ReplayOptions {
        try ReplayOptions.parse(&parser)
    }

    /// Replays; returns 0, 1 (expectation not met) or 2.
    static func run(_ options: ReplayOptions, output: CommandOutput) -> Int32 {
        do throws(Diagnostic) {
            var expectation: Expectation?
            if let path = options.expectPath {
                expectation = try Expectation.parse(
                    try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes),
                    path: path)
            }
            if let service = expectation?.service, let path = options.expectPath {
                // A gesture expectation pins the gesture service's output, not Clear's.
                return try GesturesCommand.check(
                    service, expectationPath: path, source: options.source,
                    viaLibinput: options.viaLibinput, json: options.json, output: output)
            }
            // The settings the expectation was written with, where the command line gives none.
            var source = options.source
            if let settings = expectation?.settings, let path = options.expectPath {
                source = settings.applied(to: source, expectationPath: path)
            }
            var harness = ReplayHarness(source: source, keepListsAfterActions: !options.json)
            harness.soundOn = options.soundOn
            harness.watchesThresholdTicks = options.json || options.audioPath != nil
            if options.viaLibinput {
                harness.openInput = { source throws(Diagnostic) in
                    try throughLibinput(source, output: output)
                }
            }
            var progress = ProgressBar(label: "replay")
            var pacer = options.speed.map { Pacer(speed: $0, clock: SleepingClock()) }
            let (sampler, report) = try pictureSampler(
                options, CairoPictureWriter(protecting: options.source.inputPaths))
            // No hook when it would do nothing: calling it (its captured variables checked
            // for exclusive access) was 4 % of a continuous-touch replay.
            let hook: ReplayHarness.EventHook? =
                pacer == nil && !progress.enabled
                ? nil
                : { relative, fraction in
                    pacer?.wait(untilRecordingMicroseconds: relative)
                    if let fraction { progress.update(fraction: fraction) }
                }
            let result = try harness.run(hook: hook, sampler: sampler)
            progress.finish()
            for warning in result.warnings { output.printError("warning: \(warning)") }
            if let report = report() { output.standardError(report) }
            output.standardOutput(
                options.json ? result.jsonText() : result.timelineText(title: options.source.path))
            if let path = options.audioPath {
                try SoundTrackFile.write(result, to: path, protecting: options.source.inputPaths)
                output.printError("wrote \(path)")
            }
            if let path = options.writeExpectPath {
                let name = options.source.path.split(separator: "/").last.map(String.init)
                let settings = ReplaySettings(
                    replayed: source, result: result, expectationPath: path)
                try OutputFile.write(
                    Expectation(result: result, recording: name, settings: settings).jsonText(),
                    to: path, protecting: options.source.inputPaths)
                output.printError("wrote expectation \(path)")
            }
            if let expectation, let expectPath = options.expectPath {
                return output.expectationReport(
                    expectation.mismatch(with: result), expectation: expectPath,
                    recording: options.source.path)
            }
            return 0
        } catch {
            output.printError(error.description)
            return 2
        }
    }

    /// Removes the frames of an earlier run from `--frames DIR` (files named as frames
    /// are, nothing else), so that the folder holds this run's frames only, never the
    /// tail of a longer one (docs/output-files.md). An input is never removed.
    static func removeStaleFrames(in directory: String, protecting inputs: [String])
        throws(Diagnostic)
    {
        let names = FileCall.folderEntries(directory) ?? []
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names where FrameExporter.isFrameFileName(name) {
            let path = prefix + name
            try OutputFile.refuseInputs(path: path, inputs: inputs)
            guard let status = FileCall.linkStatus(path), (status.st_mode & S_IFMT) == S_IFREG
            else { continue }
            guard FileCall.unlink(path) == 0 else {
                throw Diagnostic(
                    path: path, line: 0,
                    message: "cannot remove an earlier frame: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The sampler for `--frames` and `--snapshot`, and what to say once it has run.
    private static func pictureSampler(
        _ options: ReplayOptions, _ pictures: PresentationPictureWriter
    ) throws(Diagnostic) -> (PresentationSampler?, () -> String?) {
        guard options.framesDirectory != nil || options.snapshotPath != nil else {
            return (nil, { nil })
        }
        var samplers: [PresentationSampler] = []
        var frames: FrameSampler?
        if let directory = options.framesDirectory {
            try OutputFile.createFolder(directory, naming: directory)
            try removeStaleFrames(in: directory, protecting: options.source.inputPaths)
            let sampler = FrameSampler(framesPerSecond: options.framesPerSecond) {
                presentation, number throws(Diagnostic) in
                try pictures.writeFrame(presentation, number: number, directory: directory)
            }
            sampler.outputPath = directory
            frames = sampler
            samplers.append(sampler)
        }
        if let path = options.snapshotPath {
            samplers.append(
                SnapshotSampler(atMicroseconds: options.snapshotAtMicroseconds) {
                    presentation throws(Diagnostic) in
                    try pictures.writeSnapshot(presentation, path: path)
                })
        }
        let report = { () -> String? in
            var lines = ""
            if let frames, let directory = options.framesDirectory {
                lines +=
                    "wrote \(frames.framesTaken) frames (\(JSONNumber(frames.framesPerSecond)) per second) to \(directory)\n"
            }
            if let path = options.snapshotPath { lines += "wrote \(path)\n" }
            return lines
        }
        return (samplers.count == 1 ? samplers[0] : CombinedSampler(samplers), report)
    }

    /// `--via-libinput`: plays an evdev recording (evemu or `libinput record`) through
    /// real libinput under umockdev (`ViaLibinputReplay`, Recorder) and replays what
    /// libinput reported.
    static func throughLibinput(_ source: ReplaySource, output: CommandOutput) throws(Diagnostic)
        -> ReplayInput
    {
        let format: RecordingFormat
        if let given = source.format.flatMap(RecordingFormat.init(rawValue:)) {
            format = given
        } else {
            format = try RecordingFormat.detect(path: source.path)
        }
        guard format == .evemu || format == .libinput else {
            throw Diagnostic(
                path: source.path, line: 1,
                message:
                    "--via-libinput plays evdev recordings (evemu or `libinput record`) through libinput; this is a \(format.rawValue) file"
            )
        }
        let environment: ViaLibinputReplay.Environment
        do throws(ViaLibinputError) {
            environment = try ViaLibinputReplay.discover()
        } catch {
            // The tools are missing: this replay of FILE cannot run.
            throw Diagnostic(path: source.path, line: 0, message: error.message)
        }
        output.printError(
            "cleartouch replay: playing \(source.path) through libinput in real time …")
        let (header, events) = try ViaLibinputReplay.run(
            path: source.path, descPath: source.descPath, format: format,
            screen: source.screen ?? .defaultKiosk, environment: environment)
        return EventListInput(header: header, events: events)
    }
}

/// `cleartouch render FILE -o OUT.svg`: draws a replay as an SVG picture (docs/replay.md).
enum RenderCommand: Subcommand {
    static let name = "render"
    static let summary = "draw a recording as an SVG picture"
    static let usage = """
        usage: cleartouch render FILE -o OUT.svg [--desc DESC] [--format trace|evemu|libinput]
                                 [--screen WxH] [--row-height PX] [--list LIST.json] [--theme NAME]
                                 [--levels items|lists|all]

        Replays a recording and draws it as an SVG picture: the list at the start, every
        touch's path (one colour per contact, fading with time; dot = down, ring = up,
        cross = cancelled), where each gesture began and ended and what it caused, and the
        lines a finger had to cross (W/2 for complete/delete, H for a pull, H/2 for a pinch).

          -o, --output OUT.svg  where to write the picture (replaced atomically, keeping its
                                mode; a device or FIFO is written through; its folder
                                must exist; docs/output-files.md)
          --desc DESC           evemu description for an events-only FILE
          --format F            force the input format instead of detecting it
          --screen WxH          screen size in pixels (each side 1 to 100000)
          --row-height PX       row height H in pixels (1 to 100000)
          --list LIST.json      starting list, as for `cleartouch replay`
          --theme NAME          the list's colours, as for `cleartouch replay` (default heat)
          --levels L            items, lists or all (default), as for `cleartouch replay`

        "wrote OUT.svg" and reader warnings go to stderr.
        Exit status: 0 ok, 2 bad usage, unreadable input or an output that cannot be written.

        """

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> RenderOptions {
        try RenderOptions.parse(&parser)
    }

    /// Renders; returns 0 or 2.
    static func run(_ options: RenderOptions, output: CommandOutput) -> Int32 {
        do throws(Diagnostic) {
            let result = try ReplayHarness(
                source: options.source, keepTouchPaths: true, keepListsAfterActions: false
            ).run()
            let name =
                options.source.path.split(separator: "/").last.map(String.init)
                ?? options.source.path
            let svg: String
            do throws(CairoError) {
                svg = try RecordingPictureRenderer(picture: result.picture(title: name)).svg()
            } catch {
                throw Diagnostic(
                    path: options.outputPath, line: 0,
                    message: "cannot draw the picture: \(error)")
            }
            for warning in result.warnings { output.printError("warning: \(warning)") }
            try OutputFile.write(
                svg, to: options.outputPath, protecting: options.source.inputPaths)
            output.printError("wrote \(options.outputPath)")
            return 0
        } catch {
            output.printError(error.description)
            return 2
        }
    }
}

/// Draws `--frames` and `--snapshot` with the app's renderer (ClearRendering), at the
/// presentation's screen size.
final class CairoPictureWriter: PresentationPictureWriter {
    private var exporter: FrameExporter?
    /// The most pixels a `--snapshot` or `--frames` picture has (256 MiB of pixels).
    static let largestPicturePixels = 8192 * 8192
    /// The longest side of a picture (Cairo's limit).
    static let longestPictureSidePixels = 32767

    /// The replay's input files, which no picture may replace.
    let protectedInputs: [String]

    init(protecting inputs: [String]) { protectedInputs = inputs }

    private func exporter(for presentation: Presentation, path: String) throws(Diagnostic)
        -> FrameExporter
    {
        if let exporter, exporter.renderer.surface.width == presentation.screen.widthPixels,
            exporter.renderer.surface.height == presentation.screen.heightPixels
        {
            return exporter
        }
        let screen = presentation.screen
        guard screen.widthPixels * screen.heightPixels <= Self.largestPicturePixels,
            screen.widthPixels <= Self.longestPictureSidePixels,
            screen.heightPixels <= Self.longestPictureSidePixels
        else {
            throw Diagnostic(
                path: path, line: 0,
                message:
                    "a \(screen) screen is too large to draw (at most 8192x8192 pixels in area, \(Self.longestPictureSidePixels) a side)"
            )
        }
        do {
            let made = try FrameExporter(screen: presentation.screen)
            exporter = made
            return made
        } catch {
            throw Diagnostic(path: path, line: 0, message: "cannot draw: \(error)")
        }
    }

    func writeFrame(_ presentation: Presentation, number: Int, directory: String)
        throws(Diagnostic)
    {
        let path =
            (directory.hasSuffix("/") ? directory : directory + "/")
            + FrameExporter.frameFileName(number)
        try writeSnapshot(presentation, path: path)
    }

    func writeSnapshot(_ presentation: Presentation, path: String) throws(Diagnostic) {
        let exporter = try exporter(for: presentation, path: path)
        let png: [UInt8]
        do {
            png = try exporter.snapshotPNG(presentation)
        } catch {
            throw Diagnostic(path: path, line: 0, message: "cannot draw the picture: \(error)")
        }
        try OutputFile.write(png, to: path, protecting: protectedInputs)
    }
}
