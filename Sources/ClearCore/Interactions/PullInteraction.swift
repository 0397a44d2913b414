import GestureRecognition

/// Pull down to add (docs/clear-rules.md §1.2): the list follows the pull 1:1 past its
/// top, with the placeholder row above the first; released more than H down, a new item
/// is added at the top and edited; otherwise the list settles back. Released past 4H it goes
/// up a level where the levels allow (`NavigationInteraction`), and at the menu and its
/// pages a pull adds nothing.
///
/// Whether a drag is a pull is the recognizers' to report but the list's to say: a pull
/// is offered while the list is at or past its top (`ClearController.pullAvailability`).
final class PullInteraction: Interaction {
    /// What changes as gestures come and time passes.
    struct State {
        /// Each pull's distance past the top.
        var pulls = GestureTracks<Double>()
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard case .pull(let pull) = gesture.values else { return false }
        controller.scrolling.stopDeceleration(in: controller)
        state.pulls.insert(controller.finite(pull.pullDistancePixels), for: gesture.id)
        follow(pull.pullDistancePixels, in: controller)
        return true
    }

    func holds(_ id: GestureID) -> Bool { state.pulls.index(of: id) != nil }

    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let slot = state.pulls.index(of: gesture.id) else { return false }
        if case .pull(let pull) = gesture.values {
            state.pulls[slot] = controller.finite(pull.pullDistancePixels)
            follow(pull.pullDistancePixels, in: controller)
        }
        return true
    }

    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let distance = state.pulls.remove(gesture.id) else { return false }
        let time = controller.currentTimeMicroseconds
        let height = controller.layout.rowHeightPixels
        let rules = controller.rules
        let navigation = controller.navigation
        if navigation.pullCanGoUp {
            controller.decided(
                "pull-up-level", value: distance,
                threshold: rules.pullUpLevelRowHeights * height)
        }
        let addAt = rules.pullAddRowHeights * height
        let goesUp = navigation.pullGoesUp(
            distancePixels: distance, rowHeightPixels: height, rules: rules)
        if navigation.rowsAreEditable && !goesUp {
            controller.decided("pull-add", value: distance, threshold: addAt)
        }
        if goesUp {
            settle(time: time, in: controller)
            navigation.goUp(time: time, in: controller)
        } else if distance > addAt && navigation.rowsAreEditable {
            commit(distancePixels: distance, time: time, in: controller)
        } else {
            settle(time: time, in: controller)
        }
        return true
    }

    /// A pull abandoned by pushing the list back up (distance < 0) hands over to the
    /// scroll that begins on the same frame: the offset stays continuous.
    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard state.pulls.remove(gesture.id) != nil else { return false }
        settle(time: controller.currentTimeMicroseconds, in: controller)
        return true
    }

    /// The placeholder above the first row: "Pull to add item", then "Release to add item".
    func prepare(_ context: inout PresentationContext, in controller: ClearController) {
        guard let (id, distance) = state.pulls.latest else { return }
        let height = controller.layout.rowHeightPixels
        let pulled = max(0, distance)
        context.offerPlaceholder(
            PlaceholderPresentation(
                framePixels: RectPixels(
                    x: 0, y: -context.offsetPixels - height,
                    width: controller.layout.widthPixels, height: height),
                scaleY: 1, alpha: min(1, pulled / height),
                label: label(pulledPixels: pulled, in: controller).text,
                backgroundColor: context.theme.top),
            gesture: id)
    }

    /// Offers the latest pull's label, the one `prepare` gives its placeholder, to the
    /// threshold cue (`ClearController.thresholdCueState`).
    @inline(__always)
    func offerPlaceholderLabel(
        to labels: inout PlaceholderLabelOffers, in controller: ClearController
    ) {
        guard let latest = state.pulls.latest else { return }
        labels.offer(label(pulledPixels: max(0, latest.track), in: controller), gesture: latest.id)
    }

    private func label(pulledPixels pulled: Double, in controller: ClearController)
        -> PlaceholderLabel
    {
        let height = controller.layout.rowHeightPixels
        return controller.navigation.pullLabel(
            distancePixels: pulled, rowHeightPixels: height, rules: controller.rules)
            ?? (pulled > controller.rules.pullAddRowHeights * height
                ? .release : .pull)
    }

    /// The list follows a pull 1:1; a negative distance means the list is scrolled down
    /// by that much (the event that abandons the pull).
    private func follow(_ distance: Double, in controller: ClearController) {
        let distance = controller.finite(distance)
        let layout = controller.layout
        controller.scrolling.motion = .still(
            distance >= 0
                ? -min(distance, layout.heightPixels) : controller.clampedOffset(-distance))
    }

    private func commit(
        distancePixels distance: Double, time: Int64, in controller: ClearController
    ) {
        let layout = controller.layout
        controller.list.insert(at: 0)
        controller.record(.add, index: 0, time: time)
        controller.scrolling.motion = .still(0)
        // The new row appears where the placeholder was (its bottom on the old first
        // row), then edit mode moves it to the top.
        controller.editing.begin(
            at: 0, isNew: true, time: time,
            fromTranslationPixels: min(distance, layout.heightPixels) - layout.rowHeightPixels,
            in: controller)
    }

    private func settle(time: Int64, in controller: ClearController) {
        if controller.scrollOffsetPixels < 0 {
            controller.scrolling.settle(
                to: 0, durationMicroseconds: ClearTimings.pullSettleMicroseconds, time: time,
                in: controller)
        } else {
            controller.scrolling.rest(in: controller)
        }
    }
}
