import TouchInput

/// A colour with components in 0...1.
public struct RGBColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    public static let white = RGBColor(red: 1, green: 1, blue: 1)
    /// The cross cue while delete is armed.
    public static let pureRed = RGBColor(red: 1, green: 0, blue: 0)
    /// The tick cue while complete is armed.
    public static let pureGreen = RGBColor(red: 0, green: 1, blue: 0)
    /// The fill of a completed row, RGB(0, 0.6, 0).
    public static let completedGreen = RGBColor(red: 0, green: 0.6, blue: 0)
}

/// An axis-aligned rectangle in screen pixels.
public struct RectPixels: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minY: Double { y }
    public var maxY: Double { y + height }
    public var midY: Double { y + height / 2 }
}

/// One row as it is on screen at a moment.
public struct RowPresentation: Hashable, Sendable {
    public var modelIndex: Int
    public var itemID: ItemID
    public var text: String
    /// The row's frame with every running translation applied (pan, pinch, shuffle, edit).
    public var framePixels: RectPixels
    public var alpha: Double
    /// Heat-map colour, or `completedGreen` for a completed row.
    public var backgroundColor: RGBColor
    public var completed: Bool
    /// A completed row's white strikethrough bar is drawn.
    public var strikethrough: Bool
    /// The row whose text is being edited.
    public var isEditing: Bool

    public init(
        modelIndex: Int, itemID: ItemID, text: String, framePixels: RectPixels, alpha: Double,
        backgroundColor: RGBColor, completed: Bool, strikethrough: Bool, isEditing: Bool
    ) {
        self.modelIndex = modelIndex
        self.itemID = itemID
        self.text = text
        self.framePixels = framePixels
        self.alpha = alpha
        self.backgroundColor = backgroundColor
        self.completed = completed
        self.strikethrough = strikethrough
        self.isEditing = isEditing
    }
}

/// The tick and cross cues beside a row being panned (clear-spec §1.1).
public struct CuesPresentation: Hashable, Sendable {
    /// "✓", left of the row, right-aligned.
    public var tickFramePixels: RectPixels
    public var tickColor: RGBColor
    /// "✗", right of the row, left-aligned.
    public var crossFramePixels: RectPixels
    public var crossColor: RGBColor
    /// |x| / (W/2), unclamped (it keeps rising past 1).
    public var alpha: Double

    public init(
        tickFramePixels: RectPixels, tickColor: RGBColor, crossFramePixels: RectPixels,
        crossColor: RGBColor, alpha: Double
    ) {
        self.tickFramePixels = tickFramePixels
        self.tickColor = tickColor
        self.crossFramePixels = crossFramePixels
        self.crossColor = crossColor
        self.alpha = alpha
    }
}

/// The placeholder row of a pull or a pinch.
public struct PlaceholderPresentation: Hashable, Sendable {
    /// The unscaled frame; the row is drawn scaled vertically about its centre.
    public var framePixels: RectPixels
    public var scaleY: Double
    public var alpha: Double
    public var label: String
    public var backgroundColor: RGBColor

    public init(
        framePixels: RectPixels, scaleY: Double, alpha: Double, label: String,
        backgroundColor: RGBColor
    ) {
        self.framePixels = framePixels
        self.scaleY = scaleY
        self.alpha = alpha
        self.label = label
        self.backgroundColor = backgroundColor
    }
}

/// The text field of the item being edited.
public struct EditingPresentation: Hashable, Sendable {
    public var modelIndex: Int
    public var text: String
    /// The caret position as a count of characters (grapheme clusters) from the start.
    public var caretCharacterOffset: Int

    public init(modelIndex: Int, text: String, caretCharacterOffset: Int) {
        self.modelIndex = modelIndex
        self.text = text
        self.caretCharacterOffset = caretCharacterOffset
    }
}

/// Everything on screen at one moment: a pure function of the model, the interaction
/// state, the running animations and the time.
public struct Presentation: Hashable, Sendable {
    public var screen: ScreenSize
    public var rowHeightPixels: Double
    /// Rows drawn back to front in this order; hidden rows are left out.
    public var rows: [RowPresentation]
    /// Cues of the row being panned, positioned relative to that row's frame.
    public var cues: CuesPresentation?
    public var placeholder: PlaceholderPresentation?
    public var editing: EditingPresentation?
    /// True while any animation runs (the app keeps drawing frames).
    public var isAnimating: Bool

    public init(
        screen: ScreenSize, rowHeightPixels: Double, rows: [RowPresentation],
        cues: CuesPresentation?, placeholder: PlaceholderPresentation?,
        editing: EditingPresentation?, isAnimating: Bool
    ) {
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.rows = rows
        self.cues = cues
        self.placeholder = placeholder
        self.editing = editing
        self.isAnimating = isAnimating
    }
}
