/// A stable identity for a to-do item, kept across edits and moves.
public struct ItemID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number behind the id; a list never reuses one.
    public var rawValue: UInt64

    /// The id with number `rawValue`.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Ids order by their numbers (a later item has a larger one).
    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }
    /// `item N`.
    public var description: String { "item \(rawValue)" }
}

/// One to-do item.
public struct TodoItem: Hashable, Sendable {
    /// The item's identity, stable across edits and moves.
    public var id: ItemID
    /// The text shown on the row.
    public var text: String
    /// True once the item is marked done (a green row with a strikethrough).
    public var completed: Bool

    /// An item; new items are not completed.
    public init(id: ItemID, text: String, completed: Bool = false) {
        self.id = id
        self.text = text
        self.completed = completed
    }
}

/// What a change to the list was. Raw values are the names used in JSON and golden files.
public enum ActionKind: String, Hashable, Sendable, CaseIterable {
    /// A row panned right past W/2: the item is marked done.
    case complete
    /// A completed row panned right past W/2: the item is no longer done.
    case uncomplete
    /// A row panned left past W/2, or an edit ended with empty text: the item is removed.
    case delete
    /// A pull or a pinch was released past H: a new, empty item is inserted.
    case add
    /// A tap on an item, or a new item: its text is being edited.
    case editBegin = "edit-begin"
    /// Editing ended (Return, Escape or a tap).
    case editEnd = "edit-end"
    /// A held row was dropped in another slot (real Clear): `index` is where it was,
    /// `to` where it is now.
    case move
    /// The list was pulled up past its end by more than H: every completed item is
    /// removed (real Clear); `count` says how many.
    case clearCompleted = "clear-completed"
    /// Items level: a pinch together by more than 2H, or a pull past 4H, closed the open
    /// list; `index` is the list's index among the lists (docs/clear-core.md, Levels).
    case closeList = "close-list"
    /// Lists level: a tap on a list opened it; `index` is the list's index.
    case openList = "open-list"
    /// Lists level: a pull past 4H showed the menu.
    case openMenu = "open-menu"
    /// Menu level: back to the lists (a tap on `My Lists`, a pinch together, a pull past 4H).
    case closeMenu = "close-menu"
    /// Menu level: a tap on `Themes` or `Settings` showed that page (`detail` names it).
    case openPage = "open-page"
    /// A page: back to the menu.
    case closePage = "close-page"
    /// Themes page: a tap on a theme applied it (`detail` names it).
    case theme
    /// Settings page: a tap on `Sound` switched the sound (`detail` says on or off).
    case sound
    /// `--idle-seconds` passed with no input: the screen went dark (`IdleSleep`).
    case sleep
    /// The first input after a sleep woke the screen; that touch does nothing else.
    case wake

    /// True for the actions that change rows (an item's, or at the lists level a list's):
    /// the ones that can carry `"on": "lists"`.
    public var changesRows: Bool {
        switch self {
        case .complete, .uncomplete, .delete, .add, .editBegin, .editEnd, .move, .clearCompleted:
            true
        default: false
        }
    }

    /// True for the navigation actions, which carry no index unless they open or close a list.
    public var hasIndex: Bool {
        switch self {
        case .openMenu, .closeMenu, .openPage, .closePage, .theme, .sound, .clearCompleted, .sleep,
            .wake:
            false
        default: true
        }
    }
}

/// What a row action applied to when it was not an item (`"on"` in JSON).
public enum ActionTarget: String, Hashable, Sendable {
    /// A list row at the lists level.
    case lists
}

/// The value a navigation action carries besides its kind.
public enum ActionDetail: Hashable, Sendable {
    /// `open-page`: `themes` or `settings`.
    case page(String)
    /// `theme`: the theme's name.
    case themeName(String)
    /// `sound`: the sound setting after the tap.
    case soundOn(Bool)
}

/// A change to the list, at an event time, on a model index.
public struct Action: Hashable, Sendable {
    /// The event time of the input that caused the change, in microseconds.
    public var timeMicroseconds: Int64
    /// What the change was.
    public var kind: ActionKind
    /// The model index the action applied to (for `delete`, the index before removal;
    /// for `move`, the index the item had before; for `close-list` and `open-list` the
    /// list's index; 0 for `clear-completed` and the other navigation actions, which have
    /// none).
    public var index: Int
    /// For `move`: the item's model index after the move; nil for every other kind.
    public var to: Int?
    /// For `clear-completed`: how many items were removed; nil for every other kind.
    public var count: Int?
    /// `.lists` for a row action at the lists level; nil for items and navigation.
    public var on: ActionTarget?
    /// The page, theme or sound setting of `open-page`, `theme` and `sound`; nil otherwise.
    public var detail: ActionDetail?

    /// An action of `kind` at `timeMicroseconds` on model index `index`.
    public init(
        timeMicroseconds: Int64, kind: ActionKind, index: Int, to: Int? = nil, count: Int? = nil,
        on: ActionTarget? = nil, detail: ActionDetail? = nil
    ) {
        self.on = on
        self.detail = detail
        self.timeMicroseconds = timeMicroseconds
        self.kind = kind
        self.index = index
        self.to = to
        self.count = count
    }

    /// A `move` of the item at `from` to `to`.
    public static func move(timeMicroseconds: Int64, from: Int, to: Int) -> Action {
        Action(timeMicroseconds: timeMicroseconds, kind: .move, index: from, to: to)
    }

    /// A `clear-completed` that removed `count` items.
    public static func clearCompleted(timeMicroseconds: Int64, count: Int) -> Action {
        Action(timeMicroseconds: timeMicroseconds, kind: .clearCompleted, index: 0, count: count)
    }

    /// The action without its time, as people read it: `complete 2`, `move 3 → 5`,
    /// `clear-completed 4` (the count).
    public var summary: String {
        switch kind {
        case .move: "move \(index) → \(to ?? index)" + onSuffix
        case .clearCompleted: "clear-completed \(count ?? 0)" + onSuffix
        case .openMenu, .closeMenu, .closePage, .sleep, .wake: kind.rawValue
        case .openPage, .theme, .sound: "\(kind.rawValue) \(detailText)"
        default: "\(kind.rawValue) \(index)" + onSuffix
        }
    }

    private var onSuffix: String { on.map { " on \($0.rawValue)" } ?? "" }

    private var detailText: String {
        switch detail {
        case .page(let name), .themeName(let name): name
        case .soundOn(let on): on ? "on" : "off"
        case nil: ""
        }
    }
}
