import GestureRecognition
import TouchInput

/// Applies recognized gestures to the to-do list with Clear's rules (docs/clear-rules.md and
/// the decisions of docs/product-decisions.md), runs the animations, and answers what is on screen at
/// any time (`presentation(atMicroseconds:)`).
///
/// Time comes only from the events: every call carries an event time, and the
/// controller's clock (`currentTimeMicroseconds`) never goes backwards (an earlier time
/// is treated as the current one). See docs/clear-core.md for the state machine.
///
/// Its state is touched by one thread at a time (the owner's), and only through these
/// methods: the stored properties skip Swift's run-time exclusivity check
/// (`@exclusivity(unchecked)`), which cost about a third of a replay's time.
public final class ClearController {
    /// The screen, the row height and the row geometry.
    public let layout: ClearLayout
    /// The to-do list as the rules have changed it so far.
    @exclusivity(unchecked) public internal(set) var list: TodoList
    /// Every change so far, in order.
    @exclusivity(unchecked) public internal(set) var actions: [Action] = []
    /// The controller's clock: the latest event time it has seen, in microseconds.
    @exclusivity(unchecked) public private(set) var currentTimeMicroseconds: Int64 = 0

    /// The interaction of each gesture in progress, by gesture id.
    @exclusivity(unchecked) var tracks: [GestureID: Track] = [:]
    @exclusivity(unchecked) var scroll: ScrollMotion = .still(0)
    /// Rows sliding back to x = 0 after a pan.
    @exclusivity(unchecked) var snapBacks: [ItemID: Tween] = [:]
    @exclusivity(unchecked) var shuffles: [DeleteShuffle] = []
    @exclusivity(unchecked) var pinchReturns: [PinchReturn] = []
    @exclusivity(unchecked) var editTransition: EditTransition = .rest
    @exclusivity(unchecked) var editSession: EditSession?
    /// Reorder: neighbours sliding into the slot a held row left (y offsets, to 0).
    @exclusivity(unchecked) var reorderSlides: [ItemID: Tween] = [:]
    /// Reorder: dropped (or put back) rows settling into their slots.
    @exclusivity(unchecked) var liftSettles: [ItemID: LiftSettle] = [:]
    /// Clear completed: the completed rows leaving, the rest closing the gaps.
    @exclusivity(unchecked) var clearAnimations: [ClearCompletedAnimation] = []
    @exclusivity(unchecked) private var hasTime = false

    /// The on-screen keyboard; nil without one (`--keyboard off`).
    @exclusivity(unchecked) public internal(set) var keyboard: OnScreenKeyboard?
    /// When the on-screen keyboard shows (`configureKeyboard`).
    @exclusivity(unchecked) public internal(set) var keyboardMode: OnScreenKeyboardMode = .off
    /// The physical keyboards attached (devices added, not removed), for `.auto`.
    @exclusivity(unchecked) var physicalKeyboards: Set<DeviceID> = []
    /// The fraction of the on-screen keyboard's height on screen: 0 hidden, 1 shown.
    @exclusivity(unchecked) var keyboardSlide = Tween(
        startMicroseconds: 0, durationMicroseconds: 0, from: 0, to: 0)

    /// One gesture's interaction with the list.
    enum Track: Hashable {
        /// The gesture does nothing (it began off the rows, on non-adjacent rows, while
        /// editing, or is a kind Clear does not use); its later reports are dropped.
        case ignored
        /// A row follows the finger horizontally: x is the row's origin.x.
        case pan(item: ItemID, xPixels: Double)
        /// The list is pulled `distancePixels` past its top.
        case pull(distancePixels: Double)
        case pinch(PinchTrack)
        case scroll(startOffsetPixels: Double)
        /// A vertical drag that began with the list at its end: it may pull the content
        /// up past the end by `distancePixels` (clear completed).
        case pullUp(startOffsetPixels: Double, distancePixels: Double)
        /// A long-press lifted a row; it follows the finger (reorder).
        case reorder(ReorderTrack)
    }

    struct PinchTrack: Hashable {
        var upperItem: ItemID
        var lowerItem: ItemID
        var upperIndex: Int
        var lowerIndex: Int
        var placeholderColor: RGBColor
        var deltaPixels: Double = 0
        /// Reset at every pinch start (docs/product-decisions.md: the Swift variant).
        var exceededRequiredDistance = false

