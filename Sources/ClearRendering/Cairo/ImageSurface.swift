import CCairo
import ClearPictures

/// A Cairo image surface in `CAIRO_FORMAT_ARGB32` (or, for pictures that cover every
/// pixel, `CAIRO_FORMAT_RGB24`): the pixels every frame is drawn into.
public final class ImageSurface: Surface {
    /// Whether the surface has no alpha channel (`CAIRO_FORMAT_RGB24`): every pixel is
    /// opaque, so compositing it is a copy (pixman's fast paths) rather than a blend.
    public let isOpaque: Bool
    /// pixman's image of these pixels, made on first use (`GraphicsContext.drawImage`).
    lazy var pixmanImage = PixmanImage(on: self)
    /// The picture's lines (`keepLines()`), for its copies into frames.
    private(set) var lines: PictureLines?

    /// The colour of each line, when every line is one colour throughout (the gloss tile,
    /// a vertical gradient), read once on first use: nil when some line is not. Nothing may
    /// be drawn into the surface afterwards.
    lazy var lineColors: [UInt32]? = Self.lineColors(of: self)

    private static func lineColors(of surface: ImageSurface) -> [UInt32]? {
        guard surface.width > 0, surface.height > 0 else { return nil }
        return surface.withPixelData { data -> [UInt32]? in
            var colors: [UInt32] = []
            colors.reserveCapacity(surface.height)
            for y in 0..<surface.height {
                let line = data.baseAddress!.advanced(by: y * surface.strideBytes)
                    .assumingMemoryBound(to: UInt32.self)
                let color = line[0]
                for x in 1..<surface.width where line[x] != color { return nil }
                colors.append(color)
            }
            return colors
        }
    }

    /// Reads the finished picture's lines once, so that `GraphicsContext.drawImage` copies
    /// it at full alpha into an ARGB32 image (stretched, into an RGB24 one too) by writing
    /// each line's colour and reading only its ink (`PictureLines`). Nothing may be drawn
    /// into the surface afterwards. An image with alpha keeps none.
    func keepLines() {
        lines = PictureLines(of: self)
    }

    /// A new surface of the given size, every pixel transparent black; with `opaque`, a
    /// surface without alpha whose pixels the caller covers before using it.
    public init(width: Int, height: Int, opaque: Bool = false) throws(CairoError) {
        isOpaque = opaque
        try super.init(
            taking: cairo_image_surface_create(
                opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32, Int32(clamping: width),
                Int32(clamping: height))!,
            width: width, height: height,
            operation: "creating a \(width)x\(height) image surface")
    }

    /// Reads a PNG file.
    public init(contentsOfPNG path: String) throws(CairoError) {
        let surface = cairo_image_surface_create_from_png(path)!
        isOpaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        try super.init(
            taking: surface, width: Int(cairo_image_surface_get_width(surface)),
            height: Int(cairo_image_surface_get_height(surface)), operation: "reading \(path)")
    }

    /// Bytes per row of pixel data.
    public var strideBytes: Int { Int(cairo_image_surface_get_stride(pointer)) }

    /// Writes the surface as a PNG file.
    public func writePNG(toPath path: String) throws(CairoError) {
        cairo_surface_flush(pointer)
        try CairoError.check(cairo_surface_write_to_png(pointer, path), "writing \(path)")
    }

    /// The surface as the bytes of a PNG file (for a writer that replaces files safely).
    public func pngBytes() throws(CairoError) -> [UInt8] {
        cairo_surface_flush(pointer)
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(
            pointer,
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        try withExtendedLifetime(sink) { () throws(CairoError) in
            try CairoError.check(status, "encoding a PNG")
        }
        return sink.bytes
    }

    /// Calls `body` with the premultiplied native-endian ARGB32 pixel data (`strideBytes` per row).
    public func withPixelData<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
        -> Result
    {
        cairo_surface_flush(pointer)
        let data = UnsafeRawPointer(cairo_image_surface_get_data(pointer)!)
        return try body(UnsafeRawBufferPointer(start: data, count: strideBytes * height))
    }

    /// Runs `body`, which writes the pixels of `rectangle` itself rather than through Cairo
    /// (every direct pixel path: `GraphicsContext`'s copies and blends by line, its pixman
    /// composites), with the pixel data and the bytes per row: Cairo's pending drawing is
    /// flushed into the pixels first, and the rectangle is marked dirty after, so that
    /// Cairo drops whatever it kept of those pixels.
    func writingPixels(
        in rectangle: DeviceRectangle, _ body: (UnsafeMutableRawPointer, Int) -> Void
    ) {
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { return }
        body(UnsafeMutableRawPointer(data), strideBytes)
        cairo_surface_mark_dirty_rectangle(
            pointer, Int32(rectangle.left), Int32(rectangle.top), Int32(rectangle.width),
            Int32(rectangle.height))
    }

    /// The pixel at (x, y), un-premultiplied; nil outside the surface.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let word = withPixelData { data in
            data.load(fromByteOffset: y * strideBytes + x * 4, as: UInt32.self)
        }
        // An RGB24 surface's top byte is unused: its pixels are opaque.
        let alpha = isOpaque ? 255 : UInt8(truncatingIfNeeded: word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = UInt32(truncatingIfNeeded: word >> shift) & 0xFF
            guard alpha != 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + UInt32(alpha) / 2) / UInt32(alpha)))
        }
        return Pixel(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }
}

/// A rectangle of a surface's device pixels: columns `left` up to `right`, lines `top` up
/// to `bottom`.
struct DeviceRectangle: Equatable {
    var left: Int
    var top: Int
    var right: Int
    var bottom: Int

    var width: Int { right - left }
    var height: Int { bottom - top }
}
