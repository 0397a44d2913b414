import CCairo

/// A pixman image (`pixman_image_t`) on the pixels of an `ImageSurface`, made once and
/// kept with it: compositing one picture into another through it makes no per-call
/// object (Cairo wraps each source in a new pixman image every time, docs/performance.md).
///
/// Owns one reference to the image, released in `deinit`; the surface owns the pixels.
final class PixmanImage {
    let pointer: OpaquePointer

    /// An image on `surface`'s pixels, in its format.
    init?(on surface: ImageSurface) {
        guard let data = cairo_image_surface_get_data(surface.pointer),
            let image = pixman_image_create_bits(
                surface.isOpaque ? PIXMAN_x8r8g8b8 : PIXMAN_a8r8g8b8, Int32(surface.width),
                Int32(surface.height),
                UnsafeMutableRawPointer(data).assumingMemoryBound(
                    to: UInt32.self), Int32(surface.strideBytes))
        else { return nil }
        pointer = image
    }

    deinit { pixman_image_unref(pointer) }
}

/// A solid alpha for pixman's `mask` operand, one 8-bit level repeated: set per call
/// (no new image), as Cairo's solid mask of `cairo_paint_with_alpha` would be.
final class PixmanAlphaMask {
    let pointer: OpaquePointer
    /// One a8 pixel (a 32-bit word: pixman's rows are word-aligned).
    private let pixel: UnsafeMutablePointer<UInt32>

    init?() {
        pixel = .allocate(capacity: 1)
        pixel.initialize(to: 0)
        guard let image = pixman_image_create_bits(PIXMAN_a8, 1, 1, pixel, 4) else {
            pixel.deallocate()
            return nil
        }
        // A 1×1 repeating image is a solid to pixman (its fast paths for a solid mask).
        pixman_image_set_repeat(image, PIXMAN_REPEAT_NORMAL)
        pointer = image
    }

    deinit {
        pixman_image_unref(pointer)
        pixel.deallocate()
    }

    /// Sets the level to Cairo's for `alpha`: its 16-bit colour channel (alpha · 65535,
    /// rounded) cut to 8 bits, as pixman takes a solid colour.
    func set(alpha: Double) {
        UnsafeMutableRawPointer(pixel).storeBytes(of: Self.level(alpha: alpha), as: UInt8.self)
    }

    /// The 8-bit level Cairo's `alpha` comes to.
    static func level(alpha: Double) -> UInt8 {
        let short = UInt16(min(max(alpha, 0), 1) * 65535 + 0.5)
        return UInt8(short >> 8)
    }
}
