import TouchInput

/// Maps touchpad input, as libinput decides it, onto the gestures the touchscreen
/// recognizers report, as the same `GestureEvent`s:
///
/// | touchpad                                   | gesture                                |
/// |--------------------------------------------|----------------------------------------|
/// | pointer motion                             | moves the pointer                      |
/// | click or tap-to-click                      | `tap` at the pointer                   |
/// | two-finger scroll / three-finger swipe, horizontal | `pan` starting at the pointer  |
/// | two-finger scroll / three-finger swipe, vertical   | `scroll`; `pull` when it starts downward and the client offers a pull |
/// | pinch                                      | `pinch` centred at the pointer (or the nearest line of the client's grid) |
/// | hold                                       | nothing                                |
///
/// Directions follow the fingers (finger down = drag down), as on a touchscreen.
/// One explicit state machine per concern: `strokeState` for scroll and swipe strokes,
/// `pinchState` for pinches. Time comes only from the events; nothing is allocated per
/// event once the buffers are warm.
///
/// Used by one thread at a time, through its own methods only, so in release builds its
/// `State` skips the run-time exclusivity check (Package.swift,
/// `CLEARTOUCH_UNCHECKED_EXCLUSIVITY`).
public final class TouchpadGestureMapper {
    /// The thresholds and the client's layout lengths.
    public let configuration: TouchpadMappingConfiguration
    /// Where a stroke comes from: finger scrolling or a swipe, and on which device.
    enum StrokeSource: Equatable {
        case scroll(DeviceID)
        case swipe(DeviceID)

        var device: DeviceID {
            switch self {
            case .scroll(let device), .swipe(let device): device
            }
        }
    }

    /// A stroke that has started: what its reports are measured from.
    struct Stroke: Equatable {
        var source: StrokeSource
        var startPixels: Point
        /// Whether the stroke may be a pull, as the client said when it started.
        var pull: PullAvailability
        var translationPixels = Point.zero
        /// The time of the latest motion: the velocity is taken there.
        var lastMotionMicroseconds: Int64 = 0
    }

    /// A scroll or swipe stroke.
    enum StrokeState: Equatable {
        case idle
        /// Fingers moving, axis not yet decided; the stroke's travel so far in libinput units.
        case deciding(Stroke, travelX: Double, travelY: Double)
        /// Reporting a gesture of `kind` (pan, pull or scroll).
        case tracking(Stroke, id: GestureID, kind: GestureKind)
    }

    /// A pinch gesture from the touchpad.
    enum PinchState: Equatable {
        case idle
        /// Reporting; the pretend touches are centred on `centroidPixels`.
        case tracking(device: DeviceID, id: GestureID, centroidPixels: Point, lastScale: Double)
    }

    /// What the mapper reads and changes on every event. `@usableFromInline`, as are the
    /// fields the public properties forward to: a client's reads and writes of those
    /// (before and after each event) are then inlined, as a stored property's were.
    @usableFromInline struct State {
        /// Whether a vertical stroke that starts downward now is a pull (`pull`).
        @usableFromInline var pull = PullAvailability.atRest
        /// The screen y of line 0 of the grid pinches centre on
        /// (`pinchCentreGridOriginPixels`).
        @usableFromInline var pinchCentreGridOriginPixels = 0.0
        /// Where the mapper's gesture ids come from (`gestureIDs`).
        @usableFromInline var gestureIDs: GestureIDAllocator
        /// Where the pointer is, in screen pixels (`pointerPixels`).
        @usableFromInline var pointerPixels: Point
        /// Reports produced by the last `handle` call (`events`).
        @usableFromInline var events: [GestureEvent] = []
        /// The scroll or swipe stroke's state machine.
        var strokeState = StrokeState.idle
        /// The pinch's state machine.
        var pinchState = PinchState.idle
        /// The stroke's velocity; lives outside the states so adding a sample never copies
        /// it.
        var velocity: VelocityEstimator
        /// The buttons held down.
        var pressedButtons: ContiguousArray<Int> = []
    }

    // Unchecked in release builds: the mapper is used by one thread at a time, through its
    // own methods; `cleartouch-bench touchpad` 816.7 M → 641.4 M instructions (callgrind,
    // whole process) without the check.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    @usableFromInline var state: State

