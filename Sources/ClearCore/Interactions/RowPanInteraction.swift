import GestureRecognition

/// The horizontal pan on a row (docs/clear-rules.md §1.1): the row follows the finger
/// horizontally with the tick and cross cues beside it; released past −W/2 it is deleted
/// (the rows below shuffle up), past +W/2 it is completed (or uncompleted), and it slides
/// back to x = 0 otherwise.
final class RowPanInteraction: Interaction {
    struct Pan {
        var item: ItemID
        /// The row's origin.x.
        var xPixels: Double
    }

    /// What changes as gestures come and time passes.
    struct State {
        /// Rows being panned.
        var pans = GestureTracks<Pan>()
        /// Rows sliding back to x = 0 after a pan.
        var snapBacks: [ItemID: Tween] = [:]
        /// Rows moving up into the place of a deleted one.
        var shuffles: [DeleteShuffle] = []
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard case .pan(let pan) = gesture.values else { return false }
        controller.scrolling.stopDeceleration(in: controller)
        guard let index = controller.hitTest(pan.startPixels) else { return false }
        let item = controller.list[index].id
        state.snapBacks[item] = nil
        state.pans.insert(
            Pan(item: item, xPixels: controller.finite(pan.translationPixels.x)), for: gesture.id)
        return true
    }

