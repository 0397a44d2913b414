import GestureRecognition
import TouchInput

/// What the on-screen keyboard asks of the text being edited.
public enum KeyboardOutput: Hashable, Sendable {
    /// Type this text.
    case insert(String)
    /// Delete the last character.
    case deleteBackward
    /// End editing, as the physical Return key does.
    case `return`
}

/// The shift key's state.
public enum KeyboardShiftState: Hashable, Sendable {
    /// Lower case.
    case off
    /// The next letter is upper case; the tap was at this event time.
    case once(tappedAtMicroseconds: Int64)
    /// Caps lock: every letter is upper case until shift is tapped again.
    case locked

    /// True when a letter typed now is upper case.
    public var isOn: Bool { self != .off }
}

/// The on-screen keyboard's rules, fed with the touches that landed on it (event time
/// only; `advance(toMicroseconds:)` drives the repeat and the long-press).
///
/// - A touch presses the key nearest it (`KeyboardGeometry.nearestKey`); sliding moves
///   the press to the key under the finger; the key acts when the finger lifts, except
///   backspace, which deletes at once and, held, repeats after
///   `backspaceRepeatDelayMicroseconds` every `backspaceRepeatIntervalMicroseconds`.
/// - Shift: off → once (tap) → off after the next letter; a second tap within
///   `shiftDoubleTapIntervalMicroseconds` of the first → locked; a tap while locked, or
///   a slower second tap, → off.
/// - A long-press (GestureRecognition's long-press recognizer, through a `GestureArena`
///   of the keyboard's touches: 500 ms within the slop) on a letter with accented variants
///   opens a popup: the letter, then its variants. Sliding selects the cell under the
///   finger; lifting types it. A second finger cancels the long-press (the arena's pinch
///   rule): the popup closes and the pressed letter types nothing.
/// - A cancelled touch types nothing.
public struct OnScreenKeyboard {
    /// Two taps on shift at most this far apart (lift to lift) lock the capitals.
    public static let shiftDoubleTapIntervalMicroseconds: Int64 = 400_000
    /// A held backspace starts repeating this long after the touch went down.
    public static let backspaceRepeatDelayMicroseconds: Int64 = 500_000
    /// Then it deletes once every this long.
    public static let backspaceRepeatIntervalMicroseconds: Int64 = 100_000

    /// The layout's keys and accents.
    public let layout: KeyboardLayout
    /// Where the keys are.
    public let geometry: KeyboardGeometry
    /// The layer on screen.
    public private(set) var layer: KeyboardLayer = .letters
    /// The shift key's state.
    public private(set) var shift: KeyboardShiftState = .off
    /// The accent popup, while one is open.
    public private(set) var popup: AccentPopup?

    /// A touch on the keyboard, by device and seat slot.
    struct TouchKey: Hashable {
        var device: DeviceID
        var slot: Int
    }

    /// One finger on the keyboard.
    struct Press: Hashable {
        var touch: TouchKey
        /// The key under the finger, an index into `geometry.keys(layer)`.
        var key: Int
        var layer: KeyboardLayer
        var screenPoint: Point
        var downMicroseconds: Int64
        /// Backspace repeats already made.
        var repeats: Int64 = 0
        /// Types nothing when it lifts (cancelled, or editing ended).
        var isCancelled = false
        /// Began on backspace, which acted at the touch down: the lift types nothing.
        var beganOnBackspace = false
        /// Left backspace: it repeats no more.
        var repeatEnded = false
    }

    /// An open accent popup.
    public struct AccentPopup: Hashable, Sendable {
        /// The letter, then its variants, as they would be typed (shift applied).
        public var choices: [String]
        /// The cells, in keyboard coordinates.
        public var cellsPixels: [RectPixels]
        /// The cell under the finger.
        public var selectedIndex: Int
        var touch: TouchKey
    }

    /// Fingers down on the keyboard, in the order they landed.
    var presses: [Press] = []
    private var arena: GestureArena
    private var outputs: [(time: Int64, output: KeyboardOutput)] = []
    private var latestMicroseconds: Int64 = .min

    /// Event times clamped as the controller clamps them (±2⁶¹ µs), so sums and
    /// differences of times never overflow.
    static func clamped(_ time: Int64) -> Int64 {
        min(
            max(time, -ClearController.timeLimitMicroseconds), ClearController.timeLimitMicroseconds
        )
    }

