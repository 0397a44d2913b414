import GestureService
import Recordings
import ToolSupport
import TouchInput

/// A recording replayed through the gesture service (`cleartouch gestures --replay`,
/// gesture expectations, the viewer): every event in order on the virtual clock, the
/// devices the recording starts with added at its first event, as `ReplayHarness` does.
public struct GestureServiceReplay {
    /// The recording and how to read it (screen, calibration, rotation).
    public var source: ReplaySource
    public var configuration: GestureServiceConfiguration
    /// Where the events come from instead of the file (`--via-libinput`).
    public var openInput: ((ReplaySource) throws(ReplayError) -> ReplayInput)?
    /// Called with every report as it is made, and its time relative to the first event:
    /// the seam for running commands (`--run`) and sending signals (`--bus-address`).
    public var onReport: ((ServiceGestureReport, Int64) -> Void)?

    public init(source: ReplaySource, configuration: GestureServiceConfiguration) {
        self.source = source
        self.configuration = configuration
    }

    /// Replays the whole recording.
    public func run() throws(ReplayError) -> GestureServiceReplayResult {
        let input: ReplayInput =
            if let openInput { try openInput(source) } else { try RecordingInput(source) }
        var service = GestureService(configuration: configuration)
        var result = GestureServiceReplayResult()
        var reports: [ServiceGestureReport] = []
        var origin: Int64?
        func take(_ reports: [ServiceGestureReport]) {
            let start = origin ?? 0
            for report in reports {
                onReport?(report, report.timeMicroseconds &- start)
                result.reports.append(report)
                if let gesture = ServiceGestureSummary(report, origin: start) {
                    result.gestures.append(gesture)
                }
            }
        }
        while let event = try input.next() {
            reports.removeAll(keepingCapacity: true)
            if origin == nil {
                origin = event.timeMicroseconds
                for device in input.header.devices {
                    service.handle(
                        .deviceAdded(device, timeMicroseconds: event.timeMicroseconds),
                        into: &reports)
                }
            }
            service.handle(event, into: &reports)
            take(reports)
        }
        // A recording that stops mid-gesture: what began ends, cancelled, at its last event.
        reports.removeAll(keepingCapacity: true)
        service.cancelAll(into: &reports)
        take(reports)
        result.originMicroseconds = origin ?? 0
        result.warnings = input.warnings
        return result
    }
}

/// What a gesture-service replay produced.
public struct GestureServiceReplayResult: Hashable, Sendable {
    /// Every report, in order (times are event times).
    public var reports: [ServiceGestureReport] = []
    /// Every gesture that ended, in the order they ended (times from the first event).
    public var gestures: [ServiceGestureSummary] = []
    /// The first event's time.
    public var originMicroseconds: Int64 = 0
    /// What the reader warned about.
    public var warnings: [ReplayError] = []

    /// A result of `gestures` alone (none: a replay's start; a failure page's expectation).
    package init(gestures: [ServiceGestureSummary] = []) { self.gestures = gestures }

    /// `{"gestures": [...]}`: the contract's JSON.
    public func jsonText() -> String { ServiceGestureSummary.jsonText(gestures) }

    /// One line per gesture, then a count; a bound command `runs` when `commandsRun`
    /// (`--run`), else it `would run`.
    public func text(title: String, commandsRun: Bool = false) -> String {
        var out =
            "\(TerminalText.escaped(title)): \(gestures.count) gesture\(gestures.count == 1 ? "" : "s")\n"
        for gesture in gestures {
            out += "  \(gesture.text(withTimes: true, commandsRun: commandsRun))\n"
        }
        return out
    }
}
