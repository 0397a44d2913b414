import GestureRecognition
import TouchInput

/// The on-screen keyboard (`--keyboard`): it slides up from the bottom over
/// `ClearTimings.editMoveMicroseconds` when editing begins and away when it ends; touches
/// that land on it while a row is edited are its own (`takeTouches`), and what its keys
/// type edits the row.
final class KeyboardInteraction: Interaction {
    /// The keyboard; nil without one (`--keyboard off`). Set through `install`.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private(set) var keyboard: OnScreenKeyboard?
    /// `keyboard != nil`, kept apart: testing the optional copies the whole keyboard
    /// (about 90 instructions), and it is asked at every frame and every advance.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private(set) var hasKeyboard = false

    /// Gives the interaction its keyboard, or takes it away (nil).
    func install(_ keyboard: OnScreenKeyboard?) {
        self.keyboard = keyboard
        hasKeyboard = keyboard != nil
    }
    /// When it shows.
    var mode: OnScreenKeyboardMode = .off
    /// The physical keyboards attached (devices added, not removed), for `.auto`.
    private var physicalKeyboards: Set<DeviceID> = []
    /// The fraction of the keyboard's height on screen: 0 hidden, 1 shown.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var slide = Tween(
        startMicroseconds: 0, durationMicroseconds: 0, from: 0, to: 0)

    /// True when the keyboard shows while a row is edited: mode `.on`, or `.auto` with no
    /// physical keyboard attached.
    var isEnabled: Bool {
        guard hasKeyboard else { return false }
        return mode == .on || (mode == .auto && physicalKeyboards.isEmpty)
    }

    // The check inline (`visitInteractions` is), the work apart.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if hasKeyboard { advanceKeyboard(to: now, in: controller) }
    }

    private func advanceKeyboard(to now: Int64, in controller: ClearController) {
        keyboard!.advance(toMicroseconds: now)
        applyOutputs(in: controller)
    }

    func isRunning(at time: Int64) -> Bool {
        hasKeyboard && slide.isRunning(at: time)
    }

    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController
    ) {
        guard let keyboard, let top = topPixels(at: context.time, in: controller) else { return }
        presentation.keyboard = keyboard.presentation(keyboardTopPixels: top)
    }

    /// The keyboard's top edge at `time`; nil while it is fully hidden.
    func topPixels(at time: Int64, in controller: ClearController) -> Double? {
        guard let keyboard else { return nil }
        let shown = slide.value(at: time)
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
        keyboard?.deviceAdded(device)
    }

    func deviceRemoved(_ device: DeviceID, in controller: ClearController) {
        let time = controller.currentTimeMicroseconds
        physicalKeyboards.remove(device)
        keyboard?.deviceRemoved(device, at: time)
        applyOutputs(in: controller)
        if controller.editing.isEditing && isEnabled { show(at: time, in: controller) }
    }

    // MARK: touches

    /// Splits a touch frame: the contacts of touches that landed on the keyboard while a
    /// row was edited go to the keyboard; the rest are returned. A touch belongs to the
    /// keyboard from its down to its lift.
    func takeTouches(_ frame: TouchFrame, in controller: ClearController) -> TouchFrame {
        guard hasKeyboard else { return frame }
        let time = controller.currentTimeMicroseconds
        let top = topPixels(at: time, in: controller)
        let accepting = controller.editing.isEditing && isEnabled && slide.to == 1
        var mine: [TouchContact] = []
        var rest: [TouchContact] = []
        for contact in frame.contacts {
            let owned = keyboard!.owns(device: frame.device, slot: contact.seatSlot)
            let lands =
                contact.phase == .down && accepting
                && top.map { contact.positionPixels.y >= $0 } == true
                && contact.positionPixels.isFinite
            if owned || lands { mine.append(contact) } else { rest.append(contact) }
        }
        guard !mine.isEmpty else { return frame }
        var keyboardFrame = frame
        keyboardFrame.contacts = mine
        keyboard!.handle(keyboardFrame, keyboardTopPixels: top ?? controller.layout.heightPixels)
        applyOutputs(in: controller)
        var remaining = frame
        remaining.contacts = rest
        return remaining
    }

    /// Applies what the keys typed to the edited text (nothing once editing ended).
    private func applyOutputs(in controller: ClearController) {
        guard let outputs = keyboard?.takeOutputs(), !outputs.isEmpty else { return }
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
        guard isEnabled, slide.to != 1 else { return }
        keyboard?.reset()
        retarget(to: 1, at: time)
    }

    func hide(at time: Int64) {
        guard hasKeyboard, slide.to != 0 else { return }
        keyboard?.reset()
        retarget(to: 0, at: time)
    }

    private func retarget(to target: Double, at time: Int64) {
        slide = Tween(
            startMicroseconds: time, durationMicroseconds: ClearTimings.editMoveMicroseconds,
            from: slide.value(at: time), to: target)
    }
}
