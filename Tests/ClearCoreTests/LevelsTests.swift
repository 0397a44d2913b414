import ClearCore
import GestureRecognition
import TestSupport
import Testing
import TouchInput
import TouchScript

// The levels on the 320×480 test screen: H = 50, so a pinch together closes past a
// shrink of 2H = 100 px and a pull goes up a level past 4H = 200 px.

extension TouchScreenScript {
    /// Fingers on rows 1 and 5 (y 75 and 275, not adjacent) moved `each` px toward each other.
    mutating func pinchTogether(each: Double) {
        frame([(0, .down, 100, 75), (1, .down, 200, 275)])
        for step in 1...10 {
            let moved = each * Double(step) / 10
            frame([(0, .move, 100, 75 + moved), (1, .move, 200, 275 - moved)])
        }
        frame([(0, .up, 100, 75 + each), (1, .up, 200, 275 - each)])
        wait(600_000)
    }

    /// A pull of `distance` px from y 100, then a rest past the transition.
    mutating func pull(_ distance: Double) {
        drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 100 + distance), steps: 20)
        wait(600_000)
    }

    mutating func tapRow(_ row: Int) {
        tap(Point(x: 160, y: Double(row) * 50 + 25))
        wait(600_000)
    }
}

private func actions(_ session: ClearSession) -> [String] {
    session.controller.actions.map(\.summary)
}

@Suite struct LevelsTests {
    @Test func aPinchTogetherJustPast2HClosesTheList() {
        var script = TouchScreenScript()
        script.pinchTogether(each: 51)  // shrink 102 > 100
        let session = script.run()
        #expect(actions(session) == ["close-list 0"])
        #expect(session.controller.level == .lists)
        #expect(session.controller.list.items.map(\.text) == [TodoLists.defaultTitle])
        #expect(session.controller.items.count == 12)
    }

    @Test func aPinchTogetherJustShortOf2HSpringsBack() {
        var script = TouchScreenScript()
        script.pinchTogether(each: 49)  // shrink 98 < 100
        let session = script.run()
        #expect(actions(session).isEmpty)
        #expect(session.controller.level == .items)
        #expect(!session.controller.isAnimating(at: script.time + 2_000_000))
    }

    @Test func rowsFoldWhileTheFingersClose() {
        var script = TouchScreenScript()
        script.frame([(0, .down, 100, 75), (1, .down, 200, 275)])
        for step in 1...10 {
            let moved = 4.0 * Double(step)
            script.frame([(0, .move, 100, 75 + moved), (1, .move, 200, 275 - moved)])
        }
        let session = script.run()
        let rows = session.controller.presentation(atMicroseconds: script.time).rows
        #expect(rows.first?.framePixels.height ?? 50 < 50)
    }

    @Test func aPullJustPast4HGoesUpAndJustShortOfItAdds() {
        var past = TouchScreenScript()
        past.pull(202)
        let closed = past.run()
        #expect(actions(closed) == ["close-list 0"])
        var short = TouchScreenScript()
        short.pull(198)
        #expect(actions(short.run()) == ["add 0", "edit-begin 0"])
    }

