import CCairo
import ClearCore
import ClearPictures
import TouchInput

/// Draws a `Presentation` (the Clear core's picture of one moment) with Cairo and Pango.
///
/// The presentation is laid out in its own screen pixels; the renderer scales it to fill
/// the surface, so one presentation can be drawn at the kiosk's size or as a thumbnail.
/// Cells are drawn by a `RowPainter`; rows that are not being edited are drawn once
/// into row pictures and composited while their text, colour and size stay the same.
public final class PresentationRenderer {
    /// The pixels drawn into.
    public let surface: ImageSurface
    let context: GraphicsContext
    /// Draws the cells (rows, the placeholder, the cues).
    let painter: RowPainter
    /// Draws the on-screen keyboard (kept as a picture while it holds still).
    let keyboardPainter: KeyboardPainter
    private var rowImageCache: [RowImageKey: ImageSurface] = [:]
    /// Translucent rows alone over the background, as opaque pictures.
    let blendedRowPictures = BlendedRowPictures()
    private var editedRowPicture: (key: RowImageKey, image: ImageSurface)?
    /// The picture a placeholder partly beyond the list is squeezed into (`squeezedPicture`).
    private var squeezedPlaceholder: (image: ImageSurface, context: GraphicsContext)?
    // What a frame works out before drawing, kept from frame to frame so that drawing one
    // allocates nothing (docs/app.md, "Running for months"); one property each, since one
    // call changes two of them.
    /// The bands the background need not be painted in (`opaqueBands`).
    private var opaqueBandsBuffer: [RectPixels] = []
    /// Opaque rows reaching one side only (`opaqueBands`), and the slabs between them.
    private var edgeCoversBuffer: [RectPixels] = []
    private var slabEdgesBuffer: [Double] = []
    /// The rows' and the placeholder's vertical reach (`isolatedTranslucentRows`).
    private var reachBuffer: [(index: Int, top: Double, bottom: Double)] = []
    /// The translucent rows alone in their band (`isolatedTranslucentRows`).
    private var isolatedRows: Set<Int> = []
    /// Those of them whose background is filled just before they are drawn.
    private var filledLateRows: Set<Int> = []
    /// Row pictures drawn so far (each a row whose text, colour or size is new, or a
    /// translucent row's picture blended at a new alpha), and the keyboard's pictures
    /// (`KeyboardPainter`): drawing one allocates; compositing a kept one does not (the
    /// soak benchmark tells them apart).
    public var rowPicturesDrawn: Int { rowPicturesMade + keyboardPainter.picturesMade }
    /// The row pictures of `rowPicturesDrawn`.
    private var rowPicturesMade = 0
    /// Two screens of rows at the kiosk's size (about 0.7 MB each at 1080 wide).
    private static let rowImageCacheLimit = 32
    /// The fast paths frames may take: all of them but in the tests' reference frames,
    /// which take some out to compare.
    var paths = RenderPaths.all
    /// Those the frame being drawn takes (`RenderPaths.forFrame`): at another size than
    /// the presentation's or during a theme's cross-fade, fewer.
    private var framePaths = RenderPaths.all
    /// H of the presentation drawn: a row of another height is folding or squeezed.
    private var rowHeightPixels = 0.0
    struct RowImageKey: Hashable {
        var text: String
        var color: RGBColor
        var textColor: RGBColor
        var strikethrough: Bool
        var trailingLabel: String?
        var width: Int
        var height: Int

        /// The same row's picture at `newHeight`.
        func atHeight(_ newHeight: Int) -> RowImageKey {
            var key = self
            key.height = newHeight
            return key
        }
    }
    /// A renderer drawing into `surface`.
    public init(surface: ImageSurface) throws(CairoError) {
        self.surface = surface
        self.context = try GraphicsContext(surface: surface)
        painter = RowPainter(layoutContext: context, isRaster: true)
        keyboardPainter = KeyboardPainter(layoutContext: context)
    }

    /// A renderer with a new surface of the given size.
    public convenience init(width: Int, height: Int) throws(CairoError) {
        try self.init(surface: ImageSurface(width: width, height: height))
    }

