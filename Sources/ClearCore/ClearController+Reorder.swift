import GestureRecognition
import TouchInput

/// The held row of a reorder (real Clear, docs/product-decisions.md): where it came from, the slot it
/// would drop into now, and where the finger is.
struct ReorderTrack: Hashable {
    var item: ItemID
    /// The model index the row had when it was lifted.
    var fromIndex: Int
    /// The slot (display index) the row would take if dropped now.
    var slot: Int
    /// The finger's y minus the row's centre on screen at the lift: the row keeps this
    /// distance to the finger.
    var grabPixels: Double
    /// Where the finger is now, in screen pixels.
    var fingerPixels: Point
}

/// Reorder: a long-press lifts a row; it follows the finger vertically; a neighbour
/// whose midpoint the row's centre crosses slides into the vacated slot; near the top
/// or bottom edge the list auto-scrolls (`ReorderAutoScroll`); at the lift the row
/// settles into its slot and the action is `move FROM → TO`. See docs/clear-core.md.
extension ClearController {
    /// Lifts the row under `location`; off the rows the long-press does nothing.
    func beginReorder(at location: Point, time: Int64) -> Track {
        guard let index = hitTest(location) else { return .ignored }
        let item = list[index].id
        snapBacks[item] = nil
        liftSettles[item] = nil
        reorderSlides[item] = nil
        scroll = .still(layout.clampedScrollOffset(scrollOffsetPixels, itemCount: list.count))
        let frame = layout.rowFrame(index: index, scrollOffsetPixels: scrollOffsetPixels)
        var reorder = ReorderTrack(
            item: item, fromIndex: index, slot: index, grabPixels: location.y - frame.midY,
            fingerPixels: location)
        moveReorder(&reorder, to: location, time: time)
        return .reorder(reorder)
    }

    /// The finger moved: the row follows, neighbours whose midpoints it crossed slide,
    /// and the auto-scroll is set for the finger's new place.
    func moveReorder(_ reorder: inout ReorderTrack, to location: Point, time: Int64) {
        guard location.isFinite else { return }
        reorder.fingerPixels = location
        resolveCrossings(&reorder, offset: scrollOffsetPixels, time: time)
        let velocity = ReorderAutoScroll.velocityPixelsPerSecond(
            fingerY: location.y, layout: layout)
        let offset = scrollOffsetPixels
        let range = layout.scrollRange(itemCount: list.count)
        if velocity < 0 && offset > range.lowerBound || velocity > 0 && offset < range.upperBound {
            scroll = .autoScroll(
                AutoScroll(
                    startMicroseconds: time, startOffsetPixels: offset,
                    velocityPixelsPerSecond: velocity, range: range))
        } else {
            scroll = .still(offset)
        }
    }

    /// The held row's centre in content coordinates (screen y + scroll offset).
    func heldCentreContentY(_ reorder: ReorderTrack, offset: Double) -> Double {
        reorder.fingerPixels.y - reorder.grabPixels + offset
    }

    /// Moves the slot while the held row's centre is strictly past a neighbour's
    /// midpoint (the neighbour's slot centre).
    private func resolveCrossings(_ reorder: inout ReorderTrack, offset: Double, time: Int64) {
        let height = layout.rowHeightPixels
        let centre = heldCentreContentY(reorder, offset: offset)
        while reorder.slot + 1 < list.count, centre > (Double(reorder.slot) + 1.5) * height {
            cross(&reorder, down: true, time: time)
        }
        while reorder.slot > 0, centre < (Double(reorder.slot) - 0.5) * height {
            cross(&reorder, down: false, time: time)
        }
    }

    /// The neighbour below (or above) slides into the held row's slot.
    private func cross(_ reorder: inout ReorderTrack, down: Bool, time: Int64) {
        let neighbourSlot = reorder.slot + (down ? 1 : -1)
        let neighbour = list[modelIndex(forDisplayIndex: neighbourSlot, reorder)].id
        let current = reorderSlides[neighbour]?.value(at: time) ?? 0
        let height = layout.rowHeightPixels
        reorderSlides[neighbour] = Tween(
            startMicroseconds: time, durationMicroseconds: ClearTimings.reorderSlideMicroseconds,
            from: current + (down ? height : -height), to: 0)
        reorder.slot = neighbourSlot
    }