    /// Set by the client before each event, as for the arena: whether a vertical stroke
    /// that starts downward now is a pull.
    @inlinable public var pull: PullAvailability {
        get { state.pull }
        set { state.pull = newValue }
    }
    /// Set by the client before each event: the screen y of line 0 of the grid pinches
    /// centre on (`TouchpadMappingConfiguration.pinchCentreGridPixels`), so the grid can
    /// move with the client's content. A pinch centres on line 1 or a later one.
    @inlinable public var pinchCentreGridOriginPixels: Double {
        get { state.pinchCentreGridOriginPixels }
        set { state.pinchCentreGridOriginPixels = newValue }
    }
    /// Where the mapper's gesture ids come from (touchpad ids, from 2⁴⁰). A client that
    /// also runs the arena lends one allocator to both (set before a call, read after it).
    @inlinable public var gestureIDs: GestureIDAllocator {
        get { state.gestureIDs }
        set { state.gestureIDs = newValue }
    }
    /// Where the pointer is, in screen pixels.
    @inlinable public var pointerPixels: Point { state.pointerPixels }
    /// Reports produced by the last `handle` call, in order (a reused buffer).
    @inlinable public var events: [GestureEvent] {
        _read { yield state.events }
    }

    /// A mapper with the pointer at the screen's centre, taking its gesture ids from
    /// `gestureIDs`.
    public init(
        configuration: TouchpadMappingConfiguration,
        gestureIDs: GestureIDAllocator = GestureIDAllocator()
    ) {
        self.configuration = configuration
        state = State(
            gestureIDs: gestureIDs,
            pointerPixels: Point(
                x: Double(configuration.screen.widthPixels) / 2,
                y: Double(configuration.screen.heightPixels) / 2),
            // A sample exactly one window old still counts.
            velocity: VelocityEstimator(
                capacity: configuration.velocitySampleCapacity,
                windowMicroseconds: configuration.velocityWindowMicroseconds, farEnd: .included))
        state.events.reserveCapacity(8)
        state.pressedButtons.reserveCapacity(8)
    }

    /// Handles one input event; touchscreen frames and keys are not the mapper's and are ignored.
    public func handle(_ event: InputEvent) {
        state.events.removeAll(keepingCapacity: true)
        switch event {
        case .pointerMotion(let motion):
            movePointer(motion)
        case .pointerButton(let button):
            buttonChanged(button)
        case .pointerScroll(let scroll) where scroll.source == .finger:
            scrolled(scroll)
        case .touchpadGesture(let gesture):
            switch gesture.kind {
            case .swipe: swiped(gesture)
            case .pinch: pinched(gesture)
            case .hold: break
            }
        case .deviceRemoved(let device, let time):
            deviceRemoved(device, timeMicroseconds: time)
        default:
            break
        }
    }

    // MARK: pointer and clicks

    private func movePointer(_ motion: PointerMotion) {
        let scale = configuration.pointerPixelsPerUnit
        state.pointerPixels = Point(
            x: min(
                max(state.pointerPixels.x + motion.deltaX * scale, 0),
                Double(configuration.screen.widthPixels - 1)),
            y: min(
                max(state.pointerPixels.y + motion.deltaY * scale, 0),
                Double(configuration.screen.heightPixels - 1)))
    }

    private func buttonChanged(_ button: PointerButton) {
        let pressed = state.pressedButtons.firstIndex(of: button.button)
        if button.pressed {
            if pressed == nil { state.pressedButtons.append(button.button) }
        } else if let pressed {
            state.pressedButtons.remove(at: pressed)
            guard state.strokeState == .idle, state.pinchState == .idle else { return }
            state.events.append(
                GestureEvent(
                    id: takeGestureID(), state: .ended, timeMicroseconds: button.timeMicroseconds,
                    values: .tap(locationPixels: state.pointerPixels)))
        }
    }

    // MARK: strokes (two-finger scroll, three-finger swipe)

    private func scrolled(_ scroll: PointerScroll) {
        // libinput ends a finger scroll with a zero-valued event.
        let isStop = scroll.horizontal == 0 && scroll.vertical == 0
        if isStop {
            endStroke(
                source: .scroll(scroll.device), time: scroll.timeMicroseconds, cancelled: false)
        } else {
            strokeMoved(
                source: .scroll(scroll.device), deltaX: scroll.horizontal, deltaY: scroll.vertical,
                time: scroll.timeMicroseconds)
        }
    }

