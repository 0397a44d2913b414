import JSON
import ToolSupport

/// One gesture as `cleartouch gestures --replay --json` prints it: its last report.
public struct ServiceGestureSummary: Hashable, Sendable {
    public var kind: ServiceGestureReport.Kind
    public var fingers: Int
    public var direction: ServiceGestureReport.Direction?
    public var edge: ServiceGestureReport.Edge?
    /// Both relative to the recording's first event.
    public var startMicroseconds: Int64
    public var endMicroseconds: Int64
    public var cancelled: Bool
    public var binding: String?
    /// The command a `--run` replay (or the live service) runs; nil when none.
    public var command: [String]?

    /// A gesture with every property given.
    public init(
        kind: ServiceGestureReport.Kind, fingers: Int, direction: ServiceGestureReport.Direction?,
        edge: ServiceGestureReport.Edge?, startMicroseconds: Int64, endMicroseconds: Int64,
        cancelled: Bool, binding: String?, command: [String]? = nil
    ) {
        self.kind = kind
        self.fingers = fingers
        self.direction = direction
        self.edge = edge
        self.startMicroseconds = startMicroseconds
        self.endMicroseconds = endMicroseconds
        self.cancelled = cancelled
        self.binding = binding
        self.command = command
    }

    /// The gesture a final report ends, its times relative to `origin`; nil for a report
    /// that is not final.
    public init?(_ report: ServiceGestureReport, origin: Int64) {
        guard case .ended(let cancelled) = report.phase else { return nil }
        kind = report.kind
        fingers = report.fingers
        direction = report.direction
        edge = report.edge
        startMicroseconds = report.startMicroseconds &- origin
        endMicroseconds = report.timeMicroseconds &- origin
        self.cancelled = cancelled
        binding = report.binding
        command = report.command
    }

    /// The contract's object: gesture, fingers, direction, edge, start_ms, end_ms,
    /// outcome, binding (docs/gesture-service.md).
    public var json: JSONValue {
        JSONValue.object(fields: [
            ("gesture", .string(kind.rawValue)),
            ("fingers", .integer(fingers)),
            ("direction", direction.map { .string($0.rawValue) } ?? .null),
            ("edge", edge.map { .string($0.rawValue) } ?? .null),
            ("start_ms", .number(.milliseconds(startMicroseconds))),
            ("end_ms", .number(.milliseconds(endMicroseconds))),
            ("outcome", .string(cancelled ? "cancelled" : "recognized")),
            ("binding", binding.map(JSONValue.string) ?? .null),
        ])
    }

    /// `{"gestures": [...]}`, indented as the other `--json` outputs.
    public static func jsonText(_ gestures: [ServiceGestureSummary]) -> String {
        JSONValue.object(fields: [("gestures", .array(gestures.map(\.json)))]).encoded(.indented)
            + "\n"
    }

    /// One line of the human output: `0.000–260.000 ms  3-finger swipe left  recognized
    /// binding back  would run xdotool key alt+Left`.
    public var text: String { text(withTimes: true) }

    /// The line, with or without its times in front. A recognized, bound gesture's command
    /// `runs` when `commandsRun` (`--run`), else it `would run`; a cancelled one runs none.
    public func text(withTimes: Bool, commandsRun: Bool = false) -> String {
        let what =
            "\(fingers)-finger \(kind.rawValue)"
            + (direction.map { " \($0.rawValue)" } ?? "")
            + (edge.map { " from \($0.rawValue)" } ?? "")
        let outcome = cancelled ? "cancelled" : "recognized"
        // Names and arguments come from the configuration: shown with control characters escaped.
        let bound = binding.map { "  binding \(TerminalText.escaped($0))" } ?? ""
        let verb = commandsRun ? "runs" : "would run"
        let run =
            cancelled
            ? ""
            : command.map { "  \(verb) \(TerminalText.escaped($0.joined(separator: " ")))" } ?? ""
        let times =
            withTimes
            ? "\(JSONNumber.milliseconds(startMicroseconds))–\(JSONNumber.milliseconds(endMicroseconds)) ms  "
            : ""
        return "\(times)\(what)  \(outcome)\(bound)\(run)"
    }
}