    /// Draws `presentation`, replacing everything on the surface.
    public func render(_ presentation: Presentation) {
        let screenWidth = Double(max(1, presentation.screen.widthPixels))
        let screenHeight = Double(max(1, presentation.screen.heightPixels))
        if painter.useStyle(ClearStyle(widthPixels: screenWidth)) {
            rowImageCache.removeAll()
            blendedRowPictures.removeAll()
            editedRowPicture = nil
        }
        blendedRowPictures.nextFrame()
        framePaths = paths.forFrame(
            atScreenSize: surface.width == presentation.screen.widthPixels
                && surface.height == presentation.screen.heightPixels,
            fadingColors: presentation.isFadingColors)
        rowHeightPixels = presentation.rowHeightPixels

        let screenRect = RectPixels(x: 0, y: 0, width: screenWidth, height: screenHeight)
        // What the keyboard's opaque panel leaves of the list (all of it without one):
        // the rows under the panel are never seen, so they are not drawn.
        let listRect = Self.uncovered(screenRect, by: presentation.keyboard)
        // Translucent rows alone in their band show only the background through them:
        // they are copied from kept pictures of themselves blended over it, and else
        // (those spanning the width) get their background just before they are blended
        // onto it, while those pixels are still in the cache. (Kept sets: no allocation.)
        isolatedRows.removeAll(keepingCapacity: true)
        filledLateRows.removeAll(keepingCapacity: true)
        if framePaths.contains(.backgroundAroundRows) {
            Self.isolatedTranslucentRows(presentation, reach: &reachBuffer, into: &isolatedRows)
            for index in isolatedRows
            where Self.spansTheWidth(presentation.rows[index], widthPixels: screenWidth) {
                filledLateRows.insert(index)
            }
        }
        let isolated = isolatedRows
        let filledLate = filledLateRows
        paintBackground(presentation, listRect: listRect, filledLate: filledLate)
        context.withSavedState {
            context.scale(
                x: Double(surface.width) / screenWidth, y: Double(surface.height) / screenHeight)
            context.withSavedState {
                if listRect != screenRect {
                    context.addRectangle(
                        x: listRect.x, y: listRect.y, width: listRect.width,
                        height: listRect.height)
                    context.clip()
                }
                // The placeholder sits behind the rows (docs/clear-rules.md §1.2, §1.3).
                if let placeholder = presentation.placeholder {
                    drawPlaceholder(
                        placeholder, textColor: presentation.textColor, list: listRect)
                }
                for (index, row) in presentation.rows.enumerated()
                where intersects(row.framePixels, listRect) {
                    let textColor = row.labelColor(presentationText: presentation.textColor)
                    if isolated.contains(index),
                        let image = blendedRowImage(row, presentation, textColor: textColor)
                    {
                        let frame = Self.snapped(row.framePixels)
                        context.drawImage(image, x: frame.x, y: frame.y, alpha: 1)
                        continue
                    }
                    if filledLate.contains(index) {
                        let band = Self.snapped(row.framePixels)
                        context.fillRectangle(
                            x: 0, y: band.y, width: screenWidth, height: band.height,
                            with: RGBAColor(presentation.backgroundColor))
                    }
                    // A Themes page row is drawn in its own theme, not the presentation's.
                    drawRow(
                        row, editing: presentation.editing, textColor: textColor,
                        overBand: filledLate.contains(index))
                }
                if let cues = presentation.cues {
                    drawCues(cues)
                }
            }
            // The on-screen keyboard covers the list's bottom (the edited row is above it).
            if let keyboard = presentation.keyboard {
                keyboardPainter.draw(
                    keyboard, in: context, screenHeightPixels: presentation.screen.heightPixels,
                    paths: framePaths)
            }
        }
        context.flush()
    }

