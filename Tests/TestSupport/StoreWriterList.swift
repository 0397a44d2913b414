import ClearCore

/// The lists that `cleartouch-store-writer` saves, one per generation, so that the
/// ListStore kill test can tell exactly which generation a file holds.
public enum StoreWriterList {
    /// Generation `generation`'s list of `count` items, ids 1...count.
    public static func items(generation: Int, count: Int) -> [TodoItem] {
        (0..<count).map { index in
            TodoItem(
                id: ItemID(rawValue: UInt64(index + 1)),
                text: "generation \(generation) item \(index)",
                completed: (index + generation) % 3 == 0)
        }
    }

    /// Generation `generation`'s lists (version 2 of the file): three lists holding
    /// `count` items between them, the second open, theme and sound varying.
    public static func lists(generation: Int, count: Int) -> TodoLists {
        let items = items(generation: generation, count: count)
        let third = count / 3
        let parts = [items[..<third], items[third..<(2 * third)], items[(2 * third)...]]
        return TodoLists(
            lists: parts.enumerated().map { index, part in
                TitledList(
                    id: ListID(rawValue: UInt64(index + 1)),
                    title: "generation \(generation) list \(index)",
                    completed: (index + generation) % 4 == 0, list: TodoList(items: Array(part)))
            },
            openIndex: generation % 2 == 0 ? 1 : nil,
            themeName: generation % 3 == 0 ? "heat" : "theme \(generation)",
            soundOn: generation % 5 != 0)
    }
}