    @Test func thePullCueChangesAtHAndAt4H() {
        for (distance, label) in [
            (40.0, ClearController.pullLabel), (60, ClearController.releaseLabel),
            (198, ClearController.releaseLabel), (202, ClearController.releaseToCloseListLabel),
        ] {
            var script = TouchScreenScript()
            script.frame([(0, .down, 100, 100)])
            for step in 1...20 {
                script.frame([(0, .move, 100, 100 + distance * Double(step) / 20)])
            }
            let session = script.run()
            #expect(
                session.controller.presentation(atMicroseconds: script.time).placeholder?.label
                    == label, "pull \(distance)")
        }
    }

    @Test func aTapOnAListOpensItAndTheListRowShowsItsOpenCount() {
        var script = TouchScreenScript()
        script.pull(250)
        let atLists = script.run()
        let row = atLists.controller.presentation(atMicroseconds: script.time + 2_000_000).rows[0]
        #expect(row.openItemCount == 12)
        #expect(atLists.controller.presentation(atMicroseconds: script.time).level == .lists)
        script.tapRow(0)
        let session = script.run()
        #expect(actions(session) == ["close-list 0", "open-list 0"])
        #expect(session.controller.level == .items)
        #expect(session.controller.list.count == 12)
    }

    @Test func aTouchDuringATransitionIsIgnored() {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 100, y: 100), to: Point(x: 100, y: 350), steps: 20)
        script.wait(100_000)  // the 0.35 s transition still runs
        script.tap(Point(x: 160, y: 25))
        let session = script.run()
        #expect(actions(session) == ["close-list 0"])
        #expect(session.controller.level == .lists)
    }

    @Test func listRowsTakeTheItemGesturesMarkedOnLists() {
        var script = TouchScreenScript()
        script.pull(250)
        script.pull(80)  // adds a list, its title edited at once
        script.type("Shop")
        script.key(KeyboardKey.returnCode)
        script.wait(600_000)
        script.drag(from: Point(x: 250, y: 75), to: Point(x: 30, y: 75))  // delete To Do
        let session = script.run()
        let made = session.controller.actions
        #expect(
            made.map(\.summary) == [
                "close-list 0", "add 0 on lists", "edit-begin 0 on lists", "edit-end 0 on lists",
                "delete 1 on lists",
            ])
        #expect(session.controller.lists.lists.map(\.title) == ["Shop"])
        #expect(session.controller.lists.openIndex == nil)
        #expect(session.controller.items.isEmpty)
    }

    @Test func theMenuItsPagesAndTheWaysBack() {
        var script = TouchScreenScript()
        script.pull(250)
        script.pull(250)
        script.tapRow(1)  // Themes
        script.tapRow(1)  // ocean
        script.tap(Point(x: 160, y: 400))  // no row: back to the menu
        script.wait(600_000)
        script.tapRow(2)  // Settings
        script.tapRow(0)  // Sound
        script.pinchTogether(each: 51)  // back to the menu
        script.tapRow(0)  // My Lists
        let session = ClearSession(
            lists: TodoLists(), layout: smallLayout, themeNames: ["heat", "ocean"])
        _ = script.run(session)
        #expect(
            actions(session) == [
                "close-list 0", "open-menu", "open-page themes", "theme ocean", "close-page",
                "open-page settings", "sound off", "close-page", "close-menu",
            ])
        #expect(session.controller.theme.name == "ocean")
        #expect(session.controller.lists.themeName == "ocean")
        #expect(session.controller.lists.soundOn == false)
        #expect(session.controller.level == .lists)
    }

    @Test func theSettingsRowShowsWhetherSoundIsOn() {
        var script = TouchScreenScript()
        script.pull(250)
        script.pull(250)
        script.tapRow(2)  // Settings
        script.wait(1_000_000)
        let onSettings = (events: script.events.count, time: script.time)
        script.tapRow(0)  // Sound: off
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        for event in script.events[..<onSettings.events] { session.handle(event) }
        session.advance(toMicroseconds: onSettings.time)
        #expect(session.controller.level == .settings)
        #expect(
            session.controller.presentation(atMicroseconds: onSettings.time).rows.map(\.settingOn)
                == [true])
        for event in script.events[onSettings.events...] { session.handle(event) }
        session.advance(toMicroseconds: script.time + 1_000_000)
        #expect(session.controller.soundOn == false)
        #expect(
            session.controller.presentation(atMicroseconds: script.time + 1_000_000).rows.map(
                \.settingOn) == [false])
    }

    @Test func levelsItemsKeepsTheKioskOnItsList() {
        var script = TouchScreenScript()
        script.pinchTogether(each: 60)
        script.pull(250)
        let session = script.run(
            ClearSession(lists: TodoLists(), layout: smallLayout, allowedLevels: .items))
        #expect(actions(session) == ["add 0", "edit-begin 0"])
        #expect(session.controller.level == .items)
    }

    @Test func levelsListsAllowsTheListsButNotTheMenu() {
        var script = TouchScreenScript()
        script.pull(250)
        script.pull(250)
        let session = script.run(
            ClearSession(lists: TodoLists(), layout: smallLayout, allowedLevels: .lists))
        #expect(
            actions(session) == ["close-list 0", "add 0 on lists", "edit-begin 0 on lists"])
    }

    @Test func noOpenListStartsAtTheListsLevel() {
        var lists = TodoLists()
        lists.closeList()
        let controller = ClearController(lists: lists, layout: smallLayout)
        #expect(controller.level == .lists)
        let onlyItems = ClearController(lists: lists, layout: smallLayout, allowed: .items)
        #expect(onlyItems.level == .items)
        #expect(onlyItems.items.count == 12)
    }
}

