import TouchInput

/// A colour with components in 0...1.
public struct RGBColor: Hashable, Sendable {
    /// The red component, 0...1.
    public var red: Double
    /// The green component, 0...1.
    public var green: Double
    /// The blue component, 0...1.
    public var blue: Double

    /// A colour from its components, each in 0...1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// RGB(0, 0, 0): the background below the rows.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)
    /// RGB(1, 1, 1): text, the strikethrough and cues not yet armed.
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
    /// The left edge, in pixels.
    public var x: Double
    /// The top edge, in pixels (y grows downwards).
    public var y: Double
    /// The width, in pixels.
    public var width: Double
    /// The height, in pixels.
    public var height: Double

    /// The rectangle with its top-left corner at (x, y).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The top edge.
    public var minY: Double { y }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
}

/// What a row shows after its label, right-aligned and small.
public enum RowDetail: Hashable, Sendable {
    /// A list row: its count of open items.
    case openItemCount(Int)
    /// A Settings row: whether its switch is on.
    case setting(on: Bool)
}

/// One row as it is on screen at a moment.
public struct RowPresentation: Hashable, Sendable {
    /// The row's index in the list.
    public var modelIndex: Int
    /// The item the row shows.
    public var itemID: ItemID
    /// The text drawn on the row (the edited text while editing).
    public var text: String
    /// The row's frame with every running translation applied (pan, pinch, shuffle, edit).
    public var framePixels: RectPixels
    /// The row's opacity, 0...1 (other rows fade while one is edited).
    public var alpha: Double
    /// The theme's colour for the row's position, or its completed colour.
    public var backgroundColor: RGBColor
    /// The item is done.
    public var completed: Bool
    /// A completed row's white strikethrough bar is drawn.
    public var strikethrough: Bool
    /// The row whose text is being edited.
    public var isEditing: Bool
    /// The row is drawn scaled by this about its centre: 1, or 1.1 while held (reorder).
    public var scale: Double
    /// The opacity of the shadow under a held row, 0...1 (0: no shadow).
    public var shadowOpacity: Double
    /// A cleared row falling away: no longer in the list (`modelIndex` is the index it had).
    public var isLeaving: Bool
    /// What the row shows after its label, right-aligned and small: a list row's count of
    /// open items, a Settings row's switch; nil for every other row.
    public var detail: RowDetail?
    /// The label's colour when it is not the presentation's: a Themes page row is drawn in
    /// its own theme (its `backgroundColor` is that theme's top colour, this its text
    /// colour); nil for every other row. A colour, not the theme: rows are copied on every
    /// frame, and a `Theme` would more than double a row's size.
    public var ownTextColor: RGBColor?

    /// A list row's count of open items, when `detail` is one.
    public var openItemCount: Int? {
        get { if case .openItemCount(let count) = detail { count } else { nil } }
        set { detail = newValue.map(RowDetail.openItemCount) }
    }
    /// A Settings row's switch (the `Sound` row: whether sound is on), when `detail` is one.
    public var settingOn: Bool? {
        get { if case .setting(let on) = detail { on } else { nil } }
        set { detail = newValue.map { RowDetail.setting(on: $0) } }
    }