    func holds(_ id: GestureID) -> Bool { state.pans.index(of: id) != nil }

    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let slot = state.pans.index(of: gesture.id) else { return false }
        if case .pan(let pan) = gesture.values {
            state.pans[slot].xPixels = controller.finite(pan.translationPixels.x)
        }
        return true
    }

    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let pan = state.pans.remove(gesture.id) else { return false }
        let time = controller.currentTimeMicroseconds
        guard let index = controller.list.index(of: pan.item) else { return true }
        let width = controller.layout.widthPixels
        let deleteAt = width * controller.rules.panDeleteWidthFraction
        let completeAt = width * controller.rules.panCompleteWidthFraction
        if pan.xPixels < 0 {
            controller.decided("pan-delete", value: -pan.xPixels, threshold: deleteAt)
        } else {
            controller.decided("pan-complete", value: pan.xPixels, threshold: completeAt)
        }
        if pan.xPixels < -deleteAt {
            delete(at: index, time: time, in: controller)
            return true
        }
        if pan.xPixels > completeAt {
            let completed = controller.list[index].completed
            controller.list.setCompleted(!completed, at: index)
            controller.record(completed ? .uncomplete : .complete, index: index, time: time)
        }
        snapBack(pan, time: time)
        return true
    }

    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let pan = state.pans.remove(gesture.id) else { return false }
        snapBack(pan, time: controller.currentTimeMicroseconds)
        return true
    }

    // The check inline (`visitInteractions` is), the work apart: most calls (one per
    // frame) find nothing to drop.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if !state.snapBacks.isEmpty || !state.shuffles.isEmpty { dropFinished(at: now) }
    }

    private func dropFinished(at now: Int64) {
        // Rebuilt only when something has finished (the common case on the replay path is
        // nothing: no allocation, no copy); `isEmpty` first, as walking even an empty
        // dictionary costs about 25 instructions.
        if !state.snapBacks.isEmpty,
            state.snapBacks.contains(where: { !$0.value.isRunning(at: now) })
        {
            if state.snapBacks.values.contains(where: { $0.isRunning(at: now) }) {
                state.snapBacks = state.snapBacks.filter { $0.value.isRunning(at: now) }
            } else {
                // All done (the common case: one at a time): the storage is kept, so the
                // next swipe's snap back allocates nothing.
                state.snapBacks.removeAll(keepingCapacity: true)
            }
        }
        if !state.shuffles.isEmpty, state.shuffles.contains(where: { $0.endMicroseconds <= now }) {
            state.shuffles.removeAll { $0.endMicroseconds <= now }
        }
    }

    func isRunning(at time: Int64) -> Bool {
        state.snapBacks.values.contains { $0.isRunning(at: time) }
            || state.shuffles.contains { time < $0.endMicroseconds }
    }

    /// The row of `item` is gone or taken by another interaction: it no longer slides back.
    func forget(_ item: ItemID) {
        state.snapBacks[item] = nil
    }

    /// Removes the item with the delete shuffle: the rows below that were on screen
    /// (and the one that comes into view) move up one row, staggered.
    func delete(at index: Int, time: Int64, in controller: ClearController) {
        let layout = controller.layout
        let offset = controller.scrollOffsetPixels
        guard let removed = controller.list.remove(at: index) else { return }
        controller.record(.delete, index: index, time: time)
        state.snapBacks[removed.id] = nil
        var moving: [ItemID] = []
        var below = index
        // Old row index+1+k is now at `below`; it moved if it was on screen before.
        while below < controller.list.count,
            layout.rowFrame(index: below + 1, scrollOffsetPixels: offset).minY
                < layout.heightPixels + layout.rowHeightPixels
        {
            moving.append(controller.list[below].id)
            below += 1
        }
        if !moving.isEmpty {
            state.shuffles.append(
                DeleteShuffle(
                    startMicroseconds: time, rowHeightPixels: layout.rowHeightPixels, rows: moving))
        }
        if case .still(let still) = controller.scrolling.motion, still > 0 {
            controller.scrolling.motion = .still(controller.clampedOffset(still))
        }
    }

    private func snapBack(_ pan: Pan, time: Int64) {
        guard pan.xPixels != 0 else { return }
        state.snapBacks[pan.item] = Tween(
            startMicroseconds: time, durationMicroseconds: ClearTimings.snapBackMicroseconds,
            from: pan.xPixels, to: 0)
    }

    // MARK: presentation

    func prepare(_ context: inout PresentationContext, in controller: ClearController) {
        context.spreadPixels += Double(state.shuffles.count) * controller.layout.rowHeightPixels
    }

    /// The row follows its latest pan, or slides back; rows below a deleted one move up.
    func placeRow(
        _ frame: inout RectPixels, index: Int, item: ItemID, _ context: RowContext,
        in controller: ClearController
    ) {
        frame.x = pannedX(of: item) ?? state.snapBacks[item]?.value(at: context.time) ?? 0
        for shuffle in state.shuffles { frame.y += shuffle.offset(of: item, at: context.time) }
    }

    /// The cues of the latest pan's row, or of the latest row sliding back.
    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController
    ) {
        let cueItem = state.pans.latest?.track.item ?? latestSnapBack(at: context.time)
        guard let index = cueItem.flatMap({ controller.list.index(of: $0) }) else { return }
        presentation.cues = cues(
            rowFrame: controller.rowFrame(ofRowAt: index, context.rows),
            widthPixels: controller.layout.widthPixels, rules: controller.rules,
            textColor: context.theme.text)
    }

    /// Where the latest pan of `item` has it.
    private func pannedX(of item: ItemID) -> Double? {
        for entry in state.pans.entries.reversed() where entry.track.item == item {
            return entry.track.xPixels
        }
        return nil
    }

    /// The item of the latest-started snap back running at `time` (asked on every frame:
    /// a loop, not a filtered copy of the dictionary).
    private func latestSnapBack(at time: Int64) -> ItemID? {
        var latest: (start: Int64, item: ItemID)?
        for (item, tween) in state.snapBacks where tween.isRunning(at: time) {
            if let current = latest,
                (current.start, current.item) >= (tween.startMicroseconds, item)
            {
                continue
            }
            latest = (tween.startMicroseconds, item)
        }
        return latest?.item
    }

    /// The tick left of the row and the cross right of it, alpha |x|/(W/2) unclamped; each
    /// coloured while its release would act.
    private func cues(
        rowFrame frame: RectPixels, widthPixels width: Double, rules: ClearRules,
        textColor: RGBColor
    ) -> CuesPresentation {
        let half = width / 2
        let x = frame.x
        let cueWidth = ClearController.cueWidthPixels
        let margin = ClearController.cueMarginPixels
        return CuesPresentation(
            tickFramePixels: RectPixels(
                x: x - cueWidth - margin, y: frame.y, width: cueWidth, height: frame.height),
            tickColor: x > width * rules.panCompleteWidthFraction ? .pureGreen : textColor,
            crossFramePixels: RectPixels(
                x: x + width + margin, y: frame.y, width: cueWidth, height: frame.height),
            crossColor: x < -width * rules.panDeleteWidthFraction ? .pureRed : textColor,
            alpha: abs(x) / half)
    }
}
