import ClearCore
import JSON
import ToolSupport

/// A golden file: what a recording must produce. Compared: the actions (kind, model
/// index, time to the microsecond), the final items, and what is being edited at the
/// end when the file says so.
///
/// ```json
/// {
///   "recording": "pan-complete.trace",
///   "actions": [{"t_ms": 412.000, "action": "complete", "index": 2}],
///   "items": [{"text": "feed the cat", "completed": false}],
///   "editing": null
/// }
/// ```
public struct Expectation: Hashable, Sendable {
    /// The recording's file name, for people reading the file.
    public var recording: String?
    public var actions: [Action]
    public var items: [ExpectedItem]
    /// `.some(nil)` when the file says `"editing": null`; nil when the key is absent.
    public var editing: Int??

    public init(
        recording: String? = nil, actions: [Action], items: [ExpectedItem], editing: Int?? = nil
    ) {
        self.recording = recording
        self.actions = actions
        self.items = items
        self.editing = editing
    }

    /// The expectation a replay meets exactly.
    public init(result: ReplayResult, recording: String? = nil) {
        self.init(
            recording: recording,
            actions: result.actions.map(\.action),
            items: result.items, editing: .some(result.editing))
    }
}

/// A golden or list file that cannot be read, at a 1-based line: the shared `Diagnostic`.
public typealias ExpectationFileError = Diagnostic

extension Expectation {
    /// Parses a golden file's text. `path` names the file in errors.
    public static func parse(_ text: String, path: String) throws(ExpectationFileError)
        -> Expectation
    {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw ExpectationFileError(path: path, line: error.line, message: error.message)
        }
        func fail(_ line: Int?, _ message: String) -> ExpectationFileError {
            ExpectationFileError(path: path, line: line ?? 1, message: message)
        }
        guard case .object = root else { throw fail(1, "an expectation file is a JSON object") }

        var recording: String?
        if let value = root["recording"] {
            guard case .string(let name) = value else {
                throw fail(root.line(ofKey: "recording"), "\"recording\" must be a string")
            }
            recording = name
        }

        guard case .array(let actionValues)? = root["actions"] else {
            throw fail(
                root.line(ofKey: "actions"), "\"actions\" must be an array of {t_ms, action, index}"
            )
        }
        var actions: [Action] = []
        for value in actionValues {
            actions.append(
                try parseAction(value, fail: fail, actionsLine: root.line(ofKey: "actions")))
        }

        guard let itemsValue = root["items"] else { throw fail(1, "\"items\" is missing") }
        let items = try ListFile.items(
            from: itemsValue, line: root.line(ofKey: "items") ?? 1, path: path)

