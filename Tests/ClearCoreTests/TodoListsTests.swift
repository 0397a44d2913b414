import ClearCore
import Testing

/// The lists of lists at their boundaries: no list, one, the last index, and indices
/// outside the lists (a defined no-op).
@Suite struct TodoListsTests {
    /// Lists titled `titles`, ids 1, 2, ..., each holding one item, none open.
    func lists(_ titles: [String], open: Int? = nil) -> TodoLists {
        TodoLists(
            lists: titles.enumerated().map { index, title in
                TitledList(
                    id: ListID(rawValue: UInt64(index + 1)), title: title,
                    list: TodoList(texts: [(text: "\(title) item", completed: false)]))
            },
            openIndex: open)
    }

    @Test func theDefaultIsOneOpenListToDoWithTheTutorialItems() {
        let lists = TodoLists()
        #expect(lists.count == 1)
        #expect(lists[0].title == "To Do")
        #expect(!lists[0].completed)
        #expect(lists[0].list.items == TodoList.swiftTutorialSamples)
        #expect(lists.openIndex == 0)
        #expect(lists.themeName == "heat")
        #expect(lists.soundOn)
        let given = [TodoItem(id: ItemID(rawValue: 9), text: "a")]
        #expect(TodoLists(items: given).openList?.list.items == given)
        #expect(TodoLists(items: []).openList?.list.isEmpty == true)
    }

    @Test func duplicateListIDsAreRenumberedAndAnOpenIndexOutsideIsNone() {
        let list = TitledList(id: ListID(rawValue: 3), title: "a", list: TodoList(items: []))
        let lists = TodoLists(lists: [list, list, list], openIndex: 3)
        #expect(lists.lists.map(\.id.rawValue) == [3, 4, 5])
        #expect(lists.openIndex == nil)
        #expect(TodoLists(lists: [list], openIndex: -1).openIndex == nil)
        #expect(TodoLists(lists: [list], openIndex: 0).openIndex == 0)
        #expect(TodoLists(lists: [], openIndex: 0).openIndex == nil)
    }

    @Test func insertingGivesANewIDClampsTheIndexAndKeepsTheOpenList() {
        var lists = lists(["a", "b"], open: 1)
        let first = lists.insertList(title: "new", at: 0)
        #expect(first.id == ListID(rawValue: 3))
        #expect(first.list.isEmpty && !first.completed)
        #expect(lists.openList?.title == "b")
        let last = lists.insertList(title: "end", at: 99)
        #expect(lists.lists.last == last)
        let front = lists.insertList(title: "front", at: -5)
        #expect(lists[0] == front)
        #expect(lists.lists.map(\.title) == ["front", "new", "a", "b", "end"])
        #expect(lists.openList?.title == "b")
        // Ids are not reused after a removal.
        lists.removeList(at: 4)
        #expect(lists.insertList(title: "again", at: 0).id == ListID(rawValue: 6))
        var empty = TodoLists(lists: [], openIndex: nil)
        #expect(empty.insertList(title: "only", at: 0).id == ListID(rawValue: 1))
        #expect(empty.count == 1 && empty.openIndex == nil)
    }

    @Test func removingTakesTheItemsAndFollowsTheOpenList() {
        var lists = lists(["a", "b", "c"], open: 2)
        #expect(lists.removeList(at: 3) == nil)
        #expect(lists.removeList(at: -1) == nil)
        #expect(lists.count == 3)
        let removed = lists.removeList(at: 0)
        #expect(removed?.title == "a")
        #expect(removed?.list.items.map(\.text) == ["a item"])
        #expect(lists.openIndex == 1)
        #expect(lists.openList?.title == "c")
        lists.removeList(at: 1)  // the open one (the last index)
        #expect(lists.openIndex == nil)
        lists.removeList(at: 0)
        #expect(lists.isEmpty)
        #expect(lists.removeList(at: 0) == nil)
    }

