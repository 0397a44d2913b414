import ClearCore

/// Places text labels so that no two overlap: each label goes where it wants to be, or,
/// when that spot collides with a label already placed, to the nearest spot straight
/// above or below that is free (stacking it against the labels in the way). The SVG
/// picture of a replay and the `cleartouch view` page both place their labels with it.
///
/// Labels are placed in the order given; an earlier label keeps its spot. A label is
/// kept inside `bounds` when a free spot there exists; otherwise it goes below every
/// label in its column (outside the bounds, never on another label).
///
/// The cost is linear in the labels for a given bounds: a label looks only at the labels
/// placed in the bounds' band of its column (which cannot overlap one another, so only as
/// many as fit there) through a grid of cells, and at the lowest label of its column
/// through the column's buckets. Labels piled outside the bounds (thousands of taps on one
/// spot) cost no more than labels spread out.
public enum LabelPlacement {
    /// The space kept between two stacked labels, in pixels.
    public static let gapPixels = 2.0
    /// The most grid cells across and down (a larger grid has larger cells).
    static let maximumGridCellsPerSide = 256

    /// The boxes of `wanted`, moved where needed so that no two overlap.
    ///
    /// - Parameters:
    ///   - wanted: each label's box where it would like to be.
    ///   - bounds: the area labels should stay in: a box sticking out slides back in
    ///     first, then moves up or down to the nearest free spot inside.
    public static func place(_ wanted: [RectPixels], within bounds: RectPixels) -> [RectPixels] {
        let finite = wanted.allSatisfy(\.isFinite) && bounds.isFinite
        guard finite, !wanted.isEmpty else { return placeComparingAll(wanted, within: bounds) }
        var grid = Grid(wanted: wanted, bounds: bounds)
        for box in wanted {
            grid.insert(grid.spot(for: slidIn(box, within: bounds), within: bounds))
        }
        return grid.placed
    }

    /// Whether two boxes share any area (touching edges do not count).
    public static func overlap(_ a: RectPixels, _ b: RectPixels) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    /// Whether `other` is in the column of `box` (shares some of its x range).
    static func inColumn(_ other: RectPixels, of box: RectPixels) -> Bool {
        other.x < box.x + box.width && box.x < other.x + other.width
    }

    /// Back inside the bounds when it sticks out (a label larger than the bounds keeps its
    /// top left corner in).
    static func slidIn(_ wanted: RectPixels, within bounds: RectPixels) -> RectPixels {
        var box = wanted
        box.x = max(bounds.x, min(box.x, bounds.x + bounds.width - box.width))
        box.y = max(bounds.minY, min(box.y, bounds.maxY - box.height))
        return box
    }

    /// The spot for `box` (slid in) given the labels of its column: the candidates are
    /// where it wants to be and just above or below each of them; the nearest free one
    /// inside the bounds wins (the upper one of two as near), else the spot below them all.
    static func spot(
        for slid: RectPixels, column: [RectPixels], lowestMaxY: Double?, within bounds: RectPixels,
        isFree: (Double) -> Bool
    ) -> RectPixels {
        var box = slid
        func isInside(_ y: Double) -> Bool { y >= bounds.minY && y + box.height <= bounds.maxY }
        var best: Double?
        func consider(_ y: Double) {
            guard isInside(y) else { return }
            if let b = best, (abs(b - box.y), b) <= (abs(y - box.y), y) { return }
            guard isFree(y) else { return }
            best = y
        }
        consider(box.y)
        for other in column {
            consider(other.maxY + gapPixels)
            consider(other.minY - box.height - gapPixels)
        }
        // Below every label in its column is always free.
        let below = (lowestMaxY ?? box.y - gapPixels) + gapPixels
        box.y = best ?? max(box.y, below)
        return box
    }

    /// The same placement by comparing each label with every label placed (quadratic):
    /// for boxes that are not finite, and as the tests' reference.
    static func placeComparingAll(_ wanted: [RectPixels], within bounds: RectPixels)
        -> [RectPixels]
    {
        var placed: [RectPixels] = []
        for wantedBox in wanted {
            let box = slidIn(wantedBox, within: bounds)
            let column = placed.filter { inColumn($0, of: box) }
            placed.append(
                spot(
                    for: box, column: column, lowestMaxY: column.map(\.maxY).max(),
                    within: bounds,
                    isFree: { y in
                        var moved = box
                        moved.y = y
                        return !column.contains { overlap($0, moved) }
                    }))
        }
        return placed
    }

    /// The labels placed so far, found by where they are: cells over the bounds' band
    /// (the labels that can give or block a spot inside), and columns of buckets across
    /// (each bucket's labels lowest first, for the spot below them all).
    struct Grid {
        let originX: Double
        let cellWidth: Double
        let columns: Int
        let bandMinY: Double
        let bandMaxY: Double
        let cellHeight: Double
        let rows: Int
        /// Per cell (row-major): the indices of the placed labels in the band over it.
        var cells: [[Int]]
        /// Per bucket: the indices of the placed labels over it, largest maxY first.
        var buckets: [[Int]]
        var placed: [RectPixels] = []
        /// Per label: the last query that saw it (so a label over several cells counts once).
        var seenStamp: [Int] = []
        var stamp = 0