        var editing: Int?? = nil
        if let value = root["editing"] {
            switch value {
            case .null: editing = .some(nil)
            case .number(let number)
            where number.value == number.value.rounded()
                && abs(number.value) < 1e9:
                editing = .some(Int(number.value))
            default:
                throw fail(root.line(ofKey: "editing"), "\"editing\" must be null or a model index")
            }
        }
        return Expectation(recording: recording, actions: actions, items: items, editing: editing)
    }

    /// One action object: `{t_ms, action, index}`, `{t_ms, "move", index, to}` or
    /// `{t_ms, "clear-completed", count}`.
    private static func parseAction(
        _ value: JSONValue, fail: (Int?, String) -> ExpectationFileError, actionsLine: Int?
    ) throws(ExpectationFileError) -> Action {
        guard case .number(let msNumber)? = value["t_ms"],
            case .string(let name)? = value["action"]
        else {
            throw fail(
                value.firstLine ?? actionsLine,
                "an action needs t_ms (number), action (string) and index (integer)")
        }
        guard let kind = ActionKind(rawValue: name) else {
            throw fail(
                value.line(ofKey: "action"),
                "unknown action \"\(name)\" (expected one of \(ActionKind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        func integer(_ key: String) throws(ExpectationFileError) -> Int {
            guard case .number(let number)? = value[key] else {
                throw fail(
                    value.firstLine ?? actionsLine,
                    kind == .clearCompleted
                        ? "a clear-completed action needs t_ms (number) and count (integer)"
                        : kind == .move
                            ? "a move action needs t_ms (number), index and to (integers)"
                            : "an action needs t_ms (number), action (string) and index (integer)")
            }
            guard number.value == number.value.rounded(), abs(number.value) < 1e9 else {
                throw fail(value.line(ofKey: key), "\(key) must be an integer")
            }
            return Int(number.value)
        }
        let ms = msNumber.value
        let time = Int64((ms * 1000).rounded())
        let action: Action
        switch kind {
        case .clearCompleted:
            action = .clearCompleted(timeMicroseconds: time, count: try integer("count"))
        case .move:
            action = .move(
                timeMicroseconds: time, from: try integer("index"), to: try integer("to"))
        default:
            action = Action(timeMicroseconds: time, kind: kind, index: try integer("index"))
        }
        guard abs(ms) < 1e12 else {
            throw fail(
                value.line(ofKey: "t_ms"),
                "t_ms must be a time in milliseconds")
        }
        return action
    }

    /// The golden file's text.
    public func jsonText() -> String {
        var fields: [(key: String, value: JSONValue)] = []
        if let recording { fields.append(("recording", .string(recording))) }
        let replayed = actions.map { ReplayedAction($0, timeMicroseconds: $0.timeMicroseconds) }
        fields.append(("actions", ReplayResult.json(replayed)))
        fields.append(("items", ReplayResult.json(items)))
        if let editing { fields.append(("editing", editing.map(JSONValue.integer) ?? .null)) }
        return JSONValue.object(fields: fields).encoded(.indented) + "\n"
    }

    /// Compares a replay with this expectation. Returns nil when it is met, otherwise a
    /// readable diff: `-` lines are expected but missing, `+` lines happened instead.
    public func mismatch(with result: ReplayResult) -> String? {
        let got = Expectation(result: result)
        var sections: [String] = []
        let expectedActions = actions.map(Self.line(for:))
        let gotActions = got.actions.map(Self.line(for:))
        if expectedActions != gotActions {
            sections.append(
                "actions (- expected, + replayed):\n"
                    + LineDiff.render(expected: expectedActions, actual: gotActions))
        }
        let expectedItems = items.map(Self.line(for:))
        let gotItems = got.items.map(Self.line(for:))
        if expectedItems != gotItems {
            sections.append(
                "items (- expected, + replayed):\n"
                    + LineDiff.render(expected: expectedItems, actual: gotItems))
        }
        if let editing, editing != result.editing {
            sections.append(
                "editing: expected \(editing.map(String.init) ?? "none"), replayed \(result.editing.map(String.init) ?? "none")"
            )
        }
        return sections.isEmpty ? nil : sections.joined(separator: "\n")
    }

    static func line(for action: Action) -> String {
        "\(JSONNumber.milliseconds(action.timeMicroseconds)) ms  \(action.summary)"
    }

    static func line(for item: ExpectedItem) -> String {
        (item.completed ? "[x] " : "[ ] ") + JSONValue.string(item.text).encoded()
    }
}

/// A line diff (longest common subsequence) for small lists.
public enum LineDiff {
    /// Every line, prefixed `  ` when in both, `- ` when only expected, `+ ` when only actual.
    public static func render(expected: [String], actual: [String]) -> String {
        let n = expected.count
        let m = actual.count
        // lengths[i][j] = LCS of expected[i...] and actual[j...]
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    expected[i] == actual[j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var lines: [String] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, expected[i] == actual[j] {
                lines.append("    " + expected[i])
                i += 1
                j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                lines.append("  - " + expected[i])
                i += 1
            } else {
                lines.append("  + " + actual[j])
                j += 1
            }
        }
        return lines.joined(separator: "\n")
    }
}
