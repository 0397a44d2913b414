import ClearCore
import GestureRecognition
import JSON
import Replay
import ToolSupport
import TouchInput

/// A golden file: what a recording must produce, and the settings it is replayed with.
/// Compared: the gestures when the file pins them (kind, outcome, start and end to the
/// microsecond), the actions (kind, model index, time to the microsecond), the final
/// items, and what is being edited at the end when the file says so.
///
/// ```json
/// {
///   "recording": "pan-complete.trace",
///   "settings": {"screen": "1080x1920", "row_height": 169},
///   "gestures": [{"kind": "pan", "outcome": "recognized", "start_ms": 20.000, "end_ms": 360.000}],
///   "actions": [{"t_ms": 412.000, "action": "complete", "index": 2}],
///   "items": [{"text": "feed the cat", "completed": false}],
///   "editing": null
/// }
/// ```
public struct Expectation: Hashable, Sendable {
    /// The recording's file name, for people reading the file.
    public var recording: String?
    /// The replay settings the file was written with; nil: none recorded (the defaults).
    public var settings: ReplaySettings?
    /// The gestures, in order; nil when the file does not pin them.
    public var gestures: [ExpectedGesture]?
    public var actions: [Action]
    public var items: [ExpectedItem]
    /// `.some(nil)` when the file says `"editing": null`; nil when the key is absent.
    public var editing: Int??
    /// The level at the end; nil when the file does not say (a session in its one list).
    public var level: Level?
    /// The lists at the end; nil when the file does not say.
    public var lists: [ExpectedList]?
    /// Set for a gesture expectation (a file with `gesture_config`): it pins the gesture
    /// service's output instead, and the Clear parts above are empty and unused.
    public var service: GestureExpectation?

    public init(
        recording: String? = nil, settings: ReplaySettings? = nil,
        gestures: [ExpectedGesture]? = nil, actions: [Action], items: [ExpectedItem],
        editing: Int?? = nil
    ) {
        self.recording = recording
        self.settings = settings
        self.gestures = gestures
        self.actions = actions
        self.items = items
        self.editing = editing
    }

    /// The expectation a replay meets exactly, gestures included; the level and the lists
    /// when the session left its one list `To Do` (so older expectations keep their text).
    public init(result: ReplayResult, recording: String? = nil, settings: ReplaySettings? = nil) {
        self.init(
            recording: recording, settings: settings,
            gestures: result.gestures.map(ExpectedGesture.init),
            actions: result.actions.map(\.action),
            items: result.items, editing: .some(result.editing))
        let oneList =
            result.level == .items && result.openList == 0 && result.lists.count == 1
            && result.lists[0].title == TodoLists.defaultTitle && !result.lists[0].completed
            && result.themeName == TodoLists.defaultThemeName && result.soundOn
        if !oneList {
            level = result.level
            lists = result.lists
        }
    }
}

/// A gesture an expectation pins: its kind, how it ended, and when it began and ended
/// (microseconds from the recording's first event).
public struct ExpectedGesture: Hashable, Sendable {
    public var kind: GestureKind
    public var outcome: GestureOutcome
    public var startMicroseconds: Int64
    public var endMicroseconds: Int64

    public init(
        kind: GestureKind, outcome: GestureOutcome, startMicroseconds: Int64,
        endMicroseconds: Int64
    ) {
        self.kind = kind
        self.outcome = outcome
        self.startMicroseconds = startMicroseconds
        self.endMicroseconds = endMicroseconds
    }

