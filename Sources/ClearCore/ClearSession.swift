import GestureRecognition
import TouchInput

/// The glue every front end (the app, replay, tests) uses: input events in, gestures,
/// list changes and presentations out.
///
/// - touch frames and device hot-plug go to a `GestureArena`, with the arena's
///   `listScrollOffsetPixels` set from the controller before each frame; the arena's
///   reports go to the controller;
/// - a touch down stops a decelerating list (as a UIScrollView does);
/// - keys (pressed, not obfuscated) Return, Escape and Backspace and composed `.text`
///   edit the row being edited;
/// - touchpad and pointer events, and device removals, go to `touchpadGestureMapping`,
///   when set;
/// - every event first lets time pass up to its timestamp (long-press timers,
///   animations, deceleration).
public final class ClearSession {
    public let controller: ClearController
    public let arena: GestureArena

    /// Every gesture report so far, in order, when `keepsGestureHistory` is true.
    public private(set) var gestureEvents: [GestureEvent] = []
    /// Turn off in long-running programs; `onGesture` still sees every report.
    public var keepsGestureHistory = true
    /// Called with every gesture report, after the controller has applied it.
    public var onGesture: ((GestureEvent) -> Void)?

    /// The hook for touchpads: maps a `.touchpadGesture`, `.pointerMotion`,
    /// `.pointerButton`, `.pointerScroll` or `.deviceRemoved` event (a removed touchpad's
    /// running gesture is cancelled), given the list's scroll offset, to
    /// Clear gestures (the mapping itself lives in GestureRecognition, written with the
    /// libinput backend). Its gesture ids must not collide with the arena's: use ids
    /// from `touchpadGestureIDBase` up. Nil (the default): such events are ignored.
    public var touchpadGestureMapping:
        ((InputEvent, _ listScrollOffsetPixels: Double) -> [GestureEvent])?
    /// The first gesture id for gestures from `touchpadGestureMapping` (the arena counts from 0).
    public static let touchpadGestureIDBase = 1 << 40

    public init(
        items: [TodoItem] = TodoList.swiftTutorialSamples, layout: ClearLayout,
        gestureConfiguration: GestureConfiguration = .clear
    ) {
        controller = ClearController(items: items, layout: layout)
        arena = GestureArena(configuration: gestureConfiguration)
    }

    /// Applies one input event at its timestamp.
    public func handle(_ event: InputEvent) {
        let time = event.timeMicroseconds
        advance(toMicroseconds: time)
        switch event {
        case .deviceAdded(let device, _):
            arena.deviceAdded(device)
            forwardArenaEvents()
        case .deviceRemoved(let device, let time):
            arena.deviceRemoved(device, timeMicroseconds: time)
            forwardArenaEvents()
            // The touchpad mapping cancels a stroke or pinch of the removed device.
            if let mapping = touchpadGestureMapping {
                for gesture in mapping(event, controller.scrollOffsetPixels) { deliver(gesture) }
            }
        case .touchFrame(let frame):
            if frame.contacts.contains(where: { $0.phase == .down }) {
                controller.interruptScrolling(atMicroseconds: time)
            }
            arena.listScrollOffsetPixels = controller.scrollOffsetPixels
            arena.handle(frame)
            forwardArenaEvents()
        case .touchpadGesture, .pointerMotion, .pointerButton, .pointerScroll:
            guard let mapping = touchpadGestureMapping else { return }
            for gesture in mapping(event, controller.scrollOffsetPixels) { deliver(gesture) }
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

    /// Lets time pass without input: long-press timers, animations, deceleration.
    public func advance(toMicroseconds time: Int64) {
        arena.advance(toMicroseconds: time)
        forwardArenaEvents()
        controller.advance(toMicroseconds: time)
    }

    private func forwardArenaEvents() {
        for gesture in arena.events { deliver(gesture) }
    }

    private func deliver(_ gesture: GestureEvent) {
        controller.handle(gesture)
        if keepsGestureHistory { gestureEvents.append(gesture) }
        onGesture?(gesture)
    }
}
