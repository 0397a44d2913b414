import ClearCore
import ClearPictures

/// Draws Clear's cells in Clear's style: a row's fill, gloss, label, strikethrough and
/// caret, and the tick and cross cues. One painter serves the PNG and window frames
/// (`PresentationRenderer`) and the SVG picture of a recording (`RecordingPictureRenderer`).
///
/// Text layouts are cached (the same labels are drawn every frame). On a raster target
/// the gloss is a tile drawn once per row size; on a vector target it is a gradient.
final class RowPainter {
    /// The context text is laid out for; cells may be drawn in other contexts of the
    /// same kind (the row pictures of `PresentationRenderer`).
    let layoutContext: GraphicsContext
    /// Whether the target is pixels (gloss composited as a tile) or vector (a gradient).
    let isRaster: Bool
    private(set) var style = ClearStyle(widthPixels: ClearStyle.referenceWidthPoints)
    private var labelFont: FontDescription
    private var cueFont: FontDescription
    private var countFont: FontDescription
    private var layoutCache: [LayoutKey: TextLayout] = [:]
    private var glossTileCache: ImageSurface?
    /// Enough for every label of a long list plus cues; beyond it the cache starts over.
    private static let layoutCacheLimit = 512

    private struct LayoutKey: Hashable {
        var text: String
        var isCue: Bool
        var isCount = false
        var alignment: TextAlignment
        var maxWidthPixels: Double?
    }

    /// A painter laying out text for `layoutContext`.
    init(layoutContext: GraphicsContext, isRaster: Bool) {
        self.layoutContext = layoutContext
        self.isRaster = isRaster
        labelFont = FontDescription(
            family: ClearStyle.fontFamily, bold: true, sizePixels: style.labelFontPixels)
        cueFont = FontDescription(
            family: ClearStyle.fontFamily, bold: true, sizePixels: style.cueFontPixels)
        countFont = FontDescription(
            family: ClearStyle.fontFamily, bold: false,
            sizePixels: style.labelFontPixels * Self.countFontScale)
    }

    /// A list row's count of open items is drawn this much smaller than the label.
    static let countFontScale = 0.6

    /// Switches to `newStyle`; returns true when it differs from the current one (the
    /// caller's own caches of drawn cells are then stale).
    @discardableResult
    func useStyle(_ newStyle: ClearStyle) -> Bool {
        guard newStyle != style else { return false }
        style = newStyle
        labelFont = FontDescription(
            family: ClearStyle.fontFamily, bold: true, sizePixels: style.labelFontPixels)
        cueFont = FontDescription(
            family: ClearStyle.fontFamily, bold: true, sizePixels: style.cueFontPixels)
        countFont = FontDescription(
            family: ClearStyle.fontFamily, bold: false,
            sizePixels: style.labelFontPixels * Self.countFontScale)
        layoutCache.removeAll()
        return true
    }

    /// `text` laid out in the label's, the cue's or the count's font, at most
    /// `maxWidthPixels` wide (nil: whole, never ellipsized), cached.
    func layout(
        _ text: String, isCue: Bool, isCount: Bool = false, alignment: TextAlignment = .left,
        maxWidthPixels: Double?
    ) -> TextLayout {
        let key = LayoutKey(
            text: text, isCue: isCue, isCount: isCount, alignment: alignment,
            maxWidthPixels: maxWidthPixels)
        if let cached = layoutCache[key] { return cached }
        if layoutCache.count >= Self.layoutCacheLimit { layoutCache.removeAll() }
        let made = TextLayout(
            context: layoutContext, text: text,
            font: isCount ? countFont : (isCue ? cueFont : labelFont),
            maxWidthPixels: maxWidthPixels,
            alignment: alignment)
        layoutCache[key] = made
        return made
    }

    /// The gloss overlay of a `width` × `height` row (docs/clear-rules.md §2), drawn once per
    /// size.
    private func glossTile(width: Int, height: Int) -> ImageSurface? {
        guard width > 0, height > 0 else { return nil }
        if let glossTileCache, glossTileCache.width == width, glossTileCache.height == height {
            return glossTileCache
        }
        guard let tile = try? ImageSurface(width: width, height: height),
            let tileContext = try? GraphicsContext(surface: tile)
        else { return nil }
        tileContext.setSource(Self.gloss(top: 0, bottom: Double(height)))
        tileContext.paintReplacing()
        tileContext.flush()
        glossTileCache = tile
        return tile
    }

    private static func gloss(top: Double, bottom: Double) -> LinearGradient {
        let gloss = LinearGradient(x0: 0, y0: top, x1: 0, y1: bottom)
        for stop in ClearStyle.glossStops { gloss.addStop(offset: stop.offset, color: stop.color) }
        return gloss
    }