    /// A presentation of its parts, as given.
    public init(
        modelIndex: Int, itemID: ItemID, text: String, framePixels: RectPixels, alpha: Double,
        backgroundColor: RGBColor, completed: Bool, strikethrough: Bool, isEditing: Bool,
        scale: Double = 1, shadowOpacity: Double = 0, isLeaving: Bool = false,
        detail: RowDetail? = nil, ownTextColor: RGBColor? = nil
    ) {
        self.detail = detail
        self.ownTextColor = ownTextColor
        self.scale = scale
        self.shadowOpacity = shadowOpacity
        self.isLeaving = isLeaving
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

/// The tick and cross cues beside a row being panned (docs/clear-rules.md §1.1).
public struct CuesPresentation: Hashable, Sendable {
    /// "✓", left of the row, right-aligned.
    public var tickFramePixels: RectPixels
    /// The theme's text colour, or pure green once a release would complete the row.
    public var tickColor: RGBColor
    /// "✗", right of the row, left-aligned.
    public var crossFramePixels: RectPixels
    /// The theme's text colour, or pure red once a release would delete the row.
    public var crossColor: RGBColor
    /// |x| / (W/2), unclamped (it keeps rising past 1).
    public var alpha: Double

    /// A presentation of its parts, as given.
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

/// The placeholder row of a pull or a pinch, or the clear-completed cue below the last
/// row while the list is pulled up past its end.
public struct PlaceholderPresentation: Hashable, Sendable {
    /// The unscaled frame; the row is drawn scaled vertically about its centre.
    public var framePixels: RectPixels
    /// The vertical scale, 0...1: the pinch gap over H (1 for a pull).
    public var scaleY: Double
    /// The opacity, 0...1: the pulled distance or the gap over H.
    public var alpha: Double
    /// The hint drawn on the placeholder (`ClearController.pullLabel` and the others).
    public var label: String
    /// The theme's top colour for a pull; for a pinch, the upper row's colour; for the
    /// clear-completed cue, the completed colour (or the background with nothing to clear).
    public var backgroundColor: RGBColor

    /// A presentation of its parts, as given.
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
    /// The list index of the item being edited.
    public var modelIndex: Int
    /// The text typed so far.
    public var text: String
    /// The caret position as a count of characters (grapheme clusters) from the start.
    public var caretCharacterOffset: Int

    /// The text field of row `modelIndex` holding `text`, with the caret
    /// `caretCharacterOffset` characters in.
    public init(modelIndex: Int, text: String, caretCharacterOffset: Int) {
        self.modelIndex = modelIndex
        self.text = text
        self.caretCharacterOffset = caretCharacterOffset
    }
}

/// Everything on screen at one moment: a pure function of the model, the interaction
/// state, the running animations and the time.
public struct Presentation: Hashable, Sendable {
    /// The screen the presentation fills, in pixels.
    public var screen: ScreenSize
    /// H, the row height in pixels.
    public var rowHeightPixels: Double
    /// Rows drawn back to front in this order (cleared rows leaving first, a held or
    /// settling row last); hidden rows are left out.
    public var rows: [RowPresentation]
    /// Cues of the row being panned, positioned relative to that row's frame.
    public var cues: CuesPresentation?
    /// The placeholder row of a pull or a pinch in progress; with both, the later gesture's.
    public var placeholder: PlaceholderPresentation?
    /// The text field while an item is edited.
    public var editing: EditingPresentation?
    /// True while any animation runs (the app keeps drawing frames).
    public var isAnimating: Bool
    /// The on-screen keyboard while any of it is on screen.
    public var keyboard: KeyboardPresentation?
    /// The screen below and between the rows (the theme's background).
    public var backgroundColor: RGBColor
    /// Row labels, the strikethrough and the caret (the theme's text).
    public var textColor: RGBColor
    /// True while a theme's cross-fade changes every colour from frame to frame: a
    /// renderer gains nothing by keeping pictures of the rows.
    public var isFadingColors = false
    /// The level the rows are of (items, lists, the menu or a page).
    public var level: Level = .items
    /// While a pinch together could close the level: true once releasing it would (the
    /// fingers' distance shrank by more than 2H), false short of that; nil with no such
    /// pinch. The sound's threshold tick follows it.
    public var pinchTogetherCloses: Bool?

    /// A presentation of its parts, as given.
    public init(
        screen: ScreenSize, rowHeightPixels: Double, rows: [RowPresentation],
        cues: CuesPresentation?, placeholder: PlaceholderPresentation?,
        editing: EditingPresentation?, isAnimating: Bool, keyboard: KeyboardPresentation? = nil,
        backgroundColor: RGBColor = .black, textColor: RGBColor = .white
    ) {
        self.keyboard = keyboard
        self.backgroundColor = backgroundColor
        self.textColor = textColor
        self.screen = screen
        self.rowHeightPixels = rowHeightPixels
        self.rows = rows
        self.cues = cues
        self.placeholder = placeholder
        self.editing = editing
        self.isAnimating = isAnimating
    }
}

extension Presentation {
    /// Back to a presentation of its initializer's defaults with no rows, the rows'
    /// buffer (and its capacity) kept: what `ClearController.presentation(atMicroseconds:into:)`
    /// starts from.
    mutating func reset(
        screen: ScreenSize, rowHeightPixels: Double, placeholder: PlaceholderPresentation?,
        isAnimating: Bool
    ) {
        var kept: [RowPresentation] = []
        swap(&kept, &rows)
        kept.removeAll(keepingCapacity: true)
        self = Presentation(
            screen: screen, rowHeightPixels: rowHeightPixels, rows: kept, cues: nil,
            placeholder: placeholder, editing: nil, isAnimating: isAnimating)
    }
}

/// The two parts of a presentation the sound's threshold ticks follow
/// (`ClearController.thresholdCue(atMicroseconds:)`).
public struct ThresholdCue: Hashable, Sendable {
    /// The placeholder's label (`Presentation.placeholder?.label`).
    public var placeholderLabel: String?
    /// `Presentation.pinchTogetherCloses`.
    public var pinchTogetherCloses: Bool?

    /// A cue of its parts, as given.
    public init(placeholderLabel: String?, pinchTogetherCloses: Bool?) {
        self.placeholderLabel = placeholderLabel
        self.pinchTogetherCloses = pinchTogetherCloses
    }

    /// The cue `presentation` shows.
    public init(_ presentation: Presentation) {
        self.init(
            placeholderLabel: presentation.placeholder?.label,
            pinchTogetherCloses: presentation.pinchTogetherCloses)
    }
}
