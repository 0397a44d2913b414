import GestureRecognition

/// Clear completed (real Clear, docs/product-decisions.md): with the list at its end, a vertical drag
/// pulls the content up past the end; released more than H past it, every completed
/// item goes at once. See docs/clear-core.md.
extension ClearController {
    /// The cue below the last row while the pull is H or less.
    public static let pullToClearLabel = "Pull to clear completed"
    /// The cue once releasing would clear the completed items.
    public static let releaseToClearLabel = "Release to clear completed"
    /// The cue when no item is completed: releasing does nothing.
    public static let nothingToClearLabel = "Nothing to clear"

    /// The content follows the finger 1:1 past the end (at most a screen height), and
    /// back down into the list as a plain scroll. Returns how far it is past the end
    /// (negative: scrolled back into the list).
    func followPullUp(_ start: Double, _ drag: PanValues) -> Double {
        let end = layout.maximumScrollOffsetPixels(itemCount: list.count)
        let offset = start - finite(drag.translationPixels.y)
        guard offset > end else {
            scroll = .still(layout.clampedScrollOffset(offset, itemCount: list.count))
            return offset - end
        }
        let distance = min(offset - end, layout.heightPixels)
        scroll = .still(end + distance)
        return distance
    }

    /// At release: more than H past the end with something completed clears; otherwise
    /// content past the end springs back, and a drag back into the list flings as a scroll.
    func endPullUp(distancePixels distance: Double, velocityPixelsPerSecond: Double, time: Int64) {
        if distance > layout.rowHeightPixels && list.completedCount > 0 {
            clearCompleted(time: time)
        } else if distance > 0 {
            settleAfterPullUp(time: time)
        } else {
            fling(velocityPixelsPerSecond: velocityPixelsPerSecond, time: time)
        }
    }

    /// Content pulled past the end goes back to the end in 0.2 s.
    func settleAfterPullUp(time: Int64) {
        let offset = scrollOffsetPixels
        let end = layout.maximumScrollOffsetPixels(itemCount: list.count)
        if offset > end {
            scroll = .settling(
                Tween(
                    startMicroseconds: time,
                    durationMicroseconds: ClearTimings.pullUpSettleMicroseconds, from: offset,
                    to: end))
        } else {
            scroll = .still(layout.clampedScrollOffset(offset, itemCount: list.count))
        }
    }

    /// Removes every completed item in one change (one action, so one save): they fall
    /// away and fade while the rest close the gaps and the list settles at its new end,
    /// all in 0.3 s.
    func clearCompleted(time: Int64) {
        let offset = scrollOffsetPixels
        let oldIndices = Dictionary(
            uniqueKeysWithValues: list.items.enumerated().map { ($0.element.id, $0.offset) })
        let removed = list.removeCompleted()
        guard !removed.isEmpty else { return }
        actions.append(.clearCompleted(timeMicroseconds: time, count: removed.count))
        var closing: [ItemID: Int] = [:]
        for (index, item) in list.items.enumerated() {
            if let old = oldIndices[item.id], old != index { closing[item.id] = old - index }
        }
        for entry in removed {
            snapBacks[entry.item.id] = nil
            reorderSlides[entry.item.id] = nil
            liftSettles[entry.item.id] = nil
        }
        clearAnimations.append(
            ClearCompletedAnimation(
                startMicroseconds: time, rowHeightPixels: layout.rowHeightPixels,
                leaving: removed.map {
                    .init(item: $0.item, index: $0.index, color: .completedGreen)
                },
                closing: closing))
        let target = layout.clampedScrollOffset(offset, itemCount: list.count)
        scroll =
            offset == target
            ? .still(target)
            : .settling(
                Tween(
                    startMicroseconds: time,
                    durationMicroseconds: ClearTimings.clearCompletedMicroseconds, from: offset,
                    to: target))
    }

    /// The cue below the last row while content is pulled past the end.
    func pullUpCue(distancePixels distance: Double, offset: Double) -> PlaceholderPresentation? {
        let pulled = max(0, distance)
        guard pulled > 0 else { return nil }
        let height = layout.rowHeightPixels
        let hasCompleted = list.completedCount > 0
        return PlaceholderPresentation(
            framePixels: RectPixels(
                x: 0, y: Double(list.count) * height - offset, width: layout.widthPixels,
                height: height),
            scaleY: 1, alpha: min(1, pulled / height),
            label: !hasCompleted
                ? Self.nothingToClearLabel
                : (pulled > height ? Self.releaseToClearLabel : Self.pullToClearLabel),
            backgroundColor: hasCompleted ? .completedGreen : .black)
    }
}
