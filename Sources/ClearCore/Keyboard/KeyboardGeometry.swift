import TouchInput

/// One key's place on the fully shown keyboard.
public struct KeyboardKeyFrame: Hashable, Sendable {
    /// What the key does.
    public var action: KeyboardKeyAction
    /// The key's drawn rectangle, relative to the keyboard's top-left corner.
    public var framePixels: RectPixels

    /// A key at `framePixels` (keyboard coordinates).
    public init(action: KeyboardKeyAction, framePixels: RectPixels) {
        self.action = action
        self.framePixels = framePixels
    }
}

/// Where the keys of a layout are on a screen: rows of key cells, a key being its cell
/// less half the gap on each side. Letters are one unit wide; the unit is the screen
/// width over the widest row's units; rows without a space bar are centred.
public struct KeyboardGeometry: Hashable, Sendable {
    /// A key row's height per unit of key width (keys are taller than wide).
    public static let keyHeightPerUnitWidth = 1.4
    /// A key row is at most this fraction of the screen height.
    public static let maximumRowHeightScreenFraction = 0.1
    /// The gap between keys, as a fraction of the key unit.
    public static let keyGapUnitFraction = 0.12
    /// The space bar is at least this many units wide.
    public static let minimumSpaceUnits = 3.0

    /// The screen the keyboard spans.
    public var screen: ScreenSize
    /// The width of one key unit (a letter), in pixels.
    public var unitWidthPixels: Double
    /// The height of one key row, in pixels.
    public var rowHeightPixels: Double
    /// The gap between two keys, in pixels.
    public var gapPixels: Double
    /// The fully shown keyboard's height, in pixels (it sits at the screen's bottom).
    public var heightPixels: Double
    /// The keys of the letters layer, row by row, left to right.
    public var letterKeys: [KeyboardKeyFrame]
    /// The keys of the digits-and-symbols layer.
    public var symbolKeys: [KeyboardKeyFrame]

    /// The geometry of `layout` on `screen`, leaving at least `reservedTopPixels` of the
    /// screen above the keyboard (the edited row stays visible there).
    public init(layout: KeyboardLayout, screen: ScreenSize, reservedTopPixels: Double) {
        self.screen = screen
        let width = Double(max(1, screen.widthPixels))
        let height = Double(max(1, screen.heightPixels))
        let units = max(
            Self.widestRowUnits(layout.letterRows), Self.widestRowUnits(layout.symbolRows), 1)
        let unit = width / units
        let gap = (unit * Self.keyGapUnitFraction).rounded()
        let rowCount = Double(max(layout.letterRows.count, layout.symbolRows.count, 1))
        var rowHeight = min(
            (unit * Self.keyHeightPerUnitWidth).rounded(),
            (height * Self.maximumRowHeightScreenFraction).rounded())
        let room = height - max(0, reservedTopPixels.isFinite ? reservedTopPixels : 0)
        if rowHeight * rowCount + gap > room {
            rowHeight = max(1, ((room - gap) / rowCount).rounded(.down))
        }
        unitWidthPixels = unit
        rowHeightPixels = rowHeight
        gapPixels = gap
        heightPixels = rowHeight * rowCount + gap
        letterKeys = Self.frames(
            layout.letterRows, unit: unit, units: units, rowHeight: rowHeight, gap: gap)
        symbolKeys = Self.frames(
            layout.symbolRows, unit: unit, units: units, rowHeight: rowHeight, gap: gap)
    }

    /// The keys of `layer`.
    public func keys(_ layer: KeyboardLayer) -> [KeyboardKeyFrame] {
        layer == .letters ? letterKeys : symbolKeys
    }

    /// The index (in `keys(layer)`) of the key nearest `point` (keyboard coordinates):
    /// the key containing it, else, in a gap or a margin, the key at the least distance.
    public func nearestKey(to point: Point, layer: KeyboardLayer) -> Int? {
        let keys = keys(layer)
        guard point.isFinite else { return nil }
        var best: (index: Int, distance: Double)?
        for (index, key) in keys.enumerated() {
            let frame = key.framePixels
            let dx = max(frame.x - point.x, 0, point.x - (frame.x + frame.width))
            let dy = max(frame.y - point.y, 0, point.y - frame.maxY)
            let distance = dx * dx + dy * dy
            if best == nil || distance < best!.distance { best = (index, distance) }
        }
        return best?.index
    }

    /// The cells of an accent popup of `count` choices over the key at `anchor`
    /// (keyboard coordinates): one row of key-sized cells just above the key, the first
    /// over the key, shifted left to stay on the screen.
    public func popupCells(anchor: RectPixels, count: Int) -> [RectPixels] {
        let cellWidth = anchor.width
        let total = Double(count) * cellWidth + Double(max(0, count - 1)) * gapPixels
        let width = Double(screen.widthPixels)
        let x = max(0, min(anchor.x, width - total))
        let y = anchor.y - rowHeightPixels - gapPixels
        return (0..<count).map {
            RectPixels(
                x: x + Double($0) * (cellWidth + gapPixels), y: y, width: cellWidth,
                height: anchor.height)
        }
    }

    private static func rowUnits(_ row: [KeyboardKeyAction]) -> Double {
        row.reduce(0) { $0 + ($1 == .space ? minimumSpaceUnits : $1.widthUnits) }
    }

    private static func widestRowUnits(_ rows: [[KeyboardKeyAction]]) -> Double {
        rows.map(rowUnits).max() ?? 0
    }

    private static func frames(
        _ rows: [[KeyboardKeyAction]], unit: Double, units: Double, rowHeight: Double,
        gap: Double
    ) -> [KeyboardKeyFrame] {
        var frames: [KeyboardKeyFrame] = []
        for (rowIndex, row) in rows.enumerated() {
            let spaces = Double(row.filter { $0 == .space }.count)
            let fixed = row.reduce(0) { $0 + ($1 == .space ? 0 : $1.widthUnits) }
            let spaceUnits = spaces > 0 ? max(minimumSpaceUnits, (units - fixed) / spaces) : 0
            let rowUnits = fixed + spaces * spaceUnits
            var x = (units - rowUnits) / 2 * unit
            let y = gap / 2 + Double(rowIndex) * rowHeight
            for key in row {
                let cellWidth = (key == .space ? spaceUnits : key.widthUnits) * unit
                frames.append(
                    KeyboardKeyFrame(
                        action: key,
                        framePixels: RectPixels(
                            x: (x + gap / 2).rounded(), y: (y + gap / 2).rounded(),
                            width: (cellWidth - gap).rounded(), height: rowHeight - gap)))
                x += cellWidth
            }
        }
        return frames
    }
}

extension KeyboardLayout {
    /// The layouts built into the program (`Resources/keyboard-layouts/`), by name order.
    /// A file that does not parse is left out (a test parses every one).
    public static let embedded: [KeyboardLayout] = embeddedFiles.compactMap {
        try? KeyboardLayout.parse($0.text)
    }.sorted { $0.name < $1.name }

    /// The names of the built-in layouts, sorted.
    public static var embeddedNames: [String] { embedded.map(\.name) }

    /// The built-in layout called `name`.
    public static func embedded(named name: String) -> KeyboardLayout? {
        embedded.first { $0.name == name }
    }

    /// The default layout's name.
    public static let defaultName = "us"
}
