import GestureRecognition

/// Pinch apart to add (docs/clear-rules.md §1.3): two fingers on adjacent rows spread
/// them, the rows above moving up and those below down by the spread, with the
/// placeholder on the seam; released with the gap past H, a new item is added between
/// them and edited; otherwise the rows return.
final class PinchInteraction: Interaction {
    struct Pinch: Hashable {
        var upperItem: ItemID
        var lowerItem: ItemID
        var upperIndex: Int
        var lowerIndex: Int
        /// The list's row count when the pinch began: the placeholder takes the upper
        /// row's colour among that many.
        var rowCount: Int
        var deltaPixels: Double = 0
        /// Reset at every pinch start (docs/product-decisions.md: the Swift variant).
        var exceededRequiredDistance = false

        var gapPixels: Double { 2 * deltaPixels }
    }

    /// What changes as gestures come and time passes.
    struct State {
        /// Pinches apart in progress.
        var pinches = GestureTracks<Pinch>()
        /// Rows around pinches released short returning to rest.
        var returns: [PinchReturn] = []
        /// The returns of the presentation being composed: the rows' model indices now.
        var shownReturns: [(upper: Int, lower: Int, deltaPixels: Double)] = []
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard case .pinch(let values) = gesture.values else { return false }
        controller.scrolling.stopDeceleration(in: controller)
        let list = controller.list
        guard let first = controller.hitTest(values.upperStartPixels),
            let second = controller.hitTest(values.lowerStartPixels),
            abs(first - second) == 1
        else { return false }
        let upper = min(first, second)
        let lower = max(first, second)
        var pinch = Pinch(
            upperItem: list[upper].id, lowerItem: list[lower].id, upperIndex: upper,
            lowerIndex: lower, rowCount: list.count)
        spread(&pinch, values, in: controller)
        state.pinches.insert(pinch, for: gesture.id)
        return true
    }

