import ClearCore
import ListStore
import TestSupport
import Testing

/// Random sessions of list and item operations over random lists (seeded, no clock):
/// no list or item is ever lost or duplicated (by ids and by a multiset of texts, against
/// a plain reference model), and after each save the file reads back equal to the model.
@Suite struct ListsPropertyTests {
    static let cases = 200
    static let operationsPerCase = 30

    /// The reference: lists as plain arrays, with the ids the model gave them.
    struct ReferenceList: Equatable {
        var id: ListID
        var title: String
        var completed: Bool
        var items: [TodoItem]
    }

    struct Reference {
        var lists: [ReferenceList]
        var open: ListID?
    }

    func reference(of model: TodoLists) -> Reference {
        Reference(
            lists: model.lists.map {
                ReferenceList(
                    id: $0.id, title: $0.title, completed: $0.completed, items: $0.list.items)
            },
            open: model.openList?.id)
    }

    func randomText(_ rng: inout SplitMix64) -> String {
        ["milk", "eggs", "", "ünï \"q\"", "a\nb", "✓", "\u{1}"].randomElement(using: &rng)!
            + String(Int.random(in: 0..<5, using: &rng))
    }

    func randomLists(_ rng: inout SplitMix64) -> TodoLists {
        let lists = (0..<Int.random(in: 0...5, using: &rng)).map { index in
            TitledList(
                id: ListID(rawValue: UInt64.random(in: 1...8, using: &rng)),  // duplicates too
                title: randomText(&rng), completed: Bool.random(using: &rng),
                list: TodoList(
                    items: (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                        TodoItem(
                            id: ItemID(rawValue: UInt64.random(in: 1...10, using: &rng)),
                            text: randomText(&rng), completed: Bool.random(using: &rng))
                    }))
        }
        return TodoLists(
            lists: lists, openIndex: Int.random(in: -1...5, using: &rng),
            themeName: ["heat", "high-contrast", "x"].randomElement(using: &rng)!,
            soundOn: Bool.random(using: &rng))
    }

    /// The ids are unique (lists; items within each list).
    func checkIDs(_ model: TodoLists, _ context: String) {
        let listIDs = model.lists.map(\.id)
        #expect(Set(listIDs).count == listIDs.count, "\(context): a list id is duplicated")
        for list in model.lists {
            let ids = list.list.items.map(\.id)
            #expect(Set(ids).count == ids.count, "\(context): an item id is duplicated")
        }
    }

    /// Every list and item, as a multiset of (list id, title, completed, item texts).
    func texts(_ lists: [ReferenceList]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for list in lists {
            counts["list \(list.id.rawValue) \(list.title) \(list.completed)", default: 0] += 1
            for item in list.items {
                counts[
                    "item \(list.id.rawValue) \(item.id.rawValue) \(item.text) \(item.completed)",
                    default: 0] += 1
            }
        }
        return counts
    }