/// Random sessions over random lists: whatever the gestures, no item and no list is lost
/// or duplicated. Every change of the counts is explained by an action.
@Suite struct LevelsPropertyTests {
    /// The lists' shape: list id → its item ids.
    private static func shape(_ lists: TodoLists) -> [ListID: [ItemID]] {
        var shape: [ListID: [ItemID]] = [:]
        for list in lists.lists { shape[list.id] = list.list.items.map(\.id) }
        return shape
    }

    @Test(arguments: 0..<40)
    func randomSessionsNeverLoseOrDuplicateAnItemOrAList(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 2026)
        var lists: [TitledList] = []
        for index in 0..<Int.random(in: 1...5, using: &random) {
            lists.append(
                TitledList(
                    id: ListID(rawValue: UInt64(index + 1)), title: "list \(index)",
                    completed: Bool.random(using: &random),
                    list: TodoList(
                        items: (0..<Int.random(in: 0...8, using: &random)).map {
                            TodoItem(
                                id: ItemID(rawValue: UInt64($0 + 1)), text: "item \($0)",
                                completed: Bool.random(using: &random))
                        })))
        }
        let start = TodoLists(
            lists: lists, openIndex: Bool.random(using: &random) ? 0 : nil)
        let session = ClearSession(lists: start, layout: smallLayout)
        var script = TouchScreenScript()
        for _ in 0..<30 {
            let y = Double.random(in: 5...470, using: &random)
            switch Int.random(in: 0..<9, using: &random) {
            case 0: script.tap(Point(x: 160, y: y))
            case 1: script.drag(from: Point(x: 40, y: y), to: Point(x: 290, y: y))
            case 2: script.drag(from: Point(x: 290, y: y), to: Point(x: 30, y: y))
            case 3: script.pull(Double.random(in: 20...260, using: &random))
            case 4: script.pinchTogether(each: Double.random(in: 20...80, using: &random))
            case 5:
                script.drag(from: Point(x: 160, y: 400), to: Point(x: 160, y: 300))
            case 6:
                script.frame([(0, .down, 160, y)])
                script.wait(600_000)
                script.drag(from: Point(x: 160, y: y), to: Point(x: 160, y: y + 80))
            case 7:
                script.type("t")
                script.key(KeyboardKey.returnCode)
            default:
                script.key(KeyboardKey.escapeCode)
            }
            script.wait(Int64.random(in: 0...700_000, using: &random))
        }
        script.key(KeyboardKey.returnCode)
        var before = Self.shape(session.controller.lists)
        for event in script.events {
            session.handle(event)
            let after = Self.shape(session.controller.lists)
            let made = session.controller.takeActions()
            let level = session.controller.level
            // Lists: only a list action adds or removes one.
            let added = Set(after.keys).subtracting(before.keys)
            let removed = Set(before.keys).subtracting(after.keys)
            let listAdds = made.filter { $0.on == .lists && $0.kind == .add }.count
            let listRemovals = made.filter {
                $0.on == .lists && ($0.kind == .delete || $0.kind == .clearCompleted)
            }
            #expect(added.count == listAdds, "seed \(seed) \(made.map(\.summary))")
            if listRemovals.isEmpty { #expect(removed.isEmpty, "seed \(seed)") }
            // Items: within each list, ids stay unique, and a list keeps every item unless
            // an item action removed it.
            for (id, items) in after {
                #expect(Set(items).count == items.count, "seed \(seed): duplicate item in \(id)")
                guard let old = before[id] else { continue }
                let lost = Set(old).subtracting(items)
                let itemRemovals = made.filter {
                    $0.on == nil && ($0.kind == .delete || $0.kind == .clearCompleted)
                }
                if itemRemovals.isEmpty {
                    #expect(lost.isEmpty, "seed \(seed) at \(level): \(id) lost \(lost)")
                }
            }
            before = after
        }
    }
}
