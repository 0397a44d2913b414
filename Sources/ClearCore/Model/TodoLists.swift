/// The identity of a list among the lists: stable across renames, moves and the
/// lists' file (docs/lists.md).
public struct ListID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number behind the id; the lists never reuse one while the program runs.
    public var rawValue: UInt64

    /// The id with number `rawValue`.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Ids order by their numbers (a later list has a larger one).
    public static func < (lhs: ListID, rhs: ListID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `list N`.
    public var description: String { "list \(rawValue)" }
}

/// One list among the lists: its title, whether it is completed, and its items.
public struct TitledList: Hashable, Sendable {
    /// The list's identity among the lists.
    public var id: ListID
    /// The title shown on the list's row.
    public var title: String
    /// True once the list is marked done (swiped right at the lists level).
    public var completed: Bool
    /// The list's items.
    public var list: TodoList

    /// A list titled `title`.
    public init(id: ListID, title: String, completed: Bool = false, list: TodoList) {
        self.id = id
        self.title = title
        self.completed = completed
        self.list = list
    }

    /// The number of items not completed (shown on the list's row).
    public var openItemCount: Int { list.count - list.completedCount }

    /// Equal when id, title, completed flag and items are; the list's next free item id is
    /// not compared (a file does not keep it).
    public static func == (lhs: TitledList, rhs: TitledList) -> Bool {
        lhs.id == rhs.id && lhs.title == rhs.title && lhs.completed == rhs.completed
            && lhs.list.items == rhs.list.items
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(completed)
        hasher.combine(list.items)
    }
}

/// The lists of lists (real Clear's lists level): the lists in display order, which one is
/// open, the theme and the sound setting. It is what the list file (version 2) holds.
///
/// Every operation keeps list ids unique and never loses or duplicates a list or an item:
/// a list leaves only through `removeList(at:)` and `removeCompletedLists()`, and the open
/// list follows its list across inserts, moves and removals. An index outside the lists
/// is a defined no-op (nothing changes; the result says so), as in `TodoList`.
public struct TodoLists: Hashable, Sendable {
    /// The title of the one list a version-1 file or a session without a file starts with.
    public static let defaultTitle = "To Do"
    /// The theme used when none is given; the app falls back to it for a name it does not know.
    public static let defaultThemeName = "heat"

    /// The lists in display order; ids are unique.
    public private(set) var lists: [TitledList]
    /// The index of the open list (or of the last list open, at the lists level); nil when
    /// none is. Always an index of `lists` when not nil.
    public private(set) var openIndex: Int?
    /// The theme's name (any non-empty name; the theme list is the app's).
    public var themeName: String
    /// True when the app plays its sounds.
    public var soundOn: Bool
    private var freshIDs: FreshIDs

    /// The lists `lists` (duplicate ids are renumbered, with ids the lists never held, so
    /// that every id is unique), with list `openIndex` open (nil when it is not an index of
    /// `lists`).
    public init(
        lists: [TitledList], openIndex: Int?, themeName: String = defaultThemeName,
        soundOn: Bool = true
    ) {
        (self.lists, freshIDs) = FreshIDs.renumberingRepeats(lists, id: \.id.rawValue)
        self.openIndex = openIndex.flatMap { lists.indices.contains($0) ? $0 : nil }
        self.themeName = themeName
        self.soundOn = soundOn
    }

    /// One open list titled `To Do` holding `items` (the tutorial's twelve by default):
    /// what a session without a list file, and a version-1 file, start with.
    public init(items: [TodoItem] = TodoList.swiftTutorialSamples) {
        self.init(
            lists: [
                TitledList(
                    id: ListID(rawValue: 1), title: Self.defaultTitle, list: TodoList(items: items))
            ],
            openIndex: 0)
    }

    /// The number of lists.
    public var count: Int { lists.count }
    /// True when there is no list.
    public var isEmpty: Bool { lists.isEmpty }

    /// The list at index `index` (which must be in the lists).
    public subscript(index: Int) -> TitledList { lists[index] }

