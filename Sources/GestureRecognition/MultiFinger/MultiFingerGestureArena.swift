import TouchInput

/// Turns touch frames into the gesture service's gestures: swipes and edge swipes with 1
/// to 5 fingers, pinches with 2 to 5, taps and long-presses with 1 to 5. The fingers
/// landing on one touchscreen before the group closes (the grouping time passed, or the
/// group really started to move) are one group; tap, long-press, swipe and pinch
/// recognizers watch it together and the first to begin wins it
/// (`MultiFingerArbitrationTable`, shown in docs/gestures.md). One group at a time.
///
/// Positions are the frames' upright pixels (the input sources have already applied
/// rotation and calibration) times the device's millimetres per pixel, so directions and
/// edges are on the upright screen and every threshold is in millimetres.
///
/// Time comes only from event timestamps. Every call first clears `events`, then fills
/// it with that call's reports in order. A value type, like `GestureArena`.
public struct MultiFingerGestureArena {
    /// The arbitration state; the fingers are in `group`.
    enum State: Equatable {
        case idle
        case undecided
        case swipe
        case pinch
        case longPress
        /// The group's gesture is over; its fingers are ignored until the last lifts.
        case spent

        var activity: MultiFingerActivity {
            switch self {
            case .idle: .noGesture
            case .undecided: .undecided
            case .swipe: .swipe
            case .pinch: .pinch
            case .longPress: .longPress
            case .spent: .spent
            }
        }
    }

    enum Role: Equatable {
        /// Finger `index` of the group.
        case group(Int)
        /// Down when the group's gesture ended or failed: blocks a new group until it lifts.
        case leftover
        /// On another device: followed only until it lifts.
        case ignored
    }

    struct Touch {
        var seatSlot = 0
        var device = DeviceID(-1)
        var isLive = false
        var role = Role.ignored
    }

    /// A touchscreen's scale onto the upright screen.
    struct Screen {
        var device: DeviceID
        var millimetresPerPixel: Double
        var sizeMillimetres: SizeMillimetres
    }

    /// The thresholds the recognizers use.
    public var configuration: MultiFingerConfiguration { context.configuration }
    private var context: MultiFingerContext
    private var output = MultiFingerOutput()
    private(set) var state = State.idle
    private var group = FingerGroup()
    private var groupMoved = false
    private var screens: ContiguousArray<Screen> = []
    private var touches: ContiguousArray<Touch>
    private var tap = GroupTapRecognizer()
    private var longPress = GroupLongPressRecognizer()
    private var swipe = GroupSwipeRecognizer()
    private var pinch = GroupPinchRecognizer()

    /// An arena with no devices.
    public init(configuration: MultiFingerConfiguration = .standard) {
        context = MultiFingerContext(configuration: configuration)
        touches = ContiguousArray(
            repeating: Touch(), count: max(1, configuration.maximumSimultaneousTouches))
        screens.reserveCapacity(8)
    }

    /// The reports of the last call, in order (a reused buffer).
    public var events: [MultiFingerGestureEvent] { output.events }

    /// Where the arena's gesture ids come from (from 1).
    public var gestureIDs: GestureIDAllocator {
        get { output.gestureIDs }
        set { output.gestureIDs = newValue }
    }

    // MARK: - Calls

    /// Handles any input event: devices added and removed, touch frames; any other event
    /// only lets its time pass.
    public mutating func handle(_ event: InputEvent) {
        output.events.removeAll(keepingCapacity: true)
        switch event {
        case .deviceAdded(let device, let time):
            observe(time)
            addDevice(device)
        case .deviceRemoved(let device, let time):
            removeDevice(device, at: time)
        case .touchFrame(let frame):
            handleFrame(frame)
        default:
            observe(event.timeMicroseconds)
        }
    }

    /// Lets event time pass without input: a long-press may begin, a tap time out, the
    /// group close.
    public mutating func advance(toMicroseconds time: Int64) {
        output.events.removeAll(keepingCapacity: true)
        observe(time)
    }

    /// The earliest event time at which `advance(toMicroseconds:)` can change anything
    /// (the group closes, a tap times out, a long-press begins), nil while no timer runs
    /// (no group, or its gesture decided): a live loop sleeps until then instead of
    /// ticking.
    public var nextDeadlineMicroseconds: Int64? {
        guard state == .undecided else { return nil }
        let first = group.firstDownMicroseconds
        var deadline = Int64.max
        if !group.isClosed {
            deadline = min(deadline, saturatingSum(first, configuration.fingerGroupingMicroseconds))
        }
        if tap.phase == .possible {
            // In time up to and including the duration: too slow one microsecond after.
            deadline = min(
                deadline,
                saturatingSum(first, saturatingSum(configuration.tapMaximumDurationMicroseconds, 1)))
        }
        if case .possible(let longPressDeadline) = longPress.state {
            deadline = min(deadline, longPressDeadline)
        }
        return deadline == .max ? nil : deadline
    }

