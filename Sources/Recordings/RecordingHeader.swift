import TouchInput

/// The file formats ClearTouch reads.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// The ClearTouch trace format (docs/trace-format.md).
    case trace
    /// evemu-record / evemu-describe files, and umockdev's evemu event files.
    case evemu
    /// `libinput record` YAML.
    case libinput
    /// Android's `getevent -lt` or `getevent -t` output (docs/recordings.md).
    case getevent
}

/// One item of the to-do list a recording starts with.
public struct RecordedItem: Hashable, Sendable {
    public var text: String
    public var completed: Bool

    public init(text: String, completed: Bool = false) {
        self.text = text
        self.completed = completed
    }
}

/// What a recording says before its first event.
public struct RecordingHeader: Hashable, Sendable {
    public var format: RecordingFormat
    /// The file's own format version (`"1"` for traces, `"1.3"` for evemu, `"1"` for libinput).
    public var formatVersion: String
    /// When the recording was made, ISO 8601 in UTC (`2026-11-29T13:03:32Z`), when known.
    public var recordedAt: String?
    /// The devices present when the recording started, in id order. Readers also emit a
    /// `.deviceAdded` event for each (traces: whatever the file says).
    public var devices: [DeviceDescription]
    /// App context for replay into the to-do core; nil when the recording carries none
    /// (evemu and libinput files never do).
    public var screen: ScreenSize?
    public var rowHeightPixels: Double?
    public var initialItems: [RecordedItem]?
    /// The on-screen keyboard the session had (`keyboard MODE LAYOUT` in a trace): its
    /// mode (`on`, `off`, `auto`) and layout name; nil when the recording does not say
    /// (replay then has none).
    public var keyboard: RecordedKeyboard?
    /// The calibration the touch positions already went through (a trace's `calibration`
    /// line); nil: not calibrated, so a replay may apply one (never twice).
    public var appliedCalibration: CalibrationMatrix?
    /// The rotation the touch positions were already turned upright for (a trace's
    /// `rotation` line); nil: native panel positions.
    public var appliedRotation: Rotation?

    public init(
        format: RecordingFormat, formatVersion: String, recordedAt: String? = nil,
        devices: [DeviceDescription] = [], screen: ScreenSize? = nil,
        rowHeightPixels: Double? = nil,
        initialItems: [RecordedItem]? = nil
    ) {
        self.format = format
        self.formatVersion = formatVersion
        self.recordedAt = recordedAt
        self.devices = devices
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.initialItems = initialItems
    }
}

/// The on-screen keyboard a recorded session had.
public struct RecordedKeyboard: Hashable, Sendable {
    /// The modes a trace may name.
    public static let modes = ["on", "off", "auto"]
    /// `on`, `off` or `auto`.
    public var mode: String
    /// The layout's name (`us`, `de`, `fr`).
    public var layout: String

    /// A keyboard of its parts, as given.
    public init(mode: String, layout: String) {
        self.mode = mode
        self.layout = layout
    }
}