    /// A keyboard for `layout` laid out by `geometry`; `gestureConfiguration` gives the
    /// long-press threshold and slop.
    public init(
        layout: KeyboardLayout, geometry: KeyboardGeometry,
        gestureConfiguration: GestureConfiguration = .clear
    ) {
        self.layout = layout
        self.geometry = geometry
        arena = GestureArena(configuration: gestureConfiguration)
        // The keyboard's drags are never pulls (nothing here scrolls).
        arena.pull = .unavailable
    }

    /// True while a touch that landed on the keyboard is down.
    public var hasTouches: Bool { !presses.isEmpty }

    /// True when `touch` (by device and seat slot) belongs to the keyboard.
    func owns(device: DeviceID, slot: Int) -> Bool {
        presses.contains { $0.touch == TouchKey(device: device, slot: slot) }
    }

    /// Takes the outputs made since the last call, in time order.
    mutating func takeOutputs() -> [(time: Int64, output: KeyboardOutput)] {
        defer { outputs.removeAll(keepingCapacity: true) }
        return outputs
    }

    // MARK: - Devices and time

    /// A touchscreen appeared (the long-press recognizer only follows added devices).
    mutating func deviceAdded(_ device: DeviceDescription) {
        arena.deviceAdded(device)
    }

    /// A device went away: its touches are cancelled.
    mutating func deviceRemoved(_ device: DeviceID, at time: Int64) {
        arena.deviceRemoved(device, timeMicroseconds: time)
        handleArenaEvents()
        for index in presses.indices where presses[index].touch.device == device {
            presses[index].isCancelled = true
        }
        if let popup, popup.touch.device == device { self.popup = nil }
        presses.removeAll { $0.touch.device == device }
    }

    /// Lets event time pass: backspace repeats fall due, a long-press may begin.
    mutating func advance(toMicroseconds time: Int64) {
        let time = Self.clamped(time)
        guard time >= latestMicroseconds else { return }
        latestMicroseconds = time
        arena.advance(toMicroseconds: time)
        handleArenaEvents()
        repeatBackspace(upTo: time)
    }

    /// Editing ended: fingers still down type nothing more, the popup closes, shift and
    /// the layer go back to their start.
    mutating func reset() {
        for index in presses.indices { presses[index].isCancelled = true }
        popup = nil
        shift = .off
        layer = .letters
    }

    // MARK: - Touches

    /// Handles the keyboard's contacts of one frame; `top` is the keyboard's top edge on
    /// the screen now (it slides).
    mutating func handle(_ frame: TouchFrame, keyboardTopPixels top: Double) {
        let time = Self.clamped(frame.timeMicroseconds)
        advance(toMicroseconds: time)
        arena.handle(frame)
        handleArenaEvents()
        for contact in frame.contacts {
            let touch = TouchKey(device: frame.device, slot: contact.seatSlot)
            let point = Point(x: contact.positionPixels.x, y: contact.positionPixels.y - top)
            switch contact.phase {
            case .down: touchDown(touch, point, screen: contact.positionPixels, time: time)
            case .move: touchMoved(touch, point, screen: contact.positionPixels)
            case .up: touchUp(touch, time: time, cancelled: false)
            case .cancel: touchUp(touch, time: time, cancelled: true)
            }
        }
    }

    private mutating func touchDown(_ touch: TouchKey, _ point: Point, screen: Point, time: Int64) {
        presses.removeAll { $0.touch == touch }
        guard let key = geometry.nearestKey(to: point, layer: layer) else { return }
        let isBackspace = geometry.keys(layer)[key].action == .backspace
        presses.append(
            Press(
                touch: touch, key: key, layer: layer, screenPoint: screen, downMicroseconds: time,
                beganOnBackspace: isBackspace))
        if isBackspace { outputs.append((time, .deleteBackward)) }
    }

    private mutating func touchMoved(_ touch: TouchKey, _ point: Point, screen: Point) {
        guard let index = presses.firstIndex(where: { $0.touch == touch }) else { return }
        presses[index].screenPoint = screen
        if var popup, popup.touch == touch {
            popup.selectedIndex = Self.cell(at: point.x, in: popup.cellsPixels)
            self.popup = popup
            return
        }
        if let key = geometry.nearestKey(to: point, layer: presses[index].layer) {
            presses[index].key = key
            if geometry.keys(presses[index].layer)[key].action != .backspace {
                presses[index].repeatEnded = true
            }
        }
    }

