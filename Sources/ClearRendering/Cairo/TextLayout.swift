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
    /// The text laid out: the text given, cut to what can be seen (`visibleText`).
    public let text: String
    /// The font's size in pixels.
    public let fontPixels: Double
    /// The last caret asked for: the caret is drawn every frame while a row is edited, and
    /// Pango's lookup allocates (an iterator over the lines) each time.
    private var lastCaret: (characterOffset: Int, x: Double)?

    /// A character (grapheme cluster) keeps at most this many scalars: the base and its
    /// first marks (Unicode's stream-safe text keeps 30 marks in a row). More marks stack
    /// beyond the row, and shaping them costs more than linear time (HarfBuzz).
    public static let maximumScalarsPerCharacter = 32
    /// No glyph a row can show is narrower than this fraction of the font's size: a line
    /// is cut after as many characters as would fill its width at that width.
    public static let minimumAdvancePerFont = 0.05
    /// Characters kept after the cut, so that the ellipsis falls where it did.
    static let charactersKeptBeyondWidth = 8
    /// A whole line (no `maxWidthPixels`) is shaped as far as this would show: far wider
    /// than any screen or picture, while a text of megabytes is not shaped whole.
    public static let wholeLineLimitPixels = 100_000.0

    /// What of `text` can be seen in one line `maxWidthPixels` wide in a font of
    /// `fontPixels`: each character cut to `maximumScalarsPerCharacter` scalars, the line
    /// to the characters that fit at `minimumAdvancePerFont` each (Pango ellipsizes the
    /// rest anyway). Linear in the text; the text itself when nothing is cut.
    public static func visibleText(_ text: String, fontPixels: Double, maxWidthPixels: Double)
        -> String
    {
        let perCharacter = max(fontPixels, 1) * minimumAdvancePerFont
        let fitting = (max(0, maxWidthPixels) / perCharacter).rounded(.up)
        let maximumCharacters =
            fitting.isFinite && fitting < 1e9 ? Int(fitting) + charactersKeptBeyondWidth : Int.max
        // Short texts (most) need no look at their characters.
        let scalarCount = text.unicodeScalars.count
        if scalarCount <= maximumScalarsPerCharacter && scalarCount <= maximumCharacters {
            return text
        }
        var kept = String.UnicodeScalarView()
        var characters = 0
        var cut = false
        for character in text {
            guard characters < maximumCharacters else {
                cut = true
                break
            }
            characters += 1
            var scalars = 0
            for scalar in character.unicodeScalars {
                guard scalars < maximumScalarsPerCharacter else {
                    cut = true
                    break
                }
                kept.append(scalar)
                scalars += 1
            }
        }
        return cut ? String(kept) : text
    }

    /// Lays out `text` on one line in `font`. With `maxWidthPixels`, at most that wide
    /// (ellipsized at the end beyond that: a text of any length, such as an item's, where
    /// the design cuts it), aligned in that width, and only what can be seen of it is shaped
    /// (`visibleText`). Without (nil), the whole line as wide as it is, never ellipsized
    /// (a cue's glyph, a label the design means to be read whole, which the caller places;
    /// `alignment` has no width to act in).
    public init(
        context: GraphicsContext, text: String, font: FontDescription, maxWidthPixels: Double?,
        alignment: TextAlignment = .left
    ) {
        pointer = pango_cairo_create_layout(context.pointer)!
        let text = Self.visibleText(
            text, fontPixels: font.sizePixels,
            maxWidthPixels: maxWidthPixels ?? Self.wholeLineLimitPixels)
        self.text = text
        self.fontPixels = font.sizePixels
        pango_layout_set_font_description(pointer, font.pointer)
        pango_layout_set_single_paragraph_mode(pointer, 1)
        if let maxWidthPixels {
            pango_layout_set_width(pointer, Int32(max(0, maxWidthPixels) * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(pointer, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_alignment(
            pointer, alignment == .left ? PANGO_ALIGN_LEFT : PANGO_ALIGN_RIGHT)
        pango_layout_set_text(pointer, text, -1)
    }

    /// Whether Pango cut the line to an ellipsis (never without a width).
    public var isEllipsized: Bool { pango_layout_is_ellipsized(pointer) != 0 }

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
        if let lastCaret, lastCaret.characterOffset == characterOffset { return lastCaret.x }
        let clamped = max(0, min(characterOffset, text.count))
        let byteIndex = text[..<text.index(text.startIndex, offsetBy: clamped)].utf8.count
        var strong = PangoRectangle()
        pango_layout_get_cursor_pos(pointer, Int32(byteIndex), &strong, nil)
        let x = Double(strong.x) / Double(PANGO_SCALE)
        lastCaret = (characterOffset, x)
        return x
    }
}
