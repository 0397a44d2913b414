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
    /// A character key's label height, as a fraction of the key's height; a function key's
    /// symbol (⇧, ⌫) too: at a word's height the arrow was 8 px tall on a 960x540 screen.
    static let characterLabelHeightFraction = 0.42
    /// A function key's word (`123`, `return`, the space bar's layout name) height, as a
    /// fraction of the key's height.
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

    /// The panel and its keys, none pressed and without the popup, as an opaque picture
    /// (`keyboardPicture`): the keyboard it was made of and the picture.
    private var picture: (keyboard: KeyboardPresentation, image: ImageSurface)?
    /// The keyboard of the frame before (a picture is made once it holds still).
    private var previousKeyboard: KeyboardPresentation?
    /// Pictures made so far (each a keyboard that came to rest, or changed at rest).
    private(set) var picturesMade = 0

    /// Draws `keyboard` into `context`. Where `paths` has `keyboardPicture` (at the
    /// screen's size), a keyboard whose panel spans the width down to the bottom of the
    /// `screenHeightPixels` screen from a whole pixel and is the same as the frame before's
    /// is copied from a picture of its panel and keys, kept while they stay the same (the
    /// panel's fill and some forty labels drawn with Pango were most of such a frame:
    /// docs/performance.md); the keys under a finger and the popup are drawn over it.
    func draw(
        _ keyboard: KeyboardPresentation, in context: GraphicsContext,
        screenHeightPixels: Int, paths: RenderPaths
    ) {
        defer { previousKeyboard = keyboard }
        guard paths.contains(.keyboardPicture),
            let image = keyboardPicture(
                keyboard, screenHeightPixels: screenHeightPixels,
                keepsLines: paths.contains(.picturesByLine))
        else { return drawDirectly(keyboard, in: context) }
        context.drawImage(image, x: keyboard.framePixels.x, y: keyboard.framePixels.y, alpha: 1)
        for key in keyboard.keys where key.isPressed {
            drawKey(key, of: keyboard, in: context)
        }
        drawPopup(keyboard, in: context)
    }

    /// Every part of `keyboard` drawn in turn.
    private func drawDirectly(_ keyboard: KeyboardPresentation, in context: GraphicsContext) {
        let panel = keyboard.framePixels
        context.fillRectangle(
            x: panel.x, y: panel.y, width: panel.width, height: panel.height,
            with: RGBAColor(Self.panelColor))
        for key in keyboard.keys {
            drawKey(key, of: keyboard, in: context)
        }
        drawPopup(keyboard, in: context)
    }

    /// The picture of `keyboard`'s panel and keys, none pressed, down to the screen's
    /// bottom: the kept one while they stay the same, a new one when they changed but are
    /// as in the frame before (a sliding keyboard is drawn directly); nil otherwise.
    private func keyboardPicture(
        _ keyboard: KeyboardPresentation, screenHeightPixels: Int, keepsLines: Bool
    ) -> ImageSurface? {
        let panel = keyboard.framePixels
        guard panel.x == 0, panel.y.rounded() == panel.y, panel.y >= 0,
            panel.width.rounded() == panel.width, panel.width >= 1,
            panel.maxY >= Double(screenHeightPixels), panel.y < Double(screenHeightPixels)
        else { return nil }
        if let picture, Self.samePicture(picture.keyboard, keyboard) { return picture.image }
        guard let previousKeyboard, Self.samePicture(previousKeyboard, keyboard) else {
            return nil
        }
        var unpressed = keyboard
        for index in unpressed.keys.indices { unpressed.keys[index].isPressed = false }
        unpressed.popup = nil
        guard
            let image = try? ImageSurface(
                width: Int(panel.width), height: screenHeightPixels - Int(panel.y), opaque: true),
            let imageContext = try? GraphicsContext(surface: image)
        else { return nil }
        picturesMade += 1
        // Drawn as into the frame, moved up by whole pixels: the same pixels.
        imageContext.translate(x: 0, y: -panel.y)
        drawDirectly(unpressed, in: imageContext)
        imageContext.flush()
        if keepsLines { image.keepLines() }
        picture = (keyboard, image)
        return image
    }

    /// Whether `a` and `b` have the same picture: the same panel and keys, whichever are
    /// pressed and whatever the popup.
    static func samePicture(_ a: KeyboardPresentation, _ b: KeyboardPresentation) -> Bool {
        guard a.framePixels == b.framePixels, a.layoutName == b.layoutName, a.layer == b.layer,
            a.isCapsLocked == b.isCapsLocked, a.keys.count == b.keys.count
        else { return false }
        for (keyA, keyB) in zip(a.keys, b.keys) {
            guard keyA.framePixels == keyB.framePixels, keyA.label == keyB.label,
                keyA.action == keyB.action, keyA.isActive == keyB.isActive
            else { return false }
        }
        return true
    }

    /// One key: its cell in its colours, and caps lock's bar on shift.
    private func drawKey(
        _ key: KeyboardKeyPresentation, of keyboard: KeyboardPresentation,
        in context: GraphicsContext
    ) {
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
            key.isCharacter || key.label.count == 1
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

    /// The accent popup, while one is open.
    private func drawPopup(_ keyboard: KeyboardPresentation, in context: GraphicsContext) {
        guard let popup = keyboard.popup else { return }
        for (index, cell) in popup.cellsPixels.enumerated() {
            drawCell(
                popup.labels[index], in: cell,
                fill: index == popup.selectedIndex ? Self.pressedKeyColor : Self.popupColor,
                text: .white,
                fontPixels: (cell.height * Self.characterLabelHeightFraction).rounded(),
                context: context)
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
        // Whole, centred: a label wider than its key would show past it (the pictures'
        // tests look for that), never cut to an ellipsis.
        let layout = self.layout(label, fontPixels: fontPixels)
        let extents = layout.logicalExtents
        context.setSource(RGBAColor(text))
        context.moveTo(
            x: (frame.x + (frame.width - extents.width) / 2 - extents.x).rounded(),
            y: (frame.midY - extents.height / 2).rounded())
        context.show(layout)
    }

    private func layout(_ text: String, fontPixels: Double) -> TextLayout {
        let key = LayoutKey(text: text, fontPixels: fontPixels)
        if let cached = layouts[key] { return cached }
        if layouts.count >= Self.layoutCacheLimit { layouts.removeAll() }
        let font =
            fonts[fontPixels]
            ?? FontDescription(family: ClearStyle.fontFamily, bold: true, sizePixels: fontPixels)
        fonts[fontPixels] = font
        let made = TextLayout(context: layoutContext, text: text, font: font, maxWidthPixels: nil)
        layouts[key] = made
        return made
    }
}