    private mutating func touchUp(_ touch: TouchKey, time: Int64, cancelled: Bool) {
        guard let index = presses.firstIndex(where: { $0.touch == touch }) else { return }
        let press = presses.remove(at: index)
        if let popup, popup.touch == touch {
            self.popup = nil
            if !cancelled && !press.isCancelled {
                outputs.append((time, .insert(popup.choices[popup.selectedIndex])))
                if case .once = shift { shift = .off }
            }
            return
        }
        guard !cancelled, !press.isCancelled, !press.beganOnBackspace else { return }
        act(geometry.keys(press.layer)[press.key].action, at: time)
    }

    /// A key acts at its lift.
    private mutating func act(_ action: KeyboardKeyAction, at time: Int64) {
        switch action {
        case .character(let character):
            outputs.append((time, .insert(typed(character))))
            if case .once = shift, layer == .letters { shift = .off }
        case .space: outputs.append((time, .insert(" ")))
        case .return: outputs.append((time, .return))
        case .backspace: break  // it acted at the touch down
        case .symbols: layer = layer == .letters ? .symbols : .letters
        case .shift:
            switch shift {
            case .off: shift = .once(tappedAtMicroseconds: time)
            case .once(let first):
                // In Double: any two Int64 times subtract without overflow.
                shift =
                    Double(time) - Double(first)
                        <= Double(Self.shiftDoubleTapIntervalMicroseconds) ? .locked : .off
            case .locked: shift = .off
            }
        }
    }

    /// `character` as typed now: upper case on the letters layer with shift on.
    func typed(_ character: String) -> String {
        layer == .letters && shift.isOn ? character.uppercased() : character
    }

    // MARK: - Long-press and repeat

    private mutating func handleArenaEvents() {
        for event in arena.events {
            guard case .longPress(let location) = event.values else { continue }
            switch event.state {
            case .began: openPopup(near: location)
            case .cancelled:
                if let popup {
                    self.popup = nil
                    if let index = presses.firstIndex(where: { $0.touch == popup.touch }) {
                        presses[index].isCancelled = true
                    }
                }
            case .changed, .ended: break  // the keyboard follows its touches itself
            }
        }
    }

    private mutating func openPopup(near location: Point) {
        // The long-press is the arena's primary touch: the live press nearest its place.
        var best: (index: Int, distance: Double)?
        for (index, press) in presses.enumerated() where !press.isCancelled {
            let dx = press.screenPoint.x - location.x
            let dy = press.screenPoint.y - location.y
            let distance = dx * dx + dy * dy
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        guard let index = best?.index else { return }
        let press = presses[index]
        let key = geometry.keys(press.layer)[press.key]
        guard press.layer == .letters, case .character(let letter) = key.action,
            let variants = layout.accents[letter.lowercased()] ?? layout.accents[letter],
            !variants.isEmpty
        else { return }
        let choices = ([letter] + variants).map(typed)
        popup = AccentPopup(
            choices: choices,
            cellsPixels: geometry.popupCells(anchor: key.framePixels, count: choices.count),
            selectedIndex: 0, touch: press.touch)
    }

    /// The most repeats one call makes: a hold longer than this many intervals without
    /// any event in between deletes only the latest ones (no text is that long).
    static let maximumRepeatsPerAdvance: Int64 = 10_000

    private mutating func repeatBackspace(upTo time: Int64) {
        var due: [(time: Int64, output: KeyboardOutput)] = []
        let delay = Self.backspaceRepeatDelayMicroseconds
        let interval = Self.backspaceRepeatIntervalMicroseconds
        for index in presses.indices {
            let press = presses[index]
            guard !press.isCancelled, press.beganOnBackspace, !press.repeatEnded else { continue }
            // Times are clamped to ±2⁶¹ µs, so these differences cannot overflow.
            let held = time - press.downMicroseconds
            guard held >= delay else { continue }
            let total = (held - delay) / interval + 1
            var repeats = max(press.repeats, total - Self.maximumRepeatsPerAdvance)
            while repeats < total {
                due.append((press.downMicroseconds + delay + repeats * interval, .deleteBackward))
                repeats += 1
            }
            presses[index].repeats = repeats
        }
        due.sort { $0.time < $1.time }
        outputs += due
    }

    private static func cell(at x: Double, in cells: [RectPixels]) -> Int {
        guard let first = cells.first else { return 0 }
        guard x.isFinite else { return 0 }
        let pitch = cells.count > 1 ? cells[1].x - first.x : first.width
        let index = Int(
            ((x - first.x) / max(1, pitch)).rounded(.down).clamped(-1, Double(cells.count)))
        return min(max(index, 0), cells.count - 1)
    }
}

extension Double {
    fileprivate func clamped(_ lower: Double, _ upper: Double) -> Double {
        Swift.min(Swift.max(self, lower), upper)
    }
}