    @Test func randomSessionsNeverLoseOrDuplicateAndTheFileEqualsTheModel() throws {
        let folder = ScratchFolder()
        let store = fixedClockStore(folder.file("list.json"))
        var rng = SplitMix64(seed: 0x11575)
        var saves = 0
        for run in 0..<Self.cases {
            var model = randomLists(&rng)
            var expected = reference(of: model)
            checkIDs(model, "case \(run) start")
            for step in 0..<Self.operationsPerCase {
                let context = "case \(run) step \(step)"
                // An index sometimes outside the lists: a defined no-op.
                let index = Int.random(in: -1...(model.count), using: &rng)
                let valid = expected.lists.indices.contains(index)
                switch Int.random(in: 0..<9, using: &rng) {
                case 0:
                    let title = randomText(&rng)
                    let new = model.insertList(title: title, at: index)
                    #expect(!expected.lists.contains { $0.id == new.id }, "\(context): id reused")
                    expected.lists.insert(
                        ReferenceList(id: new.id, title: title, completed: false, items: []),
                        at: min(max(index, 0), expected.lists.count))
                case 1:
                    let removed = model.removeList(at: index)
                    #expect((removed != nil) == valid, "\(context)")
                    if valid {
                        let gone = expected.lists.remove(at: index)
                        #expect(removed?.list.items == gone.items, "\(context)")
                        if expected.open == gone.id { expected.open = nil }
                    }
                case 2:
                    let flag = Bool.random(using: &rng)
                    model.setCompleted(flag, at: index)
                    if valid { expected.lists[index].completed = flag }
                case 3:
                    let title = randomText(&rng)
                    model.setTitle(title, at: index)
                    if valid { expected.lists[index].title = title }
                case 4:
                    let to = Int.random(in: -1...(model.count), using: &rng)
                    model.moveList(from: index, to: to)
                    if valid {
                        let list = expected.lists.remove(at: index)
                        expected.lists.insert(list, at: min(max(to, 0), expected.lists.count))
                    }
                case 5:
                    let removed = model.removeCompletedLists()
                    #expect(removed.allSatisfy { $0.list.completed }, "\(context)")
                    let gone = Set(expected.lists.filter(\.completed).map(\.id))
                    #expect(Set(removed.map(\.list.id)) == gone, "\(context)")
                    expected.lists.removeAll(where: \.completed)
                    if let open = expected.open, gone.contains(open) { expected.open = nil }
                case 6:
                    if Bool.random(using: &rng) {
                        model.open(at: index)
                        if valid { expected.open = expected.lists[index].id }
                    } else {
                        model.closeList()
                        expected.open = nil
                    }
                default:
                    // Work on the open list's items as the controller does, then swap them back.
                    guard let open = model.openList else { break }
                    var items = open.list
                    let at = expected.lists.firstIndex { $0.id == open.id }!
                    var reference = expected.lists[at].items
                    let itemIndex = Int.random(in: -1...items.count, using: &rng)
                    let validItem = reference.indices.contains(itemIndex)
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0:
                        let new = items.insert(text: randomText(&rng), at: itemIndex)
                        #expect(!reference.contains { $0.id == new.id }, "\(context): id reused")
                        reference.insert(new, at: min(max(itemIndex, 0), reference.count))
                    case 1:
                        items.remove(at: itemIndex)
                        if validItem { reference.remove(at: itemIndex) }
                    case 2:
                        let flag = Bool.random(using: &rng)
                        items.setCompleted(flag, at: itemIndex)
                        if validItem { reference[itemIndex].completed = flag }
                    case 3:
                        let to = Int.random(in: 0...items.count, using: &rng)
                        items.move(from: itemIndex, to: to)
                        if validItem {
                            let item = reference.remove(at: itemIndex)
                            reference.insert(item, at: min(to, reference.count))
                        }
                    default:
                        items.removeCompleted()
                        reference.removeAll(where: \.completed)
                    }
                    model.replaceOpenItems(items)
                    expected.lists[at].items = reference
                }
                checkIDs(model, context)
                let actual = reference(of: model)
                #expect(actual.lists == expected.lists, "\(context)")
                #expect(actual.open == expected.open, "\(context)")
                #expect(texts(actual.lists) == texts(expected.lists), "\(context)")
                #expect(
                    model.openItemCounts
                        == expected.lists.map { $0.items.filter { !$0.completed }.count })
                // Save at the end of each case (every save is synced and reads the old file:
                // keep the test fast); every sixth step, the bytes a save would write read
                // back equal.
                if step == Self.operationsPerCase - 1 {
                    try store.saveLists(model)
                    saves += 1
                    #expect(try store.loadLists() == model, "\(context): the file differs")
                } else if step % 6 == 5 {
                    #expect(
                        try ListStore.decodeLists(
                            String(decoding: ListStore.encodeLists(model), as: UTF8.self)) == model,
                        "\(context): the encoded lists differ")
                }
            }
        }
        print(
            "ListsPropertyTests: \(Self.cases) cases, \(Self.cases * Self.operationsPerCase) operations, \(saves) saves"
        )
    }
}