        var gapPixels: Double { 2 * deltaPixels }
    }

    /// The item being edited and its text field.
    struct EditSession: Hashable {
        var item: ItemID
        var text: String
        var originalText: String
        /// Added by this interaction (pull or pinch), so Escape deletes it.
        var isNew: Bool
    }

    /// A controller at rest on `items` (duplicate ids are renumbered), laid out by `layout`.
    /// Pass `TodoList.swiftTutorialSamples` for Clear's sample list.
    public init(items: [TodoItem], layout: ClearLayout) {
        self.layout = layout
        self.list = TodoList(items: items)
    }

    /// The items in display order.
    public var items: [TodoItem] { list.items }

    /// The list's scroll offset now (negative while pulled past the top).
    public var scrollOffsetPixels: Double { scroll.offset(at: currentTimeMicroseconds) }

    /// The model index of the item being edited.
    public var editingIndex: Int? { editSession.flatMap { list.index(of: $0.item) } }

    /// The edited item's text as typed so far.
    public var editingText: String? { editSession?.text }

    // MARK: - Time

    /// Moves the clock to `time`: animations that have finished are dropped, a
    /// deceleration that has stopped leaves the list at rest.
    public func advance(toMicroseconds time: Int64) {
        setClock(time)
        let now = currentTimeMicroseconds
        advanceReorders(to: now)
        // Rebuilt only when something has finished (the common case on the replay path is
        // nothing: no allocation, no copy).
        if snapBacks.contains(where: { !$0.value.isRunning(at: now) }) {
            snapBacks = snapBacks.filter { $0.value.isRunning(at: now) }
        }
        if reorderSlides.contains(where: { !$0.value.isRunning(at: now) }) {
            reorderSlides = reorderSlides.filter { $0.value.isRunning(at: now) }
        }
        if liftSettles.contains(where: { now >= $0.value.endMicroseconds }) {
            liftSettles = liftSettles.filter { now < $0.value.endMicroseconds }
        }
        if clearAnimations.contains(where: { $0.endMicroseconds <= now }) {
            clearAnimations.removeAll { $0.endMicroseconds <= now }
        }
        if shuffles.contains(where: { $0.endMicroseconds <= now }) {
            shuffles.removeAll { $0.endMicroseconds <= now }
        }
        if pinchReturns.contains(where: { !$0.delta.isRunning(at: now) }) {
            pinchReturns.removeAll { !$0.delta.isRunning(at: now) }
        }
        if let end = scroll.endMicroseconds, end <= now {
            scroll = .still(scroll.offset(at: now))
        }
        advanceKeyboard(toMicroseconds: now)
    }

    /// Event times are clamped to ±2⁶¹ µs (73 000 years) so that adding durations and
    /// subtracting times can never overflow.
    static let timeLimitMicroseconds: Int64 = 1 << 61

    private func setClock(_ time: Int64) {
        let time = min(max(time, -Self.timeLimitMicroseconds), Self.timeLimitMicroseconds)
        if !hasTime || time > currentTimeMicroseconds {
            currentTimeMicroseconds = time
            hasTime = true
        }
    }

    /// A finger touched the screen: a decelerating list stops where it is, as a
    /// UIScrollView does (a list settling back after a pull goes on settling).
    /// ClearSession calls this on every touch down.
    public func interruptScrolling(atMicroseconds time: Int64) {
        advance(toMicroseconds: time)
        stopDeceleration()
    }

    // MARK: - Gestures

    /// Applies one gesture report at its event time.
    public func handle(_ gesture: GestureEvent) {
        advance(toMicroseconds: gesture.timeMicroseconds)
        let time = currentTimeMicroseconds
        switch gesture.state {
        case .began: begin(gesture, at: time)
        case .changed: change(gesture)
        case .ended: end(gesture, at: time)
        case .cancelled: cancel(gesture, at: time)
        }
    }

