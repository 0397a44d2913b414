import CCairo

/// Which line of a picture each line of the frame shows when `GraphicsContext.drawImage(_:in:alpha:paths:)`
/// stretches it vertically (issue 22), as Cairo and pixman sample it: found by Cairo
/// itself, drawing a one-column picture whose every line holds its own number through the
/// very calls of the stretch, the same matrix and clip, so that the copy line by line
/// (`PictureLines`) gives the pixels Cairo's stretched copy would.
///
/// (pixman's nearest sampling is fixed-point, and Cairo moves the transform to agree with
/// its own at the middle of what is drawn, so the lines depend on the place and the clip,
/// not only on the two heights: reproducing that arithmetic would be a copy of theirs.)
final class StretchedLines {
    /// A column of `sourceHeight` lines, each its own number (RGB24, as the row pictures).
    private var source: ImageSurface?
    /// A column as tall as the target, drawn into.
    private var column: ImageSurface?
    private var columnContext: GraphicsContext?
    /// The source line of each target line found last, from its top (kept: no allocation).
    private(set) var sourceLines: [Int] = []

    /// Finds the source line of each of the target's lines `top` up to `bottom` for a
    /// picture of `sourceHeight` lines stretched into `rect` (user space) under `matrix`
    /// (the target's, a translation) inside the clip `clipTop` to `clipBottom` (device
    /// lines) of a target `targetHeight` tall, into `sourceLines` (index 0: line `top`).
    /// False when it could not (no surface); `rect` must reach device column 0.
    func find(
        sourceHeight: Int, rect: (x: Double, y: Double, width: Double, height: Double),
        matrix: cairo_matrix_t, clipTop: Int, clipBottom: Int, targetHeight: Int,
        lines top: Int, _ bottom: Int
    ) -> Bool {
        guard let source = numberedColumn(height: sourceHeight),
            let (column, context) = target(height: targetHeight)
        else { return false }
        let pointer = context.pointer
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_rectangle(pointer, 0, Double(clipTop), 1, Double(clipBottom - clipTop))
        cairo_clip(pointer)
        var frameMatrix = matrix
        cairo_set_matrix(pointer, &frameMatrix)
        context.stretch(source, in: rect, alpha: 1)
        cairo_restore(pointer)
        cairo_surface_flush(column.pointer)
        sourceLines.removeAll(keepingCapacity: true)
        guard let data = cairo_image_surface_get_data(column.pointer) else { return false }
        let stride = column.strideBytes
        for line in top..<bottom {
            let word = UnsafeRawPointer(data + line * stride).load(as: UInt32.self)
            sourceLines.append(Int(word & 0x00FF_FFFF))
        }
        return true
    }

    private func numberedColumn(height: Int) -> ImageSurface? {
        if let source, source.height == height { return source }
        guard height > 0, height < 0x100_0000,
            let made = try? ImageSurface(width: 1, height: height, opaque: true)
        else { return nil }
        made.writingPixels(in: DeviceRectangle(left: 0, top: 0, right: 1, bottom: height)) {
            data, stride in
            for line in 0..<height {
                (data + line * stride).storeBytes(of: UInt32(line), as: UInt32.self)
            }
        }
        source = made
        return made
    }

    private func target(height: Int) -> (ImageSurface, GraphicsContext)? {
        if let column, let columnContext, column.height == height {
            return (column, columnContext)
        }
        guard height > 0, let made = try? ImageSurface(width: 1, height: height),
            let context = try? GraphicsContext(surface: made)
        else { return nil }
        column = made
        columnContext = context
        return (made, context)
    }
}