    private func swiped(_ gesture: TouchpadGesture) {
        switch gesture.stage {
        case .begin:
            break
        case .update:
            strokeMoved(
                source: .swipe(gesture.device), deltaX: gesture.deltaX, deltaY: gesture.deltaY,
                time: gesture.timeMicroseconds)
        case .end:
            endStroke(
                source: .swipe(gesture.device), time: gesture.timeMicroseconds,
                cancelled: gesture.cancelled)
        }
    }

    private func strokeMoved(source: StrokeSource, deltaX: Double, deltaY: Double, time: Int64) {
        switch state.strokeState {
        case .idle:
            guard state.pinchState == .idle else { return }
            state.velocity.reset()
            let stroke = Stroke(source: source, startPixels: state.pointerPixels, pull: state.pull)
            decidingMoved(stroke, travelX: 0, travelY: 0, deltaX, deltaY, time)
        case .deciding(let stroke, let travelX, let travelY):
            guard stroke.source == source else { return }
            decidingMoved(stroke, travelX: travelX, travelY: travelY, deltaX, deltaY, time)
        case .tracking(var stroke, let id, let kind):
            guard stroke.source == source else { return }
            advance(&stroke, deltaX, deltaY, time)
            state.strokeState = .tracking(stroke, id: id, kind: kind)
            state.events.append(
                strokeEvent(stroke, id: id, kind: kind, state: .changed, time: time))
        }
    }

    /// Until the travel leaves the slop the stroke reports nothing; then its axis and
    /// kind are locked.
    private func decidingMoved(
        _ stroke: Stroke, travelX: Double, travelY: Double, _ deltaX: Double, _ deltaY: Double,
        _ time: Int64
    ) {
        var stroke = stroke
        advance(&stroke, deltaX, deltaY, time)
        let x = travelX + deltaX
        let y = travelY + deltaY
        guard (x * x + y * y).squareRoot() > configuration.axisDecisionSlopUnits else {
            state.strokeState = .deciding(stroke, travelX: x, travelY: y)
            return
        }
        let kind = DragRules.kind(translationX: x, translationY: y, pull: stroke.pull)
        let id = takeGestureID()
        state.strokeState = .tracking(stroke, id: id, kind: kind)
        state.events.append(strokeEvent(stroke, id: id, kind: kind, state: .began, time: time))
    }

    private func advance(_ stroke: inout Stroke, _ deltaX: Double, _ deltaY: Double, _ time: Int64)
    {
        let scale = configuration.scrollPixelsPerUnit
        stroke.translationPixels = Point(
            x: stroke.translationPixels.x + deltaX * scale,
            y: stroke.translationPixels.y + deltaY * scale)
        stroke.lastMotionMicroseconds = time
        state.velocity.add(timeMicroseconds: time, pixels: stroke.translationPixels)
    }

    private func endStroke(source: StrokeSource, time: Int64, cancelled: Bool) {
        switch state.strokeState {
        case .deciding(let stroke, _, _) where stroke.source == source:
            state.strokeState = .idle
        case .tracking(let stroke, let id, let kind) where stroke.source == source:
            state.strokeState = .idle
            state.events.append(
                strokeEvent(
                    stroke, id: id, kind: kind, state: cancelled ? .cancelled : .ended, time: time))
        default:
            break
        }
    }

    private func strokeEvent(
        _ stroke: Stroke, id: GestureID, kind: GestureKind, state: GestureState, time: Int64
    ) -> GestureEvent {
        // A pan moves only its row horizontally; scroll and pull only vertically.
        let translation =
            kind == .pan
            ? Point(x: stroke.translationPixels.x, y: 0)
            : Point(x: 0, y: stroke.translationPixels.y)
        let velocity = self.state.velocity.velocityPixelsPerSecond(
            atMicroseconds: stroke.lastMotionMicroseconds)
        let start = stroke.startPixels
        let drag = PanValues(
            startPixels: start,
            locationPixels: Point(x: start.x + translation.x, y: start.y + translation.y),
            translationPixels: translation,
            velocityPixelsPerSecond: kind == .pan
                ? Point(x: velocity.x, y: 0) : Point(x: 0, y: velocity.y))
        let values: GestureValues
        if kind == .pan {
            values = .pan(drag)
        } else if kind == .pull, case .available(let pulled) = stroke.pull {
            values = .pull(
                PullValues(
                    drag: drag,
                    pullDistancePixels: DragRules.pullDistance(
                        translationY: translation.y, alreadyPulledPixels: pulled)))
        } else {
            values = .scroll(drag)
        }
        return GestureEvent(id: id, state: state, timeMicroseconds: time, values: values)
    }

