import ClearCore
import TouchInput

/// What to replay and how to read it (`cleartouch replay` and `render` fill it from their
/// command lines).
public struct ReplaySource: Hashable, Sendable {
    /// The recording file.
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
    /// `--calibration`: applied to touch positions, unless a trace says its positions
    /// are already calibrated (instead of an evdev recording's udev property).
    public var calibration: CalibrationMatrix?
    /// `--rotate`: the recording was made on a panel turned this way.
    public var rotation: Rotation = .none
    /// `--keyboard`: the on-screen keyboard's mode; nil: the recording's (`keyboard` header
    /// line), else off.
    public var keyboardMode: OnScreenKeyboardMode?
    /// `--keyboard-layout`: nil: the recording's layout, else `us`.
    public var keyboardLayout: KeyboardLayout?
    /// `--theme NAME`: the colours the session starts with (default `heat`).
    public var theme: Theme = .heat

    /// Every file this source reads: no output may replace one of them.
    public var inputPaths: [String] {
        [path] + [descPath, listPath, keyboardLayoutPath].compactMap { $0 }
    }
    /// `--keyboard-layout FILE`: the layout file read (an input no output may replace).
    public var keyboardLayoutPath: String?
    /// The starting list itself (an expectation's settings); `listPath` wins.
    public var listItems: [ExpectedItem]?
    /// The starting lists themselves (an expectation's settings); `listPath` wins, and
    /// these win over `listItems`.
    public var startLists: TodoLists?
    /// `--levels`: the levels the session may reach; nil: all.
    public var levels: AllowedLevels?
    /// `--idle-seconds`: the session sleeps after this long with no input; nil or 0 never.
    public var idleSeconds: Int?
    /// `--set NAME=VALUE`: the thresholds of the recognizers and of Clear's rules (Clear's
    /// own unless set).
    public var thresholds = Thresholds()

    /// A source reading `path`, with the overrides given.
    public init(
        path: String, descPath: String? = nil, format: String? = nil, screen: ScreenSize? = nil,
        rowHeightPixels: Double? = nil, listPath: String? = nil, listItems: [ExpectedItem]? = nil,
        calibration: CalibrationMatrix? = nil, rotation: Rotation = .none,
        keyboardMode: OnScreenKeyboardMode? = nil, keyboardLayout: KeyboardLayout? = nil,
        theme: Theme = .heat
    ) {
        self.theme = theme
        self.listItems = listItems
        self.calibration = calibration
        self.rotation = rotation
        self.keyboardMode = keyboardMode
        self.keyboardLayout = keyboardLayout
        self.path = path
        self.descPath = descPath
        self.format = format
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.listPath = listPath
    }
}
