import ClearCore
import Foundation
import JSON
import Recordings
import RegressionSuites
import Replay
import ToolSupport
import TouchInput

/// `cleartouch replay FILE ...`: replays a recording into the Clear core (docs/replay.md).
/// `--frames`, `--snapshot` and `--via-libinput` take what `Libraries` links: the lean
/// front hands a replay with any of them to cleartouch-devices.
package enum ReplayCommandOf<Libraries: DeviceLibraries>: Subcommand {
    package static var name: String { CommandCatalog.replay.name }
    package static var summary: String { CommandCatalog.replay.summary }
    package static var usage: String {
        """
        usage: cleartouch replay FILE [--desc DESC] [--format trace|evemu|libinput|getevent]
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
    }

    package static func parse(_ parser: inout OptionParser) throws(UsageError) -> ReplayOptions {
        try ReplayOptions.parse(&parser)
    }

    /// Pictures and libinput: what the lean front does not link.
    package static func handsOver(_ options: ReplayOptions) -> Bool {
        !Libraries.areLinked && (drawsPictures(options) || options.viaLibinput)
    }

    /// `--frames` or `--snapshot`.
    static func drawsPictures(_ options: ReplayOptions) -> Bool {
        options.framesDirectory != nil || options.snapshotPath != nil
    }

    /// Replays; returns 0, 1 (expectation not met) or 2.
    package static func run(_ options: ReplayOptions, output: CommandOutput) -> Int32 {
        do throws(Diagnostic) {
            var expectation: Expectation?
            if let path = options.expectPath {
                expectation = try Expectation.parse(
                    try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes),
                    path: path)
            }
            if let service = expectation?.service, let path = options.expectPath {
                // A gesture expectation pins the gesture service's output, not Clear's.
                return try GestureExpectationCheck.check(
                    service, expectationPath: path, source: options.source,
                    openInput: options.viaLibinput
                        ? Libraries.libinputInput(output) : nil,
                    json: options.json, output: output)
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
                    try Libraries.throughLibinput(source, output: output)
                }
            } else {
                // The file is read on a second thread while the session runs (docs/replay.md).
                harness.openInput = { source throws(Diagnostic) in try ReadAheadInput(source) }
            }
            var progress = ProgressBar(label: "replay")
            var pacer = options.speed.map { Pacer(speed: $0, clock: SleepingClock()) }
            let (sampler, report) =
                drawsPictures(options) ? try Libraries.pictureSampler(options) : (nil, { nil })
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
            if options.json {
                output.standardOutput(result.jsonText())
            } else {
                output.printText(result.timelineText(title: options.source.path))
            }
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
}