    func holds(_ id: GestureID) -> Bool { state.pinches.index(of: id) != nil }

    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let slot = state.pinches.index(of: gesture.id) else { return false }
        if case .pinch(let values) = gesture.values {
            spread(&state.pinches[slot], values, in: controller)
        }
        return true
    }

    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let pinch = state.pinches.remove(gesture.id) else { return false }
        let time = controller.currentTimeMicroseconds
        controller.decided(
            "pinch-add", value: pinch.gapPixels,
            threshold: controller.rules.pinchAddRowHeights * controller.layout.rowHeightPixels)
        if pinch.exceededRequiredDistance {
            let index = insertIndex(pinch, in: controller)
            controller.list.insert(at: index)
            controller.record(.add, index: index, time: time)
            // The Swift tutorial resets the row transforms at once, then edit mode starts.
            controller.editing.begin(
                at: index, isNew: true, time: time, fromTranslationPixels: 0, in: controller)
        } else {
            giveBack(pinch, time: time)
        }
        return true
    }

    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let pinch = state.pinches.remove(gesture.id) else { return false }
        giveBack(pinch, time: controller.currentTimeMicroseconds)
        return true
    }

    // The check inline (`visitInteractions` is), the work apart: most calls (one per
    // frame) find nothing to drop.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if !state.returns.isEmpty { dropFinished(at: now) }
    }

    private func dropFinished(at now: Int64) {
        if state.returns.contains(where: { !$0.delta.isRunning(at: now) }) {
            state.returns.removeAll { !$0.delta.isRunning(at: now) }
        }
    }

    func isRunning(at time: Int64) -> Bool {
        state.returns.contains { $0.delta.isRunning(at: time) }
    }

    // MARK: rules

    /// Clear's delta, never negative, at most a screen height (fingers cannot spread
    /// further); the gap past H commits at release.
    private func spread(_ pinch: inout Pinch, _ values: PinchValues, in controller: ClearController)
    {
        let layout = controller.layout
        pinch.deltaPixels = min(
            max(0, controller.finite(values.spreadDeltaPixels)), layout.heightPixels)
        pinch.exceededRequiredDistance =
            pinch.gapPixels > controller.rules.pinchAddRowHeights * layout.rowHeightPixels
    }

    /// The insertion index of a committed pinch: lowerIdx + floor(off/H) with lowerIdx
    /// the lower row's visible index (docs/clear-rules.md §1.3), which is the lower row's
    /// model index.
    private func insertIndex(_ pinch: Pinch, in controller: ClearController) -> Int {
        let layout = controller.layout
        let list = controller.list
        let lowerModelIndex = list.index(of: pinch.lowerItem) ?? pinch.lowerIndex
        let offset = max(0, controller.scrollOffsetPixels)
        let lowerVisibleIndex = layout.visibleIndex(
            ofModelIndex: lowerModelIndex, scrollOffsetPixels: offset)
        let index =
            lowerVisibleIndex + layout.rowIndex(offset / layout.rowHeightPixels, rounding: .down)
        return min(max(index, 0), list.count)
    }

    private func giveBack(_ pinch: Pinch, time: Int64) {
        guard pinch.deltaPixels > 0 else { return }
        state.returns.append(
            PinchReturn(
                upperItem: pinch.upperItem, lowerItem: pinch.lowerItem,
                delta: Tween(
                    startMicroseconds: time,
                    durationMicroseconds: ClearTimings.pinchReturnMicroseconds,
                    from: pinch.deltaPixels, to: 0)))
    }

    // MARK: presentation

    /// Offers the latest pinch's label, the one `prepare` gives its placeholder, to the
    /// threshold cue (`ClearController.thresholdCueState`).
    @inline(__always)
    func offerPlaceholderLabel(
        to labels: inout PlaceholderLabelOffers, in controller: ClearController
    ) {
        guard let latest = state.pinches.latest else { return }
        labels.offer(label(gapPixels: latest.track.gapPixels, in: controller), gesture: latest.id)
    }

    private func label(gapPixels gap: Double, in controller: ClearController)
        -> PlaceholderLabel
    {
        gap > controller.rules.pinchAddRowHeights * controller.layout.rowHeightPixels
            ? .release : .pinch
    }
    /// The placeholder on the seam of the latest pinch; the returns as they are now.
    func prepare(_ context: inout PresentationContext, in controller: ClearController) {
        state.shownReturns.removeAll(keepingCapacity: true)
        let list = controller.list
        for pinchReturn in state.returns {
            guard let upper = list.index(of: pinchReturn.upperItem),
                let lower = list.index(of: pinchReturn.lowerItem)
            else { continue }
            state.shownReturns.append((upper, lower, pinchReturn.delta.value(at: context.time)))
        }
        context.spreadPixels += state.pinches.entries.reduce(0) { $0 + $1.track.deltaPixels }
        context.spreadPixels += state.shownReturns.reduce(0) { $0 + $1.deltaPixels }
        guard let (id, pinch) = state.pinches.latest else { return }
        let layout = controller.layout
        let height = layout.rowHeightPixels
        // The upper row's untranslated frame moved down by H/2: centred on the seam.
        var frame = layout.rowFrame(
            index: pinch.upperIndex, scrollOffsetPixels: context.offsetPixels)
        frame.y += context.rows.listTranslationPixels + height / 2
        context.offerPlaceholder(
            PlaceholderPresentation(
                framePixels: frame, scaleY: min(pinch.gapPixels, height) / height,
                alpha: min(1, pinch.gapPixels / height),
                label: label(gapPixels: pinch.gapPixels, in: controller).text,
                backgroundColor: context.theme.rowColor(
                    index: pinch.upperIndex, count: pinch.rowCount)),
            gesture: id)
    }

    /// Rows at or above a pinch's upper row move up by its delta, at or below its lower
    /// row down.
    func placeRow(
        _ frame: inout RectPixels, index: Int, item: ItemID, _ context: RowContext,
        in controller: ClearController
    ) {
        for entry in state.pinches.entries {
            let pinch = entry.track
            if index <= pinch.upperIndex { frame.y -= pinch.deltaPixels }
            if index >= pinch.lowerIndex { frame.y += pinch.deltaPixels }
        }
        for pinchReturn in state.shownReturns {
            if index <= pinchReturn.upper { frame.y -= pinchReturn.deltaPixels }
            if index >= pinchReturn.lower { frame.y += pinchReturn.deltaPixels }
        }
    }
}