    private func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// Ends what the arena began, at the last time it saw: every finger still down is taken
    /// as cancelled, so a swipe, pinch or long-press under way ends `cancelled` and a group
    /// not yet decided fails without a report. For whoever stops feeding it (the end of a
    /// recording, a reload of the service, an exit); afterwards no finger is down.
    public mutating func cancelEveryTouch() {
        output.events.removeAll(keepingCapacity: true)
        for index in touches.indices where touches[index].isLive {
            release(index, cancelled: true)
        }
    }

    // MARK: - Devices and frames

    private mutating func addDevice(_ device: DeviceDescription) {
        screens.removeAll { $0.device == device.id }
        guard device.kind == .touchscreen else { return }
        let widthPixels = Double(max(device.screen.widthPixels, 1))
        let heightPixels = Double(max(device.screen.heightPixels, 1))
        var scale = 1 / configuration.assumedPixelsPerMillimetre
        if let size = device.sizeMillimetres, size.width > 0, size.height > 0,
            size.width.isFinite, size.height.isFinite
        {
            // Rotation swaps the sides of both sizes alike: the ratio of the areas is the
            // same whichever way the panel is mounted.
            scale = (size.width * size.height / (widthPixels * heightPixels)).squareRoot()
        }
        screens.append(
            Screen(
                device: device.id, millimetresPerPixel: scale,
                sizeMillimetres: SizeMillimetres(
                    width: widthPixels * scale, height: heightPixels * scale)))
    }

    private mutating func removeDevice(_ device: DeviceID, at time: Int64) {
        observe(time)
        for index in touches.indices where touches[index].isLive && touches[index].device == device
        {
            release(index, cancelled: true)
        }
        screens.removeAll { $0.device == device }
    }

    private mutating func handleFrame(_ frame: TouchFrame) {
        observe(frame.timeMicroseconds)
        guard let screen = screens.first(where: { $0.device == frame.device }) else { return }
        for contact in frame.contacts {
            switch contact.phase {
            case .down: touchDown(contact, screen)
            case .move: touchMoved(contact, screen)
            case .up: touchEnded(contact, device: frame.device, cancelled: false)
            case .cancel: touchEnded(contact, device: frame.device, cancelled: true)
            }
        }
        flushMoves()
    }

    /// Moves time forward (never back) and lets the recognizers' timers fire.
    private mutating func observe(_ time: Int64) {
        context.timeMicroseconds = max(context.timeMicroseconds, time)
        guard state == .undecided else { return }
        group.closeIfDue(at: context.timeMicroseconds, configuration)
        tap.timePassed(group, context, &output)
        longPress.timePassed(group, context, &output)
        swipe.timePassed(group, context, &output)
        pinch.timePassed(group, context, &output)
        afterUndecidedInput()
    }

    // MARK: - Touches

    private mutating func touchDown(_ contact: TouchContact, _ screen: Screen) {
        if let old = liveIndex(of: contact.seatSlot, device: screen.device) {
            // Its up was lost: the old touch cannot be trusted to commit anything.
            release(old, cancelled: true)
        }
        guard contact.positionPixels.isFinite,
            let index = touches.firstIndex(where: { !$0.isLive })
        else { return }
        touches[index] = Touch(
            seatSlot: contact.seatSlot, device: screen.device, isLive: true, role: .ignored)
        let input: MultiFingerInput
        if state != .idle && group.device != screen.device {
            input = .fingerDownOnAnotherDevice
        } else if state != .idle && groupIsClosed() {
            input = .lateFingerDown
        } else {
            input = .fingerDown
        }
        guard let decision = MultiFingerArbitrationTable.decision(state.activity, input) else {
            return recognizerBug("multi-finger arena", "no rule for \(state.activity), \(input)")
        }
        let position = millimetres(contact.positionPixels, screen)
        switch decision {
        case .startGroup:
            group.reset(
                device: screen.device, screen: screen.sizeMillimetres,
                at: context.timeMicroseconds)
            touches[index].role = .group(group.add(at: position))
            state = .undecided
            tap.groupStarted(group, context, &output)
            longPress.groupStarted(group, context, &output)
            swipe.groupStarted(group, context, &output)
            pinch.groupStarted(group, context, &output)
        case .joinGroup:
            touches[index].role = .group(group.add(at: position))
        case .failGroup:
            touches[index].role = .leftover
            claimAll()
            becomeSpent()
        case .ignore:
            touches[index].role = screen.device == group.device ? .leftover : .ignored
        default:
            recognizerBug("multi-finger arena", "\(decision) for \(input)")
        }
    }

    private mutating func touchMoved(_ contact: TouchContact, _ screen: Screen) {
        guard let index = liveIndex(of: contact.seatSlot, device: screen.device),
            contact.positionPixels.isFinite, case .group(let finger) = touches[index].role
        else { return }
        group.move(finger, to: millimetres(contact.positionPixels, screen))
        groupMoved = true
    }

