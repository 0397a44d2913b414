import GestureService
import JSON
import Replay
import ToolSupport
import TouchInput

/// A gesture expectation: a golden file that names a gesture configuration and pins what
/// the gesture service reports for the recording (docs/replay.md, "Gesture
/// expectations"). `cleartouch test` and `replay --expect` check it against
/// `GestureServiceReplay`.
///
/// ```json
/// {
///   "recording": "gesture-swipe-3-left.evemu",
///   "gesture_config": "example.gestures.yaml",
///   "settings": {"screen": "1080x1920"},
///   "gestures": [{"gesture": "swipe", "fingers": 3, "direction": "left", "edge": null,
///     "start_ms": 0.000, "end_ms": 250.000, "outcome": "recognized", "binding": "back"}]
/// }
/// ```
public struct GestureExpectation: Hashable, Sendable {
    public var recording: String?
    /// The configuration, relative to the expectation's folder unless absolute; nil (JSON
    /// null) for the service without a configuration (no bindings).
    public var gestureConfig: String?
    public var settings: ReplaySettings?
    public var gestures: [ServiceGestureSummary]

    public init(
        recording: String?, gestureConfig: String?, settings: ReplaySettings?,
        gestures: [ServiceGestureSummary]
    ) {
        self.recording = recording
        self.gestureConfig = gestureConfig
        self.settings = settings
        self.gestures = gestures
    }

    /// The key that makes a golden file a gesture expectation.
    public static let configurationKey = "gesture_config"

    /// The configuration's path as seen from where the expectation is
    /// (`RegressionSuite.resolvedPath`); nil when it names none.
    public func configurationPath(expectationPath: String) -> String? {
        gestureConfig.map { RegressionSuite.resolvedPath($0, expectationPath: expectationPath) }
    }

    /// The configuration the expectation names, read; no bindings when it names none.
    public func configuration(expectationPath: String) throws(Diagnostic)
        -> GestureServiceConfiguration
    {
        guard let path = configurationPath(expectationPath: expectationPath) else {
            return GestureServiceConfiguration(path: "", bindings: [])
        }
        return try GestureServiceConfiguration.read(path: path)
    }

    /// Replays `source` (its settings applied) through the service with the named
    /// configuration.
    public func replay(
        _ source: ReplaySource, expectationPath: String,
        openInput: ((ReplaySource) throws(ReplayError) -> ReplayInput)? = nil
    ) throws(ReplayError) -> GestureServiceReplayResult {
        let configuration = try configuration(expectationPath: expectationPath)
        var replay = GestureServiceReplay(
            source: (settings ?? ReplaySettings()).applied(
                to: source, expectationPath: expectationPath),
            configuration: configuration)
        replay.openInput = openInput
        return try replay.run()
    }

    /// Nil when `result` meets the expectation, else a readable diff (`-` expected,
    /// `+` replayed).
    public func mismatch(with result: GestureServiceReplayResult) -> String? {
        let replayed = result.gestures.map(\.pinned)
        guard gestures != replayed else { return nil }
        let index = Expectation.firstDifference(gestures, replayed)
        return "first difference: gesture \(index + 1)\n"
            + "gestures (- expected, + replayed):\n"
            + LineDiff.render(
                expected: gestures.map { $0.json.encoded() },
                actual: replayed.map { $0.json.encoded() })
    }

    /// The golden file's text.
    public func jsonText() -> String {
        var fields: [(key: String, value: JSONValue)] = []
        if let recording { fields.append(("recording", .string(recording))) }
        fields.append((Self.configurationKey, gestureConfig.map(JSONValue.string) ?? .null))
        if let settings = settings?.json() { fields.append(("settings", settings)) }
        fields.append(("gestures", .array(gestures.map(\.json))))
        return JSONValue.object(fields: fields).encoded(.indented) + "\n"
    }

