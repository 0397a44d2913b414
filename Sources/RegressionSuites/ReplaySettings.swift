import ClearCore
import JSON
import Replay
import ToolSupport
import TouchInput

/// The replay settings an expectation was written with (docs/product-decisions.md,
/// "Expectations"), so a recording and its `NAME.expect.json` replay with no flags. Kept in
/// the file's `"settings"` object, one key per setting; a setting that is absent is the
/// replay's default (the recording's, else the built-in one).
///
/// ```json
/// "settings": {"screen": "1080x1920", "row_height": 169, "list": ["a", "b"], "desc": "x.desc"}
/// ```
///
/// The object is open to new settings (keyboard, rotation, calibration are added as
/// keys by the commands that gain them); a key this version does not know is an error,
/// never ignored, since ignoring a setting would replay something else.
public struct ReplaySettings: Hashable, Sendable {
    /// `--screen WxH`.
    public var screen: ScreenSize?
    /// `--row-height PX`.
    public var rowHeightPixels: Double?
    /// `--list`: the starting list itself (a file given with `--list` is copied in, so
    /// the expectation stands alone).
    public var list: [ExpectedItem]?
    /// `--desc`: the description file, relative to the expectation's folder.
    public var descPath: String?
    /// `--keyboard on|off|auto`, when the replay was given one (else the recording's).
    public var keyboardMode: OnScreenKeyboardMode?
    /// `--keyboard-layout NAME` (a built-in layout), when the replay was given one.
    public var keyboardLayoutName: String?
    /// `--calibration a b c d e f`, when the replay was given one.
    public var calibration: CalibrationMatrix?
    /// `--rotate N`, when the replay was given one other than 0.
    public var rotation: Rotation?
    /// `--levels items|lists|all`, when the replay was given one.
    public var levels: AllowedLevels?
    /// The starting lists, when a `--list` file held more than the one list `To Do`.
    public var lists: [ExpectedList]?
    /// The open list among `lists` (nil: the session starts at the lists level).
    public var openList: Int?
    /// `--idle-seconds N`, when the replay was given one other than 0.
    public var idleSeconds: Int?

    /// The keys this version reads, in the order it writes them.
    public static let knownKeys = [
        "screen", "row_height", "list", "desc", "keyboard", "keyboard_layout", "calibration",
        "rotation", "levels", "lists", "open_list", "idle_seconds",
    ]

    /// Settings as given.
    public init(
        screen: ScreenSize? = nil, rowHeightPixels: Double? = nil, list: [ExpectedItem]? = nil,
        descPath: String? = nil, keyboardMode: OnScreenKeyboardMode? = nil,
        keyboardLayoutName: String? = nil, calibration: CalibrationMatrix? = nil,
        rotation: Rotation? = nil
    ) {
        self.calibration = calibration
        self.rotation = rotation
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.list = list
        self.descPath = descPath
        self.keyboardMode = keyboardMode
        self.keyboardLayoutName = keyboardLayoutName
    }

    /// No setting at all.
    public var isEmpty: Bool { self == ReplaySettings() }

    /// `source` with these settings; settings already set in `source` (the command line)
    /// win. `folder` is the expectation's folder, which `descPath` is relative to.
    public func applied(to source: ReplaySource, folder: String) -> ReplaySource {
        var source = source
        if source.screen == nil { source.screen = screen }
        if source.rowHeightPixels == nil { source.rowHeightPixels = rowHeightPixels }
        if source.listPath == nil && source.listItems == nil { source.listItems = list }
        if source.descPath == nil, let descPath {
            source.descPath = RegressionSuite.resolvedPath(descPath, expectationFolder: folder)
        }
        if source.keyboardMode == nil { source.keyboardMode = keyboardMode }
        if source.calibration == nil { source.calibration = calibration }
        if source.rotation == .none, let rotation { source.rotation = rotation }
        if source.levels == nil { source.levels = levels }
        if source.idleSeconds == nil { source.idleSeconds = idleSeconds }
        if source.listPath == nil && source.startLists == nil, let lists {
            source.startLists = TodoLists(
                lists: lists.enumerated().map {
                    TitledList(
                        id: ListID(rawValue: UInt64($0.offset + 1)), title: $0.element.title,
                        completed: $0.element.completed,
                        list: TodoList(
                            items: $0.element.items.enumerated().map {
                                TodoItem(
                                    id: ItemID(rawValue: UInt64($0.offset + 1)),
                                    text: $0.element.text, completed: $0.element.completed)
                            }))
                }, openIndex: openList)
        }
        if source.keyboardLayout == nil, let keyboardLayoutName {
            source.keyboardLayout = KeyboardLayout.embedded(named: keyboardLayoutName)
        }
        return source
    }

