import ClearCore
import ClearPictures

/// Draws the on-screen keyboard in Clear's flat style: a near-black panel, dark keys with
/// bold white labels, a pressed key in Clear's heat red, shift lit white while it is on,
/// and the accent popup in heat orange with the choice a lift would type in red.
final class KeyboardPainter {
    /// The panel behind the keys.
    static let panelColor = RGBColor(red: 0.08, green: 0.08, blue: 0.08)
    /// Letters, digits and symbols.
    static let characterKeyColor = RGBColor(red: 0.24, green: 0.24, blue: 0.24)
    /// Shift, backspace, space, return and the layer key.
    static let functionKeyColor = RGBColor(red: 0.16, green: 0.16, blue: 0.16)
    /// A key under a finger, and the popup's selected choice: the heat map's first colour.
    static let pressedKeyColor = RGBColor.pureRed
    /// Shift while it is on.
    static let activeKeyColor = RGBColor.white
    /// The popup's other choices: the heat map's orange.
    static let popupColor = RGBColor(red: 1, green: 0.6, blue: 0)
    /// A character key's label height, as a fraction of the key's height.
    static let characterLabelHeightFraction = 0.42
    /// A function key's label height, as a fraction of the key's height.
    static let functionLabelHeightFraction = 0.26

    private let layoutContext: GraphicsContext
    private var fonts: [Double: FontDescription] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]
    /// More than every label of two layers and a popup; beyond it the cache starts over.
    private static let layoutCacheLimit = 256

    private struct LayoutKey: Hashable {
        var text: String
        var fontPixels: Double
    }

    /// A painter laying out labels for `layoutContext`.
    init(layoutContext: GraphicsContext) {
        self.layoutContext = layoutContext
    }

    /// Draws `keyboard` into `context`.
    func draw(_ keyboard: KeyboardPresentation, in context: GraphicsContext) {
        let panel = keyboard.framePixels
        context.fillRectangle(
            x: panel.x, y: panel.y, width: panel.width, height: panel.height,
            with: RGBAColor(Self.panelColor))
        for key in keyboard.keys {
            let fill: RGBColor
            var text = RGBColor.white
            if key.isPressed {
                fill = Self.pressedKeyColor
            } else if key.isActive {
                fill = Self.activeKeyColor
                text = .black
            } else {
                fill = key.isCharacter ? Self.characterKeyColor : Self.functionKeyColor
            }
            let fraction =
                key.isCharacter
                ? Self.characterLabelHeightFraction : Self.functionLabelHeightFraction
            drawCell(
                key.label, in: key.framePixels, fill: fill, text: text,
                fontPixels: (key.framePixels.height * fraction).rounded(), context: context)
            if key.action == .shift && keyboard.isCapsLocked {
                // Caps lock: a bar under the arrow.
                let frame = key.framePixels
                context.fillRectangle(
                    x: frame.x + frame.width * 0.3, y: frame.y + frame.height * 0.8,
                    width: frame.width * 0.4, height: max(1, frame.height * 0.05),
                    with: RGBAColor(.black))
            }
        }
        if let popup = keyboard.popup {
            for (index, cell) in popup.cellsPixels.enumerated() {
                drawCell(
                    popup.labels[index], in: cell,
                    fill: index == popup.selectedIndex ? Self.pressedKeyColor : Self.popupColor,
                    text: .white,
                    fontPixels: (cell.height * Self.characterLabelHeightFraction).rounded(),
                    context: context)
            }
        }
    }

    private func drawCell(
        _ label: String, in rect: RectPixels, fill: RGBColor, text: RGBColor, fontPixels: Double,
        context: GraphicsContext
    ) {
        let frame = PresentationRenderer.snapped(rect)
        context.fillRectangle(
            x: frame.x, y: frame.y, width: frame.width, height: frame.height,
            with: RGBAColor(fill))
        guard !label.isEmpty, fontPixels >= 1 else { return }
        let layout = self.layout(label, fontPixels: fontPixels, maxWidthPixels: frame.width)
        let extents = layout.logicalExtents
        context.setSource(RGBAColor(text))
        context.moveTo(
            x: (frame.x + (frame.width - extents.width) / 2 - extents.x).rounded(),
            y: (frame.midY - extents.height / 2).rounded())
        context.show(layout)
    }

    private func layout(_ text: String, fontPixels: Double, maxWidthPixels: Double) -> TextLayout {
        let key = LayoutKey(text: text, fontPixels: fontPixels)
        if let cached = layouts[key] { return cached }
        if layouts.count >= Self.layoutCacheLimit { layouts.removeAll() }
        let font =
            fonts[fontPixels]
            ?? FontDescription(family: ClearStyle.fontFamily, bold: true, sizePixels: fontPixels)
        fonts[fontPixels] = font
        let made = TextLayout(
            context: layoutContext, text: text, font: font, maxWidthPixels: maxWidthPixels)
        layouts[key] = made
        return made
    }
}
