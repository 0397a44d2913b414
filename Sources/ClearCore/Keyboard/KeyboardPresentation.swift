/// One key as drawn.
public struct KeyboardKeyPresentation: Hashable, Sendable {
    /// What the key does.
    public var action: KeyboardKeyAction
    /// The text on the key (upper-case letters while shift is on).
    public var label: String
    /// The key's rectangle on the screen.
    public var framePixels: RectPixels
    /// A finger is on the key.
    public var isPressed: Bool
    /// Shift while it is on (once or locked).
    public var isActive: Bool

    /// A key of its parts, as given.
    public init(
        action: KeyboardKeyAction, label: String, framePixels: RectPixels, isPressed: Bool,
        isActive: Bool
    ) {
        self.action = action
        self.label = label
        self.framePixels = framePixels
        self.isPressed = isPressed
        self.isActive = isActive
    }

    /// Letters, digits and symbols are character keys; the others are function keys.
    public var isCharacter: Bool {
        if case .character = action { return true }
        return false
    }
}

/// The accent popup as drawn.
public struct AccentPopupPresentation: Hashable, Sendable {
    /// The choices: the letter, then its variants.
    public var labels: [String]
    /// Their cells on the screen.
    public var cellsPixels: [RectPixels]
    /// The choice a lift would type.
    public var selectedIndex: Int

    /// A popup of its parts, as given.
    public init(labels: [String], cellsPixels: [RectPixels], selectedIndex: Int) {
        self.labels = labels
        self.cellsPixels = cellsPixels
        self.selectedIndex = selectedIndex
    }
}

/// The on-screen keyboard as it is on screen at a moment (sliding in or out, or shown).
public struct KeyboardPresentation: Hashable, Sendable {
    /// The layout's name.
    public var layoutName: String
    /// The keyboard's background: the screen's width, its top where the slide has it.
    public var framePixels: RectPixels
    /// The keys of the layer shown, on the screen.
    public var keys: [KeyboardKeyPresentation]
    /// The layer shown.
    public var layer: KeyboardLayer
    /// Caps lock is on.
    public var isCapsLocked: Bool
    /// The accent popup, while one is open.
    public var popup: AccentPopupPresentation?

    /// A keyboard of its parts, as given.
    public init(
        layoutName: String, framePixels: RectPixels, keys: [KeyboardKeyPresentation],
        layer: KeyboardLayer, isCapsLocked: Bool, popup: AccentPopupPresentation?
    ) {
        self.layoutName = layoutName
        self.framePixels = framePixels
        self.keys = keys
        self.layer = layer
        self.isCapsLocked = isCapsLocked
        self.popup = popup
    }
}

extension OnScreenKeyboard {
    /// The label of a function key; character keys show their character.
    public static func label(
        of action: KeyboardKeyAction, layer: KeyboardLayer, title: String
    ) -> String {
        switch action {
        case .character(let character): character
        case .shift: "\u{21E7}"
        case .backspace: "\u{232B}"
        case .space: title
        case .return: "return"
        case .symbols: layer == .letters ? "123" : "ABC"
        }
    }

    /// The keyboard drawn with its top at `top` (screen pixels).
    public func presentation(keyboardTopPixels top: Double) -> KeyboardPresentation {
        let frames = geometry.keys(layer)
        var pressed = Set<Int>()
        for press in presses
        where !press.isCancelled && press.layer == layer && popup?.touch != press.touch {
            pressed.insert(press.key)
        }
        var keys: [KeyboardKeyPresentation] = []
        keys.reserveCapacity(frames.count)
        for (index, key) in frames.enumerated() {
            var frame = key.framePixels
            frame.y += top
            let label: String
            if case .character(let character) = key.action {
                label = typed(character)
            } else {
                label = Self.label(of: key.action, layer: layer, title: layout.title)
            }
            keys.append(
                KeyboardKeyPresentation(
                    action: key.action, label: label, framePixels: frame,
                    isPressed: pressed.contains(index),
                    isActive: key.action == .shift && shift.isOn))
        }
        let popupPresentation = popup.map { popup in
            AccentPopupPresentation(
                labels: popup.choices,
                cellsPixels: popup.cellsPixels.map {
                    RectPixels(x: $0.x, y: $0.y + top, width: $0.width, height: $0.height)
                },
                selectedIndex: popup.selectedIndex)
        }
        return KeyboardPresentation(
            layoutName: layout.name,
            framePixels: RectPixels(
                x: 0, y: top, width: Double(geometry.screen.widthPixels),
                height: geometry.heightPixels),
            keys: keys, layer: layer, isCapsLocked: shift == .locked, popup: popupPresentation)
    }
}