    /// The JSON object (nil when empty).
    func json() -> JSONValue? {
        var fields: [(key: String, value: JSONValue)] = []
        if let screen { fields.append(("screen", .string(screen.description))) }
        if let rowHeightPixels {
            fields.append(("row_height", .number(JSONNumber(rowHeightPixels))))
        }
        if let list { fields.append(("list", ReplayResult.json(list))) }
        if let descPath { fields.append(("desc", .string(descPath))) }
        if let keyboardMode { fields.append(("keyboard", .string(keyboardMode.rawValue))) }
        if let keyboardLayoutName {
            fields.append(("keyboard_layout", .string(keyboardLayoutName)))
        }
        if let calibration {
            fields.append(
                ("calibration", .array(calibration.values.map { .number(JSONNumber($0)) })))
        }
        if let rotation { fields.append(("rotation", .integer(rotation.degrees))) }
        if let levels { fields.append(("levels", .string(levels.rawValue))) }
        if let lists {
            fields.append(("lists", ReplayResult.json(lists)))
            fields.append(("open_list", openList.map(JSONValue.integer) ?? .null))
        }
        if let idleSeconds { fields.append(("idle_seconds", .integer(idleSeconds))) }
        return fields.isEmpty ? nil : .object(fields: fields)
    }

    /// Reads the `"settings"` object.
    static func parse(_ value: JSONValue, line: Int, path: String) throws(ExpectationFileError)
        -> ReplaySettings
    {
        guard case .object(let entries) = value else {
            throw ExpectationFileError(
                path: path, line: line, message: "\"settings\" must be an object")
        }
        var settings = ReplaySettings()
        var openListLine: Int?
        for entry in entries {
            func fail(_ message: String) -> ExpectationFileError {
                ExpectationFileError(path: path, line: entry.line, message: message)
            }
            switch entry.key {
            case "screen":
                guard case .string(let text) = entry.value, let screen = ScreenSize(parsing: text)
                else { throw fail("\"screen\" must be a string WxH, such as \"1080x1920\"") }
                settings.screen = screen
            case "row_height":
                guard case .number(let number) = entry.value, number.value >= 1,
                    number.value <= 100_000
                else { throw fail("\"row_height\" must be a number of pixels, 1 to 100000") }
                settings.rowHeightPixels = number.value
            case "list":
                settings.list = try ListFile.items(from: entry.value, line: entry.line, path: path)
            case "desc":
                guard case .string(let text) = entry.value, !text.isEmpty else {
                    throw fail("\"desc\" must be the description file's path")
                }
                settings.descPath = text
            case "keyboard":
                guard case .string(let text) = entry.value,
                    let mode = OnScreenKeyboardMode(rawValue: text)
                else { throw fail("\"keyboard\" must be \"on\", \"off\" or \"auto\"") }
                settings.keyboardMode = mode
            case "keyboard_layout":
                guard case .string(let text) = entry.value,
                    KeyboardLayout.embedded(named: text) != nil
                else {
                    throw fail(
                        "\"keyboard_layout\" must name a built-in layout ("
                            + KeyboardLayout.embeddedNames.joined(separator: ", ") + ")")
                }
                settings.keyboardLayoutName = text
            case "calibration":
                let numbers: [Double]? =
                    if case .array(let values) = entry.value {
                        values.compactMap { if case .number(let n) = $0 { n.value } else { nil } }
                    } else { nil }
                guard let numbers, numbers.count == 6,
                    case .success(let matrix) = CalibrationMatrix.parse(
                        numbers.map { "\($0)" }.joined(separator: " "))
                else {
                    throw fail(
                        "\"calibration\" must be six finite numbers [a, b, c, d, e, f] of a matrix that is not singular"
                    )
                }
                settings.calibration = matrix
            case "rotation":
                guard case .number(let number) = entry.value,
                    let degrees = Int(exactly: number.value),
                    let rotation = Rotation(degrees: degrees)
                else { throw fail("\"rotation\" must be 0, 90, 180 or 270") }
                settings.rotation = rotation
            case "levels":
                guard case .string(let text) = entry.value,
                    let levels = AllowedLevels(rawValue: text)
                else { throw fail("\"levels\" must be \"items\", \"lists\" or \"all\"") }
                settings.levels = levels
            case "lists":
                settings.lists = try Expectation.parseLists(
                    entry.value, line: entry.line, path: path)
            case "open_list":
                openListLine = entry.line
                switch entry.value {
                case .null: settings.openList = nil
                case .number(let number)
                where CheckedNumber.integer(number.value, in: 0...999_999_999) != nil:
                    settings.openList = CheckedNumber.integer(number.value, in: 0...999_999_999)
                default: throw fail("\"open_list\" must be null or a list index")
                }
            case "idle_seconds":
                guard case .number(let number) = entry.value,
                    let seconds = Int(exactly: number.value),
                    (1...IdleSleep.maximumIdleSeconds).contains(seconds)
                else {
                    throw fail(
                        "\"idle_seconds\" must be a whole number of seconds, 1 to \(IdleSleep.maximumIdleSeconds)"
                    )
                }
                settings.idleSeconds = seconds
            default:
                throw fail(
                    "unknown setting \"\(QuotedInput.cut(entry.key))\" (this cleartouch knows \(knownKeys.joined(separator: ", "))): written by a newer cleartouch?"
                )
            }
        }
        // An open list is one of "lists": without them, or past their end, it would be
        // dropped silently (and not written back).
        if let openListLine, let openList = settings.openList {
            guard let lists = settings.lists else {
                throw ExpectationFileError(
                    path: path, line: openListLine,
                    message: "\"open_list\" needs \"lists\" (it opens one of them)")
            }
            guard lists.indices.contains(openList) else {
                throw ExpectationFileError(
                    path: path, line: openListLine,
                    message:
                        "\"open_list\" is \(openList), past the \(lists.count) of \"lists\" (0 opens the first)"
                )
            }
        }
        return settings
    }
}

