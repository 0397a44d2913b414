import CCairo

/// A Pango font description (`PangoFontDescription`), released in `deinit`.
public final class FontDescription {
    let pointer: OpaquePointer
    /// The size in pixels.
    public let sizePixels: Double

    /// A font by family name, bold or not, with an absolute size in device units (pixels).
    public init(family: String, bold: Bool, sizePixels: Double) {
        pointer = pango_font_description_new()!
        self.sizePixels = sizePixels
        pango_font_description_set_family(pointer, family)
        pango_font_description_set_weight(pointer, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        pango_font_description_set_absolute_size(pointer, sizePixels * Double(PANGO_SCALE))
    }

    deinit { pango_font_description_free(pointer) }
}

/// How a line of text sits in its box horizontally.
public enum TextAlignment: Sendable {
    case left, right
}

/// A single line of text laid out by Pango for one drawing context (`PangoLayout`),
/// released in `deinit`.
public final class TextLayout {
    let pointer: OpaquePointer
    /// The text laid out.
    public let text: String
    /// The font's size in pixels.
    public let fontPixels: Double

    /// Lays out `text` on one line in `font`, at most `maxWidthPixels` wide (ellipsized
    /// at the end beyond that), aligned in that width.
    public init(
        context: GraphicsContext, text: String, font: FontDescription, maxWidthPixels: Double,
        alignment: TextAlignment = .left
    ) {
        pointer = pango_cairo_create_layout(context.pointer)!
        self.text = text
        self.fontPixels = font.sizePixels
        pango_layout_set_font_description(pointer, font.pointer)
        pango_layout_set_single_paragraph_mode(pointer, 1)
        pango_layout_set_width(pointer, Int32(max(0, maxWidthPixels) * Double(PANGO_SCALE)))
        pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
        pango_layout_set_alignment(
            pointer, alignment == .left ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        pango_layout_set_text(pointer, text, -1)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The ink-independent (logical) extents of the laid-out text, in pixels.
    public var logicalExtents: (x: Double, width: Double, height: Double) {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        let scale = Double(PANGO_SCALE)
        return (
            Double(logical.x) / scale, Double(logical.width) / scale, Double(logical.height) / scale
        )
    }

    /// The distance in pixels from the layout's top to the baseline of its line.
    public var baselinePixels: Double {
        Double(pango_layout_get_baseline(pointer)) / Double(PANGO_SCALE)
    }

    /// The x position in pixels of the caret placed before the character (grapheme
    /// cluster) at `characterOffset`, clamped to the text.
    public func caretX(characterOffset: Int) -> Double {
        let clamped = max(0, min(characterOffset, text.count))
        let byteIndex = text[..<text.index(text.startIndex, offsetBy: clamped)].utf8.count
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(pointer, Int32(byteIndex), &strong, nil)
        return Double(strong.x) / Double(PANGO_SCALE)
    }
}
