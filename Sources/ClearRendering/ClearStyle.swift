import ClearCore
import ClearPictures

/// Clear's look, measured in the iPhone's 320-point-wide units and scaled to the screen:
/// one unit is W/320 pixels, so a 1080-pixel-wide kiosk draws 16-point text 54 pixels high.
public struct ClearStyle: Hashable, Sendable {
    /// The width Clear was designed for (iPhone, points).
    public static let referenceWidthPoints = 320.0
    /// Row label: bold system 16 (docs/clear-rules.md §2).
    public static let labelFontPoints = 16.0
    /// `kLabelLeftMargin`.
    public static let labelInsetPoints = 15.0
    /// Tick and cross cues: bold system 32 (docs/clear-rules.md §1.1).
    public static let cueFontPoints = 32.0
    /// `kStrikeOutThickness`.
    public static let strikethroughThicknessPoints = 2.0
    /// The text caret of the edited row (UIKit's caret is 2 points wide).
    public static let caretWidthPoints = 2.0
    /// Gloss overlay stops and colours: white α0.2, white α0.1, clear, black α0.1.
    ///
    /// Cairo interpolates gradient colours unpremultiplied, so fading to transparent
    /// *black* would tint the highlight grey; "clear" is therefore written as two stops
    /// at 0.95, transparent white (end of the highlight) and transparent black (start of
    /// the shade), which is the look of Core Animation's premultiplied gradient.
    public static let glossStops: [(offset: Double, color: RGBAColor)] = [
        (0.00, RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.2)),
        (0.01, RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.1)),
        (0.95, RGBAColor(red: 1, green: 1, blue: 1, alpha: 0)),
        (0.95, RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)),
        (1.00, RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.1)),
    ]
    /// A sans-serif family with bold and the ✓ (U+2713) and ✗ (U+2717) glyphs (DejaVu Sans on Debian).
    public static let fontFamily = "Sans"

    /// Pixels per Clear point: W/320.
    public var pixelsPerPoint: Double

    /// The style for a list `widthPixels` wide.
    public init(widthPixels: Double) {
        pixelsPerPoint = widthPixels / Self.referenceWidthPoints
    }

    public var labelFontPixels: Double { Self.labelFontPoints * pixelsPerPoint }
    public var labelInsetPixels: Double { Self.labelInsetPoints * pixelsPerPoint }
    public var cueFontPixels: Double { Self.cueFontPoints * pixelsPerPoint }
    public var strikethroughThicknessPixels: Double {
        Self.strikethroughThicknessPoints * pixelsPerPoint
    }
    public var caretWidthPixels: Double { Self.caretWidthPoints * pixelsPerPoint }
}
