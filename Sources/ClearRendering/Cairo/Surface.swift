import CCairo

/// A Cairo surface (`cairo_surface_t`) that a `GraphicsContext` draws on: pixels
/// (`ImageSurface`) or an SVG document (`SVGSurface`).
///
/// Owns one reference to the surface, released in `deinit`.
public class Surface {
    let pointer: OpaquePointer
    /// Width in device units (pixels of an image, user units of an SVG document).
    public let width: Int
    /// Height in device units.
    public let height: Int

    /// Takes over `pointer` when Cairo made it successfully; destroys it and throws otherwise.
    init(
        taking pointer: OpaquePointer, width: Int, height: Int, operation: @autoclosure () -> String
    )
        throws(CairoError)
    {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw CairoError(status, operation: operation())
        }
        self.pointer = pointer
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(pointer) }
}