    /// Reads a gesture expectation (a golden file with `gesture_config`).
    static func parse(_ root: JSONValue, path: String) throws(ExpectationFileError)
        -> GestureExpectation
    {
        func fail(_ line: Int?, _ message: String) -> ExpectationFileError {
            ExpectationFileError(path: path, line: line ?? 1, message: message)
        }
        guard case .object(let entries) = root else {
            throw fail(1, "an expectation file is a JSON object")
        }
        let known = ["recording", configurationKey, "settings", "gestures"]
        for entry in entries where !known.contains(entry.key) {
            throw fail(
                entry.line,
                "unknown key \"\(QuotedInput.cut(entry.key))\" in a gesture expectation (expected \(known.joined(separator: ", ")))"
            )
        }
        var recording: String?
        if let value = root["recording"] {
            guard case .string(let name) = value else {
                throw fail(root.line(ofKey: "recording"), "\"recording\" must be a string")
            }
            recording = name
        }
        // null: the service without a configuration; "" (what an older `--write-expect`
        // wrote for none) reads the same.
        let config: String?
        switch root[configurationKey] {
        case .null?: config = nil
        case .string(let name)?: config = name.isEmpty ? nil : name
        default:
            throw fail(
                root.line(ofKey: configurationKey),
                "\"\(configurationKey)\" must name a gesture configuration file, or be null for none"
            )
        }
        var settings: ReplaySettings?
        if let value = root["settings"] {
            settings = try ReplaySettings.parse(
                value, line: root.line(ofKey: "settings") ?? 1, path: path)
        }
        guard case .array(let values)? = root["gestures"] else {
            throw fail(
                root.line(ofKey: "gestures"),
                "\"gestures\" must be an array of the service's gestures")
        }
        var gestures: [ServiceGestureSummary] = []
        for value in values {
            guard let gesture = ServiceGestureSummary(json: value) else {
                throw fail(
                    value.firstLine ?? root.line(ofKey: "gestures"),
                    "a gesture is {gesture, fingers, direction, edge, start_ms, end_ms, outcome, binding}"
                )
            }
            gestures.append(gesture)
        }
        return GestureExpectation(
            recording: recording, gestureConfig: config, settings: settings, gestures: gestures)
    }

    /// True when the golden file's text is a gesture expectation.
    public static func isGestureExpectation(_ root: JSONValue) -> Bool {
        root[configurationKey] != nil
    }

    /// Parses a gesture expectation's text; nil when the file is Clear's kind.
    public static func parse(_ text: String, path: String) throws(ExpectationFileError)
        -> GestureExpectation?
    {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw ExpectationFileError(path: path, line: error.line, message: error.message)
        }
        guard isGestureExpectation(root) else { return nil }
        return try parse(root, path: path)
    }
}

extension ServiceGestureSummary {
    /// What an expectation pins: everything but the command.
    public var pinned: ServiceGestureSummary {
        var pinned = self
        pinned.command = nil
        return pinned
    }

    /// Reads the contract's object back (commands are not part of it); nil when malformed.
    init?(json value: JSONValue) {
        guard case .object(let entries) = value, entries.count == 8,
            case .string(let kindText)? = value["gesture"],
            let kind = ServiceGestureReport.Kind(rawValue: kindText),
            case .number(let fingersNumber)? = value["fingers"],
            let fingers = CheckedNumber.integer(fingersNumber.value, in: 1...5),
            case .number(let start)? = value["start_ms"],
            let startMicroseconds = CheckedNumber.microseconds(fromMilliseconds: start.value),
            case .number(let end)? = value["end_ms"],
            let endMicroseconds = CheckedNumber.microseconds(fromMilliseconds: end.value),
            case .string(let outcome)? = value["outcome"],
            outcome == "recognized" || outcome == "cancelled"
        else { return nil }
        guard
            let direction = Self.nullable(value["direction"], ServiceGestureReport.Direction.init),
            let edge = Self.nullable(value["edge"], ServiceGestureReport.Edge.init),
            let binding = Self.nullable(value["binding"], { $0 })
        else { return nil }
        self.init(
            kind: kind, fingers: fingers, direction: direction, edge: edge,
            startMicroseconds: startMicroseconds, endMicroseconds: endMicroseconds,
            cancelled: outcome == "cancelled", binding: binding)
    }

    /// `.some(nil)` for JSON null, `.some(value)` for a string `make` accepts, nil otherwise.
    private static func nullable<T>(_ value: JSONValue?, _ make: (String) -> T?) -> T?? {
        switch value {
        case .null?: return .some(nil)
        case .string(let text)?: return make(text).map { .some($0) }
        default: return nil
        }
    }
}