    private func begin(_ gesture: GestureEvent, at time: Int64) {
        guard tracks[gesture.id] == nil else { return change(gesture) }
        // Editing is modal: only a tap (which ends it) acts while a row is edited.
        if editSession != nil {
            tracks[gesture.id] = .ignored
            return
        }
        switch gesture.values {
        case .pan(let pan):
            stopDeceleration()
            guard let index = hitTest(pan.startPixels) else {
                tracks[gesture.id] = .ignored
                return
            }
            let item = list[index].id
            snapBacks[item] = nil
            tracks[gesture.id] = .pan(item: item, xPixels: finite(pan.translationPixels.x))
        case .pull(let pull):
            stopDeceleration()
            tracks[gesture.id] = .pull(distancePixels: finite(pull.pullDistancePixels))
            followPull(pull.pullDistancePixels)
        case .pinch(let pinch):
            stopDeceleration()
            tracks[gesture.id] = beginPinch(pinch)
        case .scroll:
            stopDeceleration()
            let start = layout.clampedScrollOffset(scrollOffsetPixels, itemCount: list.count)
            // At the list's end (scrolled fully, or a list shorter than the screen) the
            // drag may pull the content up past the end: clear completed.
            let atEnd = start >= layout.maximumScrollOffsetPixels(itemCount: list.count)
            tracks[gesture.id] =
                atEnd
                ? .pullUp(startOffsetPixels: start, distancePixels: 0)
                : .scroll(startOffsetPixels: start)
            scroll = .still(start)
            change(gesture)
        case .longPress(let location):
            stopDeceleration()
            tracks[gesture.id] = beginReorder(at: location, time: time)
        case .tap:
            // Taps act on their single `ended` report.
            tracks[gesture.id] = .ignored
        }
    }

    private func change(_ gesture: GestureEvent) {
        // One hash lookup per report: the track is updated in place through its index.
        guard let slot = tracks.index(forKey: gesture.id) else { return }
        switch (tracks.values[slot], gesture.values) {
        case (.pan(let item, _), .pan(let pan)):
            tracks.values[slot] = .pan(item: item, xPixels: finite(pan.translationPixels.x))
        case (.pull, .pull(let pull)):
            tracks.values[slot] = .pull(distancePixels: finite(pull.pullDistancePixels))
            followPull(pull.pullDistancePixels)
        case (.pinch(var pinch), .pinch(let values)):
            pinch.deltaPixels = spreadDelta(values)
            pinch.exceededRequiredDistance = pinch.gapPixels > layout.rowHeightPixels
            tracks.values[slot] = .pinch(pinch)
        case (.scroll(let start), .scroll(let drag)):
            scroll = .still(
                layout.clampedScrollOffset(
                    start - finite(drag.translationPixels.y), itemCount: list.count))
        case (.pullUp(let start, _), .scroll(let drag)):
            // These call out first, so they store by key, not by the index taken above.
            let distance = followPullUp(start, drag)
            tracks[gesture.id] = .pullUp(startOffsetPixels: start, distancePixels: distance)
        case (.reorder(var reorder), .longPress(let location)):
            moveReorder(&reorder, to: location, time: currentTimeMicroseconds)
            tracks[gesture.id] = .reorder(reorder)
        default:
            break
        }
    }

    private func end(_ gesture: GestureEvent, at time: Int64) {
        if case .tap(let location) = gesture.values, gesture.kind == .tap {
            tracks[gesture.id] = nil
            tap(at: location, time: time)
            return
        }
        change(gesture)
        guard let track = tracks.removeValue(forKey: gesture.id) else { return }
        switch (track, gesture.values) {
        case (.pan(let item, let x), _):
            endPan(item: item, xPixels: x, time: time)
        case (.pull(let distance), _):
            if distance > layout.rowHeightPixels {
                commitPull(distancePixels: distance, time: time)
            } else {
                settleAfterPull(time: time)
            }
        case (.pinch(let pinch), _):
            if pinch.exceededRequiredDistance {
                commitPinch(pinch, time: time)
            } else {
                returnPinch(pinch, time: time)
            }
        case (.scroll, .scroll(let drag)):
            fling(velocityPixelsPerSecond: -finite(drag.velocityPixelsPerSecond.y), time: time)
        case (.pullUp(_, let distance), .scroll(let drag)):
            endPullUp(
                distancePixels: distance,
                velocityPixelsPerSecond: -finite(drag.velocityPixelsPerSecond.y), time: time)
        case (.reorder(let reorder), _):
            dropReorder(reorder, time: time)
        default:
            break
        }
    }

