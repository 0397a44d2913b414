extension Int {
    /// The largest magnitude a drawing coordinate or size is converted with: far beyond any
    /// surface, small enough that no later arithmetic on it overflows.
    static let drawingLimit = 1 << 52

    /// `value` truncated to an integer, clamped to ±`drawingLimit` (NaN gives 0): every
    /// Double → Int conversion in drawing goes through it, so no value can trap.
    init(clampingForDrawing value: Double) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let limit = Double(Int.drawingLimit)
        self = Int(Swift.min(limit, Swift.max(-limit, value)))
    }
}
