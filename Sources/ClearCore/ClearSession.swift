import GestureRecognition
import TouchInput

/// The glue every front end (the app, replay, tests) uses: input events in, gestures,
/// list changes and presentations out.
///
/// - touch frames and device hot-plug go to a `GestureArena`, told before each frame
///   whether a downward drag would be a pull (`ClearController.pullAvailability`: the
///   list at its top); the arena's reports go to the controller;
/// - a touch down stops a decelerating list (as a UIScrollView does);
/// - touches that land on the on-screen keyboard while a row is edited go to it (when
///   the session has one), never to the arena;
/// - keys (pressed, not obfuscated) Return, Escape and Backspace and composed `.text`
///   edit the row being edited;
/// - touchpad and pointer events, and device removals, go to `touchpad`, which maps
///   libinput's touchpad gestures and scrolling onto Clear's (docs/libinput-backend.md);
/// - every event first lets time pass up to its timestamp (long-press timers,
///   animations, deceleration).
///
/// Used by one thread at a time: its `State` skips the run-time exclusivity check in
/// release builds (`@exclusivity(unchecked)`), a large share of the replay path's time.
public final class ClearSession {
    /// Clear's rules, the list and the presentation.
    public let controller: ClearController
    /// Maps touchpad gestures, pointer motion, clicks and finger scrolling onto Clear's
    /// gestures (the pointer picks the row).
    public let touchpad: TouchpadGestureMapper
    /// The first gesture id of the touchpad mapping (the arena counts from 1):
    /// `GestureIDAllocator.touchpadFirstRawValue`.
    public static let touchpadGestureIDBase = GestureIDAllocator.touchpadFirstRawValue

    /// What the session reads and changes on every event.
    struct State {
        /// Recognizes gestures in touch frames (`arena`).
        var arena: GestureArena
        /// The gesture reports not yet taken (`gestureEvents`).
        var gestureEvents: [GestureEvent] = []
        /// Whether reports are kept for `takeGestureEvents()` (`keepsGestureHistory`).
        var keepsGestureHistory = true
        /// Called with every report (`onGesture`).
        var onGesture: ((GestureEvent) -> Void)?
        /// Whether `onGesture` hears `changed` reports (`onGestureHearsChanges`).
        var onGestureHearsChanges = true
        /// The session's one gesture id allocator, lent to the arena and to the touchpad
        /// mapping for each call that may begin a gesture.
        var gestureIDs = GestureIDAllocator()
        /// Sleep and wake (`idleSleep`).
        var idleSleep = IdleSleep()
    }

    // Unchecked in release builds (with the controller's and the interactions' state):
    // core session 693 → 992 ns/frame, presentation 4211 → 8116 ns/call when checked.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state: State

    /// Recognizes gestures in touch frames; its reports go to `controller`.
    public var arena: GestureArena { state.arena }
    /// The gesture reports not yet taken (`takeGestureEvents()`), in order, when
    /// `keepsGestureHistory` is true; empty otherwise.
    public var gestureEvents: [GestureEvent] { state.gestureEvents }
    /// Turn off in long-running programs (with the controller's `keepsHistory`): then
    /// nothing grows with the session, and `onGesture` still sees every report.
    public var keepsGestureHistory: Bool {
        get { state.keepsGestureHistory }
        set { state.keepsGestureHistory = newValue }
    }
    /// Called with every gesture report, after the controller has applied it.
    public var onGesture: ((GestureEvent) -> Void)? {
        get { state.onGesture }
        set { state.onGesture = newValue }
    }
    /// False: `onGesture` hears only the `began`, `ended` and `cancelled` reports, for a
    /// client that follows gestures from their first report to their last (a replay's
    /// result). A drag's `changed` reports, one a frame, then cost no call.
    public var onGestureHearsChanges: Bool {
        get { state.onGestureHearsChanges }
        set { state.onGestureHearsChanges = newValue }
    }
    /// Sleep and wake (`--idle-seconds`): `sleep` and `wake` actions on event time; the
    /// touch that wakes the session does nothing else. Never sleeps unless set.
    public var idleSleep: IdleSleep {
        get { state.idleSleep }
        set { state.idleSleep = newValue }
    }

    /// Which drag reports carry the finger's velocity (`GestureArena.dragVelocityReports`):
    /// every one (the default), or only the final ones, all the controller reads (a
    /// fling's release velocity). Set `.finalReportsOnly` when neither `onGesture` nor
    /// `gestureEvents` is read for velocities: the fit is the costliest part of a drag frame.
    public var dragVelocityReports: DragVelocityReports {
        get { state.arena.dragVelocityReports }
        set { state.arena.dragVelocityReports = newValue }
    }

