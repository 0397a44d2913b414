import GestureRecognition
import TouchInput

/// Reorder (real Clear, docs/product-decisions.md): a long-press lifts a row; it follows
/// the finger vertically; a neighbour whose midpoint the row's centre crosses slides into
/// the vacated slot; near the top or bottom edge the list auto-scrolls
/// (`ReorderAutoScroll`); at the lift the row settles into its slot and the action is
/// `move FROM → TO`. See docs/clear-core.md.
final class ReorderInteraction: Interaction {
    /// The held row: where it came from, the slot it would drop into now, and where the
    /// finger is.
    struct Hold: Hashable {
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

    /// What changes as gestures come and time passes.
    struct State {
        /// The rows held, by long-press.
        var holds = GestureTracks<Hold>()
        /// Neighbours sliding into the slot a held row left (y offsets, to 0).
        var slides: [ItemID: Tween] = [:]
        /// Dropped (or put back) rows settling into their slots.
        var settles: [ItemID: LiftSettle] = [:]
        /// The held row of the presentation being composed (the latest hold) and its index.
        var shownHold: (hold: Hold, index: Int?)?
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// Lifts the row under the long-press; off the rows the long-press does nothing.
    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard case .longPress(let location) = gesture.values else { return false }
        controller.scrolling.stopDeceleration(in: controller)
        guard let index = controller.hitTest(location) else { return false }
        let item = controller.list[index].id
        controller.rowPan.forget(item)
        forget(item)
        controller.scrolling.rest(in: controller)
        let frame = controller.layout.rowFrame(
            index: index, scrollOffsetPixels: controller.scrollOffsetPixels)
        var hold = Hold(
            item: item, fromIndex: index, slot: index, grabPixels: location.y - frame.midY,
            fingerPixels: location)
        move(&hold, to: location, time: controller.currentTimeMicroseconds, in: controller)
        state.holds.insert(hold, for: gesture.id)
        return true
    }

    func holds(_ id: GestureID) -> Bool { state.holds.index(of: id) != nil }

    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let slot = state.holds.index(of: gesture.id) else { return false }
        if case .longPress(let location) = gesture.values {
            var hold = state.holds[slot]
            move(&hold, to: location, time: controller.currentTimeMicroseconds, in: controller)
            state.holds[slot] = hold
        }
        return true
    }

