import TouchInput

/// Where the rows of the list are: the screen, the row height and the list's scroll offset.
///
/// Coordinates: screen pixels, y down. Row `i` occupies content y `i·H ..< (i+1)·H`;
/// on screen its top is at `i·H − scrollOffset`. The scroll offset is Clear's
/// `contentOffset.y`: 0 with the list at its top, negative while the list is pulled
/// down past its top (the pull region).
public struct ClearLayout: Hashable, Sendable {
    /// Clear's row height on its 320-point-wide screen (docs/clear-rules.md §2).
    public static let clearRowHeightPoints = 50.0
    /// Clear's screen width, in points.
    public static let clearScreenWidthPoints = 320.0

    /// The screen the list fills, in pixels.
    public var screen: ScreenSize
    /// H, the row height in pixels.
    public var rowHeightPixels: Double

    /// A layout for `screen`; the row height defaults to round(W·50/320), at least 1 px.
    public init(screen: ScreenSize, rowHeightPixels: Double? = nil) {
        self.screen = screen
        let requested =
            rowHeightPixels ?? Self.defaultRowHeightPixels(widthPixels: screen.widthPixels)
        self.rowHeightPixels = requested.isFinite && requested >= 1 ? requested : 1
    }

    /// round(W·50/320), Clear's proportions (docs/product-decisions.md), never less than 1.
    public static func defaultRowHeightPixels(widthPixels: Int) -> Double {
        max(1, (Double(widthPixels) * clearRowHeightPoints / clearScreenWidthPoints).rounded())
    }

    /// W, the list width in pixels.
    public var widthPixels: Double { Double(screen.widthPixels) }
    /// The screen height in pixels.
    public var heightPixels: Double { Double(screen.heightPixels) }

    /// The largest scroll offset: the last row's bottom at the screen's bottom, or 0
    /// when the rows fit on the screen.
    public func maximumScrollOffsetPixels(itemCount: Int) -> Double {
        max(0, Double(itemCount) * rowHeightPixels - heightPixels)
    }

    /// The offsets a scroll may reach: 0 ... maximum. The pull region (negative
    /// offsets) is reached only by a pull.
    public func scrollRange(itemCount: Int) -> ClosedRange<Double> {
        0...maximumScrollOffsetPixels(itemCount: itemCount)
    }

    /// `offset` clamped to the scroll range, or, with `allowingPull`, to the scroll
    /// range extended upwards by one screen height (the pull region).
    public func clampedScrollOffset(_ offset: Double, itemCount: Int, allowingPull: Bool = false)
        -> Double
    {
        guard offset.isFinite else { return 0 }
        let lower = allowingPull ? -heightPixels : 0
        return min(max(offset, lower), maximumScrollOffsetPixels(itemCount: itemCount))
    }

    /// Row `index`'s frame on screen at `scrollOffset`, without any animation.
    public func rowFrame(index: Int, scrollOffsetPixels: Double) -> RectPixels {
        RectPixels(
            x: 0, y: Double(index) * rowHeightPixels - scrollOffsetPixels, width: widthPixels,
            height: rowHeightPixels)
    }

    /// The model indices of the rows at least partly on screen.
    public func visibleRows(itemCount: Int, scrollOffsetPixels: Double) -> Range<Int> {
        guard itemCount > 0 else { return 0..<0 }
        let first = rowIndex(scrollOffsetPixels / rowHeightPixels, rounding: .down)
        let last = rowIndex((scrollOffsetPixels + heightPixels) / rowHeightPixels, rounding: .up)
        let lower = min(max(first, 0), itemCount)
        let upper = min(max(last, lower), itemCount)
        return lower..<upper
    }

    /// The model index of the row containing `point`, with Clear's strict inside test
    /// `minY < y < maxY` (a point on the line between two rows is in neither), and
    /// 0 ≤ x ≤ W. Nil when the point is on no row.
    public func modelIndex(at point: Point, itemCount: Int, scrollOffsetPixels: Double) -> Int? {
        guard point.isFinite, point.x >= 0, point.x <= widthPixels else { return nil }
        let contentY = point.y + scrollOffsetPixels
        let candidate = rowIndex(contentY / rowHeightPixels, rounding: .down)
        guard candidate >= 0, candidate < itemCount else { return nil }
        let frame = rowFrame(index: candidate, scrollOffsetPixels: scrollOffsetPixels)
        return frame.minY < point.y && point.y < frame.maxY ? candidate : nil
    }

    /// Row `index`'s position among the visible rows (Clear's visible index), as the
    /// tutorial's `visibleCells` counts it: 0 for the first row on screen.
    public func visibleIndex(ofModelIndex index: Int, scrollOffsetPixels: Double) -> Int {
        index - firstVisibleModelIndex(scrollOffsetPixels: scrollOffsetPixels)
    }

    /// floor(offset/H) clamped at 0: the model index of the first row on screen.
    public func firstVisibleModelIndex(scrollOffsetPixels: Double) -> Int {
        max(0, rowIndex(scrollOffsetPixels / rowHeightPixels, rounding: .down))
    }

    /// A row count from a Double, rounded, without trapping on NaN or huge values
    /// (NaN → 0; beyond ±2³¹ rows → ±2³¹).
    func rowIndex(_ rows: Double, rounding rule: FloatingPointRoundingRule) -> Int {
        guard !rows.isNaN else { return 0 }
        let limit = Double(Int32.max)
        return Int(min(max(rows.rounded(rule), -limit), limit))
    }
}