        init(wanted: [RectPixels], bounds: RectPixels) {
            let count = Double(wanted.count)
            let meanWidth = wanted.reduce(0) { $0 + $1.width } / count
            let meanHeight = wanted.reduce(0) { $0 + $1.height } / count
            let side = Double(LabelPlacement.maximumGridCellsPerSide)
            originX = bounds.x
            cellWidth = max(meanWidth, bounds.width / side, 1)
            columns = Int(max(0, min(side, (bounds.width / cellWidth).rounded(.up)))) + 1
            // A little wider than the candidates that can land inside need.
            bandMinY = bounds.minY - LabelPlacement.gapPixels - 1
            bandMaxY = bounds.maxY + LabelPlacement.gapPixels + 1
            cellHeight = max(meanHeight, (bandMaxY - bandMinY) / side, 1)
            rows = Int(max(0, min(side, ((bandMaxY - bandMinY) / cellHeight).rounded(.up)))) + 1
            cells = Array(repeating: [], count: columns * rows)
            buckets = Array(repeating: [], count: columns)
            placed.reserveCapacity(wanted.count)
            seenStamp.reserveCapacity(wanted.count)
        }

        /// The bucket of x, clamped to the grid (the last ones hold all beyond).
        func column(of x: Double) -> Int {
            let at = (x - originX) / cellWidth
            guard at > 0 else { return 0 }
            return at < Double(columns - 1) ? Int(at) : columns - 1
        }

        func row(of y: Double) -> Int {
            let at = (y - bandMinY) / cellHeight
            guard at > 0 else { return 0 }
            return at < Double(rows - 1) ? Int(at) : rows - 1
        }

        func columnRange(_ box: RectPixels) -> ClosedRange<Int> {
            column(of: box.x)...column(of: box.x + box.width)
        }

        mutating func insert(_ box: RectPixels) {
            let index = placed.count
            placed.append(box)
            seenStamp.append(0)
            let across = columnRange(box)
            for c in across {
                // Largest maxY first: binary search for the place.
                var low = 0
                var high = buckets[c].count
                while low < high {
                    let middle = (low + high) / 2
                    if placed[buckets[c][middle]].maxY >= box.maxY {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                buckets[c].insert(index, at: low)
            }
            guard box.maxY >= bandMinY, box.minY <= bandMaxY else { return }
            for r in row(of: box.minY)...row(of: box.maxY) {
                for c in across { cells[r * columns + c].append(index) }
            }
        }

        /// The labels in the cells of `rowRange` over the columns of `box` that pass `keep`,
        /// each once.
        mutating func labels(
            over box: RectPixels, rows rowRange: ClosedRange<Int>,
            _ keep: (RectPixels) -> Bool
        ) -> [RectPixels] {
            stamp += 1
            var found: [RectPixels] = []
            for r in rowRange {
                for c in columnRange(box) {
                    for index in cells[r * columns + c] where seenStamp[index] != stamp {
                        seenStamp[index] = stamp
                        if keep(placed[index]) { found.append(placed[index]) }
                    }
                }
            }
            return found
        }

        /// The largest maxY among the labels in the column of `box`.
        func lowestMaxY(inColumnOf box: RectPixels) -> Double? {
            var lowest: Double?
            for c in columnRange(box) {
                // The first of a bucket's labels (largest maxY first) in the column.
                for index in buckets[c] {
                    let other = placed[index]
                    if let l = lowest, other.maxY <= l { break }
                    if LabelPlacement.inColumn(other, of: box) {
                        lowest = other.maxY
                        break
                    }
                }
            }
            return lowest
        }

        /// Whether a placed label in the band overlaps `box` (inside the bounds: every
        /// label that can overlap it is in the band).
        func anyOverlaps(_ box: RectPixels) -> Bool {
            for r in row(of: box.minY)...row(of: box.maxY) {
                for c in columnRange(box) {
                    for index in cells[r * columns + c]
                    where LabelPlacement.overlap(placed[index], box) {
                        return true
                    }
                }
            }
            return false
        }

        mutating func spot(for box: RectPixels, within bounds: RectPixels) -> RectPixels {
            // Every label that can give a candidate inside the bounds, or block one, lies in
            // the band: the column's labels there are the ones to look at.
            let (top, bottom) = (bandMinY, bandMaxY)
            let column = labels(over: box, rows: 0...(rows - 1)) {
                LabelPlacement.inColumn($0, of: box) && $0.maxY >= top && $0.minY <= bottom
            }
            let grid = self
            return LabelPlacement.spot(
                for: box, column: column, lowestMaxY: lowestMaxY(inColumnOf: box),
                within: bounds,
                isFree: { y in
                    var moved = box
                    moved.y = y
                    return !grid.anyOverlaps(moved)
                })
        }
    }
}

extension RectPixels {
    /// Whether every coordinate is a number.
    var isFinite: Bool { x.isFinite && y.isFinite && width.isFinite && height.isFinite }
}