    /// Lets the auto-scroll run to `now`: every midpoint the held row crosses on the way
    /// moves the slot at the microsecond it is crossed, however `advance` is called.
    func advanceReorders(to now: Int64) {
        guard case .autoScroll(let motion) = scroll else { return }
        for (id, track) in tracks.sorted(by: { $0.key < $1.key }) {
            guard case .reorder(var reorder) = track else { continue }
            while let time = nextCrossing(reorder, motion), time <= now {
                cross(&reorder, down: motion.velocityPixelsPerSecond > 0, time: time)
            }
            tracks[id] = .reorder(reorder)
        }
    }

    /// The first microsecond at which the auto-scroll carries the held row's centre
    /// strictly past the next neighbour's midpoint; nil if it never does.
    private func nextCrossing(_ reorder: ReorderTrack, _ motion: AutoScroll) -> Int64? {
        let height = layout.rowHeightPixels
        let velocity = motion.velocityPixelsPerSecond
        let down = velocity > 0
        guard velocity != 0, down ? reorder.slot + 1 < list.count : reorder.slot > 0 else {
            return nil
        }
        let midpoint = (Double(reorder.slot) + (down ? 1.5 : -0.5)) * height
        let screenCentre = reorder.fingerPixels.y - reorder.grabPixels
        let needed = midpoint - screenCentre
        // The offset must go strictly past `needed`, inside the range.
        guard down ? needed < motion.range.upperBound : needed > motion.range.lowerBound else {
            return nil
        }
        func crossed(_ time: Int64) -> Bool {
            let centre = motion.offset(at: time) + screenCentre
            return down ? centre > midpoint : centre < midpoint
        }
        let seconds = (needed - motion.startOffsetPixels) / velocity
        guard seconds.isFinite, seconds < 1e9 else { return nil }
        var time = motion.startMicroseconds + max(0, Int64((seconds * 1_000_000).rounded(.down)))
        // Rounding: step to the first microsecond that is past the midpoint.
        for _ in 0..<4 where !crossed(time) { time += 1 }
        return crossed(time) ? time : nil
    }

    /// The finger lifted: the row settles into its slot, and `move` is recorded when the
    /// slot is not the one it came from.
    func dropReorder(_ reorder: ReorderTrack, time: Int64) {
        let offset = scrollOffsetPixels
        scroll = .still(offset)
        guard let from = list.index(of: reorder.item) else { return }
        let to = min(max(reorder.slot, 0), list.count - 1)
        let heldTop = heldCentreContentY(reorder, offset: offset) - layout.rowHeightPixels / 2
        if to != from {
            list.move(from: from, to: to)
            actions.append(.move(timeMicroseconds: time, from: from, to: to))
        }
        settle(reorder.item, fromContentY: heldTop, toIndex: to, time: time)
    }

    /// Cancelled (touch cancel, palm, device removal, a second finger): the neighbours
    /// slide back and the row settles where it came from; nothing is committed.
    func putBack(_ reorder: ReorderTrack, time: Int64) {
        let offset = scrollOffsetPixels
        scroll = .still(offset)
        guard let from = list.index(of: reorder.item) else { return }
        let height = layout.rowHeightPixels
        let heldTop = heldCentreContentY(reorder, offset: offset) - height / 2
        let slot = min(max(reorder.slot, 0), list.count - 1)
        for display in min(from, slot)...max(from, slot) where display != slot {
            let model = modelIndex(forDisplayIndex: display, reorder)
            let item = list[model].id
            let current = reorderSlides[item]?.value(at: time) ?? 0
            reorderSlides[item] = Tween(
                startMicroseconds: time,
                durationMicroseconds: ClearTimings.reorderSlideMicroseconds,
                from: current + Double(display - model) * height, to: 0)
        }
        settle(reorder.item, fromContentY: heldTop, toIndex: from, time: time)
    }

    private func settle(_ item: ItemID, fromContentY top: Double, toIndex index: Int, time: Int64) {
        let duration = ClearTimings.reorderSettleMicroseconds
        liftSettles[item] = LiftSettle(
            contentY: Tween(
                startMicroseconds: time, durationMicroseconds: duration, from: top,
                to: Double(index) * layout.rowHeightPixels),
            scale: Tween(
                startMicroseconds: time, durationMicroseconds: duration,
                from: ClearTimings.liftedRowScale, to: 1),
            shadow: Tween(startMicroseconds: time, durationMicroseconds: duration, from: 1, to: 0))
    }

    /// The model index of the row shown in slot `display` while `reorder` holds a row:
    /// the held row in its slot, the others in their order around it.
    func modelIndex(forDisplayIndex display: Int, _ reorder: ReorderTrack) -> Int {
        let held = list.index(of: reorder.item) ?? reorder.fromIndex
        if display == reorder.slot { return held }
        let other = display < reorder.slot ? display : display - 1
        return other < held ? other : other + 1
    }
}
