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

/// The on-screen keyboard's side of the controller (`KeyboardInteraction`): it slides up
/// from the bottom when editing begins and away when it ends; touches that land on it
/// while a row is edited are its own (`takeKeyboardTouches`), and what its keys type edits
/// the row.
extension ClearController {
    /// The on-screen keyboard; nil without one (`--keyboard off`).
    public var keyboard: OnScreenKeyboard? { keyboardInteraction.keyboard }
    /// True with an on-screen keyboard (without copying it, as `keyboard` does).
    var hasKeyboard: Bool { keyboardInteraction.hasKeyboard }
    /// When the on-screen keyboard shows (`configureKeyboard`).
    public var keyboardMode: OnScreenKeyboardMode { keyboardInteraction.mode }

    /// Gives the controller an on-screen keyboard (`mode` `.off` removes it).
    public func configureKeyboard(
        _ settings: OnScreenKeyboardSettings,
        gestureConfiguration: GestureConfiguration = .clear
    ) {
        keyboardInteraction.mode = settings.mode
        guard settings.mode != .off else {
            keyboardInteraction.install(nil)
            return
        }
        keyboardInteraction.install(
            OnScreenKeyboard(
                layout: settings.layout, clearLayout: layout,
                gestureConfiguration: gestureConfiguration))
    }

    /// True when the on-screen keyboard shows while a row is edited: mode `.on`, or
    /// `.auto` with no physical keyboard attached.
    public var isKeyboardEnabled: Bool { keyboardInteraction.isEnabled }

    /// The on-screen keyboard's top edge at `time`; nil while it is fully hidden.
    public func keyboardTopPixels(atMicroseconds time: Int64) -> Double? {
        keyboardInteraction.topPixels(at: time, in: self)
    }

    /// A device appeared: keyboards count for `.auto`; the on-screen keyboard's
    /// long-press follows touchscreens.
    public func deviceAdded(_ device: DeviceDescription, at time: Int64) {
        advance(toMicroseconds: time)
        keyboardInteraction.deviceAdded(device, in: self)
    }

    /// A device went away.
    public func deviceRemoved(_ device: DeviceID, at time: Int64) {
        advance(toMicroseconds: time)
        keyboardInteraction.deviceRemoved(device, in: self)
    }

    /// Splits a touch frame: the contacts of touches that landed on the on-screen
    /// keyboard while a row was edited go to the keyboard; the rest are returned for the
    /// gesture arena. A touch belongs to the keyboard from its down to its lift.
    public func takeKeyboardTouches(_ frame: TouchFrame) -> TouchFrame {
        guard hasKeyboard else { return frame }
        advance(toMicroseconds: frame.timeMicroseconds)
        return keyboardInteraction.takeTouches(frame, in: self)
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