    // MARK: pinch

    private func pinched(_ gesture: TouchpadGesture) {
        let time = gesture.timeMicroseconds
        switch (gesture.stage, state.pinchState) {
        case (.begin, .idle):
            guard state.strokeState == .idle else { return }
            let centre = Point(
                x: state.pointerPixels.x, y: pinchCentreY(near: state.pointerPixels.y))
            let id = takeGestureID()
            state.pinchState = .tracking(
                device: gesture.device, id: id, centroidPixels: centre, lastScale: 1)
            state.events.append(
                pinchEvent(id: id, centre: centre, state: .began, scale: 1, time: time))
        case (.update, .tracking(let device, let id, let centre, _)) where device == gesture.device:
            state.pinchState = .tracking(
                device: device, id: id, centroidPixels: centre, lastScale: gesture.scale)
            state.events.append(
                pinchEvent(
                    id: id, centre: centre, state: .changed, scale: gesture.scale, time: time)
            )
        case (.end, .tracking(let device, let id, let centre, _)) where device == gesture.device:
            state.pinchState = .idle
            state.events.append(
                pinchEvent(
                    id: id, centre: centre, state: gesture.cancelled ? .cancelled : .ended,
                    scale: gesture.scale, time: time))
        default:
            break
        }
    }

    /// The y a pinch near `y` is centred on, in screen pixels: the nearest line of the
    /// grid (line 1 or later) when there is one, else `y`.
    private func pinchCentreY(near y: Double) -> Double {
        guard let spacing = configuration.pinchCentreGridPixels else { return y }
        let gridY = y - state.pinchCentreGridOriginPixels
        let line = max(1, (gridY / spacing).rounded()) * spacing
        return line + state.pinchCentreGridOriginPixels
    }

    private func pinchEvent(
        id: GestureID, centre: Point, state: GestureState, scale: Double, time: Int64
    ) -> GestureEvent {
        let baseSpan = configuration.pinchSpanPerScalePixels
        let span = max(0, baseSpan * scale)
        let upperStart = Point(x: centre.x, y: centre.y - baseSpan / 2)
        let lowerStart = Point(x: centre.x, y: centre.y + baseSpan / 2)
        let upper = Point(x: centre.x, y: centre.y - span / 2)
        let lower = Point(x: centre.x, y: centre.y + span / 2)
        let spread = DragRules.pinchSpread(
            upperDeltaPixels: upper.y - upperStart.y, lowerDeltaPixels: lowerStart.y - lower.y)
        return GestureEvent(
            id: id, state: state, timeMicroseconds: time,
            values: .pinch(
                PinchValues(
                    upperStartPixels: upperStart, upperPixels: upper, lowerStartPixels: lowerStart,
                    lowerPixels: lower, spreadDeltaPixels: spread, gapPixels: 2 * spread,
                    scale: scale, centroidPixels: centre, spanPixels: span)))
    }

    // MARK: removal

    private func deviceRemoved(_ device: DeviceID, timeMicroseconds: Int64) {
        switch state.strokeState {
        case .tracking(let stroke, _, _) where stroke.source.device == device:
            endStroke(source: stroke.source, time: timeMicroseconds, cancelled: true)
        case .deciding(let stroke, _, _) where stroke.source.device == device:
            state.strokeState = .idle
        default:
            break
        }
        if case .tracking(let pinchDevice, let id, let centre, let lastScale) = state.pinchState,
            pinchDevice == device
        {
            state.pinchState = .idle
            state.events.append(
                pinchEvent(
                    id: id, centre: centre, state: .cancelled, scale: lastScale,
                    time: timeMicroseconds))
        }
    }

    private func takeGestureID() -> GestureID {
        state.gestureIDs.next(for: .touchpad)
    }
}
