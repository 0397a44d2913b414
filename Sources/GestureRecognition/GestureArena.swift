import TouchInput

/// Turns touch frames into gestures. Every touch belongs to at most one winning
/// recognizer; who wins is decided by `ArbitrationTable` (shown in docs/gestures.md).
///
/// - The first finger down (when no single-touch gesture or pinch is running) becomes
///   the *primary* touch, watched by the tap, long-press and pan recognizers together.
///   A long-press that begins fails the pan; a pan that begins fails the tap and the
///   long-press.
/// - A second finger on the same device, landing while the primary touch is anything
///   but a running row pan, begins a pinch at once and cancels whatever the primary
///   touch was doing (tap, long-press, scroll, pull). A running row pan keeps its touch
///   and later fingers are ignored; a running pinch ignores further fingers.
/// - When a pinch ends, its remaining finger is ignored until it lifts.
///
/// Time comes only from event timestamps. Every call first clears `events`, then
/// fills it with the reports of that call in order. A value type: copying an arena
/// copies its touches and recognizers.
public struct GestureArena {
    /// What the arena is doing: the arbitration state. Primary touches are indices into
    /// `touches`.
    @usableFromInline enum State: Equatable {
        /// No recognizer holds a touch.
        case idle
        /// Tap, long-press and pan all watch the primary touch.
        case undecided(primary: Int)
        /// The long-press won the primary touch.
        case longPress(primary: Int)
        /// A scroll or pull won the primary touch.
        case verticalDrag(primary: Int)
        /// A row pan won the primary touch; later fingers are ignored.
        case rowPan(primary: Int)
        /// The pinch holds two touches; other fingers are ignored.
        case pinch

        /// True while tap, long-press and pan all watch the primary touch (the
        /// long-press timer runs).
        @inlinable var isUndecided: Bool {
            if case .undecided = self { true } else { false }
        }

        var activity: ArbitrationActivity {
            switch self {
            case .idle: .noGesture
            case .undecided: .undecided
            case .longPress: .longPress
            case .verticalDrag: .verticalDrag
            case .rowPan: .rowPan
            case .pinch: .pinch
            }
        }

        /// The primary touch of a won one-finger drag (a scroll, a pull or a row pan):
        /// its moves go to the pan alone.
        @inline(__always) var dragPrimary: Int? {
            switch self {
            case .verticalDrag(let primary), .rowPan(let primary): primary
            case .idle, .undecided, .longPress, .pinch: nil
            }
        }

        var primary: Int? {
            switch self {
            case .undecided(let primary), .longPress(let primary), .verticalDrag(let primary),
                .rowPan(let primary):
                primary
            case .idle, .pinch: nil
            }
        }
    }

    /// The thresholds the recognizers use.
    public var configuration: GestureConfiguration { context.configuration }
    @usableFromInline var context: RecognizerContext
    @usableFromInline var output = GestureOutput()
    @usableFromInline private(set) var state = State.idle
    /// Ids of the added touchscreens: the only devices whose frames are handled.
    private var touchscreens: ContiguousArray<DeviceID> = []
    private var touches: ContiguousArray<TouchTrack>
    /// Touches at this index and above have never been used: searches stop here.
    private var touchesInUse = 0
    private var tap = TapRecognizer()
    private var longPress = LongPressRecognizer()
    private var pan: PanRecognizer
    private var pinch = PinchRecognizer()
    /// False: a won drag's moves take the general way too (`dragMoved`); tests hold the
    /// short way to the general one.
    var takesDragLane = true

    /// An arena with no devices; `configuration` holds every threshold.
    public init(configuration: GestureConfiguration = .clear) {
        context = RecognizerContext(configuration: configuration)
        touches = ContiguousArray(
            repeating: TouchTrack(), count: max(1, configuration.maximumSimultaneousTouches))
        pan = PanRecognizer(configuration)
        touchscreens.reserveCapacity(8)
    }

    /// Set by the client before each frame, from what it shows: whether a vertical drag
    /// that starts downward now is a pull (`.atRest` unless set). Inlinable, as
    /// `gestureIDs`: the client sets it before every frame.
    @inlinable public var pull: PullAvailability {
        get { context.pull }
        set { context.pull = newValue }
    }

    /// Which reports of a one-finger drag (row pan, scroll, pull) carry its velocity:
    /// every one (the default), or only the final one, the release velocity a fling needs.
    /// The fit is most of a drag frame's cost; a client that reads only final velocities
    /// (Clear's rules) skips it for the rest.
    public var dragVelocityReports: DragVelocityReports {
        get { context.dragVelocities }
        set { context.dragVelocities = newValue }
    }

