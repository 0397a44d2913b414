import CCairo

/// A Cairo SVG surface (cairo-svg) that writes its document into memory.
///
/// Sizes are in SVG user units, written as pixels (`px`). Text is drawn as glyph
/// outlines, so the document looks the same without the fonts.
public final class SVGSurface: Surface {
    /// Collects the bytes Cairo writes; alive as long as the surface.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    private let sink: Sink
    private var isFinished = false

    /// A new SVG document `width` × `height` pixels.
    public init(width: Int, height: Int) throws(CairoError) {
        let sink = Sink()
        self.sink = sink
        let surface = cairo_svg_surface_create_for_stream(
            { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(
                    contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque(), Double(width), Double(height))!
        try super.init(
            taking: surface, width: width, height: height,
            operation: "creating a \(width)x\(height) SVG surface")
        cairo_svg_surface_set_document_unit(pointer, CAIRO_SVG_UNIT_PX)
    }

    // Cairo writes the rest of the document while finishing: the sink must still be alive.
    deinit { cairo_surface_finish(pointer) }

    /// Ends the document and returns its text. Drawing on the surface afterwards does nothing.
    public func finish() throws(CairoError) -> String {
        if !isFinished {
            cairo_surface_finish(pointer)
            isFinished = true
        }
        try CairoError.check(cairo_surface_status(pointer), "writing an SVG document")
        return String(decoding: sink.bytes, as: UTF8.self)
    }
}
