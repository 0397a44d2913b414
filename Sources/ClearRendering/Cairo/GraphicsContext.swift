import CCairo
import ClearPictures

/// A Cairo drawing context (`cairo_t`) on an image or SVG surface.
///
/// Owns one reference to the `cairo_t`, released in `deinit`; it keeps its surface alive.
public final class GraphicsContext {
    let pointer: OpaquePointer
    /// The surface drawn on.
    public let surface: Surface
    /// The alpha of `drawImage`'s direct composites (made once, set per call).
    private lazy var alphaMask = PixmanAlphaMask()
    /// How many `withSavedState` calls are open.
    private var savedStateDepth = 0
    /// The depth at which a clip other than one rectangle of whole pixels was set (nil:
    /// none is in force): its extents are not the clip, so `drawImage` leaves it to Cairo.
    private var unevenClipDepth: Int?
    /// What the path holds: how many rectangles, and whether anything else.
    private var pathRectangles = 0
    private var pathHasOtherShapes = false

    /// A context drawing on `surface`.
    public init(surface: Surface) throws(CairoError) {
        let context = cairo_create(surface.pointer)!
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            throw CairoError(status, operation: "creating a drawing context")
        }
        self.pointer = context
        self.surface = surface
    }

    deinit { cairo_destroy(pointer) }

    /// Runs `body` between `cairo_save` and `cairo_restore`.
    public func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result {
        cairo_save(pointer)
        savedStateDepth += 1
        defer {
            cairo_restore(pointer)
            savedStateDepth -= 1
            // The clip set inside is gone with it.
            if let depth = unevenClipDepth, depth > savedStateDepth { unevenClipDepth = nil }
        }
        return try body()
    }

    public func translate(x: Double, y: Double) { cairo_translate(pointer, x, y) }
    /// Turns the user space by `radians` (positive: from +x towards +y, clockwise on screen).
    public func rotate(radians: Double) { cairo_rotate(pointer, radians) }
    public func scale(x: Double, y: Double) { cairo_scale(pointer, x, y) }

    public func setSource(_ color: RGBAColor) {
        cairo_set_source_rgba(pointer, color.red, color.green, color.blue, color.alpha)
    }

    public func setSource(_ gradient: LinearGradient) {
        cairo_set_source(pointer, gradient.pointer)
    }

    /// Uses `surface` as the source, its top-left corner at (originX, originY).
    public func setSource(_ surface: ImageSurface, originX: Double, originY: Double) {
        cairo_set_source_surface(pointer, surface.pointer, originX, originY)
    }

    /// Composites `image` with its top-left corner at (x, y), at `alpha`. Onto an image
    /// surface at whole device pixels, outside a group and inside a clip of whole pixels
    /// (`drawsImageDirectly`: how the renderer draws at the kiosk's size), pixman does it
    /// directly through images made once (`PixmanImage`): the operation Cairo would ask of
    /// pixman, without the pattern and the pixman image Cairo makes for every call.
    public func drawImage(_ image: ImageSurface, x: Double, y: Double, alpha: Double) {
        guard alpha > 0 else { return }
        if let place = directPlace(image, x: x, y: y),
            compositeDirectly(image, at: place, alpha: alpha)
        {
            return
        }
        drawImageWithCairo(image, x: x, y: y, alpha: alpha)
    }

    /// The rectangle of `image`'s size at (x, y) filled with the opaque `color`, then
    /// `image` composited over it at full alpha: `fillRectangle` and `drawImage`. Where
    /// every line of `image` is one colour (`lineColors`: the gloss tile) and it would be
    /// composited directly, only one column is filled by Cairo, and each line's colour is
    /// blended once over the fill's pixel, as pixman's `OVER` blends each pixel, and
    /// written across the line: the same pixels, written once, where pixman blended every
    /// pixel (issue 22: that blend over every row was most of a theme cross-fade's frame).
    public func fillRectangle(
        x: Double, y: Double, with color: RGBAColor, under image: ImageSurface
    ) {
        let width = Double(image.width)
        let height = Double(image.height)
        guard color.alpha >= 1, let colors = image.lineColors,
            let place = directPlace(image, x: x, y: y)
        else {
            fillRectangle(x: x, y: y, width: width, height: height, with: color)
            return drawImage(image, x: x, y: y, alpha: 1)
        }
        guard let drawn = place.drawn(width: image.width, height: image.height) else {
            return
        }
        // The fill's own pixel, in the first column drawn (user space: device moved by
        // whole pixels).
        let offsetX = Double(place.x) - x
        let offsetY = Double(place.y) - y
        fillRectangle(
            x: Double(drawn.left) - offsetX, y: Double(drawn.top) - offsetY, width: 1,
            height: Double(drawn.height), with: color)
        place.target.writingPixels(in: drawn) { data, stride in
            for line in drawn.top..<drawn.bottom {
                let pixels =
                    (data + line * stride).assumingMemoryBound(to: UInt32.self) + drawn.left
                let blended = Self.over(colors[line - place.y], pixels[0])
                pixels.update(repeating: blended, count: drawn.width)
            }
        }
    }

    /// `source` over `destination` (premultiplied ARGB32 words), as pixman's `OVER`
    /// computes it: each channel s + d·(255 − sα)/255, the product rounded as pixman
    /// rounds it ((x + 128)·257 >> 16) and the sum saturated.
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        let inverseAlpha = 255 - (source >> 24)
        return overChannel(source, inverseAlpha, destination, 0)
            | overChannel(source, inverseAlpha, destination, 8)
            | overChannel(source, inverseAlpha, destination, 16)
            | overChannel(source, inverseAlpha, destination, 24)
    }

    /// The channel at `shift` of `over`.
    @inline(__always)
    private static func overChannel(
        _ source: UInt32, _ inverseAlpha: UInt32, _ destination: UInt32, _ shift: UInt32
    ) -> UInt32 {
        let scaled = PictureLines.multipliedAsPixman((destination >> shift) & 0xFF, inverseAlpha)
        return min(255, ((source >> shift) & 0xFF) + scaled) << shift
    }

    /// `drawImage(image, x: x, y: y, alpha: alpha)` where the target under the image is one
    /// colour in each line (a band the caller has just filled): an opaque picture with its
    /// lines at an alpha below 1, composited directly into an ARGB32 image, is blended line
    /// by line (`PictureLines.blend`: each line's colour once, its ink pixel by pixel), the
    /// pixels pixman's blend leaves; else `drawImage`.
    public func drawImageOverBand(_ image: ImageSurface, x: Double, y: Double, alpha: Double) {
        guard alpha > 0, alpha < 1, let lines = image.lines,
            let place = directPlace(image, x: x, y: y), !place.target.isOpaque
        else { return drawImage(image, x: x, y: y, alpha: alpha) }
        guard let drawn = place.drawn(width: image.width, height: image.height) else {
            return
        }
        place.target.writingPixels(in: drawn) { data, stride in
            lines.blend(
                image, x: place.x, y: place.y, mask: UInt32(PixmanAlphaMask.level(alpha: alpha)),
                into: data, strideBytes: stride, drawn)
        }
    }

    /// `drawImage` as Cairo does it (every case `drawsImageDirectly` leaves to Cairo).
    func drawImageWithCairo(_ image: ImageSurface, x: Double, y: Double, alpha: Double) {
        guard alpha > 0 else { return }
        cairo_set_source_surface(pointer, image.pointer, x, y)
        cairo_rectangle(pointer, x, y, Double(image.width), Double(image.height))
        if alpha >= 1 {
            cairo_fill(pointer)
        } else {
            cairo_save(pointer)
            cairo_clip(pointer)
            cairo_paint_with_alpha(pointer, alpha)
            cairo_restore(pointer)
        }
    }

    /// Whether `drawImage(image, x: x, y: y, …)` composites through pixman directly: the
    /// target is an image surface, no group is pushed, the user space is the device's moved
    /// by whole pixels, (x, y) is a whole pixel, and every clip in force was set (`clip()`)
    /// as one rectangle of whole pixels (so the clip is its extents).
    func drawsImageDirectly(_ image: ImageSurface, x: Double, y: Double) -> Bool {
        directPlace(image, x: x, y: y) != nil
    }

    /// Where a direct composite goes, in device pixels: the image's corner and the clip.
    private struct DirectPlace {
        var target: ImageSurface
        var x: Int
        var y: Int
        var clip: (left: Int, top: Int, right: Int, bottom: Int)

        /// The device rectangle a `width` × `height` image drawn here covers: the image's,
        /// inside the clip and the target; nil when empty.
        func drawn(width: Int, height: Int) -> DeviceRectangle? {
            let left = max(x, clip.left, 0)
            let top = max(y, clip.top, 0)
            let right = min(x + width, clip.right, target.width)
            let bottom = min(y + height, clip.bottom, target.height)
            guard right > left, bottom > top else { return nil }
            return DeviceRectangle(left: left, top: top, right: right, bottom: bottom)
        }
    }

    private func directPlace(_ image: ImageSurface, x: Double, y: Double) -> DirectPlace? {
        guard unevenClipDepth == nil, let target = surface as? ImageSurface,
            cairo_get_group_target(pointer) == cairo_get_target(pointer)
        else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0 else { return nil }
        var clip = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
        cairo_clip_extents(pointer, &clip.x0, &clip.y0, &clip.x1, &clip.y1)
        guard let deviceX = wholePixel(x + matrix.x0), let deviceY = wholePixel(y + matrix.y0),
            let left = wholePixel(clip.x0 + matrix.x0), let top = wholePixel(clip.y0 + matrix.y0),
            let right = wholePixel(clip.x1 + matrix.x0),
            let bottom = wholePixel(clip.y1 + matrix.y0)
        else { return nil }
        return DirectPlace(
            target: target, x: deviceX, y: deviceY, clip: (left, top, right, bottom))
    }

    /// Composites `image` at `place` with pixman; false (nothing drawn) when pixman has no
    /// image of the pixels.
    private func compositeDirectly(_ image: ImageSurface, at place: DirectPlace, alpha: Double)
        -> Bool
    {
        let target = place.target
        guard let drawn = place.drawn(width: image.width, height: image.height) else {
            return true
        }
        if alpha >= 1, !target.isOpaque, let lines = image.lines {
            target.writingPixels(in: drawn) { data, stride in
                lines.copy(image, x: place.x, y: place.y, into: data, strideBytes: stride, drawn)
            }
            return true
        }
        guard let source = image.pixmanImage, let destination = target.pixmanImage else {
            return false
        }
        var mask: OpaquePointer?
        if alpha < 1 {
            guard let alphaMask = alphaMask else { return false }
            alphaMask.set(alpha: alpha)
            mask = alphaMask.pointer
        }
        target.writingPixels(in: drawn) { _, _ in
            pixman_image_composite32(
                PIXMAN_OP_OVER, source.pointer, mask, destination.pointer,
                Int32(drawn.left - place.x), Int32(drawn.top - place.y), 0, 0,
                Int32(drawn.left), Int32(drawn.top), Int32(drawn.width), Int32(drawn.height))
        }
        return true
    }

    /// Composites `image` stretched to fill `rect` (whole pixels), at `alpha`. Sampled
    /// nearest: each line of `rect` is one line of `image`, on pixman's scaled-copy fast
    /// path (bilinear sampling costs about twice the time of a whole frame of folding
    /// rows, docs/performance.md). An opaque picture with its lines (`PictureLines`) as
    /// wide as `rect`, at full alpha, where `drawImage(_:x:y:alpha:)` would composite
    /// directly, is copied line by line instead: each line the picture's line Cairo would
    /// sample (`StretchedLines`), its colour written and its ink read, where `paths` has
    /// `stretchByLine` (the tests' reference frames leave every stretch to Cairo).
    func drawImage(
        _ image: ImageSurface, in rect: (x: Double, y: Double, width: Double, height: Double),
        alpha: Double, paths: RenderPaths
    ) {
        guard alpha > 0, rect.width > 0, rect.height > 0, image.width > 0, image.height > 0
        else { return }
        if alpha >= 1, paths.contains(.stretchByLine), stretchByLine(image, in: rect) { return }
        stretch(image, in: rect, alpha: alpha)
    }
    /// The lines Cairo samples for a stretch (made on first use).
    private lazy var stretchedLines = StretchedLines()

    /// `drawImage(_:in:alpha:paths:)` as Cairo does it.
    func stretch(
        _ image: ImageSurface, in rect: (x: Double, y: Double, width: Double, height: Double),
        alpha: Double
    ) {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        cairo_rectangle(pointer, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(pointer)
        cairo_translate(pointer, rect.x, rect.y)
        cairo_scale(
            pointer, rect.width / Double(image.width), rect.height / Double(image.height))
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        let pattern = cairo_get_source(pointer)
        cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        if alpha >= 1 {
            cairo_paint(pointer)
        } else {
            cairo_paint_with_alpha(pointer, alpha)
        }
    }

    /// The stretch of an opaque picture with its lines, as wide as `rect` and reaching
    /// the target's column 0, copied line by line (each pixel with alpha 255: what pixman
    /// leaves in an ARGB32 image, and in an RGB24 one a byte no one reads); false
    /// (nothing drawn) when it is not such a stretch.
    private func stretchByLine(
        _ image: ImageSurface, in rect: (x: Double, y: Double, width: Double, height: Double)
    ) -> Bool {
        guard let lines = image.lines, rect.width == Double(image.width),
            let height = wholePixel(rect.height),
            let place = directPlace(image, x: rect.x, y: rect.y), place.x <= 0,
            place.x + image.width > 0
        else { return false }
        let target = place.target
        guard let drawn = place.drawn(width: image.width, height: height) else {
            return true
        }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        guard
            stretchedLines.find(
                sourceHeight: image.height, rect: rect, matrix: matrix,
                clipTop: max(place.clip.top, 0), clipBottom: min(place.clip.bottom, target.height),
                targetHeight: target.height, lines: drawn.top, drawn.bottom)
        else { return false }
        let sourceLines = stretchedLines.sourceLines
        target.writingPixels(in: drawn) { data, stride in
            lines.copy(image, x: place.x, into: data, strideBytes: stride, drawn) {
                min(max(sourceLines[$0 - drawn.top], 0), image.height - 1)
            }
        }
        return true
    }

    /// Replaces every pixel (clip permitting) with the current source.
    public func paintReplacing() {
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    public func addRectangle(x: Double, y: Double, width: Double, height: Double) {
        cairo_rectangle(pointer, x, y, width, height)
        pathRectangles += 1
    }

    public func fill() {
        cairo_fill(pointer)
        pathIsEmpty()
    }

    /// Clips to the current path. A clip other than one rectangle of whole device pixels
    /// turns `drawImage`'s direct composites off until the state it was set in is restored.
    public func clip() {
        if unevenClipDepth == nil, !pathIsOneWholePixelRectangle() {
            unevenClipDepth = savedStateDepth
        }
        cairo_clip(pointer)
        pathIsEmpty()
    }

    public func moveTo(x: Double, y: Double) {
        cairo_move_to(pointer, x, y)
        pathHasOtherShapes = true
    }
    /// Adds a straight line from the current point to (x, y).
    public func lineTo(x: Double, y: Double) {
        cairo_line_to(pointer, x, y)
        pathHasOtherShapes = true
    }
    /// Closes the current sub-path with a line back to its start.
    public func closePath() { cairo_close_path(pointer) }
    /// Strokes the current path with the current source, line width and dashes.
    public func stroke() {
        cairo_stroke(pointer)
        pathIsEmpty()
    }

    /// Adds a full circle to the path (a new sub-path).
    public func addCircle(centreX: Double, centreY: Double, radius: Double) {
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, centreX, centreY, radius, 0, 2 * Double.pi)
        pathHasOtherShapes = true
    }

    /// Fill, stroke and clip use the path up.
    private func pathIsEmpty() {
        pathRectangles = 0
        pathHasOtherShapes = false
    }

    /// Whether the path is one rectangle whose device corners are whole pixels.
    private func pathIsOneWholePixelRectangle() -> Bool {
        guard pathRectangles == 1, !pathHasOtherShapes else { return false }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        guard matrix.xy == 0, matrix.yx == 0 else { return false }
        var extents = (x0: 0.0, y0: 0.0, x1: 0.0, y1: 0.0)
        cairo_path_extents(pointer, &extents.x0, &extents.y0, &extents.x1, &extents.y1)
        return wholePixel(extents.x0 * matrix.xx + matrix.x0) != nil
            && wholePixel(extents.y0 * matrix.yy + matrix.y0) != nil
            && wholePixel(extents.x1 * matrix.xx + matrix.x0) != nil
            && wholePixel(extents.y1 * matrix.yy + matrix.y0) != nil
    }

    /// Sets the stroke width and round caps and joins (the look of a finger's path).
    public func setRoundLine(widthPixels: Double) {
        cairo_set_line_width(pointer, widthPixels)
        cairo_set_line_cap(pointer, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_ROUND)
    }

    /// Strokes dashed (`on`, `off` pixels) until `setSolidLine()`.
    public func setDash(onPixels: Double, offPixels: Double) {
        let dashes = [onPixels, offPixels]
        cairo_set_dash(pointer, dashes, 2, 0)
    }

    /// Strokes solid lines again.
    public func setSolidLine() { cairo_set_dash(pointer, nil, 0, 0) }

    /// Fills a rectangle with a colour.
    public func fillRectangle(
        x: Double, y: Double, width: Double, height: Double, with color: RGBAColor
    ) {
        setSource(color)
        addRectangle(x: x, y: y, width: width, height: height)
        fill()
    }

    /// Draws everything `body` draws inside `bounds` at `alpha` as one layer (so
    /// overlapping parts do not show through each other), as a UIView's alpha does.
    /// Drawing outside `bounds` is clipped away, which keeps the layer small.
    public func withGroup(
        alpha: Double, bounds: (x: Double, y: Double, width: Double, height: Double),
        _ body: () throws -> Void
    ) rethrows {
        guard alpha < 1 else { return try body() }
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        cairo_rectangle(pointer, bounds.x, bounds.y, bounds.width, bounds.height)
        cairo_clip(pointer)
        try withGroup(alpha: alpha, body)
    }

    /// Draws everything `body` draws at `alpha` as one layer, unclipped.
    public func withGroup(alpha: Double, _ body: () throws -> Void) rethrows {
        guard alpha < 1 else { return try body() }
        cairo_push_group(pointer)
        defer {
            cairo_pop_group_to_source(pointer)
            cairo_paint_with_alpha(pointer, max(0, alpha))
        }
        try body()
    }

    /// Draws `layout` with its top-left corner at the current point, which it uses up:
    /// the path is empty afterwards (a `moveTo` left in it would make the next `clip()`
    /// of one rectangle look uneven, and every `drawImage` under it go through Cairo).
    public func show(_ layout: TextLayout) {
        pango_cairo_show_layout(pointer, layout.pointer)
        cairo_new_path(pointer)
        pathIsEmpty()
    }

    /// Flushes pending drawing to the surface.
    public func flush() { cairo_surface_flush(surface.pointer) }

    /// The context's error state.
    public func checkStatus(_ operation: @autoclosure () -> String) throws(CairoError) {
        try CairoError.check(cairo_status(pointer), operation())
    }
}

/// A linear gradient pattern (`cairo_pattern_t`), released in `deinit`.
public final class LinearGradient {
    let pointer: OpaquePointer

    /// A gradient along the line from (x0, y0) to (x1, y1).
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        pointer = cairo_pattern_create_linear(x0, y0, x1, y1)!
    }

    deinit { cairo_pattern_destroy(pointer) }

    /// Adds a stop at `offset` (0...1 along the line).
    public func addStop(offset: Double, color: RGBAColor) {
        cairo_pattern_add_color_stop_rgba(
            pointer, offset, color.red, color.green, color.blue, color.alpha)
    }
}

/// `value` as a whole number of pixels (within reach of `Int32`); nil between pixels.
private func wholePixel(_ value: Double) -> Int? {
    guard value.rounded() == value, abs(value) < 1e9 else { return nil }
    return Int(value)
}
