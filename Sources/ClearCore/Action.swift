/// A stable identity for a to-do item, kept across edits and moves.
public struct ItemID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public var rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "item \(rawValue)" }
}

/// One to-do item.
public struct TodoItem: Hashable, Sendable {
    public var id: ItemID
    public var text: String
    public var completed: Bool

    public init(id: ItemID, text: String, completed: Bool = false) {
        self.id = id
        self.text = text
        self.completed = completed
    }
}

/// What a change to the list was. Raw values are the names used in JSON and golden files.
public enum ActionKind: String, Hashable, Sendable, CaseIterable {
    case complete
    case uncomplete
    case delete
    case add
    case editBegin = "edit-begin"
    case editEnd = "edit-end"
}

/// A change to the list, at an event time, on a model index.
public struct Action: Hashable, Sendable {
    public var timeMicroseconds: Int64
    public var kind: ActionKind
    /// The model index the action applied to (for `delete`, the index before removal).
    public var index: Int

    public init(timeMicroseconds: Int64, kind: ActionKind, index: Int) {
        self.timeMicroseconds = timeMicroseconds
        self.kind = kind
        self.index = index
    }
}
