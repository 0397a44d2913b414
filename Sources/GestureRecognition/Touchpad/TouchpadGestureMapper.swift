import TouchInput

/// Maps touchpad input, as libinput decides it, onto Clear's gestures, reporting the
/// same `GestureEvent`s as the touchscreen recognizers:
///
/// | touchpad                                   | Clear gesture                          |
/// |--------------------------------------------|----------------------------------------|
/// | pointer motion                             | moves the pointer, which picks the row |
/// | click or tap-to-click                      | `tap` at the pointer                   |
/// | two-finger scroll / three-finger swipe, horizontal | `pan` of the row under the pointer |
/// | two-finger scroll / three-finger swipe, vertical   | `scroll`; `pull` when it starts downward with the list at its top |
/// | pinch                                      | `pinch` opening the seam nearest the pointer |
/// | hold                                       | nothing                                |
///
/// Directions follow the fingers (finger down = drag down), as on a touchscreen.
/// One explicit state machine per concern: `strokeState` for scroll and swipe strokes,
/// `pinchState` for pinches. Time comes only from the events.
public final class TouchpadGestureMapper {
    public let configuration: TouchpadMappingConfiguration
    /// Set by the client before each event, as for the arena: a vertical stroke becomes a
    /// pull only when this is ≤ 0 at its start.
    public var listScrollOffsetPixels: Double = 0
    /// The id the next gesture gets; a client that also runs the arena keeps them apart.
    public var nextGestureID: Int
    /// Where the pointer is, in screen pixels.
    public private(set) var pointerPixels: Point
    /// Reports produced by the last `handle` call, in order (a reused buffer).
    public private(set) var events: [GestureEvent] = []

    /// A scroll or swipe stroke.
    enum StrokeState: Equatable {
        case idle
        /// Fingers moving, axis not yet decided; the stroke's travel so far in libinput units.
        case deciding(source: StrokeSource, travelX: Double, travelY: Double)
        /// Reporting a gesture.
        case tracking(source: StrokeSource, id: GestureID, kind: GestureKind)
    }

    enum StrokeSource: Equatable {
        case scroll(DeviceID)
        case swipe(DeviceID)

        var device: DeviceID {
            switch self {
            case .scroll(let device), .swipe(let device): device
            }
        }
    }

    enum PinchState: Equatable {
        case idle
        case tracking(device: DeviceID, id: GestureID)
    }

    private(set) var strokeState = StrokeState.idle
    private(set) var pinchState = PinchState.idle
    private var strokeStartPixels = Point.zero
    private var strokeTranslationPixels = Point.zero
    private var strokeStartOffsetPixels = 0.0
    private var strokeSamples: [(time: Int64, position: Point)] = []
    private var pinchCentroidPixels = Point.zero
    private var pressedButtons: Set<Int> = []

