/// The to-do list: items in display order, each with a stable id.
///
/// Ids are never reused within a list and never wrap: a new item gets one more than the
/// largest id the list has held, or past 2^64 − 1 the smallest id it has not held
/// (`FreshIDs`), so actions and presentations can follow an item across inserts,
/// deletes and edits.
public struct TodoList: Hashable, Sendable {
    /// The items in display order; ids are unique.
    public private(set) var items: [TodoItem]
    private var freshIDs: FreshIDs

    /// A list holding `items`; duplicate ids are renumbered (with ids the list never held)
    /// so that every id is unique.
    public init(items: [TodoItem]) {
        (self.items, freshIDs) = FreshIDs.renumberingRepeats(items, id: \.id.rawValue)
    }

    /// A list of texts with ids 1, 2, 3, ...
    public init(texts: [(text: String, completed: Bool)]) {
        self.init(
            items: texts.enumerated().map { index, entry in
                TodoItem(
                    id: ItemID(rawValue: UInt64(index + 1)), text: entry.text,
                    completed: entry.completed)
            })
    }

    /// The number of items.
    public var count: Int { items.count }
    /// True when the list holds no item.
    public var isEmpty: Bool { items.isEmpty }

    /// The item at model index `index` (which must be in the list).
    public subscript(index: Int) -> TodoItem { items[index] }

    /// The model index of the item with `id`, or nil when it is not in the list.
    public func index(of id: ItemID) -> Int? {
        items.firstIndex { $0.id == id }
    }

    /// Inserts a new item at `index` (clamped to 0...count) and returns it.
    @discardableResult
    public mutating func insert(text: String = "", completed: Bool = false, at index: Int)
        -> TodoItem
    {
        let item = TodoItem(id: ItemID(rawValue: freshIDs.next()), text: text, completed: completed)
        items.insert(item, at: min(max(index, 0), items.count))
        return item
    }

    /// Removes and returns the item at `index`; nil (and no change) for an index outside the list.
    @discardableResult
    public mutating func remove(at index: Int) -> TodoItem? {
        items.indices.contains(index) ? items.remove(at: index) : nil
    }

    /// Sets the completed flag of the item at `index`; no change for an index outside the list.
    public mutating func setCompleted(_ completed: Bool, at index: Int) {
        if items.indices.contains(index) { items[index].completed = completed }
    }

    /// Sets the text of the item at `index`; no change for an index outside the list.
    public mutating func setText(_ text: String, at index: Int) {
        if items.indices.contains(index) { items[index].text = text }
    }

    /// Moves the item at `from` so that it ends at model index `to` (both clamped to the
    /// list); the others keep their order. No change for an index outside the list.
    public mutating func move(from: Int, to: Int) {
        guard items.indices.contains(from) else { return }
        let item = items.remove(at: from)
        items.insert(item, at: min(max(to, 0), items.count))
    }

    /// Removes every completed item (the others keep their order) and returns the removed
    /// ones with the model indices they had.
    @discardableResult
    public mutating func removeCompleted() -> [(index: Int, item: TodoItem)] {
        let removed = items.enumerated().filter { $0.element.completed }.map {
            (index: $0.offset, item: $0.element)
        }
        items.removeAll { $0.completed }
        return removed
    }

    /// The number of completed items.
    public var completedCount: Int { items.reduce(0) { $0 + ($1.completed ? 1 : 0) } }

    /// The twelve sample items of the Swift tutorial, in order, with ids 1...12
    /// (docs/clear-rules.md §2, R-SW `ViewController.swift`).
    public static let swiftTutorialSamples: [TodoItem] = [
        "feed the cat", "buy eggs", "watch WWDC videos", "rule the Web", "buy a new iPhone",
        "darn holes in socks", "write this tutorial", "master Swift", "learn to draw",
        "get more exercise", "catch up with Mom", "get a hair cut",
    ].enumerated().map { index, text in
        TodoItem(id: ItemID(rawValue: UInt64(index + 1)), text: text)
    }
}