extension ScreenSize {
    /// `WxH` with both in 1…100000 (as `--screen` takes them), or nil.
    init?(parsing text: String) {
        let parts = text.split(
            omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (1...100_000).contains(width), (1...100_000).contains(height)
        else { return nil }
        self.init(widthPixels: width, heightPixels: height)
    }
}

extension ReplaySettings {
    /// The settings a replay of `source` ran with, for an expectation written to
    /// `expectationPath`: the screen and row height it used, the starting list when one
    /// was given, and the description file when one was given (relative to the
    /// expectation's folder: `RegressionSuite.recordedPath`).
    public init(replayed source: ReplaySource, result: ReplayResult, expectationPath: String) {
        self.init(
            screen: result.screen, rowHeightPixels: result.rowHeightPixels,
            list: source.listPath != nil || source.listItems != nil ? result.initialItems : nil,
            descPath: source.descPath.map {
                RegressionSuite.recordedPath($0, forExpectationAt: expectationPath)
            }, keyboardMode: source.keyboardMode,
            keyboardLayoutName: source.keyboardLayout.flatMap {
                KeyboardLayout.embedded(named: $0.name) == $0 ? $0.name : nil
            }, calibration: source.calibration,
            rotation: source.rotation == .none ? nil : source.rotation)
        levels = source.levels
        idleSeconds = source.idleSeconds.flatMap { $0 > 0 ? $0 : nil }
        if let initialLists = result.initialLists {
            list = nil
            lists = initialLists
            openList = result.initialOpenList
        }
    }

    /// `source` with the settings of the expectation at `expectationPath` (command-line
    /// settings win).
    public func applied(to source: ReplaySource, expectationPath: String) -> ReplaySource {
        applied(to: source, folder: RegressionSuite.folder(of: expectationPath))
    }
}
