import ClearCore
import GestureRecognition
import ListStore
import TestSupport
import Testing
import TouchInput

/// Random reorders, clears and completions (seeded): no item is ever lost or duplicated,
/// every change is exactly one action and one save, and the saved list always equals
/// the model.
@Suite struct ReorderClearPropertyTests {
    let layout = ClearLayout(screen: ScreenSize(widthPixels: 320, heightPixels: 480))

    func event(_ id: Int, _ state: GestureState, _ time: Int64, _ values: GestureValues)
        -> GestureEvent
    {
        GestureEvent(
            id: GestureID(rawValue: id), state: state, timeMicroseconds: time, values: values)
    }

    func drag(start: Point, dx: Double, dy: Double) -> PanValues {
        PanValues(
            startPixels: start, locationPixels: Point(x: start.x + dx, y: start.y + dy),
            translationPixels: Point(x: dx, y: dy), velocityPixelsPerSecond: .zero)
    }

    /// The list as the recorded actions say it must be.
    func apply(_ action: Action, to list: inout [TodoItem]) {
        switch action.kind {
        case .move:
            let item = list.remove(at: action.index)
            list.insert(item, at: action.to!)
        case .clearCompleted:
            #expect(list.filter(\.completed).count == action.count)
            list.removeAll { $0.completed }
        case .complete: list[action.index].completed = true
        case .uncomplete: list[action.index].completed = false
        default: Issue.record("unexpected action \(action.summary)")
        }
    }

    @Test(arguments: 0..<24 as Range<UInt64>)
    func randomReordersAndClearsNeverLoseOrDuplicateAnItem(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 1...25, using: &rng)
        let initial = (0..<count).map {
            TodoItem(
                id: ItemID(rawValue: UInt64($0 + 1)), text: "item \($0)",
                completed: Bool.random(using: &rng))
        }
        let controller = ClearController(items: initial, layout: layout)
        let folder = ScratchFolder()
        let store = fixedClockStore(folder.file("list.json"))
        try store.save(initial)
        var saved = initial
        var saves = 0
        var reference = initial
        var seenActions = 0
        var time: Int64 = 0
        var id = 0

        func deliver(_ report: GestureEvent) throws {
            controller.handle(report)
            for action in controller.actions[seenActions...] { apply(action, to: &reference) }
            seenActions = controller.actions.count
            #expect(controller.items == reference, "seed \(seed)")
            // The app's rule (ListPersistence): save whenever the items changed.
            if controller.items != saved {
                try store.save(controller.items)
                saved = controller.items
                saves += 1
                #expect(try store.load() == controller.items, "seed \(seed)")
            }
        }

        for _ in 0..<40 {
            id += 1
            time += 1_000_000  // earlier animations are over
            let final: GestureState = Int.random(in: 0..<5, using: &rng) == 0 ? .cancelled : .ended
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:  // hold a row and drag it about, through the edge zones too
                var y = Double.random(in: 0...480, using: &rng)
                try deliver(
                    event(id, .began, time, .longPress(locationPixels: Point(x: 160, y: y))))
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    time += Int64.random(in: 1_000...400_000, using: &rng)
                    y = Double.random(in: -40...520, using: &rng)
                    try deliver(
                        event(id, .changed, time, .longPress(locationPixels: Point(x: 160, y: y))))
                }
                try deliver(event(id, final, time, .longPress(locationPixels: Point(x: 160, y: y))))
            case 1:  // a vertical drag, up (a pull up when the list is at its end) or down
                let start = Point(x: 160, y: 240)
                let dy = Double.random(in: -700...200, using: &rng)
                try deliver(event(id, .began, time, .scroll(drag(start: start, dx: 0, dy: dy / 2))))
                try deliver(
                    event(id, .changed, time + 10_000, .scroll(drag(start: start, dx: 0, dy: dy))))
                try deliver(
                    event(id, final, time + 20_000, .scroll(drag(start: start, dx: 0, dy: dy))))
            default:  // swipe a row right: completes it, or makes it active again
                let start = Point(x: 20, y: Double.random(in: 0...480, using: &rng))
                try deliver(event(id, .began, time, .pan(drag(start: start, dx: 100, dy: 0))))
                try deliver(
                    event(id, final, time + 10_000, .pan(drag(start: start, dx: 200, dy: 0))))
            }
            controller.advance(toMicroseconds: time + 500_000)
            let ids = controller.items.map(\.id)
            #expect(Set(ids).count == ids.count, "seed \(seed): an item is duplicated")
            let kept = Set(initial.map(\.id))
            #expect(Set(ids).isSubset(of: kept), "seed \(seed)")
        }
        // Nothing lost: every item is still there unless a clear removed it (completed).
        let cleared = Set(initial.map(\.id)).subtracting(controller.items.map(\.id))
        let clearCount = controller.actions.filter { $0.kind == .clearCompleted }
            .reduce(0) { $0 + $1.count! }
        #expect(cleared.count == clearCount, "seed \(seed)")
        // One action, one save.
        #expect(saves == controller.actions.count, "seed \(seed)")
        #expect(try store.load() == controller.items)
    }
}
