import Recordings
import TouchInput

/// The options several subcommands take, defined and validated once: `--screen`,
/// `--row-height`, `--seat`, `--format`, `--desc`, `--calibration` and `--rotate`. Each
/// command says which it accepts.
package struct SharedOptions {
    /// One shared option, by its spelling on the command line.
    package enum Option: String, CaseIterable, Hashable, Sendable {
        /// `--screen WxH`: a screen size in pixels.
        case screen = "--screen"
        /// `--row-height PX`: Clear's row height H in pixels.
        case rowHeight = "--row-height"
        /// `--seat NAME`: the udev seat libinput reads when no device is named.
        case seat = "--seat"
        /// `--format trace|evemu|libinput|getevent`: the recording format instead of detecting it.
        case format = "--format"
        /// `--desc DESC`: an evemu device description for an events-only file.
        case desc = "--desc"
        /// `--calibration "a b c d e f"`: a touch calibration matrix (libinput's convention).
        case calibration = "--calibration"
        /// `--rotate 0|90|180|270`: the panel is mounted turned that many degrees clockwise.
        case rotate = "--rotate"
    }

    /// The options this command takes; the others are unknown to it.
    package let accepted: Set<Option>
    /// `--screen`, when given.
    package var screen: ScreenSize?
    /// `--row-height`, when given.
    package var rowHeightPixels: Double?
    /// `--seat`, when given.
    package var seat: String?
    /// `--format`, when given.
    package var format: RecordingFormat?
    /// `--desc`, when given.
    package var descPath: String?
    /// `--calibration`, when given.
    package var calibration: CalibrationMatrix?
    /// `--rotate`, when given.
    package var rotation: Rotation?

    /// Options of which a command accepts `accepted`.
    package init(accepting accepted: Set<Option>) { self.accepted = accepted }

    /// The largest screen side and row height accepted, in pixels.
    package static let largestPixels = Int(RecordingLimits.screenSidePixels.upperBound)

    /// The line of `--help` for `--rotate` (`--calibration`'s is the live-input options').
    package static let rotateHelp = """
          --rotate N          the panel is mounted turned N degrees clockwise (0, 90, 180, 270)
        """

    /// Reads `option` and its value from `parser` when it is one of the accepted shared
    /// options; false (nothing read) otherwise.
    package mutating func parse(_ option: String, from parser: inout OptionParser)
        throws(UsageError)
        -> Bool
    {
        guard let shared = Option(rawValue: option), accepted.contains(shared) else {
            return false
        }
        switch shared {
        case .screen:
            let text = try parser.value(for: option)
            guard let size = Self.screenSize(text) else {
                throw UsageError(
                    "--screen: '\(QuotedInput.cut(text))' is not WIDTHxHEIGHT in pixels (--screen needs e.g. 1080x1920)"
                )
            }
            screen = size
        case .rowHeight:
            rowHeightPixels = try parser.number(
                for: option, in: 1...Double(Self.largestPixels),
                what: "a number of pixels (at least 1)")
        case .seat:
            seat = try parser.value(for: option)
        case .format:
            let text = try parser.value(for: option)
            guard let value = RecordingFormat(rawValue: text) else {
                throw UsageError(
                    "--format needs trace, evemu, libinput or getevent, got '\(QuotedInput.cut(text))'"
                )
            }
            format = value
        case .desc:
            descPath = try parser.value(for: option)
        case .calibration:
            let text = try parser.value(for: option)
            switch CalibrationMatrix.parse(text) {
            case .success(let matrix): calibration = matrix
            case .failure(let error):
                throw UsageError("--calibration '\(QuotedInput.cut(text))': \(error)")
            }
        case .rotate:
            let text = try parser.value(for: option)
            guard let degrees = Int(text), let value = Rotation(degrees: degrees) else {
                throw UsageError(
                    "--rotate needs 0, 90, 180 or 270 (degrees clockwise), got '\(QuotedInput.cut(text))'"
                )
            }
            rotation = value
        }
        return true
    }

    /// `WIDTHxHEIGHT` (or `WIDTHXHEIGHT`) in pixels, each side 1 to `largestPixels`.
    package static func screenSize(_ text: String) -> ScreenSize? {
        let parts = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...largestPixels).contains(width), (1...largestPixels).contains(height)
        else { return nil }
        return ScreenSize(widthPixels: width, heightPixels: height)
    }
}