    /// Where the arena's gesture ids come from. A client that also maps a touchpad lends
    /// one allocator to both (set before a call, read after it). Inlinable, as `events`.
    @inlinable public var gestureIDs: GestureIDAllocator {
        get { output.gestureIDs }
        set { output.gestureIDs = newValue }
    }

    /// Reports produced by the last call to `handle`, `advance`, `deviceAdded` or
    /// `deviceRemoved`, in order (a reused buffer). Inlinable so that a client reading it
    /// from a stored property does not copy the whole arena first.
    @inlinable public var events: [GestureEvent] { output.events }

    /// Hears every threshold decision of the recognizers as it is made (`cleartouch test
    /// --margins`): a lifted touch's slop, a tap's duration, a hold's rest. Nil (the
    /// default) costs a nil check.
    public var decisionObserver: (any ThresholdDecisionObserver)? {
        get { output.decisionObserver }
        set { output.decisionObserver = newValue }
    }

    /// The latest event time seen; times earlier than this are treated as this.
    public var latestTimeMicroseconds: Int64 { context.timeMicroseconds }

    /// The number of touches the arena is following.
    public var liveTouchCount: Int { touches.reduce(0) { $0 + ($1.isLive ? 1 : 0) } }

    // MARK: - Calls

    /// A device appeared. Frames are handled only from added touchscreens; adding an id
    /// again replaces what was known about it.
    public mutating func deviceAdded(_ device: DeviceDescription) {
        beginCall()
        addDevice(device)
    }

    /// A device went away: every gesture one of its touches is in is cancelled, and its
    /// touches are forgotten. Unknown ids are ignored.
    public mutating func deviceRemoved(_ device: DeviceID, timeMicroseconds: Int64) {
        beginCall()
        removeDevice(device, at: timeMicroseconds)
    }

    /// Lets event time pass without input: fires a long-press whose time has come.
    public mutating func advance(toMicroseconds time: Int64) {
        beginCall()
        observe(time)
    }

    /// `advance(toMicroseconds:)` for a client that reads `events` only when this returns
    /// true. While no long-press timer runs (no touch is undecided) an advance can report
    /// nothing: then only the clock moves, `events` keeps the last call's reports, and
    /// this returns false. Otherwise it is `advance(toMicroseconds:)`. Inlinable: a drag
    /// frame's advance is a comparison and a store (`ClearSession`; `SkippedAdvanceTests`).
    @inlinable public mutating func advanceReportingWhenTimed(toMicroseconds time: Int64)
        -> Bool
    {
        guard state.isUndecided else {
            context.timeMicroseconds = max(context.timeMicroseconds, time)
            return false
        }
        advance(toMicroseconds: time)
        return true
    }

    /// Handles one frame. Frames from devices never added, already removed, or not
    /// touchscreens are ignored (their time still counts).
    public mutating func handle(_ frame: TouchFrame) {
        beginCall()
        handleFrame(frame)
    }