    /// The background colour wherever the frame will show it. At screen size, the bands
    /// that opaque full-width rows (and the keyboard's panel) are about to cover are left
    /// out: filling them would write most of the frame's pixels twice.
    private func paintBackground(
        _ presentation: Presentation, listRect: RectPixels, filledLate: Set<Int>
    ) {
        context.setSource(RGBAColor(presentation.backgroundColor))
        guard framePaths.contains(.backgroundAroundRows) else {
            return context.paintReplacing()
        }
        let width = Double(presentation.screen.widthPixels)
        Self.opaqueBands(
            presentation.rows, widthPixels: width, into: &opaqueBandsBuffer,
            edgeCovers: &edgeCoversBuffer)
        for index in filledLate {
            let band = Self.snapped(presentation.rows[index].framePixels)
            opaqueBandsBuffer.append(
                RectPixels(x: 0, y: band.y, width: width, height: band.height))
        }
        opaqueBandsBuffer.sort { $0.y < $1.y }
        // The keyboard's panel covers what is below the list.
        var top = 0.0
        let bottom = listRect.maxY
        for band in opaqueBandsBuffer where band.maxY > top && band.y < bottom {
            if band.y > top {
                fillUncovered(
                    top: top, bottom: min(band.y, bottom), widthPixels: width,
                    color: RGBAColor(presentation.backgroundColor))
            }
            top = max(top, band.maxY)
        }
        if top < bottom {
            fillUncovered(
                top: top, bottom: bottom, widthPixels: width,
                color: RGBAColor(presentation.backgroundColor))
        }
    }

    /// Fills the lines from `top` to `bottom` but what `edgeCoversBuffer` covers: each
    /// slab between their tops and bottoms gets the stretch between the covers at its
    /// left and right edges (a panned row leaves only the part it slid away from).
    private func fillUncovered(
        top: Double, bottom: Double, widthPixels width: Double, color: RGBAColor
    ) {
        slabEdgesBuffer.removeAll(keepingCapacity: true)
        slabEdgesBuffer.append(top)
        slabEdgesBuffer.append(bottom)
        for cover in edgeCoversBuffer {
            if cover.y > top && cover.y < bottom { slabEdgesBuffer.append(cover.y) }
            if cover.maxY > top && cover.maxY < bottom { slabEdgesBuffer.append(cover.maxY) }
        }
        slabEdgesBuffer.sort()
        for index in 1..<slabEdgesBuffer.count {
            let slabTop = slabEdgesBuffer[index - 1]
            let slabBottom = slabEdgesBuffer[index]
            guard slabBottom > slabTop else { continue }
            var left = 0.0
            var right = width
            for cover in edgeCoversBuffer where cover.y <= slabTop && cover.maxY >= slabBottom {
                if cover.x <= 0 { left = max(left, cover.x + cover.width) }
                if cover.x + cover.width >= width { right = min(right, cover.x) }
            }
            guard right > left else { continue }
            context.fillRectangle(
                x: left, y: slabTop, width: right - left, height: slabBottom - slabTop,
                with: color)
        }
    }

    /// What rows drawn opaque cover: rows at full alpha and scale, with no shadow, each
    /// painting every pixel of its snapped frame with its own opaque fill. `bands`: the
    /// whole-pixel bands (y, height) of those spanning the full width, in order of y;
    /// `edgeCovers`: the snapped frames of those that reach one side of the screen but not
    /// the other (panned, or narrower than the screen), beside which alone the background
    /// is painted. They replace what the buffers held (their capacity is kept).
    static func opaqueBands(
        _ rows: [RowPresentation], widthPixels: Double, into bands: inout [RectPixels],
        edgeCovers: inout [RectPixels]
    ) {
        bands.removeAll(keepingCapacity: true)
        edgeCovers.removeAll(keepingCapacity: true)
        for row in rows
        where row.alpha >= 1 && row.scale == 1 && row.shadowOpacity <= 0 {
            let frame = snapped(row.framePixels)
            if spansTheWidth(row, widthPixels: widthPixels) {
                bands.append(
                    RectPixels(x: 0, y: frame.y, width: widthPixels, height: frame.height))
            } else if frame.height > 0, frame.width > 0,
                frame.x <= 0 || frame.x + frame.width >= widthPixels
            {
                edgeCovers.append(frame)
            }
        }
        bands.sort { $0.y < $1.y }
    }