    /// The finger lifted: the row settles into its slot, and `move` is recorded when the
    /// slot is not the one it came from.
    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let hold = state.holds.remove(gesture.id) else { return false }
        let time = controller.currentTimeMicroseconds
        let offset = controller.scrollOffsetPixels
        controller.scrolling.motion = .still(offset)
        guard let from = controller.list.index(of: hold.item) else { return true }
        let to = min(max(hold.slot, 0), controller.list.count - 1)
        let heldTop =
            heldCentreContentY(hold, offset: offset) - controller.layout.rowHeightPixels / 2
        if to != from {
            controller.list.move(from: from, to: to)
            controller.record(.move(timeMicroseconds: time, from: from, to: to))
        }
        settle(hold.item, fromContentY: heldTop, toIndex: to, time: time, in: controller)
        return true
    }

    /// Cancelled (touch cancel, palm, device removal, a second finger): the neighbours
    /// slide back and the row settles where it came from; nothing is committed.
    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        guard let hold = state.holds.remove(gesture.id) else { return false }
        let time = controller.currentTimeMicroseconds
        let offset = controller.scrollOffsetPixels
        controller.scrolling.motion = .still(offset)
        let list = controller.list
        guard let from = list.index(of: hold.item) else { return true }
        let height = controller.layout.rowHeightPixels
        let heldTop = heldCentreContentY(hold, offset: offset) - height / 2
        let slot = min(max(hold.slot, 0), list.count - 1)
        for display in min(from, slot)...max(from, slot) where display != slot {
            let model = modelIndex(forDisplayIndex: display, hold, in: controller)
            let item = list[model].id
            let current = state.slides[item]?.value(at: time) ?? 0
            state.slides[item] = Tween(
                startMicroseconds: time,
                durationMicroseconds: ClearTimings.reorderSlideMicroseconds,
                from: current + Double(display - model) * height, to: 0)
        }
        settle(hold.item, fromContentY: heldTop, toIndex: from, time: time, in: controller)
        return true
    }

    /// Lets the auto-scroll run to `now` (every midpoint the held row crosses on the way
    /// moves the slot at the microsecond it is crossed, however `advance` is called),
    /// then drops finished slides and settles.
    // The check inline (`visitInteractions` is), the work apart: most calls (one per
    // frame) find nothing held and nothing to drop.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if !state.holds.isEmpty || !state.slides.isEmpty || !state.settles.isEmpty {
            runAutoScrollAndDropFinished(to: now, in: controller)
        }
    }

    private func runAutoScrollAndDropFinished(to now: Int64, in controller: ClearController) {
        if case .autoScroll(let motion) = controller.scrolling.motion {
            for slot in state.holds.entries.indices {
                var hold = state.holds[slot]
                while let time = nextCrossing(hold, motion, in: controller), time <= now {
                    cross(
                        &hold, down: motion.velocityPixelsPerSecond > 0, time: time, in: controller)
                }
                state.holds[slot] = hold
            }
        }
        // `isEmpty` first, as walking even an empty dictionary costs about 25 instructions.
        if !state.slides.isEmpty, state.slides.contains(where: { !$0.value.isRunning(at: now) }) {
            state.slides = state.slides.filter { $0.value.isRunning(at: now) }
        }
        if !state.settles.isEmpty,
            state.settles.contains(where: { now >= $0.value.endMicroseconds })
        {
            state.settles = state.settles.filter { now < $0.value.endMicroseconds }
        }
    }

    func isRunning(at time: Int64) -> Bool {
        state.slides.values.contains { $0.isRunning(at: time) }
            || state.settles.values.contains { time < $0.endMicroseconds }
    }

    /// The row of `item` is gone or lifted again: no slide or settle of it goes on.
    func forget(_ item: ItemID) {
        state.slides[item] = nil
        state.settles[item] = nil
    }

    // MARK: rules

    /// The finger moved: the row follows, neighbours whose midpoints it crossed slide,
    /// and the auto-scroll is set for the finger's new place.
    private func move(
        _ hold: inout Hold, to location: Point, time: Int64, in controller: ClearController
    ) {
        guard location.isFinite else { return }
        hold.fingerPixels = location
        resolveCrossings(&hold, offset: controller.scrollOffsetPixels, time: time, in: controller)
        let layout = controller.layout
        let velocity = ReorderAutoScroll.velocityPixelsPerSecond(
            fingerY: location.y, layout: layout)
        let offset = controller.scrollOffsetPixels
        let range = layout.scrollRange(itemCount: controller.list.count)
        if velocity < 0 && offset > range.lowerBound || velocity > 0 && offset < range.upperBound {
            controller.scrolling.motion = .autoScroll(
                AutoScroll(
                    startMicroseconds: time, startOffsetPixels: offset,
                    velocityPixelsPerSecond: velocity, range: range))
        } else {
            controller.scrolling.motion = .still(offset)
        }
    }

    /// The held row's centre in content coordinates (screen y + scroll offset).
    private func heldCentreContentY(_ hold: Hold, offset: Double) -> Double {
        hold.fingerPixels.y - hold.grabPixels + offset
    }

    /// Moves the slot while the held row's centre is strictly past a neighbour's
    /// midpoint (the neighbour's slot centre).
    private func resolveCrossings(
        _ hold: inout Hold, offset: Double, time: Int64, in controller: ClearController
    ) {
        let height = controller.layout.rowHeightPixels
        let count = controller.list.count
        let centre = heldCentreContentY(hold, offset: offset)
        while hold.slot + 1 < count, centre > (Double(hold.slot) + 1.5) * height {
            cross(&hold, down: true, time: time, in: controller)
        }
        while hold.slot > 0, centre < (Double(hold.slot) - 0.5) * height {
            cross(&hold, down: false, time: time, in: controller)
        }
    }

    /// The neighbour below (or above) slides into the held row's slot.
    private func cross(
        _ hold: inout Hold, down: Bool, time: Int64, in controller: ClearController
    ) {
        let neighbourSlot = hold.slot + (down ? 1 : -1)
        let neighbour = controller.list[
            modelIndex(forDisplayIndex: neighbourSlot, hold, in: controller)
        ].id
        let current = state.slides[neighbour]?.value(at: time) ?? 0
        let height = controller.layout.rowHeightPixels
        state.slides[neighbour] = Tween(
            startMicroseconds: time, durationMicroseconds: ClearTimings.reorderSlideMicroseconds,
            from: current + (down ? height : -height), to: 0)
        hold.slot = neighbourSlot
    }

    /// The first microsecond at which the auto-scroll carries the held row's centre
    /// strictly past the next neighbour's midpoint; nil if it never does.
    private func nextCrossing(_ hold: Hold, _ motion: AutoScroll, in controller: ClearController)
        -> Int64?
    {
        let height = controller.layout.rowHeightPixels
        let velocity = motion.velocityPixelsPerSecond
        let down = velocity > 0
        guard velocity != 0, down ? hold.slot + 1 < controller.list.count : hold.slot > 0 else {
            return nil
        }
        let midpoint = (Double(hold.slot) + (down ? 1.5 : -0.5)) * height
        let screenCentre = hold.fingerPixels.y - hold.grabPixels
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

    private func settle(
        _ item: ItemID, fromContentY top: Double, toIndex index: Int, time: Int64,
        in controller: ClearController
    ) {
        let duration = ClearTimings.reorderSettleMicroseconds
        state.settles[item] = LiftSettle(
            contentY: Tween(
                startMicroseconds: time, durationMicroseconds: duration, from: top,
                to: Double(index) * controller.layout.rowHeightPixels),
            scale: Tween(
                startMicroseconds: time, durationMicroseconds: duration,
                from: ClearTimings.liftedRowScale, to: 1),
            shadow: Tween(startMicroseconds: time, durationMicroseconds: duration, from: 1, to: 0))
    }

    /// The model index of the row shown in slot `display` while `hold` holds a row: the
    /// held row in its slot, the others in their order around it.
    private func modelIndex(
        forDisplayIndex display: Int, _ hold: Hold, in controller: ClearController
    ) -> Int {
        let held = controller.list.index(of: hold.item) ?? hold.fromIndex
        if display == hold.slot { return held }
        let other = display < hold.slot ? display : display - 1
        return other < held ? other : other + 1
    }

    // MARK: presentation

    /// The slot row `index` is shown in: its model index, except while a row is held.
    func displayIndex(ofRowAt index: Int) -> Int {
        guard let (hold, heldIndex) = state.shownHold, let held = heldIndex else { return index }
        if index == held { return hold.slot }
        let other = index < held ? index : index - 1
        return other < hold.slot ? other : other + 1
    }

    /// The latest hold is the one shown; held and settling rows are drawn last.
    func prepare(_ context: inout PresentationContext, in controller: ClearController) {
        let list = controller.list
        state.shownHold = state.holds.latest.map { ($0.track, list.index(of: $0.track.item)) }
        if state.shownHold != nil || !state.slides.isEmpty {
            context.spreadPixels += controller.layout.rowHeightPixels
        }
        let heldIndex = state.shownHold?.index
        if !state.settles.isEmpty || heldIndex != nil {
            var lifted = state.settles.keys.compactMap { list.index(of: $0) }
            if let heldIndex { lifted.append(heldIndex) }
            lifted.sort()
            context.liftedIndices += lifted
        }
    }

    /// A settling row goes from where it was dropped to its slot; the held row follows
    /// the finger; neighbours slide.
    func placeRow(
        _ frame: inout RectPixels, index: Int, item: ItemID, _ context: RowContext,
        in controller: ClearController
    ) {
        let offset = context.offsetPixels
        if let settle = state.settles[item] {
            frame.y = settle.contentY.value(at: context.time) - offset
        }
        if let hold = state.shownHold?.hold, hold.item == item {
            frame.y =
                heldCentreContentY(hold, offset: offset) - offset
                - controller.layout.rowHeightPixels / 2
        }
        frame.y += state.slides[item]?.value(at: context.time) ?? 0
    }

    /// The held row is drawn larger with a shadow; a settling row shrinks back and loses it.
    func styleRow(
        _ row: inout RowPresentation, _ context: RowContext, in controller: ClearController
    ) {
        if state.shownHold?.hold.item == row.itemID {
            row.scale = ClearTimings.liftedRowScale
            row.shadowOpacity = 1
        } else if let settle = state.settles[row.itemID] {
            row.scale = settle.scale.value(at: context.time)
            row.shadowOpacity = settle.shadow.value(at: context.time)
        }
    }
}