    /// Handles any input event: device added or removed, touch frames; every other
    /// event only lets its time pass (a long-press may fire). A convenience for
    /// front ends that feed a whole recording; `events` holds this event's reports.
    public mutating func handle(_ event: InputEvent) {
        beginCall()
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

    // MARK: - Devices and frames

    private mutating func beginCall() {
        // Most calls report nothing or one report (a drag frame's). `removeAll(keepingCapacity:)`
        // goes through the general `replaceSubrange`, about 90 instructions a call; a few
        // `removeLast()` cost a few each.
        if output.events.count > Self.reportsRemovedOneByOne {
            output.events.removeAll(keepingCapacity: true)
        } else {
            while !output.events.isEmpty { output.events.removeLast() }
        }
    }

    /// Up to this many reports left from the last call are removed one by one.
    private static let reportsRemovedOneByOne = 4

    private mutating func addDevice(_ device: DeviceDescription) {
        touchscreens.removeAll { $0 == device.id }
        if device.kind == .touchscreen { touchscreens.append(device.id) }
    }

    private mutating func removeDevice(_ device: DeviceID, at time: Int64) {
        observe(time)
        for index in 0..<touchesInUse where touches[index].isLive && touches[index].device == device
        {
            release(index, cancelled: true)
        }
        touchscreens.removeAll { $0 == device }
    }

    private mutating func handleFrame(_ frame: TouchFrame) {
        observe(frame.timeMicroseconds)
        guard touchscreens.contains(frame.device) else { return }
        if takesDragLane, frame.contacts.count == 1,
            dragMoved(frame.contacts[0], device: frame.device)
        {
            return
        }
        for contact in frame.contacts {
            switch contact.phase {
            case .down: touchDown(contact, device: frame.device)
            case .move: touchMoved(contact, device: frame.device)
            case .up: touchEnded(contact, device: frame.device, cancelled: false)
            case .cancel: touchEnded(contact, device: frame.device, cancelled: true)
            }
        }
        if case .pinch = state { pinch.frameEnded(context, &output) }
    }

    /// Moves time forward (never back) and fires the long-press timer.
    private mutating func observe(_ time: Int64) {
        context.timeMicroseconds = max(context.timeMicroseconds, time)
        guard case .undecided(let primary) = state else { return }
        longPress.timePassed(touches[primary], context, &output)
        if longPress.phase == .running { decide(.longPressBegan, primary: primary) }
    }

    // MARK: - Touches

    private mutating func touchDown(_ contact: TouchContact, device: DeviceID) {
        // A second down on a live slot means its up was lost: the old touch cannot be
        // trusted to commit anything, so it is cancelled and the new one starts afresh.
        if let old = liveIndex(of: contact.seatSlot, device: device) {
            release(old, cancelled: true)
        }
        guard contact.positionPixels.isFinite, let index = freeTouchIndex() else { return }
        let millimetres = finiteOrNil(contact.positionMillimetres)
        touches[index] = TouchTrack(
            index: index, seatSlot: contact.seatSlot, device: device, isLive: true,
            role: .ignored, downTimeMicroseconds: context.timeMicroseconds,
            startPixels: contact.positionPixels, startMillimetres: millimetres,
            pixels: contact.positionPixels, millimetres: millimetres)
        let onAnotherDevice = state.primary.map { touches[$0].device != device } ?? false
        decide(onAnotherDevice ? .fingerDownOnAnotherDevice : .fingerDown, touch: index)
    }

    private mutating func touchMoved(_ contact: TouchContact, device: DeviceID) {
        guard let index = liveIndex(of: contact.seatSlot, device: device),
            contact.positionPixels.isFinite
        else { return }
        touches[index].pixels = contact.positionPixels
        touches[index].millimetres = finiteOrNil(contact.positionMillimetres)
        if output.decisionObserver != nil { touches[index].noteFarthest() }
        let touch = touches[index]
        switch touch.role {
        case .primary: primaryMoved(touch)
        case .pinch: pinch.touchMoved(touch, context, &output)
        case .ignored: break
        }
    }

    /// The one move of a won drag's touch, most frames of a drag: it goes to the pan with
    /// the touch's new position, as `touchMoved` and `primaryMoved` would send it, without
    /// looking the touch up or copying it. False (and nothing changed) for any other
    /// contact; the frame then takes the general way.
    @inline(__always)
    private mutating func dragMoved(_ contact: TouchContact, device: DeviceID) -> Bool {
        guard contact.phase == .move, let primary = state.dragPrimary,
            touches[primary].seatSlot == contact.seatSlot, touches[primary].device == device,
            touches[primary].isLive, contact.positionPixels.isFinite
        else { return false }
        touches[primary].pixels = contact.positionPixels
        touches[primary].millimetres = finiteOrNil(contact.positionMillimetres)
        if output.decisionObserver != nil { touches[primary].noteFarthest() }
        pan.dragMoved(to: contact.positionPixels, context, &output)
        return true
    }

    /// Moves go to the recognizers that hold the touch: all three while undecided,
    /// then only the winner (rows 14 and "pull goes back above the top").
    private mutating func primaryMoved(_ touch: TouchTrack) {
        switch state {
        case .undecided(let primary):
            tap.touchMoved(touch, context, &output)
            longPress.touchMoved(touch, context, &output)
            pan.touchMoved(touch, context, &output)
            if pan.phase == .running { decide(.dragBegan, primary: primary) }
        case .longPress:
            longPress.touchMoved(touch, context, &output)
        case .verticalDrag, .rowPan:
            pan.touchMoved(touch, context, &output)
        case .idle, .pinch:
            recognizerBug("arena", "primary touch moved while \(state)")
        }
    }

    private mutating func touchEnded(_ contact: TouchContact, device: DeviceID, cancelled: Bool) {
        guard let index = liveIndex(of: contact.seatSlot, device: device) else { return }
        release(index, cancelled: cancelled)
    }

    /// Forgets the touch after ending the gestures it is in: a lift ends them, a cancel
    /// cancels them. Up contacts carry no position in libinput: the last known one is used.
    private mutating func release(_ index: Int, cancelled: Bool) {
        switch touches[index].role {
        case .primary: decide(.primaryLifted, touch: index, cancelled: cancelled)
        case .pinch: decide(.pinchFingerLifted, touch: index, cancelled: cancelled)
        case .ignored: break
        }
        touches[index].isLive = false
    }

    // MARK: - Arbitration

    /// Looks the situation up in `ArbitrationTable` and carries out the decision.
    private mutating func decide(
        _ input: ArbitrationInput, touch index: Int, cancelled: Bool = false
    ) {
        guard let decision = ArbitrationTable.decision(state.activity, input) else {
            return recognizerBug("arena", "no arbitration rule for \(state.activity), \(input)")
        }
        switch decision {
        case .becomePrimary: becomePrimary(index)
        case .beginPinch: beginPinch(second: index)
        case .ignore: break
        case .releasePrimary: releasePrimary(index, cancelled: cancelled)
        case .endPinch: endPinch(index, cancelled: cancelled)
        case .longPressWins, .dragWins, .winnerKeepsTheTouch:
            recognizerBug("arena", "\(decision) for \(input)")
        }
    }

    /// The decisions when a gesture of the primary touch begins.
    private mutating func decide(_ input: ArbitrationInput, primary: Int) {
        let decision = ArbitrationTable.decision(state.activity, input)
        let touch = touches[primary]
        switch decision {
        case .longPressWins:
            tap.touchClaimed(touch, context, &output)
            pan.touchClaimed(touch, context, &output)
            state = .longPress(primary: primary)
        case .dragWins:
            tap.touchClaimed(touch, context, &output)
            longPress.touchClaimed(touch, context, &output)
            state = pan.isRowPan ? .rowPan(primary: primary) : .verticalDrag(primary: primary)
        default:
            recognizerBug("arena", "\(String(describing: decision)) when \(input)")
        }
    }

    private mutating func becomePrimary(_ index: Int) {
        touches[index].role = .primary
        state = .undecided(primary: index)
        let touch = touches[index]
        tap.touchDown(touch, context, &output)
        longPress.touchDown(touch, context, &output)
        pan.touchDown(touch, context, &output)
    }

    private mutating func beginPinch(second: Int) {
        guard let first = state.primary else {
            return recognizerBug("arena", "pinch without a primary touch")
        }
        let touch = touches[first]
        tap.touchClaimed(touch, context, &output)
        longPress.touchClaimed(touch, context, &output)
        pan.touchClaimed(touch, context, &output)
        touches[first].role = .pinch
        touches[second].role = .pinch
        state = .pinch
        pinch.touchDown(touches[first], context, &output)
        pinch.touchDown(touches[second], context, &output)
    }

    private mutating func releasePrimary(_ index: Int, cancelled: Bool) {
        let touch = touches[index]
        // The slop decided between resting (tap, hold) and dragging; its margin is how
        // far the touch got from its start.
        if !cancelled && output.decisionObserver != nil {
            let slop = touch.slopDecision(context.configuration)
            output.decided(
                "slop", context.timeMicroseconds, value: slop.value, threshold: slop.threshold,
                unit: slop.unit)
        }
        switch state {
        case .undecided:
            tap.touchEnded(touch, cancelled: cancelled, context, &output)
            longPress.touchEnded(touch, cancelled: cancelled, context, &output)
            pan.touchEnded(touch, cancelled: cancelled, context, &output)
        case .longPress:
            longPress.touchEnded(touch, cancelled: cancelled, context, &output)
        case .verticalDrag, .rowPan:
            pan.touchEnded(touch, cancelled: cancelled, context, &output)
        case .idle, .pinch:
            return recognizerBug("arena", "primary touch released while \(state)")
        }
        state = .idle
    }

    private mutating func endPinch(_ index: Int, cancelled: Bool) {
        pinch.touchEnded(touches[index], cancelled: cancelled, context, &output)
        for other in 0..<touchesInUse where touches[other].role == .pinch {
            touches[other].role = .ignored
        }
        state = .idle
    }

    // MARK: - Lookup

    private func liveIndex(of seatSlot: Int, device: DeviceID) -> Int? {
        for index in 0..<touchesInUse
        where touches[index].isLive && touches[index].seatSlot == seatSlot
            && touches[index].device == device
        {
            return index
        }
        return nil
    }

    private mutating func freeTouchIndex() -> Int? {
        for index in 0..<touchesInUse where !touches[index].isLive { return index }
        guard touchesInUse < touches.count else { return nil }
        touchesInUse += 1
        return touchesInUse - 1
    }

    private func finiteOrNil(_ point: Point?) -> Point? {
        guard let point, point.isFinite else { return nil }
        return point
    }
}
