import GestureRecognition

/// Clear completed (real Clear, docs/product-decisions.md): a vertical drag that begins
/// with the list at its end (scrolled fully, or a list shorter than the screen) pulls the
/// content up past the end; released more than H past it, every completed item goes at
/// once, falling away and fading while the rest close the gaps. See docs/clear-core.md.
final class PullUpInteraction: Interaction {
    struct Drag {
        /// The offset at the drag's start (the list's end).
        var startOffsetPixels: Double
        /// How far the content is past the end (negative: scrolled back into the list).
        var distancePixels: Double
    }

    /// What changes as gestures come and time passes.
    struct State {
        /// Pull-ups in progress.
        var drags = GestureTracks<Drag>()
        /// The completed rows leaving, the rest closing the gaps.
        var clearances: [ClearCompletedAnimation] = []
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard case .scroll = gesture.values else { return false }
        let start = controller.scrolling.beginDrag(in: controller)
        guard controller.isAtListEnd(start) else { return false }
        state.drags.insert(Drag(startOffsetPixels: start, distancePixels: 0), for: gesture.id)
        controller.scrolling.motion = .still(start)
        return change(gesture, in: controller)
    }

    func holds(_ id: GestureID) -> Bool { state.drags.index(of: id) != nil }

    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let slot = state.drags.index(of: gesture.id) else { return false }
        if case .scroll(let drag) = gesture.values {
            state.drags[slot].distancePixels = follow(
                state.drags[slot].startOffsetPixels, drag, in: controller)
        }
        return true
    }

    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let pullUp = state.drags.remove(gesture.id) else { return false }
        guard case .scroll(let drag) = gesture.values else { return true }
        let time = controller.currentTimeMicroseconds
        let distance = pullUp.distancePixels
        let clearAt = controller.rules.clearCompletedRowHeights * controller.layout.rowHeightPixels
        let hasCompleted = controller.list.completedCount > 0
        if hasCompleted {
            controller.decided("clear-completed", value: distance, threshold: clearAt)
        }
        if distance > clearAt && hasCompleted {
            clearCompleted(time: time, in: controller)
        } else if distance > 0 {
            settle(time: time, in: controller)
        } else {
            // Dragged back into the list: a plain scroll's release.
            controller.scrolling.fling(
                velocityPixelsPerSecond: -controller.finite(drag.velocityPixelsPerSecond.y),
                time: time, in: controller)
        }
        return true
    }

    /// Nothing is cleared: content pulled past the end springs back.
    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard state.drags.remove(gesture.id) != nil else { return false }
        settle(time: controller.currentTimeMicroseconds, in: controller)
        return true
    }

    // The check inline (`visitInteractions` is), the work apart: most calls (one per
    // frame) find nothing to drop.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if !state.clearances.isEmpty { dropFinished(at: now) }
    }

    private func dropFinished(at now: Int64) {
        if state.clearances.contains(where: { $0.endMicroseconds <= now }) {
            state.clearances.removeAll { $0.endMicroseconds <= now }
        }
    }

    func isRunning(at time: Int64) -> Bool {
        state.clearances.contains { time < $0.endMicroseconds }
    }

    // MARK: presentation

    /// The leaving rows, drawn behind; the cue below the last row.
    func prepare(_ context: inout PresentationContext, in controller: ClearController) {
        let height = controller.layout.rowHeightPixels
        if !state.clearances.isEmpty {
            context.spreadPixels += state.clearances.reduce(0) {
                $0 + Double($1.closing.values.max() ?? 0) * height
            }
            context.rowsBehind += leavingRows(context, in: controller)
        }
        if let (id, drag) = state.drags.latest {
            context.offerPlaceholder(
                cue(distancePixels: drag.distancePixels, context, in: controller), gesture: id)
        }
    }

    /// The remaining rows close the gaps.
    func placeRow(
        _ frame: inout RectPixels, index: Int, item: ItemID, _ context: RowContext,
        in controller: ClearController
    ) {
        for clearance in state.clearances {
            frame.y += clearance.offset(of: item, at: context.time)
        }
    }

    /// Cleared rows falling away and fading.
    private func leavingRows(_ context: PresentationContext, in controller: ClearController)
        -> [RowPresentation]
    {
        let layout = controller.layout
        var rows: [RowPresentation] = []
        let height = layout.rowHeightPixels
        for clearance in state.clearances {
            let progress = clearance.progress.value(at: context.time)
            guard progress < 1 else { continue }
            for leaving in clearance.leaving {
                var frame = layout.rowFrame(
                    index: leaving.index, scrollOffsetPixels: context.offsetPixels)
                frame.y += progress * ClearTimings.clearCompletedFallRows * height
                guard frame.maxY > 0, frame.minY < layout.heightPixels else { continue }
                var row = RowPresentation(
                    modelIndex: leaving.index, itemID: leaving.item.id, text: leaving.item.text,
                    framePixels: frame, alpha: 1 - progress,
                    backgroundColor: context.theme.completed,
                    completed: leaving.item.completed, strikethrough: leaving.item.completed,
                    isEditing: false)
                row.isLeaving = true
                rows.append(row)
            }
        }
        return rows
    }

    /// The cue below the last row while content is pulled past the end.
    private func cue(
        distancePixels distance: Double, _ context: PresentationContext,
        in controller: ClearController
    ) -> PlaceholderPresentation? {
        guard let label = cueLabel(distancePixels: distance, in: controller) else { return nil }
        let pulled = max(0, distance)
        let list = controller.list
        let height = controller.layout.rowHeightPixels
        return PlaceholderPresentation(
            framePixels: RectPixels(
                x: 0, y: Double(list.count) * height - context.offsetPixels,
                width: controller.layout.widthPixels, height: height),
            scaleY: 1, alpha: min(1, pulled / height), label: label.text,
            backgroundColor: list.completedCount > 0
                ? context.theme.completed : context.theme.background)
    }

    /// Offers the latest pull up's label, the one `prepare` gives its placeholder, to the
    /// threshold cue (`ClearController.thresholdCueState`).
    @inline(__always)
    func offerPlaceholderLabel(
        to labels: inout PlaceholderLabelOffers, in controller: ClearController
    ) {
        guard let latest = state.drags.latest else { return }
        labels.offer(
            cueLabel(distancePixels: latest.track.distancePixels, in: controller),
            gesture: latest.id)
    }

    /// The cue's label `distance` past the end, or nil when there is no cue.
    private func cueLabel(distancePixels distance: Double, in controller: ClearController)
        -> PlaceholderLabel?
    {
        let pulled = max(0, distance)
        guard pulled > 0 else { return nil }
        let height = controller.layout.rowHeightPixels
        return controller.list.completedCount == 0
            ? .nothingToClear
            : (pulled > controller.rules.clearCompletedRowHeights * height
                ? .releaseToClear : .pullToClear)
    }

    // MARK: rules

    /// The content follows the finger 1:1 past the end (at most a screen height), and
    /// back down into the list as a plain scroll. Returns how far it is past the end
    /// (negative: scrolled back into the list).
    private func follow(_ start: Double, _ drag: PanValues, in controller: ClearController)
        -> Double
    {
        let layout = controller.layout
        let end = layout.maximumScrollOffsetPixels(itemCount: controller.list.count)
        let offset = start - controller.finite(drag.translationPixels.y)
        guard offset > end else {
            controller.scrolling.motion = .still(controller.clampedOffset(offset))
            return offset - end
        }
        let distance = min(offset - end, layout.heightPixels)
        controller.scrolling.motion = .still(end + distance)
        return distance
    }

    /// Content pulled past the end goes back to the end in 0.2 s.
    private func settle(time: Int64, in controller: ClearController) {
        let end = controller.layout.maximumScrollOffsetPixels(itemCount: controller.list.count)
        if controller.scrollOffsetPixels > end {
            controller.scrolling.settle(
                to: end, durationMicroseconds: ClearTimings.pullUpSettleMicroseconds, time: time,
                in: controller)
        } else {
            controller.scrolling.rest(in: controller)
        }
    }

    /// Removes every completed item in one change (one action, so one save): they fall
    /// away and fade while the rest close the gaps and the list settles at its new end,
    /// all in 0.3 s.
    private func clearCompleted(time: Int64, in controller: ClearController) {
        let offset = controller.scrollOffsetPixels
        let oldIndices = Dictionary(
            uniqueKeysWithValues: controller.list.items.enumerated().map {
                ($0.element.id, $0.offset)
            })
        let removed = controller.list.removeCompleted()
        guard !removed.isEmpty else { return }
        controller.record(.clearCompleted(timeMicroseconds: time, count: removed.count))
        var closing: [ItemID: Int] = [:]
        for (index, item) in controller.list.items.enumerated() {
            if let old = oldIndices[item.id], old != index { closing[item.id] = old - index }
        }
        for entry in removed {
            controller.rowPan.forget(entry.item.id)
            controller.reorder.forget(entry.item.id)
        }
        state.clearances.append(
            ClearCompletedAnimation(
                startMicroseconds: time, rowHeightPixels: controller.layout.rowHeightPixels,
                leaving: removed.map { .init(item: $0.item, index: $0.index) },
                closing: closing))
        let target = controller.clampedOffset(offset)
        if offset == target {
            controller.scrolling.motion = .still(target)
        } else {
            controller.scrolling.settle(
                to: target, durationMicroseconds: ClearTimings.clearCompletedMicroseconds,
                time: time, in: controller)
        }
    }
}
