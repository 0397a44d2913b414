import ClearCore
import ClearRendering
import TouchInput

/// Hand-built presentations with Clear's geometry (docs/clear-rules.md §2), for pixel tests that
/// need one exact state.
enum Fixture {
    static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)
    static var width: Double { Double(screen.widthPixels) }
    /// round(W·50/320)
    static var rowHeight: Double {
        ClearLayout.defaultRowHeightPixels(widthPixels: screen.widthPixels)
    }

    static func heatMapColor(index: Int, count: Int) -> RGBColor {
        RGBColor(red: 1, green: count > 1 ? 0.6 * Double(index) / Double(count - 1) : 0, blue: 0)
    }

    static func row(
        _ index: Int, count: Int = 12, text: String = "feed the cat", completed: Bool = false,
        xOffset: Double = 0,
        alpha: Double = 1, isEditing: Bool = false
    ) -> RowPresentation {
        RowPresentation(
            modelIndex: index, itemID: ItemID(rawValue: UInt64(index + 1)), text: text,
            framePixels: RectPixels(
                x: xOffset, y: Double(index) * rowHeight, width: width, height: rowHeight),
            alpha: alpha,
            backgroundColor: completed ? .completedGreen : heatMapColor(index: index, count: count),
            completed: completed, strikethrough: completed, isEditing: isEditing)
    }

    static func list(count: Int = 12) -> Presentation {
        Presentation(
            screen: screen, rowHeightPixels: rowHeight,
            rows: (0..<count).map { row($0, count: count) },
            cues: nil,
            placeholder: nil, editing: nil, isAnimating: false)
    }

    /// The cues of row 0 panned to `xOffset`, with the colours and alpha of
    /// docs/clear-rules.md §1.1.
    static func cues(forRowAt xOffset: Double) -> CuesPresentation {
        let unit = width / 320
        return CuesPresentation(
            tickFramePixels: RectPixels(
                x: xOffset - 60 * unit, y: 0, width: 50 * unit, height: rowHeight),
            tickColor: xOffset > width / 2 ? .pureGreen : .white,
            crossFramePixels: RectPixels(
                x: xOffset + width + 10 * unit, y: 0, width: 50 * unit, height: rowHeight),
            crossColor: xOffset < -width / 2 ? .pureRed : .white, alpha: abs(xOffset) / (width / 2))
    }

    /// Row y (in pixels) where the gloss is exactly clear: 0.95 of the row height.
    /// (The pixel whose centre is closest to that line from above.)
    static func clearGlossY(row: Int) -> Int {
        Int(Double(row) * rowHeight + 0.95 * rowHeight - 0.5)
    }
}
