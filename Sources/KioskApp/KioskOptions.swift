import ClearCore
import ListStore
import TouchInput

/// Where a setting the app uses came from (docs/app.md, "Settings").
public enum SettingSource: String, Hashable, Sendable {
    case commandLine = "command line"
    case listFile = "list file"
    case byDefault = "default"
}

/// The theme, levels and sound the app runs with, each with where it came from: the
/// command line wins over the list file for the run, the list file over the default. The
/// app's first lines say them (`line`).
public struct StartSettings: Hashable, Sendable {
    public var theme: Theme
    public var themeSource: SettingSource
    public var levels: AllowedLevels
    public var levelsSource: SettingSource
    public var soundOn: Bool
    public var soundSource: SettingSource

    /// The settings of `options` over those `recorded` in the list file. A theme the file
    /// names that the program does not know counts as none.
    public init(options: KioskOptions, recorded: RecordedSettings) {
        let saved = recorded.themeName.flatMap(Theme.named)
        (theme, themeSource) =
            options.theme.map { ($0, .commandLine) } ?? saved.map { ($0, .listFile) }
            ?? (.heat, .byDefault)
        (levels, levelsSource) = options.levels.map { ($0, .commandLine) } ?? (.all, .byDefault)
        (soundOn, soundSource) =
            options.soundOn.map { ($0, .commandLine) } ?? recorded.soundOn.map { ($0, .listFile) }
            ?? (true, .byDefault)
    }

    /// `theme heat (default), levels all (default), sound on (list file)`.
    public var line: String {
        "theme \(theme.name) (\(themeSource.rawValue)), levels \(levels.rawValue) (\(levelsSource.rawValue)), sound \(soundOn ? "on" : "off") (\(soundSource.rawValue))"
    }
}

/// What `cleartouch app` was asked to do.
public struct KioskOptions: Hashable, Sendable {
    /// The list file (`ListStore`): loaded at start, saved after every change.
    public var listPath: String
    /// The layout's screen in pixels; nil: the display's size in full screen, else 540x960.
    public var screen: ScreenSize?
    /// H; nil: round(W·50/320).
    public var rowHeightPixels: Double?
    public var fullscreen = false
    /// `--theme NAME`: the theme for this run, over the list file's (docs/themes.md); nil:
    /// the list file's, else `heat`.
    public var theme: Theme?
    /// `--offscreen`: draw without any display (SDL's offscreen driver), invisibly. Without
    /// it (or `SDL_VIDEODRIVER=offscreen`), finding no display is an error.
    public var offscreen = false
    /// Record every input event the session gets to this ClearTouch trace.
    public var recordPath: String?
    /// Record typed text as typed (otherwise each character is recorded as `x`).
    public var recordText = false
    /// `--force`: `--record` may replace an existing file (a recording is never replaced
    /// without it, as for `cleartouch record`).
    public var forceRecord = false
    /// libinput device nodes; empty: every device of `seat`.
    public var devicePaths: [String] = []
    public var seat = "seat0"
    /// Skip libinput and take touches from the window (mouse as one finger, window touch).
    public var windowInputOnly = false
    #if CLEARTOUCH_TEST_HOOKS
        /// Test builds only: umockdev barrier scripts to release once libinput has opened
        /// the devices (`--umockdev-barrier`, docs/libinput-backend.md "Test hooks"); the
        /// command hands them to `KioskApp` as its `ScriptedInput`.
        public var umockdevBarrierNodes: [String] = []
        /// Test builds only: where sysfs is mounted (`--sysfs-root`), for the backlights.
        public var sysfsRoot: String?
        /// Test builds only: the loop stops turning once this file exists (`--freeze-when`),
        /// so a test sees the watchdog's pings stop.
        public var freezeWhenPath: String?
    #endif
    /// How the panel is mounted (`--rotate`): the app lays out upright and draws turned.
    public var rotation: Rotation = .none
    /// `--calibration`: every libinput touch device's calibration; nil: each device's line
    /// in `calibrationFilePath`, else libinput's default (its udev property).
    public var calibration: CalibrationMatrix?
    /// The calibration file `cleartouch calibrate` writes; nil: none is read.
    public var calibrationFilePath: String?
    /// `--keyboard`: when the on-screen keyboard shows (default: while no physical
    /// keyboard is attached).
    public var keyboardMode: OnScreenKeyboardMode = .auto
    /// `--keyboard-layout`, else XKBLAYOUT of /etc/default/keyboard when known, else us.
    public var keyboardLayout: KeyboardLayout = KeyboardLayout.embedded(
        named: KeyboardLayout.defaultName)!

    /// `--sound on|off`: the sound setting for this run, over the list file's (the
    /// Settings page's `Sound`), which it does not change; nil: the list file's, else on.
    public var soundOn: Bool?

    /// `--levels`: the levels the kiosk may reach; nil: all.
    public var levels: AllowedLevels?

    /// `--idle-seconds N`: the screen goes dark after N seconds with no input (0: never).
    public var idleSeconds = 0

    /// `--replay RECORDING`: feed this recording into the loop instead of live input.
    public var replayPath: String?
    /// `--speed X` of `--replay`: times the recorded rate; 0 as fast as the loop takes it.
    public var replaySpeed = 1.0
    /// `--keep-running`: after `--replay`'s last event, stay on screen until stopped.
    public var keepRunning = false

    /// The files the app reads, which no output of it may replace (docs/output-files.md):
    /// the list, the recording replayed, the calibration file.
    public var inputPaths: [String] {
        [listPath] + [replayPath, calibrationFilePath].compactMap { $0 }
    }

    public init(listPath: String) {
        self.listPath = listPath
    }

    /// `$XDG_DATA_HOME/cleartouch/list.json`, with `XDG_DATA_HOME` defaulting to
    /// `$HOME/.local/share` as the XDG base directory specification says.
    public static func defaultListPath(environment: [String: String]) -> String {
        let dataHome: String
        if let value = environment["XDG_DATA_HOME"], value.hasPrefix("/") {
            dataHome = value
        } else {
            dataHome = (environment["HOME"] ?? ".") + "/.local/share"
        }
        return dataHome + "/cleartouch/list.json"
    }
}
