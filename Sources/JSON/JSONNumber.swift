/// A JSON number: its value and the exact text it is written as, so writers choose the
/// form (`169`, `52.5`, `1234.500`) and parsed files keep theirs.
public struct JSONNumber: Hashable, Sendable, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, CustomStringConvertible
{
    /// The number's text in JSON.
    public let text: String
    /// The number's value.
    public let value: Double

    init(text: String, value: Double) {
        self.text = text
        self.value = value
    }

    /// An integer.
    public init(_ value: Int) {
        self.init(text: String(value), value: Double(value))
    }

    /// An unsigned integer, written with every digit (an id past 2^53 keeps its value in
    /// `text`; `value` is then the nearest Double).
    public init(exactly value: UInt64) {
        self.init(text: String(value), value: Double(value))
    }

    /// A number without a needless fraction (`169`, `52.5`); non-finite values (which
    /// JSON cannot hold) are written as they print.
    public init(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            self.init(text: String(Int64(value)), value: value)
        } else {
            self.init(text: String(value), value: value)
        }
    }

    /// Microseconds as milliseconds with three decimals (exact: no floating point).
    public static func milliseconds(_ microseconds: Int64) -> JSONNumber {
        let sign = microseconds < 0 ? "-" : ""
        let magnitude = microseconds.magnitude
        let fraction = String(magnitude % 1000)
        let text =
            sign + String(magnitude / 1000) + "."
            + String(repeating: "0", count: 3 - fraction.count) + fraction
        return JSONNumber(text: text, value: Double(microseconds) / 1000)
    }

    /// An integer literal.
    public init(integerLiteral value: Int) { self.init(value) }

    /// A floating-point literal.
    public init(floatLiteral value: Double) { self.init(value) }

    /// The number's text.
    public var description: String { text }

    /// Equal values, whatever their text (`1.0 == 1`).
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool { lhs.value == rhs.value }

    /// Hashes the value.
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