    /// Whether `row`'s snapped frame covers the whole width, with some height.
    static func spansTheWidth(_ row: RowPresentation, widthPixels: Double) -> Bool {
        let frame = snapped(row.framePixels)
        return frame.x <= 0 && frame.x + frame.width >= widthPixels && frame.height > 0
    }

    /// The rows drawn translucent (unscaled, without shadow) whose band (whole pixels)
    /// nothing else drawn before or after them among the rows reaches: no other row (a
    /// lifted one with its shadow and scale), not the placeholder. Only the background is
    /// under them; those spanning the width can have it filled just before they are drawn.
    /// Added to `isolated`; `reach` is a buffer of its own.
    static func isolatedTranslucentRows(
        _ presentation: Presentation, reach: inout [(index: Int, top: Double, bottom: Double)],
        into isolated: inout Set<Int>
    ) {
        reach.removeAll(keepingCapacity: true)
        for (index, row) in presentation.rows.enumerated() {
            let frame = snapped(row.framePixels)
            var margin = 0.0
            if row.scale != 1 || row.shadowOpacity > 0 {
                let scale = row.scale.isFinite ? max(row.scale, 1) : 1
                margin =
                    frame.height * (scale - 1) / 2 + Double(shadowLayerCount + 2)
                    * shadowSpreadPixels
            }
            reach.append((index, frame.y - margin, frame.maxY + margin))
        }
        if let placeholder = presentation.placeholder {
            let frame = placeholder.framePixels
            if placeholder.scaleY == 1 {
                // Unscaled, it is drawn in its snapped frame.
                let band = snapped(frame)
                reach.append((-1, band.y, band.maxY))
            } else {
                let half = frame.height * max(1, placeholder.scaleY) / 2 + 1
                reach.append((-1, frame.midY - half, frame.midY + half))
            }
        }
        reach.sort { $0.top < $1.top }
        // The lowest point reached by everything sorted before the current item.
        var bottomOfThoseAbove = -Double.infinity
        for (position, item) in reach.enumerated() {
            defer { bottomOfThoseAbove = max(bottomOfThoseAbove, item.bottom) }
            guard item.index >= 0 else { continue }
            let row = presentation.rows[item.index]
            let frame = snapped(row.framePixels)
            guard row.alpha < 1, row.alpha > 0, row.scale == 1, row.shadowOpacity <= 0,
                frame.width > 0, frame.height > 0
            else { continue }
            let clearBelow =
                position == reach.count - 1 || reach[position + 1].top >= item.bottom
            if bottomOfThoseAbove <= item.top && clearBelow { isolated.insert(item.index) }
        }
    }

    /// The part of `screen` above an on-screen keyboard whose panel spans the screen's width
    /// down to its bottom (the panel is opaque), down to and with the line the panel covers
    /// only partly (its top edge, mid-slide); all of `screen` without one.
    static func uncovered(_ screen: RectPixels, by keyboard: KeyboardPresentation?) -> RectPixels {
        guard let panel = keyboard?.framePixels, panel.x <= screen.x,
            panel.x + panel.width >= screen.x + screen.width, panel.maxY >= screen.maxY
        else { return screen }
        var rect = screen
        rect.height = min(screen.height, max(0, panel.y.rounded(.up) - screen.y))
        return rect
    }

    /// `rect` moved to whole pixels, its size rounded: a row keeps one size while it
    /// moves, so its picture is drawn once and composited on Cairo's fast paths.
    static func snapped(_ rect: RectPixels) -> RectPixels {
        RectPixels(
            x: rect.x.rounded(), y: rect.y.rounded(), width: rect.width.rounded(),
            height: rect.height.rounded())
    }

    private func bounds(_ rect: RectPixels) -> (x: Double, y: Double, width: Double, height: Double)
    {
        (rect.x, rect.y, rect.width, rect.height)
    }

    private func intersects(_ a: RectPixels, _ b: RectPixels) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// A held row's shadow: layers of translucent black, wider and lower each step.
    static let shadowLayerCount = 4
    /// How much each shadow layer grows past the row, and how far the shadow falls, in px.
    static let shadowSpreadPixels = 3.0
    /// The opacity of one shadow layer at full shadow.
    static let shadowLayerAlpha = 0.15