    /// A row cell in `target`: fill, gloss, label, and the strikethrough or caret, the
    /// label, strikethrough and caret in `textColor`, and the row's trailing label (a list
    /// row's count of open items, a Settings row's `On` or `Off`), right-aligned and small. `frame` is in whole pixels.
    /// On pixels, the gloss is blended over the fill once per line where `paths` has
    /// `glossByLine`.
    func drawRowBody(
        in target: GraphicsContext, frame: RectPixels, color: RGBColor, text: String,
        textColor: RGBColor, strikethrough: Bool,
        caretCharacterOffset: Int?, trailingLabel: String? = nil, paths: RenderPaths = .all
    ) {
        if isRaster {
            // The gloss is the same for every row of a size: drawn once, then composited
            // over the fill.
            let tile = glossTile(
                width: Int(clampingForDrawing: frame.width),
                height: Int(clampingForDrawing: frame.height))
            if let tile, paths.contains(.glossByLine), Double(tile.width) == frame.width,
                Double(tile.height) == frame.height
            {
                target.fillRectangle(x: frame.x, y: frame.y, with: RGBAColor(color), under: tile)
            } else {
                target.fillRectangle(
                    x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                    with: RGBAColor(color))
                if let tile { target.drawImage(tile, x: frame.x, y: frame.y, alpha: 1) }
            }
        } else {
            target.fillRectangle(
                x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                with: RGBAColor(color))
            target.setSource(Self.gloss(top: frame.minY, bottom: frame.maxY))
            target.addRectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
            target.fill()
        }

        let textX = frame.x + style.labelInsetPixels
        let label = layout(text, isCue: false, maxWidthPixels: frame.width - style.labelInsetPixels)
        let extents = label.logicalExtents
        target.setSource(RGBAColor(textColor))
        target.moveTo(x: textX, y: frame.midY - extents.height / 2)
        target.show(label)
        if strikethrough {
            // Starts at the label's left edge, top at mid-height, as wide as the text (R-CE).
            target.fillRectangle(
                x: textX, y: frame.midY, width: extents.x + extents.width,
                height: style.strikethroughThicknessPixels, with: RGBAColor(textColor))
        }
        if let caretCharacterOffset {
            drawCaret(
                in: target, frame: frame, text: text, textColor: textColor,
                caretCharacterOffset: caretCharacterOffset)
        }
        if let trailingLabel {
            let width = frame.width - 2 * style.labelInsetPixels
            let countLabel = layout(
                trailingLabel, isCue: false, isCount: true, alignment: .right,
                maxWidthPixels: max(1, width))
            target.setSource(RGBAColor(textColor))
            target.moveTo(
                x: frame.x + style.labelInsetPixels,
                y: frame.midY - countLabel.logicalExtents.height / 2)
            target.show(countLabel)
        }
    }

    /// The caret of a row being edited: before the character at `caretCharacterOffset` of
    /// `text` as `drawRowBody` lays it out in `frame`, as tall as the label's line.
    func drawCaret(
        in target: GraphicsContext, frame: RectPixels, text: String, textColor: RGBColor,
        caretCharacterOffset: Int
    ) {
        let label = layout(text, isCue: false, maxWidthPixels: frame.width - style.labelInsetPixels)
        let extents = label.logicalExtents
        let caretX =
            frame.x + style.labelInsetPixels + label.caretX(characterOffset: caretCharacterOffset)
        let lineHeight = extents.height > 0 ? extents.height : style.labelFontPixels
        target.fillRectangle(
            x: caretX, y: frame.midY - lineHeight / 2, width: style.caretWidthPixels,
            height: lineHeight, with: RGBAColor(textColor))
    }

    /// A tick or cross cue in `target`, vertically centred in `frame` and against its edge
    /// on the `alignment` side (the side of the row), whole: its box is Clear's 50 wide in
    /// pixels (docs/clear-rules.md §1.1, the contract reads points as pixels) while its
    /// font is 32 points scaled to the screen (`ClearStyle`), so from 640 px wide on the
    /// glyph is wider than the box and reaches past its far side, away from the row. (Laid
    /// out in the box, it was cut to an ellipsis there.)
    func drawCue(
        _ glyph: String, in target: GraphicsContext, frame: RectPixels, color: RGBColor,
        alpha: Double, alignment: TextAlignment
    ) {
        let cue = layout(glyph, isCue: true, maxWidthPixels: nil)
        let extents = cue.logicalExtents
        let x =
            alignment == .left
            ? frame.x - extents.x : frame.x + frame.width - extents.x - extents.width
        target.setSource(RGBAColor(color, alpha: alpha))
        target.moveTo(x: x, y: frame.midY - extents.height / 2)
        target.show(cue)
    }
}
