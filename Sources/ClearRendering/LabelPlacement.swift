import ClearCore

/// Places text labels so that no two overlap: each label goes where it wants to be, or,
/// when that spot collides with a label already placed, to the nearest spot straight
/// above or below that is free (stacking it against the labels in the way). The SVG
/// picture of a replay and the `cleartouch view` page both place their labels with it.
///
/// Labels are placed in the order given; an earlier label keeps its spot. A label is
/// kept inside `bounds` when a free spot there exists; otherwise it goes below every
/// label it would collide with (outside the bounds if it must, never on another label).
public enum LabelPlacement {
    /// The space kept between two stacked labels, in pixels.
    public static let gapPixels = 2.0

    /// The boxes of `wanted`, moved where needed so that no two overlap.
    ///
    /// - Parameters:
    ///   - wanted: each label's box where it would like to be.
    ///   - bounds: the area labels should stay in: a box sticking out slides back in
    ///     first, then moves up or down to the nearest free spot inside.
    public static func place(_ wanted: [RectPixels], within bounds: RectPixels) -> [RectPixels] {
        var placed: [RectPixels] = []
        placed.reserveCapacity(wanted.count)
        for box in wanted { placed.append(spot(for: box, among: placed, within: bounds)) }
        return placed
    }

    /// Whether two boxes share any area (touching edges do not count).
    public static func overlap(_ a: RectPixels, _ b: RectPixels) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    private static func spot(
        for wanted: RectPixels, among placed: [RectPixels], within bounds: RectPixels
    )
        -> RectPixels
    {
        var box = wanted
        // Slide back in when it sticks out (a label larger than the bounds keeps its top
        // left corner in).
        box.x = max(bounds.x, min(box.x, bounds.x + bounds.width - box.width))
        box.y = max(bounds.minY, min(box.y, bounds.maxY - box.height))
        let inColumn = placed.filter { $0.x < box.x + box.width && box.x < $0.x + $0.width }
        var candidates = [box.y]
        for other in inColumn {
            candidates.append(other.maxY + gapPixels)
            candidates.append(other.minY - box.height - gapPixels)
        }
        func isFree(_ y: Double) -> Bool {
            var moved = box
            moved.y = y
            return !inColumn.contains { overlap($0, moved) }
        }
        func isInside(_ y: Double) -> Bool { y >= bounds.minY && y + box.height <= bounds.maxY }
        let free = candidates.filter(isFree).sorted {
            (abs($0 - box.y), $0) < (abs($1 - box.y), $1)
        }
        // Below every label in its column is always free.
        let below = (inColumn.map(\.maxY).max() ?? box.y - gapPixels) + gapPixels
        box.y = free.first(where: isInside) ?? free.first ?? max(box.y, below)
        return box
    }
}