    /// `row`; `overBand`: the band under it was just filled with the background (a
    /// translucent row alone in its band, `isolatedTranslucentRows`).
    private func drawRow(
        _ row: RowPresentation, editing: EditingPresentation?, textColor: RGBColor,
        overBand: Bool
    ) {
        guard row.scale == 1, row.shadowOpacity <= 0 else {
            return drawLiftedRow(row, editing: editing, textColor: textColor)
        }
        drawRowUnscaled(row, editing: editing, textColor: textColor, overBand: overBand)
    }

    /// A held (or settling) row: its shadow, then the row scaled about its centre.
    private func drawLiftedRow(
        _ row: RowPresentation, editing: EditingPresentation?, textColor: RGBColor
    ) {
        let frame = row.framePixels
        let scale = row.scale.isFinite && row.scale > 0 ? row.scale : 1
        let width = frame.width * scale
        let height = frame.height * scale
        let x = frame.x + (frame.width - width) / 2
        let y = frame.y + (frame.height - height) / 2
        let shadow = min(max(row.shadowOpacity, 0), 1)
        if shadow > 0 {
            for layer in 1...Self.shadowLayerCount {
                let grow = Double(layer) * Self.shadowSpreadPixels
                context.fillRectangle(
                    x: x - grow, y: y - grow + Self.shadowSpreadPixels * 2, width: width + 2 * grow,
                    height: height + 2 * grow,
                    with: RGBAColor(
                        red: 0, green: 0, blue: 0, alpha: Self.shadowLayerAlpha * shadow))
            }
        }
        context.withSavedState {
            context.translate(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            context.scale(x: scale, y: scale)
            context.translate(x: -(frame.x + frame.width / 2), y: -(frame.y + frame.height / 2))
            drawRowUnscaled(row, editing: editing, textColor: textColor, overBand: false)
        }
    }

    private func drawRowUnscaled(
        _ row: RowPresentation, editing: EditingPresentation?, textColor: RGBColor,
        overBand: Bool
    ) {
        let frame = Self.snapped(row.framePixels)
        if let edited = editing, edited.modelIndex == row.modelIndex, !row.isLeaving {
            let key = RowImageKey(
                text: edited.text, color: row.backgroundColor, textColor: textColor,
                strikethrough: row.strikethrough, trailingLabel: row.trailingLabel,
                width: Int(clampingForDrawing: frame.width),
                height: Int(clampingForDrawing: frame.height))
            // Opaque, the row's picture is copied and its caret drawn over it (a caret
            // drawn over a translucent picture would show the row through it).
            if row.alpha >= 1, framePaths.contains(.rowPictures),
                let image = editedRowImage(key)
            {
                context.drawImage(image, x: frame.x, y: frame.y, alpha: 1)
                painter.drawCaret(
                    in: context, frame: frame, text: edited.text, textColor: textColor,
                    caretCharacterOffset: edited.caretCharacterOffset)
                return
            }
            // The edited row changes with every key: drawn directly, with its caret.
            context.withGroup(alpha: row.alpha, bounds: bounds(frame)) {
                painter.drawRowBody(
                    in: context, frame: frame, color: row.backgroundColor, text: edited.text,
                    textColor: textColor, strikethrough: row.strikethrough,
                    caretCharacterOffset: edited.caretCharacterOffset,
                    trailingLabel: row.trailingLabel, paths: framePaths)
            }
            return
        }
        let key = rowImageKey(row, frame: frame, textColor: textColor)
        let fullHeight = Int(clampingForDrawing: rowHeightPixels.rounded())
        guard key.height != fullHeight, fullHeight > 0 else {
            if framePaths.contains(.rowPictures), let image = rowImage(key) {
                if overBand, framePaths.contains(.overBandByLine) {
                    // The band under it was just filled with the background.
                    context.drawImageOverBand(image, x: frame.x, y: frame.y, alpha: row.alpha)
                } else {
                    context.drawImage(image, x: frame.x, y: frame.y, alpha: row.alpha)
                }
            } else {
                context.withGroup(alpha: row.alpha, bounds: bounds(frame)) {
                    painter.drawRowBody(
                        in: context, frame: frame, color: row.backgroundColor, text: row.text,
                        textColor: textColor, strikethrough: row.strikethrough,
                        caretCharacterOffset: nil, trailingLabel: row.trailingLabel,
                        paths: framePaths)
                }
            }
            return
        }
        drawFoldedRow(row, frame: frame, fullKey: key.atHeight(fullHeight), textColor: textColor)
    }

    /// A row drawn at a height other than H (folding under a pinch together, or squeezed
    /// while a list grows out of its row or folds back into it): the full-height row,
    /// label and all, squashed into its frame. The full-height picture is cached as any
    /// row's is, so a fold composites one scaled picture per row instead of drawing (and
    /// caching) a new picture at every height it passes through.
    private func drawFoldedRow(
        _ row: RowPresentation, frame: RectPixels, fullKey: RowImageKey, textColor: RGBColor
    ) {
        guard frame.height > 0, frame.width > 0 else { return }
        if framePaths.contains(.rowPictures), let image = rowImage(fullKey) {
            context.drawImage(image, in: bounds(frame), alpha: row.alpha, paths: framePaths)
            return
        }
        let full = RectPixels(
            x: frame.x, y: frame.y, width: frame.width, height: Double(fullKey.height))
        context.withGroup(alpha: row.alpha, bounds: bounds(frame)) {
            context.withSavedState {
                context.translate(x: 0, y: frame.y)
                context.scale(x: 1, y: frame.height / full.height)
                context.translate(x: 0, y: -frame.y)
                painter.drawRowBody(
                    in: context, frame: full, color: row.backgroundColor, text: row.text,
                    textColor: textColor, strikethrough: row.strikethrough,
                    caretCharacterOffset: nil, trailingLabel: row.trailingLabel, paths: framePaths)
            }
        }
    }

    /// The key of the picture of `row` (not the edited one) drawn in `frame` (snapped).
    private func rowImageKey(_ row: RowPresentation, frame: RectPixels, textColor: RGBColor)
        -> RowImageKey
    {
        RowImageKey(
            text: row.text, color: row.backgroundColor, textColor: textColor,
            strikethrough: row.strikethrough, trailingLabel: row.trailingLabel,
            width: Int(clampingForDrawing: frame.width),
            height: Int(clampingForDrawing: frame.height))
    }

    /// The picture of `row`, translucent and alone in its band (`isolatedTranslucentRows`),
    /// blended over the background, as the frame would blend it: nil when the row is drawn
    /// otherwise (edited, folded, drawn directly) or its picture is not kept (yet).
    private func blendedRowImage(
        _ row: RowPresentation, _ presentation: Presentation, textColor: RGBColor
    ) -> ImageSurface? {
        guard framePaths.contains(.rowPictures),
            presentation.editing.map({ $0.modelIndex != row.modelIndex || row.isLeaving })
                ?? true
        else { return nil }
        let frame = Self.snapped(row.framePixels)
        let rowKey = rowImageKey(row, frame: frame, textColor: textColor)
        guard rowKey.height == Int(clampingForDrawing: rowHeightPixels.rounded()) else {
            return nil
        }
        let key = BlendedRowPictures.Key(
            row: rowKey, alpha: row.alpha, background: presentation.backgroundColor)
        return blendedRowPictures.picture(for: key) {
            // A picture drawn anew, as a row's (the soak benchmark counts its allocations
            // as a change's, not a frame's).
            rowPicturesMade += 1
            guard let picture = rowImage(rowKey),
                let image = try? ImageSurface(
                    width: rowKey.width, height: rowKey.height, opaque: true),
                let imageContext = try? GraphicsContext(surface: image)
            else { return nil }
            // The frame's own steps: the band filled, then the row blended onto it.
            imageContext.fillRectangle(
                x: 0, y: 0, width: Double(rowKey.width), height: Double(rowKey.height),
                with: RGBAColor(key.background))
            imageContext.drawImage(picture, x: 0, y: 0, alpha: key.alpha)
            imageContext.flush()
            if framePaths.contains(.picturesByLine) { image.keepLines() }
            return image
        }
    }

    /// The picture of the edited row without its caret, kept while its text stays the
    /// same (one picture: each key typed replaces it, so the row pictures stay).
    private func editedRowImage(_ key: RowImageKey) -> ImageSurface? {
        if let editedRowPicture, editedRowPicture.key == key { return editedRowPicture.image }
        guard let image = drawRowPicture(key) else { return nil }
        editedRowPicture = (key, image)
        return image
    }

    /// The picture of a row that is not being edited, drawn once and reused while its
    /// text, colour and size stay the same (a moving or fading row is only composited).
    private func rowImage(_ key: RowImageKey) -> ImageSurface? {
        if let cached = rowImageCache[key] { return cached }
        guard let image = drawRowPicture(key) else { return nil }
        if rowImageCache.count >= Self.rowImageCacheLimit { rowImageCache.removeAll() }
        rowImageCache[key] = image
        return image
    }

    /// A row's picture: its cell drawn into an opaque image of its size.
    private func drawRowPicture(_ key: RowImageKey) -> ImageSurface? {
        rowPicturesMade += 1
        guard key.width > 0, key.height > 0,
            // The row's fill covers it: opaque pictures composite as copies.
            let image = try? ImageSurface(width: key.width, height: key.height, opaque: true),
            let imageContext = try? GraphicsContext(surface: image)
        else { return nil }
        painter.drawRowBody(
            in: imageContext,
            frame: RectPixels(x: 0, y: 0, width: Double(key.width), height: Double(key.height)),
            color: key.color, text: key.text, textColor: key.textColor,
            strikethrough: key.strikethrough,
            caretCharacterOffset: nil, trailingLabel: key.trailingLabel, paths: framePaths)
        imageContext.flush()
        // Finished: copied into frames line by line (`PictureLines`).
        if framePaths.contains(.picturesByLine) { image.keepLines() }
        return image
    }

    /// The placeholder (a pull's or pinch's, or the pull up's cue) behind the rows, at its
    /// alpha, scaled vertically about its centre by `scaleY` so that it grows out of its seam
    /// (docs/clear-rules.md §1.3). Where that reaches past the list's top or bottom (a pull's
    /// placeholder sits right above the first row, partly above the screen until the pull
    /// is H; the pull up's cue below the last row, partly below it), the whole placeholder is
    /// squeezed into the part of the list it shows, as Clear's new row turns in: its label
    /// is never cut by the screen's edge (docs/app.md, "Rendering").
    private func drawPlaceholder(
        _ placeholder: PlaceholderPresentation, textColor: RGBColor, list: RectPixels
    ) {
        guard placeholder.scaleY > 0, placeholder.alpha > 0 else { return }
        let frame = placeholder.framePixels
        let snapped = Self.snapped(frame)
        guard snapped.height > 0, snapped.width > 0 else { return }
        let scaledHeight = snapped.height * placeholder.scaleY
        let scaledTop = frame.midY - scaledHeight / 2
        let key = RowImageKey(
            text: placeholder.label, color: placeholder.backgroundColor, textColor: textColor,
            strikethrough: false, trailingLabel: nil,
            width: Int(clampingForDrawing: snapped.width),
            height: Int(clampingForDrawing: snapped.height))
        guard scaledTop < list.minY || scaledTop + scaledHeight > list.maxY else {
            return drawWholePlaceholder(placeholder, key: key, textColor: textColor)
        }
        // Squeezed into the whole lines it shows in, as a row is drawn at whole pixels.
        let top = max(scaledTop, list.minY).rounded()
        let bottom = min(scaledTop + scaledHeight, list.maxY).rounded()
        guard bottom > top else { return }
        let shown = RectPixels(x: snapped.x, y: top, width: snapped.width, height: bottom - top)
        if framePaths.contains(.rowPictures), let image = rowImage(key),
            let squeezed = squeezedPicture(width: key.width, height: key.height)
        {
            // Stretched at full alpha into a picture of its own (a copy by line), then that
            // composited at the placeholder's alpha: two fast paths, where a stretch at an
            // alpha is pixman's slowest (it doubled `render`'s instructions).
            squeezed.context.drawImage(
                image, in: (0, 0, shown.width, shown.height), alpha: 1, paths: framePaths)
            squeezed.context.flush()
            context.withSavedState {
                context.addRectangle(
                    x: shown.x, y: shown.y, width: shown.width, height: shown.height)
                context.clip()
                context.drawImage(
                    squeezed.image, x: shown.x, y: shown.y, alpha: placeholder.alpha)
            }
            return
        }
        context.withSavedState {
            context.translate(x: 0, y: shown.y)
            context.scale(x: 1, y: shown.height / snapped.height)
            context.translate(x: 0, y: -snapped.y)
            drawPlaceholderDirectly(placeholder, in: snapped, textColor: textColor)
        }
    }

    /// A placeholder that shows whole: its picture composited at its alpha (stretched by
    /// `scaleY` about its centre), or drawn directly.
    private func drawWholePlaceholder(
        _ placeholder: PlaceholderPresentation, key: RowImageKey, textColor: RGBColor
    ) {
        let frame = placeholder.framePixels
        let snapped = Self.snapped(frame)
        // Drawn once per label, like a row, then composited at its scale and alpha.
        if framePaths.contains(.rowPictures), let image = rowImage(key) {
            if placeholder.scaleY == 1 {
                context.drawImage(image, x: snapped.x, y: snapped.y, alpha: placeholder.alpha)
            } else {
                let height = snapped.height * placeholder.scaleY
                context.drawImage(
                    image,
                    in: (snapped.x, frame.midY - height / 2, snapped.width, height),
                    alpha: placeholder.alpha, paths: framePaths)
            }
            return
        }
        context.withSavedState {
            context.translate(x: 0, y: frame.midY)
            context.scale(x: 1, y: placeholder.scaleY)
            context.translate(x: 0, y: -frame.midY)
            drawPlaceholderDirectly(placeholder, in: snapped, textColor: textColor)
        }
    }

    /// `placeholder`'s cell drawn directly into `frame` (user space), at its alpha as one layer.
    private func drawPlaceholderDirectly(
        _ placeholder: PlaceholderPresentation, in frame: RectPixels, textColor: RGBColor
    ) {
        context.withGroup(alpha: placeholder.alpha, bounds: bounds(frame)) {
            painter.drawRowBody(
                in: context, frame: frame, color: placeholder.backgroundColor,
                text: placeholder.label, textColor: textColor,
                strikethrough: false, caretCharacterOffset: nil, paths: framePaths)
        }
    }

    /// The picture a squeezed placeholder is stretched into (`drawPlaceholder`), kept while
    /// the placeholder's size stays the same. Opaque (RGB24) as the row pictures are: pixman
    /// composites such a picture at an alpha without reading its alpha, in two thirds of
    /// the instructions (docs/performance.md). Only its top lines, as many as the
    /// placeholder shows, are drawn and composited each time.
    private func squeezedPicture(width: Int, height: Int) -> (
        image: ImageSurface, context: GraphicsContext
    )? {
        if let squeezedPlaceholder, squeezedPlaceholder.image.width == width,
            squeezedPlaceholder.image.height == height
        {
            return squeezedPlaceholder
        }
        guard let image = try? ImageSurface(width: width, height: height, opaque: true),
            let imageContext = try? GraphicsContext(surface: image)
        else { return nil }
        squeezedPlaceholder = (image, imageContext)
        return squeezedPlaceholder
    }

    private func drawCues(_ cues: CuesPresentation) {
        // The alpha is unclamped in the model (it keeps rising past 1); drawing saturates.
        let alpha = min(1, max(0, cues.alpha))
        guard alpha > 0 else { return }
        drawCue(
            "\u{2713}", in: cues.tickFramePixels, color: cues.tickColor, alpha: alpha,
            alignment: .right)
        drawCue(
            "\u{2717}", in: cues.crossFramePixels, color: cues.crossColor, alpha: alpha,
            alignment: .left)
    }

    private func drawCue(
        _ glyph: String, in frame: RectPixels, color: RGBColor, alpha: Double,
        alignment: TextAlignment
    ) {
        painter.drawCue(
            glyph, in: context, frame: frame, color: color, alpha: alpha, alignment: alignment)
    }
}
