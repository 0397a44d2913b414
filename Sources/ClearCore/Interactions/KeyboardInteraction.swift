import GestureRecognition
import TouchInput

/// The on-screen keyboard (`--keyboard`): it slides up from the bottom over
/// `ClearTimings.editMoveMicroseconds` when editing begins and away when it ends; touches
/// that land on it while a row is edited are its own (`takeTouches`), and what its keys
/// type edits the row.
final class KeyboardInteraction: Interaction {
    /// What changes as gestures come and time passes.
    struct State {
        /// The keyboard; nil without one (`--keyboard off`). Set through `install`.
        var keyboard: OnScreenKeyboard?
        /// `keyboard != nil`, kept apart: testing the optional copies the whole keyboard
        /// (about 90 instructions), and it is asked at every frame and every advance.
        var hasKeyboard = false
        /// The fraction of the keyboard's height on screen: 0 hidden, 1 shown.
        var slide = Tween(startMicroseconds: 0, durationMicroseconds: 0, from: 0, to: 0)
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// The keyboard; nil without one (`--keyboard off`).
    var keyboard: OnScreenKeyboard? { state.keyboard }
    /// `keyboard != nil`, without copying the keyboard.
    var hasKeyboard: Bool { state.hasKeyboard }

    /// Gives the interaction its keyboard, or takes it away (nil).
    func install(_ keyboard: OnScreenKeyboard?) {
        state.keyboard = keyboard
        state.hasKeyboard = keyboard != nil
    }
    /// When it shows.
    var mode: OnScreenKeyboardMode = .off
    /// The physical keyboards attached (devices added, not removed), for `.auto`.
    private var physicalKeyboards: Set<DeviceID> = []

    /// True when the keyboard shows while a row is edited: mode `.on`, or `.auto` with no
    /// physical keyboard attached.
    var isEnabled: Bool {
        guard state.hasKeyboard else { return false }
        return mode == .on || (mode == .auto && physicalKeyboards.isEmpty)
    }

    // The check inline (`visitInteractions` is), the work apart.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if state.hasKeyboard { advanceKeyboard(to: now, in: controller) }
    }

    private func advanceKeyboard(to now: Int64, in controller: ClearController) {
        state.keyboard!.advance(toMicroseconds: now)
        applyOutputs(in: controller)
    }

    func isRunning(at time: Int64) -> Bool {
        state.hasKeyboard && state.slide.isRunning(at: time)
    }

    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController
    ) {
        guard let keyboard = state.keyboard, let top = topPixels(at: context.time, in: controller)
        else { return }
        presentation.keyboard = keyboard.presentation(keyboardTopPixels: top)
    }

    /// The keyboard's top edge at `time`; nil while it is fully hidden.
    func topPixels(at time: Int64, in controller: ClearController) -> Double? {
        guard let keyboard = state.keyboard else { return nil }
        let shown = state.slide.value(at: time)
        guard shown > 0 else { return nil }
        return controller.layout.heightPixels - keyboard.geometry.heightPixels * shown
    }

    // MARK: devices

    func deviceAdded(_ device: DeviceDescription, in controller: ClearController) {
        if device.kind == .keyboard {
            physicalKeyboards.insert(device.id)
            if !isEnabled { hide(at: controller.currentTimeMicroseconds) }
        } else {
            physicalKeyboards.remove(device.id)
        }
        state.keyboard?.deviceAdded(device)
    }

    func deviceRemoved(_ device: DeviceID, in controller: ClearController) {
        let time = controller.currentTimeMicroseconds
        physicalKeyboards.remove(device)
        state.keyboard?.deviceRemoved(device, at: time)
        applyOutputs(in: controller)
        if controller.editing.isEditing && isEnabled { show(at: time, in: controller) }
    }

    // MARK: touches

    /// Splits a touch frame: the contacts of touches that landed on the keyboard while a
    /// row was edited go to the keyboard; the rest are returned. A touch belongs to the
    /// keyboard from its down to its lift.
    func takeTouches(_ frame: TouchFrame, in controller: ClearController) -> TouchFrame {
        guard state.hasKeyboard else { return frame }
        let time = controller.currentTimeMicroseconds
        let top = topPixels(at: time, in: controller)
        let accepting = controller.editing.isEditing && isEnabled && state.slide.to == 1
        var mine: [TouchContact] = []
        var rest: [TouchContact] = []
        for contact in frame.contacts {
            let owned = state.keyboard!.owns(device: frame.device, slot: contact.seatSlot)
            let lands =
                contact.phase == .down && accepting
                && top.map { contact.positionPixels.y >= $0 } == true
                && contact.positionPixels.isFinite
            if owned || lands { mine.append(contact) } else { rest.append(contact) }
        }
        guard !mine.isEmpty else { return frame }
        var keyboardFrame = frame
        keyboardFrame.contacts = mine
        state.keyboard!.handle(
            keyboardFrame, keyboardTopPixels: top ?? controller.layout.heightPixels)
        applyOutputs(in: controller)
        var remaining = frame
        remaining.contacts = rest
        return remaining
    }

    /// Applies what the keys typed to the edited text (nothing once editing ended).
    private func applyOutputs(in controller: ClearController) {
        guard let outputs = state.keyboard?.takeOutputs(), !outputs.isEmpty else { return }
        let editing = controller.editing
        for (time, output) in outputs {
            guard editing.isEditing else { return }
            switch output {
            case .insert(let text): editing.type(text)
            case .deleteBackward: editing.deleteBackward()
            case .return: editing.end(keepingText: true, time: time, in: controller)
            }
        }
    }

    // MARK: sliding

    func show(at time: Int64, in controller: ClearController) {
        guard isEnabled, state.slide.to != 1 else { return }
        state.keyboard?.reset()
        retarget(to: 1, at: time)
    }

    func hide(at time: Int64) {
        guard state.hasKeyboard, state.slide.to != 0 else { return }
        state.keyboard?.reset()
        retarget(to: 0, at: time)
    }

    private func retarget(to target: Double, at time: Int64) {
        state.slide = Tween(
            startMicroseconds: time, durationMicroseconds: ClearTimings.editMoveMicroseconds,
            from: state.slide.value(at: time), to: target)
    }
}