    /// The index of the list with `id`, or nil when it is not among the lists.
    public func index(of id: ListID) -> Int? {
        lists.firstIndex { $0.id == id }
    }

    /// The open list, or nil when none is.
    public var openList: TitledList? { openIndex.map { lists[$0] } }

    /// The count of open (not completed) items of each list, in display order.
    public var openItemCounts: [Int] { lists.map(\.openItemCount) }

    /// Opens the list at `index`; no change for an index outside the lists.
    public mutating func open(at index: Int) {
        if lists.indices.contains(index) { openIndex = index }
    }

    /// Leaves no list open.
    public mutating func closeList() { openIndex = nil }

    /// Inserts a new, empty list titled `title` at `index` (clamped to 0...count) and
    /// returns it. The open list stays open.
    @discardableResult
    public mutating func insertList(title: String, completed: Bool = false, at index: Int)
        -> TitledList
    {
        let list = TitledList(
            id: ListID(rawValue: freshIDs.next()), title: title, completed: completed,
            list: TodoList(items: []))
        let at = min(max(index, 0), lists.count)
        lists.insert(list, at: at)
        if let open = openIndex, open >= at { openIndex = open + 1 }
        return list
    }

    /// Removes and returns the list at `index` with its items; nil (and no change) for an
    /// index outside the lists. Removing the open list leaves none open.
    @discardableResult
    public mutating func removeList(at index: Int) -> TitledList? {
        guard lists.indices.contains(index) else { return nil }
        let removed = lists.remove(at: index)
        if let open = openIndex {
            openIndex = open == index ? nil : (open > index ? open - 1 : open)
        }
        return removed
    }

    /// Sets the completed flag of the list at `index`; no change for an index outside the lists.
    public mutating func setCompleted(_ completed: Bool, at index: Int) {
        if lists.indices.contains(index) { lists[index].completed = completed }
    }

    /// Sets the title of the list at `index`; no change for an index outside the lists.
    public mutating func setTitle(_ title: String, at index: Int) {
        if lists.indices.contains(index) { lists[index].title = title }
    }

    /// Moves the list at `from` so that it ends at index `to` (clamped to the lists); the
    /// others keep their order and the open list stays open. No change for a `from`
    /// outside the lists.
    public mutating func moveList(from: Int, to: Int) {
        guard lists.indices.contains(from) else { return }
        let openID = openList?.id
        let list = lists.remove(at: from)
        lists.insert(list, at: min(max(to, 0), lists.count))
        openIndex = openID.flatMap(index(of:))
    }

    /// Removes every completed list with its items (the others keep their order) and returns
    /// the removed ones with the indices they had. The open list stays open unless it is
    /// removed.
    @discardableResult
    public mutating func removeCompletedLists() -> [(index: Int, list: TitledList)] {
        let removed = lists.enumerated().filter { $0.element.completed }.map {
            (index: $0.offset, list: $0.element)
        }
        let openID = openList?.id
        lists.removeAll { $0.completed }
        openIndex = openID.flatMap(index(of:))
        return removed
    }

    /// Puts `items` in place of the items of the list at `index` (the controller's list,
    /// swapped back when the list closes); no change for an index outside the lists.
    public mutating func replaceItems(_ items: TodoList, at index: Int) {
        if lists.indices.contains(index) { lists[index].list = items }
    }

    /// Puts `items` in place of the open list's items; no change when no list is open.
    public mutating func replaceOpenItems(_ items: TodoList) {
        if let openIndex { lists[openIndex].list = items }
    }

    /// Equal when the lists, the open list, the theme and the sound setting are; the next
    /// free ids are not compared (a file does not keep them).
    public static func == (lhs: TodoLists, rhs: TodoLists) -> Bool {
        lhs.lists == rhs.lists && lhs.openIndex == rhs.openIndex
            && lhs.themeName == rhs.themeName && lhs.soundOn == rhs.soundOn
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(lists)
        hasher.combine(openIndex)
        hasher.combine(themeName)
        hasher.combine(soundOn)
    }
}