    /// Hears every decision against a threshold, the recognizers' (slop, tap, hold) and
    /// the rules' (pan, pull, pinch), as each is made (`cleartouch test --margins`).
    public var decisionObserver: (any ThresholdDecisionObserver)? {
        get { controller.decisionObserver }
        set {
            controller.decisionObserver = newValue
            state.arena.decisionObserver = newValue
        }
    }

    /// True while the session sleeps (the app's screen is dark).
    public var isAsleep: Bool { state.idleSleep.isAsleep }

    /// A session at rest on `items` (pass `TodoList.swiftTutorialSamples` for Clear's
    /// sample list), laid out by `layout`, recognizing with `gestureConfiguration`.
    /// With `keyboard`, an on-screen keyboard takes the touches that land on it while a
    /// row is edited (`ClearController.takeKeyboardTouches`); without, there is none.
    public convenience init(
        items: [TodoItem], layout: ClearLayout,
        gestureConfiguration: GestureConfiguration = .clear,
        keyboard: OnScreenKeyboardSettings? = nil
    ) {
        self.init(
            controller: ClearController(items: items, layout: layout),
            gestureConfiguration: gestureConfiguration, keyboard: keyboard)
    }

    /// A session at rest on `lists` (inside the open list, else at the lists level),
    /// reaching the levels `allowedLevels` (`--levels`), with the Themes page's `themeNames`.
    public convenience init(
        lists: TodoLists, layout: ClearLayout, allowedLevels: AllowedLevels = .all,
        themeNames: [String] = MenuRows.defaultThemeNames,
        gestureConfiguration: GestureConfiguration = .clear,
        keyboard: OnScreenKeyboardSettings? = nil, touchpadAxisDecisionSlopUnits: Double = 10
    ) {
        self.init(
            controller: ClearController(
                lists: lists, layout: layout, allowed: allowedLevels, themeNames: themeNames),
            gestureConfiguration: gestureConfiguration, keyboard: keyboard,
            touchpadAxisDecisionSlopUnits: touchpadAxisDecisionSlopUnits)
    }

    private init(
        controller: ClearController, gestureConfiguration: GestureConfiguration,
        keyboard: OnScreenKeyboardSettings?, touchpadAxisDecisionSlopUnits: Double = 10
    ) {
        let layout = controller.layout
        self.controller = controller
        if let keyboard {
            controller.configureKeyboard(keyboard, gestureConfiguration: gestureConfiguration)
        }
        state = State(arena: GestureArena(configuration: gestureConfiguration))
        touchpad = TouchpadGestureMapper(
            configuration: TouchpadMappingConfiguration(
                screen: layout.screen, pinchSpanPerScalePixels: layout.rowHeightPixels,
                pinchCentreGridPixels: layout.rowHeightPixels,
                axisDecisionSlopUnits: touchpadAxisDecisionSlopUnits))
    }

    /// The gesture reports since the last call (or since the start), oldest first;
    /// `gestureEvents` is left empty.
    public func takeGestureEvents() -> [GestureEvent] {
        guard !state.gestureEvents.isEmpty else { return [] }
        defer { state.gestureEvents = [] }
        return state.gestureEvents
    }

    /// Applies one input event at its timestamp.
    public func handle(_ event: InputEvent) {
        let time = event.timeMicroseconds
        advance(toMicroseconds: time)
        switch state.idleSleep.admit(event) {
        case .pass: break
        case .wake:
            controller.record(Action(timeMicroseconds: time, kind: .wake, index: 0))
            return
        case .swallow: return
        }
        switch event {
        case .deviceAdded(let device, _):
            controller.deviceAdded(device, at: time)
            state.arena.deviceAdded(device)
            forwardArenaEvents()
        case .deviceRemoved(let device, let time):
            controller.deviceRemoved(device, at: time)
            state.arena.deviceRemoved(device, timeMicroseconds: time)
            forwardArenaEvents()
            // The touchpad mapping cancels a stroke or pinch of the removed device.
            forwardTouchpadEvents(event)
        case .touchFrame(let whole):
            handleAdmitted(whole)
        case .touchpadGesture, .pointerMotion, .pointerButton, .pointerScroll:
            forwardTouchpadEvents(event)
        case .key(let key):
            guard key.pressed, !key.obfuscated else { return }
            switch key.code {
            case KeyboardKey.returnCode: controller.pressReturn(at: time)
            case KeyboardKey.escapeCode: controller.pressEscape(at: time)
            case KeyboardKey.backspaceCode: controller.deleteBackward(at: time)
            default: break
            }
        case .text(let text):
            controller.insertText(text.text, at: time)
        }
    }