    /// A cancelled gesture commits nothing; what it moved goes back to rest.
    private func cancel(_ gesture: GestureEvent, at time: Int64) {
        change(gesture)
        guard let track = tracks.removeValue(forKey: gesture.id) else { return }
        switch track {
        case .ignored:
            break
        case .pan(let item, let x):
            snapBack(item: item, fromXPixels: x, time: time)
        case .pull:
            // A pull abandoned by pushing the list back up (distance < 0) hands over to
            // the scroll that begins on the same frame: the offset stays continuous.
            settleAfterPull(time: time)
        case .pinch(let pinch):
            returnPinch(pinch, time: time)
        case .scroll:
            // Nothing to commit: no fling. The list stays where the finger left it, so a
            // pinch taking over hit-tests the rows as they are on screen.
            scroll = .still(layout.clampedScrollOffset(scrollOffsetPixels, itemCount: list.count))
        case .pullUp:
            // Nothing is cleared: content pulled past the end springs back.
            settleAfterPullUp(time: time)
        case .reorder(let reorder):
            putBack(reorder, time: time)
        }
    }

    // MARK: - Rules

    func hitTest(_ point: Point) -> Int? {
        layout.modelIndex(at: point, itemCount: list.count, scrollOffsetPixels: scrollOffsetPixels)
    }

    func stopDeceleration() {
        if case .decelerating = scroll {
            scroll = .still(scrollOffsetPixels)
        }
    }

    /// The list follows a pull 1:1; a negative distance means the list is scrolled
    /// down by that much (the event that abandons the pull).
    private func followPull(_ distance: Double) {
        let distance = finite(distance)
        scroll = .still(
            distance >= 0
                ? -min(distance, layout.heightPixels)
                : layout.clampedScrollOffset(-distance, itemCount: list.count))
    }

    private func endPan(item: ItemID, xPixels x: Double, time: Int64) {
        guard let index = list.index(of: item) else { return }
        let half = layout.widthPixels / 2
        if x < -half {
            delete(at: index, time: time)
            return
        }
        if x > half {
            let completed = list[index].completed
            list.setCompleted(!completed, at: index)
            record(completed ? .uncomplete : .complete, index: index, time: time)
        }
        snapBack(item: item, fromXPixels: x, time: time)
    }

    private func snapBack(item: ItemID, fromXPixels x: Double, time: Int64) {
        guard x != 0 else { return }
        snapBacks[item] = Tween(
            startMicroseconds: time, durationMicroseconds: ClearTimings.snapBackMicroseconds,
            from: x,
            to: 0)
    }

    private func commitPull(distancePixels distance: Double, time: Int64) {
        list.insert(at: 0)
        record(.add, index: 0, time: time)
        scroll = .still(0)
        // The new row appears where the placeholder was (its bottom on the old first
        // row), then edit mode moves it to the top.
        beginEditing(
            at: 0, isNew: true, time: time,
            fromTranslationPixels: min(distance, layout.heightPixels) - layout.rowHeightPixels)
    }

    private func settleAfterPull(time: Int64) {
        let offset = scrollOffsetPixels
        if offset < 0 {
            scroll = .settling(
                Tween(
                    startMicroseconds: time,
                    durationMicroseconds: ClearTimings.pullSettleMicroseconds,
                    from: offset, to: 0))
        } else {
            scroll = .still(layout.clampedScrollOffset(offset, itemCount: list.count))
        }
    }

    private func beginPinch(_ values: PinchValues) -> Track {
        guard let first = hitTest(values.upperStartPixels),
            let second = hitTest(values.lowerStartPixels),
            abs(first - second) == 1
        else { return .ignored }
        let upper = min(first, second)
        let lower = max(first, second)
        var pinch = PinchTrack(
            upperItem: list[upper].id, lowerItem: list[lower].id, upperIndex: upper,
            lowerIndex: lower,
            placeholderColor: heatColor(index: upper, count: list.count))
        pinch.deltaPixels = spreadDelta(values)
        pinch.exceededRequiredDistance = pinch.gapPixels > layout.rowHeightPixels
        return .pinch(pinch)
    }

    /// Clear's delta, never negative, at most a screen height (fingers cannot spread further).
    private func spreadDelta(_ values: PinchValues) -> Double {
        min(max(0, finite(values.spreadDeltaPixels)), layout.heightPixels)
    }