    public init(configuration: TouchpadMappingConfiguration, firstGestureID: Int = 0) {
        self.configuration = configuration
        self.nextGestureID = firstGestureID
        self.pointerPixels = Point(
            x: Double(configuration.screen.widthPixels) / 2,
            y: Double(configuration.screen.heightPixels) / 2)
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
        if button.pressed {
            pressedButtons.insert(button.button)
        } else if pressedButtons.remove(button.button) != nil, strokeState == .idle,
            pinchState == .idle
        {
            events.append(
                GestureEvent(
                    id: takeGestureID(), kind: .tap, state: .ended,
                    timeMicroseconds: button.timeMicroseconds,
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
                cancelled: gesture.cancelled
            )
        }
    }

    private func strokeMoved(source: StrokeSource, deltaX: Double, deltaY: Double, time: Int64) {
        let step = Point(
            x: deltaX * configuration.scrollPixelsPerUnit,
            y: deltaY * configuration.scrollPixelsPerUnit)
        switch strokeState {
        case .idle:
            guard pinchState == .idle else { return }
            strokeStartPixels = pointerPixels
            strokeStartOffsetPixels = listScrollOffsetPixels
            strokeTranslationPixels = .zero
            strokeSamples.removeAll(keepingCapacity: true)
            strokeState = .deciding(source: source, travelX: 0, travelY: 0)
            strokeMoved(source: source, deltaX: deltaX, deltaY: deltaY, time: time)
        case .deciding(let current, let travelX, let travelY):
            guard current == source else { return }
            let x = travelX + deltaX
            let y = travelY + deltaY
            strokeTranslationPixels = Point(
                x: strokeTranslationPixels.x + step.x, y: strokeTranslationPixels.y + step.y)
            recordSample(time: time)
            guard (x * x + y * y).squareRoot() > configuration.axisDecisionSlopUnits else {
                strokeState = .deciding(source: source, travelX: x, travelY: y)
                return
            }
            let kind: GestureKind
            if abs(x) > abs(y) {
                kind = .pan
            } else {
                kind = y > 0 && strokeStartOffsetPixels <= 0 ? .pull : .scroll
            }
            let id = takeGestureID()
            strokeState = .tracking(source: source, id: id, kind: kind)
            events.append(strokeEvent(id: id, kind: kind, state: .began, time: time))
        case .tracking(let current, let id, let kind):
            guard current == source else { return }
            strokeTranslationPixels = Point(
                x: strokeTranslationPixels.x + step.x, y: strokeTranslationPixels.y + step.y)
            recordSample(time: time)
            events.append(strokeEvent(id: id, kind: kind, state: .changed, time: time))
        }
    }

    private func endStroke(source: StrokeSource, time: Int64, cancelled: Bool) {
        switch strokeState {
        case .deciding(let current, _, _) where current == source:
            strokeState = .idle
        case .tracking(let current, let id, let kind) where current == source:
            strokeState = .idle
            events.append(
                strokeEvent(id: id, kind: kind, state: cancelled ? .cancelled : .ended, time: time))
        default:
            break
        }
    }

    private func recordSample(time: Int64) {
        strokeSamples.append((time, strokeTranslationPixels))
        let oldest = time - configuration.velocityWindowMicroseconds
        if let keep = strokeSamples.firstIndex(where: { $0.time >= oldest }), keep > 0 {
            strokeSamples.removeFirst(keep)
        }
    }

    /// Least-squares slope of position over time across the velocity window, in px/s.
    private func strokeVelocity() -> Point {
        guard strokeSamples.count >= 2 else { return .zero }
        let count = Double(strokeSamples.count)
        let t0 = strokeSamples[0].time
        let times = strokeSamples.map { Double($0.time - t0) / 1e6 }
        let meanT = times.reduce(0, +) / count
        let varianceT = times.reduce(0) { $0 + ($1 - meanT) * ($1 - meanT) }
        guard varianceT > 0 else { return .zero }
        func slope(_ value: (Point) -> Double) -> Double {
            let meanV = strokeSamples.reduce(0) { $0 + value($1.position) } / count
            var covariance = 0.0
            for (index, sample) in strokeSamples.enumerated() {
                covariance += (times[index] - meanT) * (value(sample.position) - meanV)
            }
            return covariance / varianceT
        }
        return Point(x: slope(\.x), y: slope(\.y))
    }

    private func strokeEvent(id: GestureID, kind: GestureKind, state: GestureState, time: Int64)
        -> GestureEvent
    {
        // A pan moves only its row horizontally; scroll and pull only vertically.
        let translation =
            kind == .pan
            ? Point(x: strokeTranslationPixels.x, y: 0) : Point(x: 0, y: strokeTranslationPixels.y)
        let velocity = strokeVelocity()
        let drag = PanValues(
            startPixels: strokeStartPixels,
            locationPixels: Point(
                x: strokeStartPixels.x + translation.x, y: strokeStartPixels.y + translation.y),
            translationPixels: translation,
            velocityPixelsPerSecond: kind == .pan
                ? Point(x: velocity.x, y: 0) : Point(x: 0, y: velocity.y))
        let values: GestureValues
        switch kind {
        case .pan: values = .pan(drag)
        case .pull:
            values = .pull(
                PullValues(drag: drag, pullDistancePixels: translation.y - strokeStartOffsetPixels))
        default: values = .scroll(drag)
        }
        return GestureEvent(
            id: id, kind: kind, state: state, timeMicroseconds: time, values: values)
    }

    // MARK: pinch

    private func pinched(_ gesture: TouchpadGesture) {
        switch (gesture.stage, pinchState) {
        case (.begin, .idle):
            guard strokeState == .idle else { return }
            pinchCentroidPixels = Point(x: pointerPixels.x, y: nearestSeamY(to: pointerPixels.y))
            let id = takeGestureID()
            pinchState = .tracking(device: gesture.device, id: id)
            events.append(
                pinchEvent(id: id, state: .began, scale: 1, time: gesture.timeMicroseconds))
        case (.update, .tracking(let device, let id)) where device == gesture.device:
            events.append(
                pinchEvent(
                    id: id, state: .changed, scale: gesture.scale, time: gesture.timeMicroseconds))
        case (.end, .tracking(let device, let id)) where device == gesture.device:
            pinchState = .idle
            events.append(
                pinchEvent(
                    id: id, state: gesture.cancelled ? .cancelled : .ended, scale: gesture.scale,
                    time: gesture.timeMicroseconds))
        default:
            break
        }
    }

    /// The y of the boundary between two rows nearest to `y`, in screen pixels.
    func nearestSeamY(to y: Double) -> Double {
        let row = configuration.rowHeightPixels
        let contentY = y + listScrollOffsetPixels
        let seam = max(1, (contentY / row).rounded()) * row
        return seam - listScrollOffsetPixels
    }

    private var lastPinchScale = 1.0

    private func pinchEvent(id: GestureID, state: GestureState, scale: Double, time: Int64)
        -> GestureEvent
    {
        if state != .began { lastPinchScale = scale }
        let baseSpan = configuration.pinchSpanPerScalePixels
        let span = max(0, baseSpan * scale)
        let centre = pinchCentroidPixels
        let upperStart = Point(x: centre.x, y: centre.y - baseSpan / 2)
        let lowerStart = Point(x: centre.x, y: centre.y + baseSpan / 2)
        let upper = Point(x: centre.x, y: centre.y - span / 2)
        let lower = Point(x: centre.x, y: centre.y + span / 2)
        let spread = -min(0, min(upper.y - upperStart.y, lowerStart.y - lower.y))
        return GestureEvent(
            id: id, kind: .pinch, state: state, timeMicroseconds: time,
            values: .pinch(
                PinchValues(
                    upperStartPixels: upperStart, upperPixels: upper, lowerStartPixels: lowerStart,
                    lowerPixels: lower, spreadDeltaPixels: spread, gapPixels: 2 * spread,
                    scale: scale,
                    centroidPixels: centre, spanPixels: span)))
    }

    // MARK: removal

    private func deviceRemoved(_ device: DeviceID, timeMicroseconds: Int64) {
        if case .tracking(let source, _, _) = strokeState, source.device == device {
            endStroke(source: source, time: timeMicroseconds, cancelled: true)
        } else if case .deciding(let source, _, _) = strokeState, source.device == device {
            strokeState = .idle
        }
        if case .tracking(let pinchDevice, let id) = pinchState, pinchDevice == device {
            pinchState = .idle
            events.append(
                pinchEvent(id: id, state: .cancelled, scale: lastPinchScale, time: timeMicroseconds)
            )
        }
    }

    private func takeGestureID() -> GestureID {
        defer { nextGestureID += 1 }
        return GestureID(rawValue: nextGestureID)
    }
}