    /// Applies one touch frame at its timestamp: `handle(.touchFrame(frame))`, for a caller
    /// that holds the frame alone (a replay builds each frame from its batch: wrapped in an
    /// `InputEvent`, the event was copied and destroyed through its value witnesses at every
    /// frame). `TouchFrameHandlingTests` holds the two to the same session.
    public func handle(_ frame: TouchFrame) {
        let time = frame.timeMicroseconds
        advance(toMicroseconds: time)
        switch state.idleSleep.admit(frame) {
        case .pass: handleAdmitted(frame)
        case .wake: controller.record(Action(timeMicroseconds: time, kind: .wake, index: 0))
        case .swallow: return
        }
    }

    /// A frame the idle sleep let through, at its time.
    private func handleAdmitted(_ whole: TouchFrame) {
        // Touches on the on-screen keyboard are its own; the arena never sees them.
        // The controller was advanced to `time` above; the keyboard's touches and a
        // touch down (which stops a deceleration) may change it before the reports.
        var untouched = true
        if controller.hasKeyboard {
            untouched = false
            let frame = controller.takeKeyboardTouches(whole)
            if frame.contacts.isEmpty && !whole.contacts.isEmpty { return }
            handleArenaFrame(frame, untouched: &untouched)
        } else {
            // Without a keyboard the frame is the arena's whole (no call, no copy).
            handleArenaFrame(whole, untouched: &untouched)
        }
        forwardArenaEvents(justAdvanced: untouched)
    }

    private func handleArenaFrame(_ frame: TouchFrame, untouched: inout Bool) {
        // By index: an iteration would retain the contacts for its length.
        for index in frame.contacts.indices where frame.contacts[index].phase == .down {
            controller.interruptScrolling(atMicroseconds: frame.timeMicroseconds)
            untouched = false
            break
        }
        state.arena.pull = controller.pullAvailability
        state.arena.gestureIDs = state.gestureIDs
        state.arena.handle(frame)
        state.gestureIDs = state.arena.gestureIDs
    }

    /// Lets time pass without input: long-press timers, animations, deceleration.
    public func advance(toMicroseconds time: Int64) {
        if let asleep = state.idleSleep.advance(toMicroseconds: time) {
            // Whatever runs until the deadline happens before the sleep.
            if asleep < time { advanceRecognizersAndController(toMicroseconds: asleep) }
            controller.record(Action(timeMicroseconds: asleep, kind: .sleep, index: 0))
        }
        advanceRecognizersAndController(toMicroseconds: time)
    }

    private func advanceRecognizersAndController(toMicroseconds time: Int64) {
        // Without a running timer the arena has nothing to report: a drag's frames only
        // move its clock (`advanceReportingWhenTimed`, `ClearSessionAdvanceTests`).
        state.arena.gestureIDs = state.gestureIDs
        if state.arena.advanceReportingWhenTimed(toMicroseconds: time) {
            state.gestureIDs = state.arena.gestureIDs
            forwardArenaEvents()
        }
        controller.advance(toMicroseconds: time)
    }

    /// `justAdvanced`: the controller is at the reports' time with nothing changed since
    /// its advance, so the first report need not advance it again.
    private func forwardArenaEvents(justAdvanced: Bool = false) {
        // By index: an iteration would retain the reports' buffer for its length (the
        // controller and `onGesture` never call the session back).
        var index = 0
        while index < state.arena.events.count {
            deliver(state.arena.events[index], justAdvanced: justAdvanced && index == 0)
            index += 1
        }
    }

    private func forwardTouchpadEvents(_ event: InputEvent) {
        touchpad.pull = controller.pullAvailability
        // The pinch grid is the rows' seams, moving with the list.
        touchpad.pinchCentreGridOriginPixels = -controller.scrollOffsetPixels
        touchpad.gestureIDs = state.gestureIDs
        touchpad.handle(event)
        state.gestureIDs = touchpad.gestureIDs
        for gesture in touchpad.events { deliver(gesture) }
    }

    private func deliver(_ gesture: GestureEvent, justAdvanced: Bool = false) {
        controller.handle(gesture, justAdvanced: justAdvanced)
        if state.keepsGestureHistory { state.gestureEvents.append(gesture) }
        if state.onGestureHearsChanges || gesture.state != .changed { state.onGesture?(gesture) }
    }
}
