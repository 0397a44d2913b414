import TouchInput

/// The arena's state and logic, as a value so that one call from `GestureArena`
/// mutates it in place (one exclusive access per call instead of one per field).
struct ArenaCore {
    let configuration: GestureConfiguration
    var listScrollOffsetPixels: Double = 0
    private(set) var latestTimeMicroseconds: Int64 = .min
    private(set) var output = GestureOutput()
    /// Ids of the added touchscreens: the only devices whose frames are handled.
    private var touchscreens: ContiguousArray<DeviceID> = []
    private var touches: ContiguousArray<TouchTrack>
    /// Touches at this index and above have never been used: searches stop here.
    private var touchesInUse = 0
    private var primaryIndex = -1
    private var pinchMoved = false
    private var tap = TapRecognizer()
    private var longPress = LongPressRecognizer()
    private var pan: PanRecognizer
    private var pinch = PinchRecognizer()

    init(configuration: GestureConfiguration) {
        self.configuration = configuration
        touches = ContiguousArray(
            repeating: TouchTrack(), count: max(1, configuration.maximumSimultaneousTouches))
        pan = PanRecognizer(configuration)
        touchscreens.reserveCapacity(8)
    }

    var liveTouchCount: Int { touches.reduce(0) { $0 + ($1.isLive ? 1 : 0) } }

    /// Every public call starts here: `events` holds one call's reports.
    mutating func beginCall() {
        output.events.removeAll(keepingCapacity: true)
    }

    mutating func deviceAdded(_ device: DeviceDescription) {
        touchscreens.removeAll { $0 == device.id }
        if device.kind == .touchscreen { touchscreens.append(device.id) }
    }

    mutating func deviceRemoved(_ device: DeviceID, timeMicroseconds: Int64) {
        let time = observe(timeMicroseconds)
        fireTimers(at: time)
        for index in 0..<touchesInUse where touches[index].isLive && touches[index].device == device
        {
            release(index, at: time, cancelled: true)
        }
        touchscreens.removeAll { $0 == device }
    }

    mutating func advance(toMicroseconds time: Int64) {
        fireTimers(at: observe(time))
    }

    mutating func handle(_ frame: TouchFrame) {
        let time = observe(frame.timeMicroseconds)
        fireTimers(at: time)
        guard isTouchscreen(frame.device) else { return }
        for contact in frame.contacts {
            switch contact.phase {
            case .down: touchDown(contact, device: frame.device, at: time)
            case .move: touchMoved(contact, device: frame.device, at: time)
            case .up: touchEnded(contact, device: frame.device, at: time, cancelled: false)
            case .cancel: touchEnded(contact, device: frame.device, at: time, cancelled: true)
            }
        }
        if pinchMoved {
            pinchMoved = false
            pinch.touchesMoved(touches, at: time, &output)
        }
    }

    // MARK: - Touches

    private mutating func touchDown(_ contact: TouchContact, device: DeviceID, at time: Int64) {
        // A second down on a live slot means its up was lost: the old touch cannot be
        // trusted to commit anything, so it is cancelled and the new one starts afresh.
        if let old = liveIndex(of: contact.seatSlot, device: device) {
            release(old, at: time, cancelled: true)
        }
        guard contact.positionPixels.isFinite, let index = freeTouchIndex() else { return }
        let millimetres = finiteOrNil(contact.positionMillimetres)
        touches[index] = TouchTrack(
            seatSlot: contact.seatSlot, device: device, isLive: true, role: .ignored,
            downTimeMicroseconds: time, startPixels: contact.positionPixels,
            startMillimetres: millimetres, pixels: contact.positionPixels, millimetres: millimetres)

        if primaryIndex < 0 && !pinch.isActive {
            primaryIndex = index
            touches[index].role = .primary
            tap.start()
            longPress.start(touches[index], configuration)
            pan.start(touches[index])
        } else if primaryIndex >= 0 && !pan.isRowPanActive && touches[primaryIndex].device == device
        {
            beginPinch(with: index, at: time)
        }
    }

    private mutating func beginPinch(with secondIndex: Int, at time: Int64) {
        let firstIndex = primaryIndex
        let first = touches[firstIndex]
        tap.fail()
        longPress.finish(.cancelled, first, at: time, &output)
        pan.finish(.cancelled, first, at: time, &output)
        primaryIndex = -1
        touches[firstIndex].role = .pinch
        touches[secondIndex].role = .pinch
        pinch.begin(
            first: first, at: firstIndex, second: touches[secondIndex], at: secondIndex, time: time,
            &output)
    }

    private mutating func touchMoved(_ contact: TouchContact, device: DeviceID, at time: Int64) {
        guard let index = liveIndex(of: contact.seatSlot, device: device),
            contact.positionPixels.isFinite
        else { return }
        touches[index].pixels = contact.positionPixels
        touches[index].millimetres = finiteOrNil(contact.positionMillimetres)
        switch touches[index].role {
        case .primary:
            let touch = touches[index]
            tap.touchMoved(touch, configuration)
            longPress.touchMoved(touch, at: time, configuration, &output)
            if longPress.state.isActive { pan.fail() }
            pan.touchMoved(
                touch, at: time, listScrollOffsetPixels: listScrollOffsetPixels, configuration,
                &output)
            if pan.state.isActive {
                tap.fail()
                longPress.finish(.cancelled, touch, at: time, &output)
            }
        case .pinch:
            pinchMoved = true
        case .ignored:
            break
        }
    }

    private mutating func touchEnded(
        _ contact: TouchContact, device: DeviceID, at time: Int64, cancelled: Bool
    ) {
        guard let index = liveIndex(of: contact.seatSlot, device: device) else { return }
        release(index, at: time, cancelled: cancelled)
    }

    /// Forgets the touch after ending the gestures it is in: a lift ends them, a cancel
    /// cancels them. Up contacts carry no position in libinput: the last known one is used.
    private mutating func release(_ index: Int, at time: Int64, cancelled: Bool) {
        let touch = touches[index]
        let final: GestureState = cancelled ? .cancelled : .ended
        switch touch.role {
        case .primary:
            if cancelled {
                tap.fail()
            } else {
                tap.touchLifted(touch, at: time, configuration, &output)
            }
            longPress.finish(final, touch, at: time, &output)
            pan.finish(final, touch, at: time, &output)
            primaryIndex = -1
        case .pinch:
            endPinch(final, at: time)
        case .ignored:
            break
        }
        touches[index].isLive = false
    }

    private mutating func endPinch(_ final: GestureState, at time: Int64) {
        pinchMoved = false
        let upper = pinch.upperIndex
        let lower = pinch.lowerIndex
        pinch.finish(final, touches, at: time, &output)
        touches[upper].role = .ignored
        touches[lower].role = .ignored
    }

    // MARK: - Time and lookup

    /// Clamps time so it never goes backwards.
    private mutating func observe(_ time: Int64) -> Int64 {
        latestTimeMicroseconds = max(latestTimeMicroseconds, time)
        return latestTimeMicroseconds
    }

    private mutating func fireTimers(at time: Int64) {
        guard primaryIndex >= 0 else { return }
        longPress.advance(to: time, touches[primaryIndex], &output)
        if longPress.state.isActive {
            tap.fail()
            pan.fail()
        }
    }

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

    private func isTouchscreen(_ device: DeviceID) -> Bool {
        touchscreens.contains(device)
    }

    private func finiteOrNil(_ point: Point?) -> Point? {
        guard let point, point.isFinite else { return nil }
        return point
    }
}
