import GestureRecognition

/// The list's scroll offset, and the vertical drag that moves it (docs/clear-core.md,
/// "Scrolling"): the offset follows the finger, clamped to the list; a release flings it
/// into a deceleration; a touch down stops a deceleration. Not at the list's end: a drag
/// that begins there is a pull up (`PullUpInteraction`).
///
/// The other interactions move the list through `motion` (a pull, a settle, the reorder's
/// auto-scroll, clear completed's settle).
final class ScrollInteraction: Interaction {
    /// What changes as gestures come and time passes.
    struct State {
        /// How the offset moves with time.
        var motion: ScrollMotion = .still(0)
        /// Each drag's offset at its start.
        var drags = GestureTracks<Double>()
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// How the offset moves with time (the other interactions move the list through it).
    var motion: ScrollMotion {
        get { state.motion }
        set { state.motion = newValue }
    }

    /// The list's scroll offset at `time` (negative while pulled past the top).
    func offset(at time: Int64) -> Double { state.motion.offset(at: time) }

    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard case .scroll = gesture.values else { return false }
        let start = beginDrag(in: controller)
        guard !controller.isAtListEnd(start) else { return false }
        state.drags.insert(start, for: gesture.id)
        state.motion = .still(start)
        return change(gesture, in: controller)
    }

    func holds(_ id: GestureID) -> Bool { state.drags.index(of: id) != nil }

    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let slot = state.drags.index(of: gesture.id) else { return false }
        if case .scroll(let drag) = gesture.values {
            state.motion = .still(
                controller.clampedOffset(
                    state.drags[slot] - controller.finite(drag.translationPixels.y)))
        }
        return true
    }

    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard state.drags.remove(gesture.id) != nil else { return false }
        if case .scroll(let drag) = gesture.values {
            fling(
                velocityPixelsPerSecond: -controller.finite(drag.velocityPixelsPerSecond.y),
                time: controller.currentTimeMicroseconds, in: controller)
        }
        return true
    }

    /// Nothing to commit: no fling. The list stays where the finger left it, so a pinch
    /// taking over hit-tests the rows as they are on screen.
    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard state.drags.remove(gesture.id) != nil else { return false }
        rest(in: controller)
        return true
    }

    /// A deceleration or a settle that has finished leaves the list at rest.
    func advance(to now: Int64, in controller: ClearController) {
        if let end = state.motion.endMicroseconds, end <= now {
            state.motion = .still(state.motion.offset(at: now))
        }
    }

    func isRunning(at time: Int64) -> Bool {
        guard let end = state.motion.endMicroseconds else { return false }
        return time < end
    }

    // MARK: moving the list

    /// A vertical drag begins: a deceleration stops, and the drag starts from the offset
    /// clamped to the list.
    func beginDrag(in controller: ClearController) -> Double {
        stopDeceleration(in: controller)
        return controller.clampedOffset(controller.scrollOffsetPixels)
    }

    /// A decelerating list stops where it is (a settling one goes on settling).
    func stopDeceleration(in controller: ClearController) {
        if case .decelerating = state.motion {
            state.motion = .still(controller.scrollOffsetPixels)
        }
    }

    /// The list rests where it is now, clamped to its range.
    func rest(in controller: ClearController) {
        state.motion = .still(controller.clampedOffset(controller.scrollOffsetPixels))
    }

    /// A release at `velocity` (the offset's): too slow and the list stays; else it
    /// decelerates, capped in speed and stopping at the list's ends.
    func fling(
        velocityPixelsPerSecond velocity: Double, time: Int64, in controller: ClearController
    ) {
        let layout = controller.layout
        let count = controller.list.count
        let limit = ScrollDeceleration.maximumVelocityPixelsPerSecond
        let velocity = min(max(velocity, -limit), limit)
        let range = layout.scrollRange(itemCount: count)
        let offset = layout.clampedScrollOffset(controller.scrollOffsetPixels, itemCount: count)
        guard abs(velocity) >= ScrollDeceleration.minimumVelocityPixelsPerSecond else {
            state.motion = .still(offset)
            return
        }
        state.motion = .decelerating(
            Deceleration(
                startMicroseconds: time, startOffsetPixels: offset,
                velocityPixelsPerSecond: velocity,
                decelerationPixelsPerSecondSquared: ScrollDeceleration
                    .decelerationPixelsPerSecondSquared,
                range: range))
    }

    /// The list goes from where it is now to `target` over `duration` (ease-in-out).
    func settle(
        to target: Double, durationMicroseconds duration: Int64, time: Int64,
        in controller: ClearController
    ) {
        state.motion = .settling(
            Tween(
                startMicroseconds: time, durationMicroseconds: duration,
                from: controller.scrollOffsetPixels, to: target))
    }
}