    private mutating func touchEnded(_ contact: TouchContact, device: DeviceID, cancelled: Bool) {
        guard let index = liveIndex(of: contact.seatSlot, device: device) else { return }
        flushMoves()
        release(index, cancelled: cancelled)
    }

    /// The frame's moves reach the recognizers once, before any lift that follows them.
    private mutating func flushMoves() {
        guard groupMoved else { return }
        groupMoved = false
        switch state {
        case .undecided:
            group.closeIfDue(at: context.timeMicroseconds, configuration)
            tap.groupMoved(group, context, &output)
            longPress.groupMoved(group, context, &output)
            swipe.groupMoved(group, context, &output)
            pinch.groupMoved(group, context, &output)
            afterUndecidedInput()
        case .swipe: swipe.groupMoved(group, context, &output)
        case .pinch: pinch.groupMoved(group, context, &output)
        case .longPress: longPress.groupMoved(group, context, &output)
        case .idle, .spent: break
        }
    }

    private mutating func release(_ index: Int, cancelled: Bool) {
        let role = touches[index].role
        touches[index].isLive = false
        if case .group = role {
            group.liveCount -= 1
            decide(cancelled ? .groupFingerCancelled : .groupFingerLifted)
        }
        if state == .spent && !touches.contains(where: { $0.isLive && $0.role != .ignored }) {
            state = .idle
        }
    }

    // MARK: - Arbitration

    /// Which gesture began, or whether all failed, after the recognizers saw an input.
    private mutating func afterUndecidedInput() {
        guard state == .undecided else { return }
        if swipe.phase == .running {
            decide(.swipeBegan)
        } else if pinch.phase == .running {
            decide(.pinchBegan)
        } else if longPress.phase == .running {
            decide(.longPressBegan)
        } else if tap.phase == .idle && longPress.phase == .idle && swipe.phase == .idle
            && pinch.phase == .idle
        {
            decide(.everyRecognizerFailed)
        }
    }

    private mutating func decide(_ input: MultiFingerInput) {
        guard let decision = MultiFingerArbitrationTable.decision(state.activity, input) else {
            return recognizerBug("multi-finger arena", "no rule for \(state.activity), \(input)")
        }
        switch decision {
        case .swipeWins: win(.swipe)
        case .pinchWins: win(.pinch)
        case .longPressWins: win(.longPress)
        case .liftFinger:
            tap.fingerLifted(group, context, &output)
            longPress.fingerLifted(group, context, &output)
            swipe.fingerLifted(group, context, &output)
            pinch.fingerLifted(group, context, &output)
            if group.liveCount == 0 { becomeSpent() } else { afterUndecidedInput() }
        case .endGesture:
            switch state {
            case .swipe: swipe.fingerLifted(group, context, &output)
            case .pinch: pinch.fingerLifted(group, context, &output)
            case .longPress: longPress.fingerLifted(group, context, &output)
            default: recognizerBug("multi-finger arena", "end gesture while \(state)")
            }
            becomeSpent()
        case .cancelGroup, .failGroup:
            claimAll()
            becomeSpent()
        case .startGroup, .joinGroup, .ignore:
            recognizerBug("multi-finger arena", "\(decision) for \(input)")
        }
    }

    /// The recognizer of `winner` keeps the group; the others fail.
    private mutating func win(_ winner: State) {
        claimAll(keeping: winner)
        state = winner
    }

    /// Every recognizer but the one of `winner` gives the group up: possible ones fail, a
    /// running one is cancelled.
    private mutating func claimAll(keeping winner: State? = nil) {
        tap.groupClaimed(group, context, &output)
        if winner != .longPress { longPress.groupClaimed(group, context, &output) }
        if winner != .swipe { swipe.groupClaimed(group, context, &output) }
        if winner != .pinch { pinch.groupClaimed(group, context, &output) }
    }

    /// The group's fingers still down are ignored until they lift.
    private mutating func becomeSpent() {
        for index in touches.indices where touches[index].isLive {
            if case .group = touches[index].role { touches[index].role = .leftover }
        }
        let anyDown = touches.contains { $0.isLive && $0.role != .ignored }
        state = anyDown ? .spent : .idle
    }

    // MARK: - Lookup

    /// Whether a finger landing now is too late: the group has closed
    /// (`FingerGroup.closeIfDue`), this frame's moves counted.
    private mutating func groupIsClosed() -> Bool {
        if state == .undecided { group.closeIfDue(at: context.timeMicroseconds, configuration) }
        return group.isClosed
    }

    private func millimetres(_ pixels: Point, _ screen: Screen) -> Point {
        Point(x: pixels.x * screen.millimetresPerPixel, y: pixels.y * screen.millimetresPerPixel)
    }

    private func liveIndex(of seatSlot: Int, device: DeviceID) -> Int? {
        touches.firstIndex { $0.isLive && $0.seatSlot == seatSlot && $0.device == device }
    }
}
