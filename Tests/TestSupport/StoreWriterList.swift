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
}
