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
/// stored properties skip the run-time exclusivity check (Package.swift,
/// `CLEARTOUCH_UNCHECKED_EXCLUSIVITY`): `cleartouch-bench touchpad` 816.7 M → 641.4 M
/// instructions (callgrind, whole process).
public final class TouchpadGestureMapper {
    /// The thresholds and the client's layout lengths.
    public let configuration: TouchpadMappingConfiguration
    /// Set by the client before each event, as for the arena: whether a vertical stroke
    /// that starts downward now is a pull.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    public var pull = PullAvailability.atRest
    /// Set by the client before each event: the screen y of line 0 of the grid pinches
    /// centre on (`TouchpadMappingConfiguration.pinchCentreGridPixels`), so the grid can
    /// move with the client's content. A pinch centres on line 1 or a later one.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    public var pinchCentreGridOriginPixels = 0.0
    /// Where the mapper's gesture ids come from (touchpad ids, from 2⁴⁰). A client that
    /// also runs the arena lends one allocator to both (set before a call, read after it).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    public var gestureIDs: GestureIDAllocator
    /// Where the pointer is, in screen pixels.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    public private(set) var pointerPixels: Point
    /// Reports produced by the last `handle` call, in order (a reused buffer).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    public private(set) var events: [GestureEvent] = []

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

    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private(set) var strokeState = StrokeState.idle
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private(set) var pinchState = PinchState.idle
    /// The stroke's velocity; lives outside the states so adding a sample never copies it.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var velocity: VelocityEstimator
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var pressedButtons: ContiguousArray<Int> = []

    /// A mapper with the pointer at the screen's centre, taking its gesture ids from
    /// `gestureIDs`.
    public init(
        configuration: TouchpadMappingConfiguration,
        gestureIDs: GestureIDAllocator = GestureIDAllocator()
    ) {
        self.configuration = configuration
        self.gestureIDs = gestureIDs
        self.pointerPixels = Point(
            x: Double(configuration.screen.widthPixels) / 2,
            y: Double(configuration.screen.heightPixels) / 2)
        // A sample exactly one window old still counts.
        velocity = VelocityEstimator(
            capacity: configuration.velocitySampleCapacity,
            windowMicroseconds: configuration.velocityWindowMicroseconds, farEnd: .included)
        events.reserveCapacity(8)
        pressedButtons.reserveCapacity(8)
    }

    /// Handles one input event; touchscreen frames and keys are not the mapper's and are ignored.
    public func handle(_ event: InputEvent) {
        events.removeAll(keepingCapacity: true)
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
        pointerPixels = Point(
            x: min(
                max(pointerPixels.x + motion.deltaX * scale, 0),
                Double(configuration.screen.widthPixels - 1)),
            y: min(
                max(pointerPixels.y + motion.deltaY * scale, 0),
                Double(configuration.screen.heightPixels - 1)))
    }

    private func buttonChanged(_ button: PointerButton) {
        let pressed = pressedButtons.firstIndex(of: button.button)
        if button.pressed {
            if pressed == nil { pressedButtons.append(button.button) }
        } else if let pressed {
            pressedButtons.remove(at: pressed)
            guard strokeState == .idle, pinchState == .idle else { return }
            events.append(
                GestureEvent(
                    id: takeGestureID(), state: .ended, timeMicroseconds: button.timeMicroseconds,
                    values: .tap(locationPixels: pointerPixels)))
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
        switch strokeState {
        case .idle:
            guard pinchState == .idle else { return }
            velocity.reset()
            let stroke = Stroke(source: source, startPixels: pointerPixels, pull: pull)
            decidingMoved(stroke, travelX: 0, travelY: 0, deltaX, deltaY, time)
        case .deciding(let stroke, let travelX, let travelY):
            guard stroke.source == source else { return }
            decidingMoved(stroke, travelX: travelX, travelY: travelY, deltaX, deltaY, time)
        case .tracking(var stroke, let id, let kind):
            guard stroke.source == source else { return }
            advance(&stroke, deltaX, deltaY, time)
            strokeState = .tracking(stroke, id: id, kind: kind)
            events.append(strokeEvent(stroke, id: id, kind: kind, state: .changed, time: time))
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
            strokeState = .deciding(stroke, travelX: x, travelY: y)
            return
        }
        let kind = DragRules.kind(translationX: x, translationY: y, pull: stroke.pull)
        let id = takeGestureID()
        strokeState = .tracking(stroke, id: id, kind: kind)
        events.append(strokeEvent(stroke, id: id, kind: kind, state: .began, time: time))
    }

    private func advance(_ stroke: inout Stroke, _ deltaX: Double, _ deltaY: Double, _ time: Int64)
    {
        let scale = configuration.scrollPixelsPerUnit
        stroke.translationPixels = Point(
            x: stroke.translationPixels.x + deltaX * scale,
            y: stroke.translationPixels.y + deltaY * scale)
        stroke.lastMotionMicroseconds = time
        velocity.add(timeMicroseconds: time, pixels: stroke.translationPixels)
    }

    private func endStroke(source: StrokeSource, time: Int64, cancelled: Bool) {
        switch strokeState {
        case .deciding(let stroke, _, _) where stroke.source == source:
            strokeState = .idle
        case .tracking(let stroke, let id, let kind) where stroke.source == source:
            strokeState = .idle
            events.append(
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
        let velocity = velocity.velocityPixelsPerSecond(
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
        switch (gesture.stage, pinchState) {
        case (.begin, .idle):
            guard strokeState == .idle else { return }
            let centre = Point(x: pointerPixels.x, y: pinchCentreY(near: pointerPixels.y))
            let id = takeGestureID()
            pinchState = .tracking(
                device: gesture.device, id: id, centroidPixels: centre, lastScale: 1)
            events.append(pinchEvent(id: id, centre: centre, state: .began, scale: 1, time: time))
        case (.update, .tracking(let device, let id, let centre, _)) where device == gesture.device:
            pinchState = .tracking(
                device: device, id: id, centroidPixels: centre, lastScale: gesture.scale)
            events.append(
                pinchEvent(
                    id: id, centre: centre, state: .changed, scale: gesture.scale, time: time)
            )
        case (.end, .tracking(let device, let id, let centre, _)) where device == gesture.device:
            pinchState = .idle
            events.append(
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
        let gridY = y - pinchCentreGridOriginPixels
        let line = max(1, (gridY / spacing).rounded()) * spacing
        return line + pinchCentreGridOriginPixels
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
        switch strokeState {
        case .tracking(let stroke, _, _) where stroke.source.device == device:
            endStroke(source: stroke.source, time: timeMicroseconds, cancelled: true)
        case .deciding(let stroke, _, _) where stroke.source.device == device:
            strokeState = .idle
        default:
            break
        }
        if case .tracking(let pinchDevice, let id, let centre, let lastScale) = pinchState,
            pinchDevice == device
        {
            pinchState = .idle
            events.append(
                pinchEvent(
                    id: id, centre: centre, state: .cancelled, scale: lastScale,
                    time: timeMicroseconds))
        }
    }

    private func takeGestureID() -> GestureID {
        gestureIDs.next(for: .touchpad)
    }
}