    @Test func completingRenamingAndOpeningOutsideTheListsChangeNothing() {
        var lists = lists(["a"])
        let before = lists
        lists.setCompleted(true, at: 1)
        lists.setTitle("x", at: -1)
        lists.open(at: 1)
        lists.replaceItems(TodoList(items: []), at: 1)
        lists.replaceOpenItems(TodoList(items: []))  // none open
        #expect(lists == before)
        lists.setCompleted(true, at: 0)
        lists.setTitle("renamed", at: 0)
        lists.open(at: 0)
        #expect(lists[0].completed && lists[0].title == "renamed" && lists.openIndex == 0)
        lists.setCompleted(false, at: 0)
        #expect(!lists[0].completed)
        lists.closeList()
        #expect(lists.openIndex == nil && lists.openList == nil)
    }

    @Test func movingKeepsTheOthersInOrderAndTheOpenListOpen() {
        var lists = lists(["a", "b", "c", "d"], open: 0)
        lists.moveList(from: 0, to: 3)
        #expect(lists.lists.map(\.title) == ["b", "c", "d", "a"])
        #expect(lists.openIndex == 3)
        lists.moveList(from: 3, to: -2)
        #expect(lists.lists.map(\.title) == ["a", "b", "c", "d"])
        lists.moveList(from: 2, to: 99)
        #expect(lists.lists.map(\.title) == ["a", "b", "d", "c"])
        #expect(lists.openIndex == 0)
        lists.moveList(from: 1, to: 1)
        lists.moveList(from: 4, to: 0)
        #expect(lists.lists.map(\.title) == ["a", "b", "d", "c"])
    }

    @Test func removingCompletedListsKeepsTheOthersAndTheirOrder() {
        var lists = lists(["a", "b", "c", "d"], open: 3)
        #expect(lists.removeCompletedLists().isEmpty)
        lists.setCompleted(true, at: 0)
        lists.setCompleted(true, at: 2)
        let removed = lists.removeCompletedLists()
        #expect(removed.map(\.index) == [0, 2])
        #expect(removed.map(\.list.title) == ["a", "c"])
        #expect(lists.lists.map(\.title) == ["b", "d"])
        #expect(lists.openList?.title == "d")
        lists.setCompleted(true, at: 1)
        lists.removeCompletedLists()
        #expect(lists.openIndex == nil)
        lists.setCompleted(true, at: 0)
        lists.removeCompletedLists()
        #expect(lists.isEmpty)
    }

    @Test func theOpenListsItemsAreSwappedInAndCounted() {
        var lists = lists(["a", "b"], open: 1)
        var items = lists.openList!.list
        items.insert(text: "more", at: 0)
        items.insert(text: "done", completed: true, at: 2)
        lists.replaceOpenItems(items)
        #expect(lists[1].list.items.map(\.text) == ["more", "b item", "done"])
        #expect(lists.openItemCounts == [1, 2])
        lists.replaceItems(TodoList(items: []), at: 0)
        #expect(lists.openItemCounts == [0, 2])
        #expect(TodoLists(lists: [], openIndex: nil).openItemCounts == [])
    }

    @Test func equalityIgnoresTheNextFreeIDs() {
        var grown = TodoList(items: [])
        grown.insert(text: "x", at: 0)
        grown.insert(text: "y", at: 1)
        grown.remove(at: 1)
        let fresh = TodoList(items: grown.items)
        #expect(grown != fresh)  // TodoList compares its next free id
        let a = TitledList(id: ListID(rawValue: 1), title: "t", list: grown)
        let b = TitledList(id: ListID(rawValue: 1), title: "t", list: fresh)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var lists = TodoLists(lists: [a], openIndex: 0)
        #expect(lists == TodoLists(lists: [b], openIndex: 0))
        lists.themeName = "other"
        #expect(lists != TodoLists(lists: [b], openIndex: 0))
    }
}