    /// The gesture a replay reported.
    public init(_ gesture: ReplayedGesture) {
        self.init(
            kind: gesture.kind, outcome: gesture.outcome,
            startMicroseconds: gesture.startMicroseconds, endMicroseconds: gesture.endMicroseconds)
    }
}

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
        if GestureExpectation.isGestureExpectation(root) {
            var expectation = Expectation(actions: [], items: [])
            expectation.service = try GestureExpectation.parse(root, path: path)
            return expectation
        }

        var recording: String?
        if let value = root["recording"] {
            guard case .string(let name) = value else {
                throw fail(root.line(ofKey: "recording"), "\"recording\" must be a string")
            }
            recording = name
        }

        var settings: ReplaySettings?
        if let value = root["settings"] {
            let parsed = try ReplaySettings.parse(
                value, line: root.line(ofKey: "settings") ?? 1, path: path)
            // `{}` is no settings, as the writer leaves them out: the file reads back equal.
            settings = parsed == ReplaySettings() ? nil : parsed
        }
        var gestures: [ExpectedGesture]?
        if let value = root["gestures"] {
            gestures = try parseGestures(value, line: root.line(ofKey: "gestures") ?? 1, path: path)
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
            case .number(let number) where CheckedNumber.integer(number.value) != nil:
                editing = .some(CheckedNumber.integer(number.value))
            default:
                throw fail(root.line(ofKey: "editing"), "\"editing\" must be null or a model index")
            }
        }
        var expectation = Expectation(
            recording: recording, settings: settings, gestures: gestures, actions: actions,
            items: items, editing: editing)
        if let value = root["level"] {
            guard case .string(let name) = value, let level = Level(rawValue: name) else {
                throw fail(
                    root.line(ofKey: "level"),
                    "\"level\" must be one of \(Level.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            expectation.level = level
        }
        if let value = root["lists"] {
            expectation.lists = try parseLists(
                value, line: root.line(ofKey: "lists") ?? 1, path: path)
        }
        return expectation
    }

    /// Reads the `"lists"` array: `{title, completed, items}` each.
    static func parseLists(_ value: JSONValue, line: Int, path: String)
        throws(ExpectationFileError) -> [ExpectedList]
    {
        guard case .array(let values) = value else {
            throw ExpectationFileError(
                path: path, line: line,
                message: "\"lists\" must be an array of {title, completed, items}")
        }
        var lists: [ExpectedList] = []
        for value in values {
            let at = value.firstLine ?? line
            guard case .string(let title)? = value["title"],
                case .bool(let completed)? = value["completed"],
                let items = value["items"]
            else {
                throw ExpectationFileError(
                    path: path, line: at,
                    message: "a list needs title (string), completed (true or false) and items")
            }
            lists.append(
                ExpectedList(
                    title: title, completed: completed,
                    items: try ListFile.items(from: items, line: at, path: path)))
        }
        return lists
    }

    /// Reads the `"gestures"` array: `{kind, outcome, start_ms, end_ms}` each.
    static func parseGestures(_ value: JSONValue, line: Int, path: String)
        throws(ExpectationFileError) -> [ExpectedGesture]
    {
        guard case .array(let values) = value else {
            throw ExpectationFileError(
                path: path, line: line,
                message: "\"gestures\" must be an array of {kind, outcome, start_ms, end_ms}")
        }
        var gestures: [ExpectedGesture] = []
        for value in values {
            let at = value.firstLine ?? line
            guard case .string(let kindName)? = value["kind"],
                case .string(let outcomeName)? = value["outcome"],
                case .number(let start)? = value["start_ms"],
                case .number(let end)? = value["end_ms"]
            else {
                throw ExpectationFileError(
                    path: path, line: at,
                    message:
                        "a gesture needs kind (string), outcome (string), start_ms and end_ms (numbers)"
                )
            }
            guard let kind = GestureKind(rawValue: kindName) else {
                throw ExpectationFileError(
                    path: path, line: value.line(ofKey: "kind") ?? at,
                    message:
                        "unknown gesture kind \"\(QuotedInput.cut(kindName))\" (expected one of \(GestureKind.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            guard let outcome = GestureOutcome(rawValue: outcomeName) else {
                throw ExpectationFileError(
                    path: path, line: value.line(ofKey: "outcome") ?? at,
                    message:
                        "unknown outcome \"\(QuotedInput.cut(outcomeName))\" (expected recognized or cancelled)"
                )
            }
            guard let startMicroseconds = CheckedNumber.microseconds(fromMilliseconds: start.value),
                let endMicroseconds = CheckedNumber.microseconds(fromMilliseconds: end.value)
            else {
                throw ExpectationFileError(
                    path: path, line: value.line(ofKey: "start_ms") ?? at,
                    message: "start_ms and end_ms are times in milliseconds")
            }
            gestures.append(
                ExpectedGesture(
                    kind: kind, outcome: outcome, startMicroseconds: startMicroseconds,
                    endMicroseconds: endMicroseconds))
        }
        return gestures
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
                "unknown action \"\(QuotedInput.cut(name))\" (expected one of \(ActionKind.allCases.map(\.rawValue).joined(separator: ", ")))"
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
            guard let integer = CheckedNumber.integer(number.value) else {
                throw fail(value.line(ofKey: key), "\(key) must be an integer")
            }
            return integer
        }
        // Range-checked before anything converts it (±1e16 ms trapped here once).
        guard let time = CheckedNumber.microseconds(fromMilliseconds: msNumber.value) else {
            throw fail(value.line(ofKey: "t_ms"), "t_ms must be a time in milliseconds")
        }
        var action: Action
        switch kind {
        case .clearCompleted:
            action = .clearCompleted(timeMicroseconds: time, count: try integer("count"))
        case .move:
            action = .move(
                timeMicroseconds: time, from: try integer("index"), to: try integer("to"))
        case .openMenu, .closeMenu, .closePage, .sleep, .wake:
            action = Action(timeMicroseconds: time, kind: kind, index: 0)
        case .openPage, .theme:
            let key = kind == .theme ? "name" : "page"
            guard case .string(let text)? = value[key] else {
                throw fail(
                    value.firstLine ?? actionsLine, "a \(name) action needs \(key) (a string)")
            }
            action = Action(
                timeMicroseconds: time, kind: kind, index: 0,
                detail: kind == .theme ? .themeName(text) : .page(text))
        case .sound:
            guard case .bool(let on)? = value["on"] else {
                throw fail(
                    value.firstLine ?? actionsLine, "a sound action needs on (true or false)")
            }
            action = Action(timeMicroseconds: time, kind: kind, index: 0, detail: .soundOn(on))
        default:
            action = Action(timeMicroseconds: time, kind: kind, index: try integer("index"))
        }
        if kind.changesRows {
            switch value["on"] {
            case nil: break
            case .string(let target)?:
                guard let on = ActionTarget(rawValue: target) else {
                    throw fail(value.line(ofKey: "on"), "\"on\" must be \"lists\"")
                }
                action.on = on
            default:
                throw fail(value.line(ofKey: "on"), "\"on\" must be \"lists\"")
            }
        }
        return action
    }

    /// The golden file's text.
    public func jsonText() -> String {
        if let service { return service.jsonText() }
        var fields: [(key: String, value: JSONValue)] = []
        if let recording { fields.append(("recording", .string(recording))) }
        if let settings = settings?.json() { fields.append(("settings", settings)) }
        if let gestures {
            fields.append(
                (
                    "gestures",
                    .array(
                        gestures.map { gesture in
                            .object(fields: [
                                ("kind", .string(gesture.kind.rawValue)),
                                ("outcome", .string(gesture.outcome.rawValue)),
                                ("start_ms", .number(.milliseconds(gesture.startMicroseconds))),
                                ("end_ms", .number(.milliseconds(gesture.endMicroseconds))),
                            ])
                        })
                ))
        }
        let replayed = actions.map { ReplayedAction($0, timeMicroseconds: $0.timeMicroseconds) }
        fields.append(("actions", ReplayResult.json(replayed)))
        fields.append(("items", ReplayResult.json(items)))
        if let editing { fields.append(("editing", editing.map(JSONValue.integer) ?? .null)) }
        if let level { fields.append(("level", .string(level.rawValue))) }
        if let lists { fields.append(("lists", ReplayResult.json(lists))) }
        return JSONValue.object(fields: fields).encoded(.indented) + "\n"
    }

    /// Compares a replay with this expectation. Returns nil when it is met, otherwise a
    /// readable diff: `-` lines are expected but missing, `+` lines happened instead. The
    /// first line says where the first difference is (the earliest in recording time);
    /// the sections follow in the order of their first difference: gestures and actions
    /// by time, then the items and what is edited at the end (`differences(with:)`).
    public func mismatch(with result: ReplayResult) -> String? {
        let ordered = differences(with: result)
        guard let first = ordered.first else { return nil }
        let headline =
            "first difference: \(first.headline)"
            + (first.timeMicroseconds.map { " at \(JSONNumber.milliseconds($0)) ms" } ?? "")
        return ([headline] + ordered.map(\.text)).joined(separator: "\n")
    }

    /// Every part in which a replay differs from this expectation, the first difference
    /// first: gestures and actions by the time of their first differing entry, then the
    /// end-state parts (items, level, lists, editing) in that order. Empty when it is met.
    public func differences(with result: ReplayResult) -> [ExpectationDifference] {
        let got = Expectation(result: result)
        var sections: [ExpectationDifference] = []
        if let gestures, let gotGestures = got.gestures, gestures != gotGestures {
            let index = Self.firstDifference(gestures, gotGestures)
            let time = [gestures, gotGestures].compactMap {
                index < $0.count ? $0[index].startMicroseconds : nil
            }.min()
            sections.append(
                ExpectationDifference(
                    part: .gestures, index: index, timeMicroseconds: time,
                    headline: "gesture \(index + 1)",
                    text: "gestures (- expected, + replayed):\n"
                        + LineDiff.render(
                            expected: gestures.map(Self.line(for:)),
                            actual: gotGestures.map(Self.line(for:)))
                ))
        }
        if actions != got.actions {
            let index = Self.firstDifference(actions, got.actions)
            let time = [actions, got.actions].compactMap {
                index < $0.count ? $0[index].timeMicroseconds : nil
            }.min()
            sections.append(
                ExpectationDifference(
                    part: .actions, index: index, timeMicroseconds: time,
                    headline: "action \(index + 1)",
                    text: "actions (- expected, + replayed):\n"
                        + LineDiff.render(
                            expected: actions.map(Self.line(for:)),
                            actual: got.actions.map(Self.line(for:)))
                ))
        }
        if items != got.items {
            sections.append(
                ExpectationDifference(
                    part: .items, headline: "final items",
                    text: "items (- expected, + replayed):\n"
                        + LineDiff.render(
                            expected: items.map(Self.line(for:)),
                            actual: got.items.map(Self.line(for:)))
                ))
        }
        if let level, level != result.level {
            sections.append(
                ExpectationDifference(
                    part: .level, headline: "level at the end",
                    text: "level: expected \(level.rawValue), replayed \(result.level.rawValue)"
                ))
        }
        if let lists, lists != result.lists {
            sections.append(
                ExpectationDifference(
                    part: .lists, headline: "final lists",
                    text: "lists (- expected, + replayed):\n"
                        + LineDiff.render(
                            expected: lists.map(Self.line(for:)),
                            actual: result.lists.map(Self.line(for:)))
                ))
        }
        if let editing, editing != result.editing {
            sections.append(
                ExpectationDifference(
                    part: .editing, headline: "editing at the end",
                    text:
                        "editing: expected \(editing.map(String.init) ?? "none"), replayed \(result.editing.map(String.init) ?? "none")"
                ))
        }
        // Stable: timed sections by time, then the end-state ones in the order above.
        return sections.enumerated().sorted {
            switch ($0.element.timeMicroseconds, $1.element.timeMicroseconds) {
            case (let a?, let b?): a != b ? a < b : $0.offset < $1.offset
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): $0.offset < $1.offset
            }
        }.map(\.element)
    }

    /// The first index where `a` and `b` differ (the shorter one's count when one is a
    /// prefix of the other).
    package static func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
        var index = 0
        while index < a.count && index < b.count && a[index] == b[index] { index += 1 }
        return index
    }

    package static func line(for gesture: ExpectedGesture) -> String {
        "\(JSONNumber.milliseconds(gesture.startMicroseconds)) – \(JSONNumber.milliseconds(gesture.endMicroseconds)) ms  \(gesture.kind.rawValue) \(gesture.outcome.rawValue)"
    }

    /// A page's or theme's name comes from the file as it is: escaped, so that a newline in
    /// it cannot make a line of its own.
    package static func line(for action: Action) -> String {
        "\(JSONNumber.milliseconds(action.timeMicroseconds)) ms  \(TerminalText.escaped(action.summary))"
    }

    package static func line(for list: ExpectedList) -> String {
        (list.completed ? "[x] " : "[ ] ") + JSONValue.string(list.title).encoded() + " ("
            + list.items.map(line(for:)).joined(separator: ", ") + ")"
    }

    package static func line(for item: ExpectedItem) -> String {
        (item.completed ? "[x] " : "[ ] ") + JSONValue.string(item.text).encoded()
    }
}
