import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// A touchpad removed mid-gesture, through `ClearSession`: the removal reaches the
/// touchpad mapping, which cancels the running gesture, so nothing is committed.
struct TouchpadRemovalTests {
    static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)
    static let pad = DeviceID(4)

    /// A session on the sample list; it maps touchpad input itself.
    static func makeSession() -> ClearSession {
        let session = ClearSession(
            items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen))
        let touchpad = DeviceDescription(
            id: pad, name: "synthetic touchpad", kind: .touchpad, screen: screen)
        session.handle(.deviceAdded(touchpad, timeMicroseconds: 1_000_000))
        return session
    }

    static func scroll(_ horizontal: Double, _ vertical: Double, at time: Int64) -> InputEvent {
        .pointerScroll(
            PointerScroll(
                device: pad, timeMicroseconds: time, source: .finger, horizontal: horizontal,
                vertical: vertical))
    }

    static func pinch(_ stage: TouchpadGesture.Stage, scale: Double, at time: Int64) -> InputEvent {
        .touchpadGesture(
            TouchpadGesture(
                device: pad, timeMicroseconds: time, kind: .pinch, stage: stage, fingerCount: 2,
                scale: scale))
    }

    /// A two-finger scroll to the right, far enough to complete the row under the pointer.
    static func panRight(_ session: ClearSession) -> Int64 {
        var time: Int64 = 1_010_000
        for _ in 0..<20 {
            session.handle(scroll(25, 0, at: time))
            time += 10_000
        }
        return time
    }

    @Test func aScrollStrokeEndedNormallyCompletesTheRow() {
        // The control: the same stroke, ended by libinput's scroll stop, commits.
        let session = Self.makeSession()
        let end = Self.panRight(session)
        session.handle(Self.scroll(0, 0, at: end))
        session.advance(toMicroseconds: end + 1_000_000)
        #expect(session.controller.actions.map(\.kind) == [.complete])
    }

    @Test func aTouchpadRemovedMidScrollCancelsThePanAndCommitsNothing() {
        let session = Self.makeSession()
        let end = Self.panRight(session)
        session.handle(.deviceRemoved(Self.pad, timeMicroseconds: end))
        session.advance(toMicroseconds: end + 1_000_000)
        #expect(session.gestureEvents.last?.kind == .pan)
        #expect(session.gestureEvents.last?.state == .cancelled)
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.items == TodoList.swiftTutorialSamples)
    }

    @Test func aTouchpadRemovedMidPinchCancelsThePinchAndAddsNothing() {
        let session = Self.makeSession()
        session.handle(Self.pinch(.begin, scale: 1, at: 1_010_000))
        session.handle(Self.pinch(.update, scale: 2.5, at: 1_020_000))
        session.handle(Self.pinch(.update, scale: 3.5, at: 1_030_000))
        session.handle(.deviceRemoved(Self.pad, timeMicroseconds: 1_040_000))
        session.advance(toMicroseconds: 2_000_000)
        #expect(session.gestureEvents.last?.kind == .pinch)
        #expect(session.gestureEvents.last?.state == .cancelled)
        #expect(session.controller.actions.isEmpty)
        #expect(session.controller.items.count == TodoList.swiftTutorialSamples.count)
    }

    @Test func removingAnotherDeviceLeavesTheStrokeRunning() {
        let session = Self.makeSession()
        let end = Self.panRight(session)
        session.handle(.deviceRemoved(DeviceID(9), timeMicroseconds: end))
        session.handle(Self.scroll(0, 0, at: end + 10_000))
        session.advance(toMicroseconds: end + 1_000_000)
        #expect(session.controller.actions.map(\.kind) == [.complete])
    }
}