    /// The insertion index of a committed pinch: lowerIdx + floor(off/H) with lowerIdx
    /// the lower row's visible index (docs/clear-rules.md §1.3), which is the lower row's model index.
    func pinchInsertIndex(_ pinch: PinchTrack) -> Int {
        let lowerModelIndex = list.index(of: pinch.lowerItem) ?? pinch.lowerIndex
        let offset = max(0, scrollOffsetPixels)
        let lowerVisibleIndex = layout.visibleIndex(
            ofModelIndex: lowerModelIndex, scrollOffsetPixels: offset)
        let index =
            lowerVisibleIndex + layout.rowIndex(offset / layout.rowHeightPixels, rounding: .down)
        return min(max(index, 0), list.count)
    }

    private func commitPinch(_ pinch: PinchTrack, time: Int64) {
        let index = pinchInsertIndex(pinch)
        list.insert(at: index)
        record(.add, index: index, time: time)
        // The Swift tutorial resets the row transforms at once, then edit mode starts.
        beginEditing(at: index, isNew: true, time: time, fromTranslationPixels: 0)
    }

    private func returnPinch(_ pinch: PinchTrack, time: Int64) {
        guard pinch.deltaPixels > 0 else { return }
        pinchReturns.append(
            PinchReturn(
                upperItem: pinch.upperItem, lowerItem: pinch.lowerItem,
                delta: Tween(
                    startMicroseconds: time,
                    durationMicroseconds: ClearTimings.pinchReturnMicroseconds,
                    from: pinch.deltaPixels, to: 0)))
    }

    func fling(velocityPixelsPerSecond velocity: Double, time: Int64) {
        let limit = ScrollDeceleration.maximumVelocityPixelsPerSecond
        let velocity = min(max(velocity, -limit), limit)
        let range = layout.scrollRange(itemCount: list.count)
        let offset = layout.clampedScrollOffset(scrollOffsetPixels, itemCount: list.count)
        guard abs(velocity) >= ScrollDeceleration.minimumVelocityPixelsPerSecond else {
            scroll = .still(offset)
            return
        }
        scroll = .decelerating(
            Deceleration(
                startMicroseconds: time, startOffsetPixels: offset,
                velocityPixelsPerSecond: velocity,
                decelerationPixelsPerSecondSquared: ScrollDeceleration
                    .decelerationPixelsPerSecondSquared,
                range: range))
    }

    private func tap(at location: Point, time: Int64) {
        if editSession != nil {
            // A tap while editing ends the editing and starts nothing else.
            endEditing(keepingText: true, time: time)
            return
        }
        guard let index = hitTest(location), !list[index].completed else { return }
        beginEditing(at: index, isNew: false, time: time, fromTranslationPixels: nil)
    }

    /// Removes the item with the delete shuffle: the rows below that were on screen
    /// (and the one that comes into view) move up one row, staggered.
    func delete(at index: Int, time: Int64) {
        let offset = scrollOffsetPixels
        guard let removed = list.remove(at: index) else { return }
        record(.delete, index: index, time: time)
        snapBacks[removed.id] = nil
        var moving: [ItemID] = []
        var below = index
        // Old row index+1+k is now at `below`; it moved if it was on screen before.
        while below < list.count,
            layout.rowFrame(index: below + 1, scrollOffsetPixels: offset).minY
                < layout.heightPixels + layout.rowHeightPixels
        {
            moving.append(list[below].id)
            below += 1
        }
        if !moving.isEmpty {
            shuffles.append(
                DeleteShuffle(
                    startMicroseconds: time, rowHeightPixels: layout.rowHeightPixels, rows: moving))
        }
        if case .still(let still) = scroll, still > 0 {
            scroll = .still(layout.clampedScrollOffset(still, itemCount: list.count))
        }
    }

    func record(_ kind: ActionKind, index: Int, time: Int64) {
        actions.append(Action(timeMicroseconds: time, kind: kind, index: index))
    }

    func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}

/// Row `index`'s heat-map colour among `count` rows: RGB(1, 0.6·i/(n−1), 0), pure red
/// for a single row (docs/clear-rules.md §2: n = 1 would divide 0 by 0).
public func heatColor(index: Int, count: Int) -> RGBColor {
    guard count > 1 else { return RGBColor(red: 1, green: 0, blue: 0) }
    return RGBColor(red: 1, green: 0.6 * Double(index) / Double(count - 1), blue: 0)
}
