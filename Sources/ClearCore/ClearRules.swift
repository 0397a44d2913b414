/// The thresholds of Clear's rules (docs/clear-rules.md), as multiples of the row's width
/// W or height H; the defaults (`ClearRules.clear`) are Clear's. `cleartouch replay` and
/// `test` change them for one run with `--set NAME=VALUE` (docs/replay.md, "Thresholds").
public struct ClearRules: Hashable, Sendable {
    /// A row pan released right of this share of W completes the row (§1.1: x > W/2).
    public var panCompleteWidthFraction: Double
    /// A row pan released left of minus this share of W deletes the row (§1.1: x < −W/2).
    public var panDeleteWidthFraction: Double
    /// A pull released further than this many row heights adds an item (§1.2: −off > H).
    public var pullAddRowHeights: Double
    /// A pull released further than this many row heights goes up a level instead
    /// (docs/clear-core.md, Levels: 4H).
    public var pullUpLevelRowHeights: Double
    /// A pinch apart released with its gap (twice the spread) wider than this many row
    /// heights adds an item (§1.3: gap > H).
    public var pinchAddRowHeights: Double
    /// A pinch together closes a level when the fingers came closer by more than this
    /// many row heights (docs/clear-core.md, Levels: 2H).
    public var pinchTogetherRowHeights: Double
    /// Content pulled up past the list's end by more than this many row heights clears
    /// the completed items (docs/product-decisions.md: H).
    public var clearCompletedRowHeights: Double

    /// Rules with Clear's value for every threshold not given.
    public init(
        panCompleteWidthFraction: Double = 0.5, panDeleteWidthFraction: Double = 0.5,
        pullAddRowHeights: Double = 1, pullUpLevelRowHeights: Double = 4,
        pinchAddRowHeights: Double = 1, pinchTogetherRowHeights: Double = 2,
        clearCompletedRowHeights: Double = 1
    ) {
        self.panCompleteWidthFraction = panCompleteWidthFraction
        self.panDeleteWidthFraction = panDeleteWidthFraction
        self.pullAddRowHeights = pullAddRowHeights
        self.pullUpLevelRowHeights = pullUpLevelRowHeights
        self.pinchAddRowHeights = pinchAddRowHeights
        self.pinchTogetherRowHeights = pinchTogetherRowHeights
        self.clearCompletedRowHeights = clearCompletedRowHeights
    }

    /// Clear's rules: W/2 either way for a pan, H to add by a pull or a pinch, 4H to go up
    /// a level by a pull, 2H to close one by a pinch together, H to clear the completed.
    public static let clear = ClearRules()
}
