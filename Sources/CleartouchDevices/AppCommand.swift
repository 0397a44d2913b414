import ClearCore
import CleartouchCommands
import GestureServiceCommand
import Foundation
import KioskApp
import LibInputBackend
import ToolSupport
import TouchInput
import Umockdev

/// `cleartouch app`: the kiosk app (docs/app.md).
enum AppCommand: Subcommand {
    static let name = CommandCatalog.app.name
    static let summary = CommandCatalog.app.summary
    static let usage = """
        usage: cleartouch app [--list FILE] [--screen WxH] [--row-height PX] [--fullscreen | --offscreen]
                              [--record FILE [--record-text] [--force]] [--seat NAME] [--window-input]
                              [--keyboard on|off|auto] [--keyboard-layout NAME] [--theme NAME]
                              [--levels items|lists|all] [--rotate 0|90|180|270]
                              [--calibration "a b c d e f"] [--sound on|off] [--idle-seconds N]
                              [--replay RECORDING [--speed X] [--keep-running]] [DEVICE...]

        Clear's gesture-driven to-do list on this screen. Swipe a row right to complete it,
        left to delete it; pull the list down or pinch two rows apart to add an item; tap a
        row to edit it (Return ends, Escape cancels a new item).

          --list FILE      the lists, saved after every change
                           (default $XDG_DATA_HOME/cleartouch/list.json, ~/.local/share/...).
                           Read: the app's own {"format": "cleartouch-list", "version": 2,
                           "lists": [{"title": ..., "items": [...]}], "open": 0, "theme": ...,
                           "sound": ...}, or one list: version 1's {"items": [...]} or a
                           plain array; an item is {"text": ..., "completed": ..., "id": ...}
                           (completed, id optional) or a string (docs/list-file.md). Written:
                           version 2 (a version-1 file is kept beside it as FILE.v1)
          --levels L       the levels the kiosk reaches: items (its one list), lists (the lists,
                           not the menu) or all (default; docs/clear-core.md, Levels)
          --screen WxH     the layout's size in pixels, upright (default: the display in full screen,
                           W and H swapped for --rotate 90 and 270; else 540x960)
          --rotate N       the panel is mounted turned N degrees clockwise (0, 90, 180, 270): the
                           app draws the upright layout turned so it reads upright; touches land
                           under the finger
          --calibration "a b c d e f"
                           touch calibration, libinput's LIBINPUT_CALIBRATION_MATRIX convention
                           (default: the device's line in $XDG_CONFIG_HOME/cleartouch/calibration.conf,
                           else its udev property)
          --row-height PX  row height H (default round(W*50/320))
          --fullscreen     fill the display (SDL_VIDEODRIVER=kmsdrm runs without a display server)
          --offscreen      run without any display, invisibly (tests); without it, finding no
                           display is an error (exit 2)
          --record FILE    record the session as a ClearTouch trace (replay it with `cleartouch replay`)
          --record-text    record typed text as typed (default: one `x` per character)
          --force          let --record replace an existing FILE (never without it; a new
                           FILE gets mode 0600; docs/output-files.md)
          --seat NAME      the udev seat libinput reads when no DEVICE is named (default seat0)
          --window-input   take touches from the window (mouse as one finger) even if libinput could open devices
        \(KeyboardOptions.help)
          --sound on|off   the sound of every action and the threshold ticks, for this run,
                           over the list file's setting (default: the file's, else on), through
                           SDL audio; no audio device is a notice on stderr, not an error
          --theme NAME     the theme for this run, over the list file's: \(Theme.builtInNames)
                           (default: the list file's, else heat); a theme or sound chosen on the
                           Themes or Settings page is saved in the list file, these two are not
        \(IdleOption.help)
          --replay RECORDING
                           feed RECORDING (trace, evemu, libinput record) into the app instead of
                           live input; at its end save and exit 0 (demos, soak tests, bugs)
          --speed X        --replay's pace: X times the recorded rate (default 1, up to 1000000);
                           0 as fast as the app's loop takes it, a frame per 1/60 s of the
                           recording's clock (the window shows the latest at its own rate)
          --keep-running   after --replay's last event, stay on screen until stopped
          DEVICE...        /dev/input/eventN nodes for libinput; without any, every device of the seat

        Its first lines say which theme, levels and sound it uses and where each came from
        (command line, list file, default). Input: libinput when it can open a touchscreen or
        touchpad, else the window's own mouse and touch events (said on stderr). Keys and text always come through the window.
        Exit status: 0 ok, 1 the list could not be saved, 2 bad usage or the app could not start.

        """ + LiveInputOptions.testHooksHelp(testHooksHelp)

