import GestureRecognition
import TouchInput

/// When the on-screen keyboard shows while a row is edited (`--keyboard`).
public enum OnScreenKeyboardMode: String, Hashable, Sendable, CaseIterable {
    /// Always.
    case on
    /// Never (the default of a session, and of `replay` for recordings that do not say).
    case off
    /// When no physical keyboard is attached (no keyboard device added, or all removed).
    case auto
}

/// The on-screen keyboard a session has: when it shows, and its layout.
public struct OnScreenKeyboardSettings: Hashable, Sendable {
    /// When it shows.
    public var mode: OnScreenKeyboardMode
    /// Its keys.
    public var layout: KeyboardLayout

    /// Settings of their parts, as given.
    public init(mode: OnScreenKeyboardMode, layout: KeyboardLayout) {
        self.mode = mode
        self.layout = layout
    }
}

/// The on-screen keyboard's side of the controller: it slides up from the bottom over
/// `ClearTimings.editMoveMicroseconds` when editing begins and away when it ends; touches
/// that land on it while a row is edited are its own (`takeKeyboardTouches`), and what
/// its keys type edits the row.
extension ClearController {
    /// Gives the controller an on-screen keyboard (`mode` `.off` removes it).
    public func configureKeyboard(
        _ settings: OnScreenKeyboardSettings,
        gestureConfiguration: GestureConfiguration = .clear
    ) {
        keyboardMode = settings.mode
        guard settings.mode != .off else {
            keyboard = nil
            return
        }
        keyboard = OnScreenKeyboard(
            layout: settings.layout, clearLayout: layout,
            gestureConfiguration: gestureConfiguration)
    }

    /// True when the on-screen keyboard shows while a row is edited: mode `.on`, or
    /// `.auto` with no physical keyboard attached.
    public var isKeyboardEnabled: Bool {
        guard keyboard != nil else { return false }
        return keyboardMode == .on || (keyboardMode == .auto && physicalKeyboards.isEmpty)
    }

    /// The on-screen keyboard's top edge at `time`; nil while it is fully hidden.
    public func keyboardTopPixels(atMicroseconds time: Int64) -> Double? {
        guard let keyboard else { return nil }
        let shown = keyboardSlide.value(at: time)
        guard shown > 0 else { return nil }
        return layout.heightPixels - keyboard.geometry.heightPixels * shown
    }

    func keyboardPresentation(atMicroseconds time: Int64) -> KeyboardPresentation? {
        guard let keyboard, let top = keyboardTopPixels(atMicroseconds: time) else { return nil }
        return keyboard.presentation(keyboardTopPixels: top)
    }

    /// A device appeared: keyboards count for `.auto`; the on-screen keyboard's
    /// long-press follows touchscreens.
    public func deviceAdded(_ device: DeviceDescription, at time: Int64) {
        advance(toMicroseconds: time)
        if device.kind == .keyboard {
            physicalKeyboards.insert(device.id)
            if !isKeyboardEnabled { hideKeyboard(at: currentTimeMicroseconds) }
        } else {
            physicalKeyboards.remove(device.id)
        }
        keyboard?.deviceAdded(device)
    }

    /// A device went away.
    public func deviceRemoved(_ device: DeviceID, at time: Int64) {
        advance(toMicroseconds: time)
        physicalKeyboards.remove(device)
        keyboard?.deviceRemoved(device, at: currentTimeMicroseconds)
        applyKeyboardOutputs()
        if editSession != nil && isKeyboardEnabled { showKeyboard(at: currentTimeMicroseconds) }
    }

    /// Splits a touch frame: the contacts of touches that landed on the on-screen
    /// keyboard while a row was edited go to the keyboard; the rest are returned for the
    /// gesture arena. A touch belongs to the keyboard from its down to its lift.
    public func takeKeyboardTouches(_ frame: TouchFrame) -> TouchFrame {
        guard keyboard != nil else { return frame }
        advance(toMicroseconds: frame.timeMicroseconds)
        let time = currentTimeMicroseconds
        let top = keyboardTopPixels(atMicroseconds: time)
        let accepting = editSession != nil && isKeyboardEnabled && keyboardSlide.to == 1
        var mine: [TouchContact] = []
        var rest: [TouchContact] = []
        for contact in frame.contacts {
            let owned = keyboard!.owns(device: frame.device, slot: contact.seatSlot)
            let lands =
                contact.phase == .down && accepting
                && top.map { contact.positionPixels.y >= $0 }
                    == true
                && contact.positionPixels.isFinite
            if owned || lands { mine.append(contact) } else { rest.append(contact) }
        }
        guard !mine.isEmpty else { return frame }
        var keyboardFrame = frame
        keyboardFrame.contacts = mine
        keyboard!.handle(keyboardFrame, keyboardTopPixels: top ?? layout.heightPixels)
        applyKeyboardOutputs()
        var remaining = frame
        remaining.contacts = rest
        return remaining
    }

    func advanceKeyboard(toMicroseconds time: Int64) {
        guard keyboard != nil else { return }
        keyboard!.advance(toMicroseconds: time)
        applyKeyboardOutputs()
    }

    /// Applies what the keys typed to the edited text (nothing once editing ended).
    private func applyKeyboardOutputs() {
        guard let outputs = keyboard?.takeOutputs(), !outputs.isEmpty else { return }
        for (time, output) in outputs {
            guard editSession != nil else { return }
            switch output {
            case .insert(let text): editSession?.text += text
            case .deleteBackward:
                if editSession?.text.isEmpty == false { editSession?.text.removeLast() }
            case .return: endEditing(keepingText: true, time: time)
            }
        }
    }

    func showKeyboard(at time: Int64) {
        guard isKeyboardEnabled, keyboardSlide.to != 1 else { return }
        keyboard?.reset()
        retargetKeyboardSlide(to: 1, at: time)
    }

    func hideKeyboard(at time: Int64) {
        guard keyboard != nil, keyboardSlide.to != 0 else { return }
        keyboard?.reset()
        retargetKeyboardSlide(to: 0, at: time)
    }

    private func retargetKeyboardSlide(to target: Double, at time: Int64) {
        keyboardSlide = Tween(
            startMicroseconds: time, durationMicroseconds: ClearTimings.editMoveMicroseconds,
            from: keyboardSlide.value(at: time), to: target)
    }
}

extension OnScreenKeyboard {
    /// The keyboard of a session laid out by `clearLayout`: the screen's width, at most the
    /// screen's height less one list row (the edited row stays visible above it).
    public init(
        layout: KeyboardLayout, clearLayout: ClearLayout,
        gestureConfiguration: GestureConfiguration = .clear
    ) {
        self.init(
            layout: layout,
            geometry: KeyboardGeometry(
                layout: layout, screen: clearLayout.screen,
                reservedTopPixels: clearLayout.rowHeightPixels),
            gestureConfiguration: gestureConfiguration)
    }

    /// The keyboard fully shown at the screen's bottom, at rest.
    public var shownPresentation: KeyboardPresentation {
        presentation(
            keyboardTopPixels: Double(geometry.screen.heightPixels) - geometry.heightPixels)
    }
}
