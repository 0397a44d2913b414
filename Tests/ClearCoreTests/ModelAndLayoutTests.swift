import ClearCore
import Testing
import TouchInput

@Suite struct TodoListTests {
    @Test func swiftSamplesAreTheTwelveTutorialItemsInOrder() {
        let texts = TodoList.swiftTutorialSamples.map(\.text)
        #expect(
            texts == [
                "feed the cat", "buy eggs", "watch WWDC videos", "rule the Web", "buy a new iPhone",
                "darn holes in socks", "write this tutorial", "master Swift", "learn to draw",
                "get more exercise", "catch up with Mom", "get a hair cut",
            ])
        #expect(TodoList.swiftTutorialSamples.allSatisfy { !$0.completed })
        #expect(Set(TodoList.swiftTutorialSamples.map(\.id)).count == 12)
    }

    @Test func idsStayStableAndAreNeverReused() {
        var list = TodoList(items: TodoList.swiftTutorialSamples)
        let third = list[2].id
        let added = list.insert(text: "new", at: 0)
        #expect(added.id.rawValue == 13)
        #expect(list.index(of: third) == 3)
        list.remove(at: 0)
        let again = list.insert(at: 5)
        #expect(again.id.rawValue == 14)
        list.setText("typed", at: 5)
        list.setCompleted(true, at: 5)
        #expect(list[5] == TodoItem(id: again.id, text: "typed", completed: true))
    }

    @Test func duplicateIdsAreRenumbered() {
        let id = ItemID(rawValue: 4)
        let list = TodoList(items: [TodoItem(id: id, text: "a"), TodoItem(id: id, text: "b")])
        #expect(list.items.map(\.id.rawValue) == [4, 5])
    }

    @Test func insertIndexIsClampedToTheList() {
        var list = TodoList(items: [])
        list.insert(text: "x", at: 7)
        list.insert(text: "y", at: -3)
        #expect(list.items.map(\.text) == ["y", "x"])
    }
}

@Suite struct ClearLayoutTests {
    @Test func defaultRowHeightIsClearsProportion() {
        #expect(
            ClearLayout(screen: ScreenSize(widthPixels: 320, heightPixels: 480)).rowHeightPixels
                == 50)
        // 1080·50/320 = 168.75
        #expect(ClearLayout(screen: .defaultKiosk).rowHeightPixels == 169)
        #expect(ClearLayout(screen: .defaultKiosk, rowHeightPixels: 120).rowHeightPixels == 120)
        #expect(ClearLayout(screen: .defaultKiosk, rowHeightPixels: .nan).rowHeightPixels == 1)
    }

    @Test func hitTestIsStrictlyInside() {
        let layout = smallLayout
        func hit(_ y: Double, offset: Double = 0) -> Int? {
            layout.modelIndex(at: Point(x: 10, y: y), itemCount: 12, scrollOffsetPixels: offset)
        }
        #expect(hit(0) == nil)
        #expect(hit(0.001) == 0)
        #expect(hit(49.999) == 0)
        #expect(hit(50) == nil)
        #expect(hit(50.001) == 1)
        #expect(hit(599.999) == 11)
        #expect(hit(600.5) == nil)
        #expect(hit(-0.5) == nil)
        // Scrolled by 75: row 1 spans screen 0...25 exclusive.
        #expect(hit(24.999, offset: 75) == 1)
        #expect(hit(25, offset: 75) == nil)
        #expect(hit(25.001, offset: 75) == 2)
        // Pulled down by 30: row 0 starts at 30.
        #expect(hit(30, offset: -30) == nil)
        #expect(hit(30.001, offset: -30) == 0)
        #expect(
            layout.modelIndex(at: Point(x: 321, y: 10), itemCount: 12, scrollOffsetPixels: 0) == nil
        )
    }

    @Test func scrollingIsClampedAndThePullRegionIsAboveTheTop() {
        let layout = smallLayout
        #expect(layout.maximumScrollOffsetPixels(itemCount: 12) == 120)
        #expect(layout.maximumScrollOffsetPixels(itemCount: 3) == 0)
        #expect(layout.clampedScrollOffset(500, itemCount: 12) == 120)
        #expect(layout.clampedScrollOffset(-20, itemCount: 12) == 0)
        #expect(layout.clampedScrollOffset(-20, itemCount: 12, allowingPull: true) == -20)
        #expect(layout.clampedScrollOffset(-900, itemCount: 12, allowingPull: true) == -480)
        #expect(layout.clampedScrollOffset(.infinity, itemCount: 12) == 0)
    }

    @Test func visibleRowsIncludePartlyVisibleOnes() {
        let layout = smallLayout
        #expect(layout.visibleRows(itemCount: 12, scrollOffsetPixels: 0) == 0..<10)
        #expect(layout.visibleRows(itemCount: 12, scrollOffsetPixels: 120) == 2..<12)
        #expect(layout.visibleRows(itemCount: 12, scrollOffsetPixels: -40) == 0..<9)
        #expect(layout.visibleRows(itemCount: 0, scrollOffsetPixels: 0).isEmpty)
        #expect(layout.visibleIndex(ofModelIndex: 5, scrollOffsetPixels: 120) == 3)
    }

    @Test func heatMapColours() {
        #expect(heatColor(index: 0, count: 1) == RGBColor(red: 1, green: 0, blue: 0))
        #expect(heatColor(index: 0, count: 12) == RGBColor(red: 1, green: 0, blue: 0))
        #expect(heatColor(index: 11, count: 12) == RGBColor(red: 1, green: 0.6, blue: 0))
        #expect(heatColor(index: 1, count: 3) == RGBColor(red: 1, green: 0.3, blue: 0))
    }
}

@Suite struct TimingCurveTests {
    /// The curve's x(s) and y(s), solved here by plain bisection, independently of TimingCurve.
    static func easeInOutByBisection(_ x: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0
        var high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if bezier(mid, 0.42, 0.58) < x { low = mid } else { high = mid }
        }
        return bezier((low + high) / 2, 0, 1)
    }

    @Test func easeInOutMatchesTheBezierDefinition() {
        let curve = TimingCurve.easeInOut
        #expect(curve.value(atProgress: 0) == 0)
        #expect(curve.value(atProgress: 1) == 1)
        #expect(curve.value(atProgress: -1) == 0)
        #expect(curve.value(atProgress: 2) == 1)
        #expect(abs(curve.value(atProgress: 0.5) - 0.5) < 1e-12)
        for x in stride(from: 0.01, to: 1, by: 0.01) {
            #expect(abs(curve.value(atProgress: x) - Self.easeInOutByBisection(x)) < 1e-12)
        }
        // Slow start: a quarter of the time covers much less than a quarter of the way.
        #expect(curve.value(atProgress: 0.25) < 0.15)
        #expect(curve.value(atProgress: 0.25) > 0.12)
    }

    @Test func linearIsTheIdentity() {
        for x in stride(from: 0.0, through: 1, by: 0.125) {
            #expect(abs(TimingCurve.linear.value(atProgress: x) - x) < 1e-12)
        }
    }
}
