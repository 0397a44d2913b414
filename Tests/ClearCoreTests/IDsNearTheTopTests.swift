import ClearCore
import TestSupport
import Testing

/// Ids anywhere the list file allows, 0 to 2^64 − 1 (docs/lists.md, "Ids"): a list and the
/// lists give every new item or list an id they never held, never wrap from 2^64 − 1 back
/// to 0 (which made duplicate ids, and the next start moved the file aside), and renumber
/// repeated ids without overflowing (which crashed `TodoLists.init`).
@Suite struct IDsNearTheTopTests {
    static let top = UInt64.max

    /// Sets of ids held at the start: the top alone and with 0, just below the top, runs
    /// up to the top and from 0, both ends, and random ones with the top.
    static let idSets: [[UInt64]] = {
        var sets: [[UInt64]] = [
            [top], [top, 0], [0, top], [top - 1], [top - 2, top], [top - 1, 0, 1],
            Array((top - 5)...top), Array(0...5) + [top], Array(0...3) + Array((top - 3)...top),
            [top, top / 2], [1, top, 2, 4],
        ]
        var random = SplitMix64(seed: 0x1D5_70B)
        for _ in 0..<6 {
            var set: Set<UInt64> = [top]
            for _ in 0..<Int(random.next() % 6) {
                set.insert(random.next() % 8)
                set.insert(top - random.next() % 8)
            }
            sets.append(set.sorted())
        }
        return sets
    }()

    /// Each set as it is, and with each of its ids repeated (the renumbering).
    static let idSetsWithRepeats: [[UInt64]] = idSets + idSets.map { $0 + $0 }

    @Test(arguments: idSetsWithRepeats)
    func newItemIDsAreNeverOnesTheListHeld(ids: [UInt64]) {
        var list = TodoList(
            items: ids.enumerated().map { TodoItem(id: ItemID(rawValue: $1), text: "\($0)") })
        #expect(Set(list.items.map(\.id)).count == list.count, "\(ids): repeated ids kept")
        var held = Set(list.items.map(\.id.rawValue))
        #expect(held.isSuperset(of: ids), "\(ids): a first id was renumbered")
        for step in 0..<24 {
            let item = list.insert(text: "new \(step)", at: step % 3)
            #expect(
                held.insert(item.id.rawValue).inserted, "\(ids): id \(item.id.rawValue) given again"
            )
            #expect(Set(list.items.map(\.id)).count == list.count, "\(ids): two items share an id")
            if step % 4 == 1 { list.remove(at: 0) }
        }
    }

    @Test(arguments: idSetsWithRepeats)
    func newListIDsAreNeverOnesTheListsHeld(ids: [UInt64]) {
        var lists = TodoLists(
            lists: ids.map {
                TitledList(id: ListID(rawValue: $0), title: "\($0)", list: TodoList(items: []))
            },
            openIndex: 0)
        #expect(Set(lists.lists.map(\.id)).count == lists.count, "\(ids): repeated ids kept")
        var held = Set(lists.lists.map(\.id.rawValue))
        for step in 0..<24 {
            let list = lists.insertList(title: "new \(step)", at: step % 3)
            #expect(
                held.insert(list.id.rawValue).inserted, "\(ids): id \(list.id.rawValue) given again"
            )
            #expect(
                Set(lists.lists.map(\.id)).count == lists.count, "\(ids): two lists share an id")
            if step % 4 == 1 { lists.removeList(at: 0) }
        }
    }

    /// The lists level's rows are a `TodoList` whose ids are the lists' ids: a list added
    /// there (the crash of `replay --list` and the app) comes back as a list with an id of
    /// its own.
    @Test(arguments: idSets)
    func aListAddedAtTheListsLevelGetsAnIDNoOtherHas(ids: [UInt64]) {
        let stored = TodoLists(
            lists: ids.map {
                TitledList(id: ListID(rawValue: $0), title: "\($0)", list: TodoList(items: []))
            },
            openIndex: nil)
        var rows = TodoList(
            items: stored.lists.map {
                TodoItem(id: ItemID(rawValue: $0.id.rawValue), text: $0.title)
            })
        for step in 0..<4 { rows.insert(text: "added \(step)", at: 0) }
        let reconciled = TodoLists(
            lists: rows.items.map {
                TitledList(
                    id: ListID(rawValue: $0.id.rawValue), title: $0.text, list: TodoList(items: []))
            },
            openIndex: nil)
        #expect(reconciled.lists.map(\.title) == rows.items.map(\.text), "\(ids)")
        #expect(
            reconciled.lists.map(\.id.rawValue) == rows.items.map(\.id.rawValue),
            "\(ids): renumbered")
        #expect(Set(reconciled.lists.map(\.id)).count == reconciled.count, "\(ids)")
    }
}
