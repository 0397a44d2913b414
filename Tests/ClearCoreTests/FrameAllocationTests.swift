import AllocationCounter
import ClearCore
import Testing
import TouchInput
import TouchScript

/// The core's share of a kiosk frame allocates nothing once its buffers have grown: touch
/// events handed to the session, time passing, and the presentation built into a buffer
/// that is kept (`presentation(atMicroseconds:into:)`), as the app's loop does
/// (docs/app.md, "Running for months"). Counted on the test's own thread
/// (`cleartouch_thread_allocation_count`), so tests running beside it do not count.
@Suite struct FrameAllocationTests {
    static let layout = ClearLayout(
        screen: ScreenSize(widthPixels: 540, heightPixels: 960), rowHeightPixels: 84)
    static let frameMicroseconds: Int64 = 16_667

    /// A visit of the soak day's kind without typing: a row swiped right past W/2 and back
    /// (pan, cues, the completed row sliding), a short pull (placeholder), a scroll down
    /// and back (deceleration), each followed by its animations.
    static func visit(startMicroseconds: Int64) -> [InputEvent] {
        var script = Script(startMicroseconds: startMicroseconds)
        script.drag(x: 150, y: 126, dx: 300, dy: 0)
        script.wait(milliseconds: 800)
        script.drag(x: 150, y: 126, dx: 300, dy: 0)
        script.wait(milliseconds: 800)
        script.drag(x: 270, y: 150, dx: 0, dy: 60, steps: 25)  // short of H: adds nothing
        script.wait(milliseconds: 800)
        script.drag(x: 270, y: 800, dx: 0, dy: -150, steps: 25)
        script.wait(milliseconds: 1500)
        script.drag(x: 270, y: 450, dx: 0, dy: 150, steps: 25)
        script.wait(milliseconds: 1500)
        script.tap(x: 270, y: 940)  // the frame that ends the last wait
        var events: [InputEvent] = []
        SyntheticTrace.inputEvents(script.events, into: &events)
        return events
    }

    /// Hands `events` to `session` as the app's loop does (each event, then a frame every
    /// 16.7 ms until the next one), building each frame into `buffer`; returns the
    /// allocations this thread made doing it, and whether every frame's rows were in the
    /// storage the first frame's were in.
    static func play(
        _ events: [InputEvent], through session: ClearSession, into buffer: inout Presentation
    ) -> (allocations: UInt64, sameRowStorage: Bool) {
        let before = cleartouch_thread_allocation_count()
        var frames = 0
        var storage: UInt?
        var sameRowStorage = true
        for (index, event) in events.enumerated() {
            session.handle(event)
            let next =
                index + 1 < events.count
                ? events[index + 1].timeMicroseconds : event.timeMicroseconds
            var time = event.timeMicroseconds
            repeat {
                session.advance(toMicroseconds: time)
                session.controller.presentation(atMicroseconds: time, into: &buffer)
                let address = buffer.rows.withUnsafeBufferPointer {
                    UInt(bitPattern: $0.baseAddress)
                }
                if storage == nil { storage = address }
                sameRowStorage = sameRowStorage && address == storage
                frames += 1
                time += frameMicroseconds
            } while time < next
        }
        #expect(frames > 0)
        return (cleartouch_thread_allocation_count() - before, sameRowStorage)
    }

    @Test func theCounterCountsThisThreadsAllocations() {
        let before = cleartouch_thread_allocation_count()
        var sink = 0
        for size in 1...10 { sink &+= Array(repeating: size, count: size).count }
        #expect(sink == 55)
        #expect(cleartouch_thread_allocation_count() - before >= 10)
    }

    /// The first visit grows the buffers (and the session's own); the second, the same
    /// gestures again, builds every frame in the same rows' storage and, optimized,
    /// allocates nothing, its rows, cues and placeholders included. Unoptimized code
    /// allocates on its own (boxes and copies the optimizer removes), so a debug build
    /// checks the storage only; `swift test -c release --filter FrameAllocationTests`
    /// checks the count, as `cleartouch-bench soak` does for the whole loop.
    @Test func aSecondVisitAllocatesNothing() {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: Self.layout)
        session.keepsGestureHistory = false
        session.controller.keepsHistory = false
        session.handle(.deviceAdded(SyntheticTouchscreen.description, timeMicroseconds: 0))
        var buffer = session.controller.presentation(atMicroseconds: 0)
        let warmUp = Self.play(
            Self.visit(startMicroseconds: 1_000_000), through: session, into: &buffer)
        #expect(warmUp.allocations > 0, "the buffers grew in the first visit")
        let second = Self.play(
            Self.visit(startMicroseconds: 60_000_000), through: session, into: &buffer)
        #expect(second.sameRowStorage)
        #if !DEBUG
            #expect(second.allocations == 0)
        #endif
        // The visit did what it shows: the row was completed and made active again.
        #expect(session.controller.items.allSatisfy { !$0.completed })
        #expect(session.controller.items.count == TodoList.swiftTutorialSamples.count)
    }

    /// `listsEqual`, the loop's check before a save, is `==` on the built lists: for the
    /// lists as they are, and once a row was completed, for the lists of before.
    @Test func listsEqualIsTheComparisonOfTheBuiltLists() {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: Self.layout)
        session.handle(.deviceAdded(SyntheticTouchscreen.description, timeMicroseconds: 0))
        let before = session.controller.lists
        #expect(session.controller.listsEqual(before))
        var script = Script(startMicroseconds: 1_000_000)
        script.drag(x: 150, y: 126, dx: 300, dy: 0)
        script.wait(milliseconds: 800)
        script.tap(x: 270, y: 940)
        var events: [InputEvent] = []
        SyntheticTrace.inputEvents(script.events, into: &events)
        for event in events { session.handle(event) }
        #expect(session.controller.items.contains { $0.completed })
        let after = session.controller.lists
        #expect(after != before)
        #expect(!session.controller.listsEqual(before))
        #expect(session.controller.listsEqual(after))
        var otherTheme = after
        otherTheme.themeName = "other"
        #expect(!session.controller.listsEqual(otherTheme))
    }

    /// A presentation built into a buffer that held another one is the one built afresh.
    @Test func aPresentationBuiltIntoAnOldBufferIsTheFreshOne() {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: Self.layout)
        session.handle(.deviceAdded(SyntheticTouchscreen.description, timeMicroseconds: 0))
        var buffer = session.controller.presentation(atMicroseconds: 0)
        for event in Self.visit(startMicroseconds: 1_000_000) {
            session.handle(event)
            let fresh = session.controller.presentation(atMicroseconds: event.timeMicroseconds)
            session.controller.presentation(atMicroseconds: event.timeMicroseconds, into: &buffer)
            #expect(buffer == fresh)
        }
    }
}
