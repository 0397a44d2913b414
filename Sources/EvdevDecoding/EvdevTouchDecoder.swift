import Evdev
import TouchInput

/// Turns one device's kernel events into `InputEvent`s the way libinput does
/// (docs/recordings.md). Touch handling depends on what the device speaks:
///
/// * protocol B: `ABS_MT_SLOT` selects a slot (slot 0 until the first one), a tracking id
///   ≥ 0 starts a contact, −1 ends it, a new id on a busy slot ends one and starts another;
/// * protocol A: each contact ends with `SYN_MT_REPORT`; contacts are matched to the
///   previous frame's by nearest neighbour (greedy, closest pairs first, like mtdev);
/// * single touch: `ABS_X`/`ABS_Y` while `BTN_TOUCH` is down.
///
/// A contact whose `ABS_MT_TOOL_TYPE` becomes `MT_TOOL_PALM` is cancelled; one that
/// starts as a palm is never reported. `SYN_DROPPED` discards events up to the next
/// `SYN_REPORT`. `finish` cancels whatever is still down.
///
/// Used by one thread at a time: in release builds its `State` skips the run-time
/// exclusivity check (`@exclusivity(unchecked)`).
package final class EvdevTouchDecoder {
    package enum Mode { case slots, protocolA, singleTouch, none }

    private struct Slot {
        var trackingID: Int32 = -1
        var x: Int32 = 0
        var y: Int32 = 0
        var toolType: Int32 = 0
        /// The contact reported down (−1: none).
        var activeID: Int32 = -1
        var seatSlot = -1
        var trackingChanged = false
        var positionChanged = false
        /// The current tracking id is a palm: ignore it until the id changes.
        var suppressed = false
    }

    private struct PointA {
        var x: Int32
        var y: Int32
        var trackingID: Int32?
    }

    private struct ContactA {
        var point: PointA
        var deviceSlot: Int
        var seatSlot: Int
    }

    package let id: DeviceID
    package let mode: Mode
    private let seat: SeatSlots
    private let axisX: AbsoluteAxisInfo
    private let axisY: AbsoluteAxisInfo
    private let screen: ScreenSize
    private let xCode: EventCode
    private let yCode: EventCode
    private let slotMinimum: Int32
    private let touchButton: EventCode
    /// Touchpads count fingers with `BTN_TOOL_*`; touchscreens (N-Trig sends
    /// `BTN_TOOL_DOUBLETAP` for one finger) are counted by their contacts, as libinput does.
    private let countsToolFingers: Bool
    /// Calibration and rotation (`TouchTransform`); identity: positions map linearly onto
    /// `screen` exactly as before, without a detour through normalized coordinates.
    private let transform: TouchTransform
    /// `transform.isIdentity`, asked for every contact (a call into TouchInput each time).
    private let transformIsIdentity: Bool
    /// The device's slots (`slotCount` of them, protocol B only), and the slots changed in
    /// this frame, in the first `dirtySlotCount` entries of `dirtySlots` (room for every
    /// slot; a slot is in it once, while its `trackingChanged` or `positionChanged` is set),
    /// so that ending a frame neither searches nor empties a list. Fixed buffers owned by
    /// the decoder: as arrays, every event paid for a uniqueness check and a bounds check.
    private let slots: UnsafeMutablePointer<Slot>
    private let slotCount: Int
    private let dirtySlots: UnsafeMutablePointer<Int>
    /// What decoding changes on every event.
    private struct State {
        /// The slot `ABS_MT_SLOT` selected last (protocol B).
        var currentSlot = 0
        /// How many entries of `dirtySlots` this frame has used.
        var dirtySlotCount = 0
        /// The frame being decoded, its first `frameContactCount` entries written so far. A
        /// frame handed out shares its buffer, whose entries the next frame overwrites in
        /// place, by when a reader has let that frame go: one buffer serves every frame (a
        /// new one for each frame was a fifth of the decoder's time; emptying it and
        /// appending again, a tenth).
        var contacts: [TouchContact] = []
        var frameContactCount = 0
        /// After `SYN_DROPPED`, until the next `SYN_REPORT`.
        var dropping = false
        /// The `BTN_TOOL_*` fingers held, a bit each.
        var toolBits: UInt8 = 0
        var lastFingerCount = 0
        /// Contacts reported down.
        var activeCount = 0
        /// Single touch: `BTN_TOUCH` is down, and it changed in this frame.
        var touchDown = false
        var touchButtonChanged = false
        /// Protocol A: the previous frame's points, the point being reported and whether it
        /// has an axis yet, the contacts matched, whether this frame had a `SYN_MT_REPORT`.
        var pointsA: [PointA] = []
        var pendingA = PointA(x: 0, y: 0, trackingID: nil)
        var pendingHasData = false
        var contactsA: [ContactA] = []
        var sawMTReport = false
        /// Relative motion and wheel, summed per frame.
        var relX: Int32 = 0
        var relY: Int32 = 0
        var wheel: Int32 = 0
        var hwheel: Int32 = 0
        /// The time of the latest event (`lastTime`).
        var lastTime: Int64 = 0
    }

    // Unchecked in release builds: used by one thread at a time; with the decoder's checks
    // back on, `cleartouch-bench continuous` went from 875 to 1126 ns/event (best of 8,
    // release, 2 busy cores).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// The time of the latest event, in microseconds.
    package var lastTime: Int64 { state.lastTime }

    /// A decoder mapping touch positions onto `screen` (the upright layout) through
    /// `transform` when given (its `uprightScreen` is `screen`).
    package init(
        id: DeviceID, device: EvdevDevice, screen: ScreenSize, seat: SeatSlots,
        calibration: CalibrationMatrix = .identity, rotation: Rotation = .none
    ) {
        self.id = id
        self.seat = seat
        self.screen = screen
        transform = TouchTransform(
            calibration: calibration, rotation: rotation, uprightScreen: screen)
        transformIsIdentity = transform.isIdentity
        let codes = device.positionAxisCodes
        xCode = codes.x
        yCode = codes.y
        axisX = device.absinfo[codes.x] ?? AbsoluteAxisInfo(minimum: 0, maximum: 0)
        axisY = device.absinfo[codes.y] ?? AbsoluteAxisInfo(minimum: 0, maximum: 0)
        let hasMT =
            device.has(EventType.abs, EventCode.absMTPositionX)
            || device.absinfo[EventCode.absMTPositionX] != nil
        if device.deviceClass == .penTablet {
            // A pen is no finger (the pen rule, docs/devices.md): a pen tablet gives no contacts.
            mode = .none
            slotCount = 0
            slotMinimum = 0
        } else if let count = device.slotCount,
            device.has(EventType.abs, EventCode.absMTSlot)
                || device.absinfo[EventCode.absMTSlot] != nil
        {
            mode = .slots
            slotCount = count
            slotMinimum = device.absinfo[EventCode.absMTSlot]?.minimum ?? 0
            if let initial = device.initialSlot {
                let index = Int(Int64(initial) - Int64(slotMinimum))
                state.currentSlot = index >= 0 && index < count ? index : 0
            }
        } else if hasMT {
            mode = .protocolA
            slotCount = 0
            slotMinimum = 0
        } else if device.has(EventType.abs, EventCode.absX) || device.absinfo[EventCode.absX] != nil
        {
            mode = .singleTouch
            slotCount = 0
            slotMinimum = 0
        } else {
            mode = .none
            slotCount = 0
            slotMinimum = 0
        }
        slots = .allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        dirtySlots = .allocate(capacity: slotCount)
        dirtySlots.initialize(repeating: 0, count: slotCount)
        countsToolFingers = device.kind == .touchpad
        touchButton =
            device.has(EventType.key, EventCode.btnTouch)
                || !device.has(EventType.key, EventCode.btnLeft)
            ? EventCode.btnTouch : EventCode.btnLeft
    }

    deinit {
        slots.deallocate()
        dirtySlots.deallocate()
    }

    // MARK: coordinates

    @inline(__always)
    private func pixels(_ x: Int32, _ y: Int32) -> Point {
        if !transformIsIdentity {
            return transform.uprightPixels(
                normalizedX: EvdevTouchDecoder.scale(x, axisX, 1),
                normalizedY: EvdevTouchDecoder.scale(y, axisY, 1))
        }
        return Point(
            x: EvdevTouchDecoder.scale(x, axisX, Double(screen.widthPixels)),
            y: EvdevTouchDecoder.scale(y, axisY, Double(screen.heightPixels)))
    }

    /// libinput's `scale_axis`: (v − min) · size / (max − min + 1).
    static func scale(_ value: Int32, _ axis: AbsoluteAxisInfo, _ size: Double) -> Double {
        let range = Double(Int64(axis.maximum) - Int64(axis.minimum) + 1)
        guard range > 0 else { return Double(value) }
        return Double(Int64(value) - Int64(axis.minimum)) * size / range
    }

    private func millimetres(_ x: Int32, _ y: Int32) -> Point? {
        guard axisX.resolution > 0, axisY.resolution > 0 else { return nil }
        return Point(
            x: Double(Int64(x) - Int64(axisX.minimum)) / Double(axisX.resolution),
            y: Double(Int64(y) - Int64(axisY.minimum)) / Double(axisY.resolution))
    }

    private func contact(_ phase: TouchPhase, seatSlot: Int, deviceSlot: Int, x: Int32, y: Int32)
        -> TouchContact
    {
        TouchContact(
            seatSlot: seatSlot, deviceSlot: deviceSlot, phase: phase,
            positionMillimetres: millimetres(x, y),
            positionPixels: pixels(x, y))
    }

    /// Finger count from `BTN_TOOL_*`: the highest pressed.
    private var toolCount: Int {
        guard countsToolFingers else { return 0 }
        if state.toolBits & 0x10 != 0 { return 5 }
        if state.toolBits & 0x08 != 0 { return 4 }
        if state.toolBits & 0x04 != 0 { return 3 }
        if state.toolBits & 0x02 != 0 { return 2 }
        if state.toolBits & 0x01 != 0 { return 1 }
        return 0
    }

    // MARK: events

    /// Feeds one kernel event; appends what it completes to `out`.
    package func handle(_ event: EvdevEvent, into out: inout [InputEvent]) {
        decode(event, into: &out)
    }

    /// Feeds one kernel event; appends what it completes to `out`, touch frames held flat
    /// (the readers' batches: no array made per frame).
    package func handle(_ event: EvdevEvent, into out: inout InputEventBatch) {
        decode(event, into: &out)
    }

    // Generic over where events go, specialized for both (one module).
    @inline(__always)
    private func decode<Out: DecodedEvents>(_ event: EvdevEvent, into out: inout Out) {
        state.lastTime = event.timeMicroseconds
        if state.dropping {
            if event.type == EventType.syn && event.code == EventCode.synReport { resynchronise() }
            return
        }
        switch event.type {
        case EventType.syn:
            switch event.code {
            case EventCode.synReport: endFrame(time: event.timeMicroseconds, into: &out)
            case EventCode.synMTReport: reportContactA()
            case EventCode.synDropped: state.dropping = true
            default: break
            }
        case EventType.abs: handleAbsolute(event.code, event.value)
        case EventType.key: handleKey(event, into: &out)
        case EventType.rel:
            switch event.code {
            case EventCode.relX: state.relX &+= event.value
            case EventCode.relY: state.relY &+= event.value
            case EventCode.relWheel: state.wheel &+= event.value
            case EventCode.relHWheel: state.hwheel &+= event.value
            default: break
            }
        default: break
        }
    }

    private func handleAbsolute(_ code: EventCode, _ value: Int32) {
        switch mode {
        case .slots:
            if code == EventCode.absMTSlot {
                let index = Int(Int64(value) - Int64(slotMinimum))
                state.currentSlot = index >= 0 && index < slotCount ? index : -1
                return
            }
            guard state.currentSlot >= 0, code >= EventCode.absMTSlot else { return }
            let index = state.currentSlot
            let slot = slots + index
            let wasDirty = slot.pointee.trackingChanged || slot.pointee.positionChanged
            var touched = true
            switch code {
            case xCode:
                slot.pointee.x = value
                slot.pointee.positionChanged = true
            case yCode:
                slot.pointee.y = value
                slot.pointee.positionChanged = true
            case EventCode.absMTTrackingID:
                slot.pointee.trackingID = value
                slot.pointee.trackingChanged = true
            case EventCode.absMTToolType:
                slot.pointee.toolType = value
                slot.pointee.positionChanged = true
            default: touched = false
            }
            if touched && !wasDirty {
                dirtySlots[state.dirtySlotCount] = index
                state.dirtySlotCount += 1
            }
        case .protocolA:
            switch code {
            case xCode:
                state.pendingA.x = value
                state.pendingHasData = true
            case yCode:
                state.pendingA.y = value
                state.pendingHasData = true
            case EventCode.absMTTrackingID:
                state.pendingA.trackingID = value
                state.pendingHasData = true
            default: break
            }
        case .singleTouch:
            if code == xCode {
                state.pendingA.x = value
                state.pendingHasData = true
            }
            if code == yCode {
                state.pendingA.y = value
                state.pendingHasData = true
            }
        case .none: break
        }
    }

    private func handleKey<Out: DecodedEvents>(_ event: EvdevEvent, into out: inout Out) {
        let code = event.code
        let pressed = event.value != 0
        if event.value == 2 { return }  // key repeat, as libinput replay skips it
        switch code {
        case EventCode.btnToolFinger: setTool(0x01, pressed)
        case EventCode.btnToolDoubleTap: setTool(0x02, pressed)
        case EventCode.btnToolTripleTap: setTool(0x04, pressed)
        case EventCode.btnToolQuadTap: setTool(0x08, pressed)
        case EventCode.btnToolQuintTap: setTool(0x10, pressed)
        case touchButton where mode == .singleTouch || mode == .protocolA:
            if pressed != state.touchDown {
                state.touchDown = pressed
                state.touchButtonChanged = true
            }
        case EventCode.btnLeft...EventCode.btnTask:
            out.append(
                .pointerButton(
                    PointerButton(
                        device: id, timeMicroseconds: event.timeMicroseconds,
                        button: Int(code.rawValue),
                        pressed: pressed)))
        case EventCode(rawValue: 1)..<EventCode.btnMisc:
            out.append(
                .key(
                    KeyboardKey(
                        device: id, timeMicroseconds: event.timeMicroseconds,
                        code: Int(code.rawValue),
                        pressed: pressed)
                ))
        default: break
        }
    }

    private func setTool(_ bit: UInt8, _ pressed: Bool) {
        if pressed { state.toolBits |= bit } else { state.toolBits &= ~bit }
    }

    private func resynchronise() {
        state.dropping = false
        for position in 0..<state.dirtySlotCount {
            slots[dirtySlots[position]].trackingChanged = false
            slots[dirtySlots[position]].positionChanged = false
        }
        state.dirtySlotCount = 0
        state.pointsA.removeAll(keepingCapacity: true)
        state.pendingHasData = false
        state.touchButtonChanged = false
        state.relX = 0
        state.relY = 0
        state.wheel = 0
        state.hwheel = 0
    }

    /// Starts a frame's contacts (see `contacts`).
    private func startFrameContacts() {
        state.frameContactCount = 0
    }

    /// Adds a contact to the frame: in place of the last frame's, while it had more.
    private func add(_ contact: TouchContact) {
        if state.frameContactCount < state.contacts.count {
            state.contacts[state.frameContactCount] = contact
        } else {
            state.contacts.append(contact)
        }
        state.frameContactCount += 1
    }

    /// Ends a frame's contacts: drops what is left of the last frame's.
    private func endFrameContacts() {
        if state.contacts.count > state.frameContactCount {
            state.contacts.removeLast(state.contacts.count - state.frameContactCount)
        }
    }

    // Not inlined into `handle`: most events end no frame, and with it inlined each of
    // them saved and restored every register the frame's code uses.
    @inline(never)
    private func endFrame<Out: DecodedEvents>(time: Int64, into out: inout Out) {
        startFrameContacts()
        switch mode {
        case .slots: endFrameSlots()
        case .protocolA: endFrameProtocolA()
        case .singleTouch: endFrameSingleTouch()
        case .none: break
        }
        endFrameContacts()
        let fingers = max(state.activeCount, toolCount)
        if !state.contacts.isEmpty || (fingers != state.lastFingerCount && mode != .none) {
            out.appendTouchFrame(
                device: id, timeMicroseconds: time, contacts: state.contacts, fingerCount: fingers)
        }
        state.lastFingerCount = fingers
        if state.relX != 0 || state.relY != 0 {
            out.append(
                .pointerMotion(
                    PointerMotion(
                        device: id, timeMicroseconds: time, deltaX: Double(state.relX),
                        deltaY: Double(state.relY))))
            state.relX = 0
            state.relY = 0
        }
        if state.wheel != 0 || state.hwheel != 0 {
            // libinput: 15 degrees per wheel click, positive values scroll up (negative axis).
            out.append(
                .pointerScroll(
                    PointerScroll(
                        device: id, timeMicroseconds: time, source: .wheel,
                        horizontal: Double(state.hwheel) * 15,
                        vertical: Double(-state.wheel) * 15)))
            state.wheel = 0
            state.hwheel = 0
        }
    }

    private func endFrameSlots() {
        // One finger dirties one slot: sorting it was a call per frame.
        if state.dirtySlotCount > 1 {
            var dirty = UnsafeMutableBufferPointer(start: dirtySlots, count: state.dirtySlotCount)
            dirty.sort()
        }
        for position in 0..<state.dirtySlotCount {
            let index = dirtySlots[position]
            let slot = slots + index
            if slot.pointee.trackingChanged && slot.pointee.trackingID != slot.pointee.activeID {
                changeContact(ofSlot: index)
            } else if slot.pointee.activeID >= 0 && !slot.pointee.suppressed
                && slot.pointee.positionChanged
            {
                if slot.pointee.toolType == MTToolType.palm {
                    cancelPalm(ofSlot: index)
                } else {
                    add(
                        contact(
                            .move, seatSlot: slot.pointee.seatSlot, deviceSlot: index,
                            x: slot.pointee.x, y: slot.pointee.y))
                }
            }
            slot.pointee.trackingChanged = false
            slot.pointee.positionChanged = false
        }
        state.dirtySlotCount = 0
    }

    // Contacts that go down, lift or turn out to be palms, apart from the moves (nearly
    // every frame): inlined, their code made each move save and restore more registers.

    /// A new tracking id on slot `index`: its contact (if any) lifts, the new one goes down.
    @inline(never)
    private func changeContact(ofSlot index: Int) {
        var slot = slots[index]
        if slot.activeID >= 0 {
            if slot.seatSlot >= 0 {
                add(contact(.up, seatSlot: slot.seatSlot, deviceSlot: index, x: slot.x, y: slot.y))
                seat.release(slot.seatSlot)
                state.activeCount -= 1
            }
            slot.seatSlot = -1
            slot.activeID = -1
        }
        slot.suppressed = false
        if slot.trackingID >= 0 {
            slot.activeID = slot.trackingID
            if slot.toolType == MTToolType.palm {
                slot.suppressed = true
            } else {
                slot.seatSlot = seat.take()
                state.activeCount += 1
                add(
                    contact(.down, seatSlot: slot.seatSlot, deviceSlot: index, x: slot.x, y: slot.y)
                )
            }
        }
        slots[index] = slot
    }

    /// The contact of slot `index` became a palm: it is cancelled.
    @inline(never)
    private func cancelPalm(ofSlot index: Int) {
        var slot = slots[index]
        add(contact(.cancel, seatSlot: slot.seatSlot, deviceSlot: index, x: slot.x, y: slot.y))
        seat.release(slot.seatSlot)
        state.activeCount -= 1
        slot.seatSlot = -1
        slot.suppressed = true
        slots[index] = slot
    }

    // Not inlined: protocol A only, and in line it made `handle` save and restore four
    // more registers for every event of every device (+13 instructions an event,
    // cont.evemu).
    @inline(never)
    private func reportContactA() {
        state.sawMTReport = true
        if state.pendingHasData { state.pointsA.append(state.pendingA) }
        state.pendingHasData = false
        state.pendingA.trackingID = nil
    }

    private func endFrameProtocolA() {
        if state.pendingHasData { reportContactA() }
        // Each frame lists every contact; a frame without SYN_MT_REPORT changes nothing,
        // unless BTN_TOUCH went up.
        guard state.sawMTReport || state.touchButtonChanged || !state.pointsA.isEmpty else {
            return
        }
        state.sawMTReport = false
        state.touchButtonChanged = false
        var matchedOld = [Bool](repeating: false, count: state.contactsA.count)
        var matchedNew = [Int](repeating: -1, count: state.pointsA.count)
        if !state.contactsA.isEmpty && !state.pointsA.isEmpty {
            var pairs: [(distance: Double, old: Int, new: Int)] = []
            pairs.reserveCapacity(state.contactsA.count * state.pointsA.count)
            let scaleX = axisX.resolution > 0 ? Double(axisX.resolution) : 1
            let scaleY = axisY.resolution > 0 ? Double(axisY.resolution) : 1
            for (old, previous) in state.contactsA.enumerated() {
                for (new, point) in state.pointsA.enumerated() {
                    if let a = previous.point.trackingID, let b = point.trackingID {
                        if a == b { pairs.append((-1, old, new)) }
                        continue
                    }
                    let dx = Double(Int64(point.x) - Int64(previous.point.x)) / scaleX
                    let dy = Double(Int64(point.y) - Int64(previous.point.y)) / scaleY
                    pairs.append((dx * dx + dy * dy, old, new))
                }
            }
            pairs.sort { ($0.distance, $0.old, $0.new) < ($1.distance, $1.old, $1.new) }
            for pair in pairs where !matchedOld[pair.old] && matchedNew[pair.new] < 0 {
                matchedOld[pair.old] = true
                matchedNew[pair.new] = pair.old
            }
        }
        var next: [ContactA] = []
        next.reserveCapacity(state.pointsA.count)
        for (old, previous) in state.contactsA.enumerated() where !matchedOld[old] {
            add(
                contact(
                    .up, seatSlot: previous.seatSlot, deviceSlot: previous.deviceSlot,
                    x: previous.point.x,
                    y: previous.point.y))
            seat.release(previous.seatSlot)
        }
        for (new, point) in state.pointsA.enumerated() where matchedNew[new] >= 0 {
            var kept = state.contactsA[matchedNew[new]]
            if kept.point.x != point.x || kept.point.y != point.y {
                add(
                    contact(
                        .move, seatSlot: kept.seatSlot, deviceSlot: kept.deviceSlot, x: point.x,
                        y: point.y))
            }
            kept.point = point
            next.append(kept)
        }
        for (new, point) in state.pointsA.enumerated() where matchedNew[new] < 0 {
            var deviceSlot = 0
            while next.contains(where: { $0.deviceSlot == deviceSlot }) { deviceSlot += 1 }
            let seatSlot = seat.take()
            next.append(ContactA(point: point, deviceSlot: deviceSlot, seatSlot: seatSlot))
            add(
                contact(.down, seatSlot: seatSlot, deviceSlot: deviceSlot, x: point.x, y: point.y))
        }
        state.contactsA = next
        state.activeCount = next.count
        state.pointsA.removeAll(keepingCapacity: true)
    }

    private func endFrameSingleTouch() {
        let moved = state.pendingHasData
        state.pendingHasData = false
        let x = state.pendingA.x
        let y = state.pendingA.y
        if state.touchButtonChanged {
            state.touchButtonChanged = false
            if state.touchDown && state.contactsA.isEmpty {
                let seatSlot = seat.take()
                state.contactsA = [
                    ContactA(point: state.pendingA, deviceSlot: 0, seatSlot: seatSlot)
                ]
                add(contact(.down, seatSlot: seatSlot, deviceSlot: 0, x: x, y: y))
            } else if !state.touchDown, let active = state.contactsA.first {
                add(contact(.up, seatSlot: active.seatSlot, deviceSlot: 0, x: x, y: y))
                seat.release(active.seatSlot)
                state.contactsA = []
            }
        } else if moved, let active = state.contactsA.first {
            add(contact(.move, seatSlot: active.seatSlot, deviceSlot: 0, x: x, y: y))
            state.contactsA[0].point = state.pendingA
        }
        state.activeCount = state.contactsA.count
    }

    /// Cancels every contact still down (end of the recording); appends the frame, if any.
    package func finish(time: Int64, into out: inout [InputEvent]) {
        finishContacts(time: time, into: &out)
    }

    /// `finish`, the frame held flat.
    package func finish(time: Int64, into out: inout InputEventBatch) {
        finishContacts(time: time, into: &out)
    }

    private func finishContacts<Out: DecodedEvents>(time: Int64, into out: inout Out) {
        startFrameContacts()
        for index in 0..<slotCount where slots[index].activeID >= 0 && slots[index].seatSlot >= 0 {
            let slot = slots[index]
            add(
                contact(.cancel, seatSlot: slot.seatSlot, deviceSlot: index, x: slot.x, y: slot.y))
            seat.release(slot.seatSlot)
            slots[index].seatSlot = -1
            slots[index].activeID = -1
        }
        for active in state.contactsA {
            add(
                contact(
                    .cancel, seatSlot: active.seatSlot, deviceSlot: active.deviceSlot,
                    x: active.point.x,
                    y: active.point.y))
            seat.release(active.seatSlot)
        }
        state.contactsA = []
        state.activeCount = 0
        endFrameContacts()
        if !state.contacts.isEmpty {
            out.appendTouchFrame(
                device: id, timeMicroseconds: time, contacts: state.contacts, fingerCount: 0)
        }
    }
}

/// Where the decoder appends what it completes: an array of events, or a batch.
protocol DecodedEvents {
    mutating func append(_ event: InputEvent)
    mutating func appendTouchFrame(
        device: DeviceID, timeMicroseconds: Int64, contacts: [TouchContact], fingerCount: Int?)
}

extension Array: DecodedEvents where Element == InputEvent {
    // The frame shares the decoder's contacts buffer (see `contacts`).
    @inline(__always)
    mutating func appendTouchFrame(
        device: DeviceID, timeMicroseconds: Int64, contacts: [TouchContact], fingerCount: Int?
    ) {
        append(
            .touchFrame(
                TouchFrame(
                    device: device, timeMicroseconds: timeMicroseconds, contacts: contacts,
                    fingerCount: fingerCount)))
    }
}

extension InputEventBatch: DecodedEvents {}