    /// The app's own test hooks (docs/libinput-backend.md, "Test hooks").
    static let testHooksHelp = """
          --sysfs-root DIR    look for /sys/class/backlight/* under DIR instead of /sys
          --freeze-when FILE  stop turning the main loop once FILE exists (the watchdog test)

        """

    static func run(_ options: KioskOptions, output: CommandOutput) -> Int32 {
        // Lines name files and devices: shown as every message shows them (`\xHH`), each
        // one line (a newline in a name is `\n`, never a line of its own).
        let log: (String) -> Void = { line in
            output.printError("cleartouch app: \(TerminalText.escaped(line))")
        }
        let app: KioskApp
        do {
            app = try KioskApp(
                options: options, scriptedInput: scriptedInput(options), log: log)
        } catch {
            log(error.description)
            return 2
        }
        return app.run()
    }

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> KioskOptions {
        var options = KioskOptions(
            listPath: KioskOptions.defaultListPath(environment: ProcessInfo.processInfo.environment)
        )
        var shared = SharedOptions(accepting: [.screen, .rowHeight, .seat, .calibration, .rotate])
        var keyboard = KeyboardOptions()
        var sawSpeed = false
        while let argument = try parser.next() {
            switch argument {
            case .operand(let path): options.devicePaths.append(path)
            case .option("--list"): options.listPath = try parser.value(for: "--list")
            case .option("--theme"):
                options.theme = try ThemeOption.theme(named: parser.value(for: "--theme"))
            case .option("--levels"):
                options.levels = try ReplaySourceOptions.levels(try parser.value(for: "--levels"))
            case .option("--fullscreen"): options.fullscreen = true
            case .option("--offscreen"): options.offscreen = true
            case .option("--record"): options.recordPath = try parser.value(for: "--record")
            case .option("--record-text"): options.recordText = true
            case .option("--force"): options.forceRecord = true
            case .option("--window-input"): options.windowInputOnly = true
            case .option("--sound"):
                options.soundOn = try SoundOption.parse("--sound", from: &parser)
            case .option("--idle-seconds"):
                options.idleSeconds = try IdleOption.parse("--idle-seconds", from: &parser)
            case .option("--replay"): options.replayPath = try parser.value(for: "--replay")
            case .option("--speed"):
                options.replaySpeed = try parser.number(
                    for: "--speed", in: 0...1_000_000, what: "a speed from 0 to 1000000")
                sawSpeed = true
            case .option("--keep-running"): options.keepRunning = true
            #if CLEARTOUCH_TEST_HOOKS
                case .option("--umockdev-barrier"):
                    options.umockdevBarrierNodes = try LiveInputOptions.barrierNodes(&parser)
                case .option("--sysfs-root"):
                    options.sysfsRoot = try parser.value(for: "--sysfs-root")
                case .option("--freeze-when"):
                    options.freezeWhenPath = try parser.value(for: "--freeze-when")
            #endif
            case .option(let name):
                if try keyboard.parse(name, from: &parser) { continue }
                guard try shared.parse(name, from: &parser) else {
                    throw UsageError.unknownOption(name)
                }
            }
        }
        if options.replayPath == nil && (sawSpeed || options.keepRunning) {
            throw UsageError("--speed and --keep-running go with --replay RECORDING")
        }
        if options.replayPath != nil && !options.devicePaths.isEmpty {
            throw UsageError("--replay takes no DEVICE: the recording is the input")
        }
        options.screen = shared.screen
        options.rowHeightPixels = shared.rowHeightPixels
        if let seat = shared.seat { options.seat = seat }
        options.rotation = shared.rotation ?? .none
        options.calibration = shared.calibration
        options.calibrationFilePath = CalibrationFile.defaultPath(
            environment: ProcessInfo.processInfo.environment)
        options.keyboardMode = keyboard.mode ?? .auto
        options.keyboardLayout = try keyboard.layout(fallback: KeyboardOptions.systemLayoutName())
        return options
    }

    /// The barrier scripts of `--umockdev-barrier` (test builds only).
    static func scriptedInput(_ options: KioskOptions) -> ScriptedInput? {
        #if CLEARTOUCH_TEST_HOOKS
            UmockdevBarriers.scriptedInput(nodes: options.umockdevBarrierNodes)
        #else
            nil
        #endif
    }
}
