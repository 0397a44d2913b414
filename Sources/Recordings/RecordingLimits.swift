import TouchInput

/// The documented range of every number a recording may hold (docs/trace-format.md,
/// "Ranges"). A reader reports a value outside its range as `FILE:LINE: what is wrong`;
/// inside them, every later computation (differences of times, positions far off screen,
/// drawing) stays finite and cannot overflow.
public enum RecordingLimits {
    /// A screen side or a device's screen side, in pixels; also `--screen`.
    public static let screenSidePixels: ClosedRange<Int64> = 1...100_000
    /// Clear's row height, in pixels; also `--row-height`.
    public static let rowHeightPixels: ClosedRange<Double> = 1...100_000
    /// An event time in microseconds: ±2^61 (about 73,000 years either way), so the
    /// difference of any two times and any time plus a delay fits in 64 bits.
    public static let timeMicroseconds: ClosedRange<Int64> = -(1 << 61)...(1 << 61)
    /// A touch position in pixels: up to ten million pixels off screen either way.
    public static let positionPixels: ClosedRange<Double> = -10_000_000...10_000_000
    /// A touch position on the device, or a device size, in millimetres (±1 km).
    public static let millimetres: ClosedRange<Double> = -1_000_000...1_000_000
    /// A touchpad gesture delta, scale or angle, a pointer motion or a scroll amount.
    public static let relativeValue: ClosedRange<Double> = -10_000_000...10_000_000
    /// Each of a trace's six `calibration` entries, as every calibration text
    /// (`CalibrationMatrix.parse`, which the reader uses): ±1000.
    public static let calibrationEntry: ClosedRange<Double> =
        -CalibrationMatrix.entryMagnitudeLimit...CalibrationMatrix.entryMagnitudeLimit
    /// A trace's `rotation`: read as a number in this range, then only 0, 90, 180 or 270.
    public static let rotationDegrees: ClosedRange<Int64> = 0...270
    /// A seat-wide or device slot number (-1: libinput's "no slot").
    public static let slot: ClosedRange<Int64> = -1...(1 << 20)

    /// `value` when it is in `range`; nil otherwise.
    static func checked<T: Comparable>(_ value: T?, _ range: ClosedRange<T>) -> T? {
        guard let value, range.contains(value) else { return nil }
        return value
    }
}
