/// A touch calibration in libinput's `LIBINPUT_CALIBRATION_MATRIX` convention: six numbers
/// a b c d e f that map a device-normalized position (x, y), each 0…1 across the device's
/// axis range, to the screen-normalized position (a·x + b·y + c, d·x + e·y + f).
///
/// The identity `1 0 0 0 1 0` leaves positions as they are; `0 1 0 1 0 0` swaps the axes,
/// `-1 0 1 0 1 0` mirrors X.
public struct CalibrationMatrix: Hashable, Sendable, CustomStringConvertible {
    /// The first row: screen x = a·x + b·y + c.
    public var a: Double
    /// See `a`.
    public var b: Double
    /// See `a`.
    public var c: Double
    /// The second row: screen y = d·x + e·y + f.
    public var d: Double
    /// See `d`.
    public var e: Double
    /// See `d`.
    public var f: Double

    /// The matrix a b c / d e f.
    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    /// The matrix of six values in the order a b c d e f; nil unless there are six.
    public init?(_ values: [Double]) {
        guard values.count == 6 else { return nil }
        self.init(
            a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    /// The udev property libinput reads a device's default calibration from.
    public static let udevProperty = "LIBINPUT_CALIBRATION_MATRIX"

    /// The matrix that changes nothing.
    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    /// A determinant smaller than this (in absolute value) makes the matrix singular: it
    /// would squeeze the whole device onto a line (a scale of 1/1000 000 on one side).
    public static let singularDeterminantLimit = 1e-6

    /// The largest magnitude of an entry a text may give (`parse`; a trace's `calibration`
    /// line, `--calibration`, the calibration file): the offsets c and f are fractions of
    /// the screen, so ±1000 is far past any real panel, and every position stays finite.
    public static let entryMagnitudeLimit = 1000.0

    /// The six numbers in the order a b c d e f.
    public var values: [Double] { [a, b, c, d, e, f] }

    /// True when every number is finite.
    public var isFinite: Bool { values.allSatisfy { $0.isFinite } }

    /// a·e − b·d: how the matrix scales areas.
    public var determinant: Double { a * e - b * d }

    /// True when the matrix maps the plane onto a line or a point (no inverse).
    public var isSingular: Bool {
        !(determinant.magnitude >= Self.singularDeterminantLimit)
    }

    /// True when the matrix is exactly the identity.
    public var isIdentity: Bool { self == .identity }

    /// The screen-normalized position of the device-normalized `point`.
    @inline(__always)
    public func apply(_ point: Point) -> Point {
        Point(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f)
    }

    /// The matrix that undoes this one; nil when it is singular.
    public var inverse: CalibrationMatrix? {
        guard !isSingular else { return nil }
        let det = determinant
        let ia = e / det
        let ib = -b / det
        let id = -d / det
        let ie = a / det
        return CalibrationMatrix(
            a: ia, b: ib, c: -(ia * c + ib * f), d: id, e: ie, f: -(id * c + ie * f))
    }

    /// Why a text is not a usable calibration matrix.
    public enum ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not exactly six numbers (the count found).
        case wrongCount(Int)
        /// A field that is not a finite decimal number.
        case notANumber(String)
        /// Six numbers whose 2×2 part has no inverse (the determinant).
        case singular(Double)
        /// An entry beyond ±`entryMagnitudeLimit`.
        case outOfRange(Double)

        public var description: String {
            switch self {
            case .wrongCount(let count):
                "a calibration matrix is six numbers a b c d e f, got \(count)"
            case .notANumber(let field): "'\(QuotedInput.cut(field))' is not a finite number"
            case .singular(let determinant):
                "the matrix is singular (a·e − b·d = \(determinant)): it maps the screen onto a line"
            case .outOfRange(let value):
                "\(value) is out of range: every entry must be within -\(Int(CalibrationMatrix.entryMagnitudeLimit)) to \(Int(CalibrationMatrix.entryMagnitudeLimit))"
            }
        }
    }

    /// Six finite numbers separated by spaces or tabs (udev's property form), each within
    /// ±`entryMagnitudeLimit`, not singular.
    public static func parse(_ text: String) -> Result<CalibrationMatrix, ParseError> {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count == 6 else { return .failure(.wrongCount(fields.count)) }
        var values: [Double] = []
        for field in fields {
            guard let value = Double(field), value.isFinite else {
                return .failure(.notANumber(String(field)))
            }
            guard value.magnitude <= entryMagnitudeLimit else {
                return .failure(.outOfRange(value))
            }
            values.append(value)
        }
        let matrix = CalibrationMatrix(values)!
        guard !matrix.isSingular else { return .failure(.singular(matrix.determinant)) }
        return .success(matrix)
    }

    /// The six numbers separated by spaces, each rounded to 6 decimals (the udev form).
    public var description: String {
        values.map(Self.decimal).joined(separator: " ")
    }

    /// `value` with at most 6 decimals and no trailing zeros (`0.5`, `-1`, `0.000125`).
    public static func decimal(_ value: Double) -> String {
        let scaled = (value * 1_000_000).rounded()
        guard scaled.magnitude < 1e15 else { return "\(value)" }
        var whole = Int64(scaled)
        let negative = whole < 0
        whole = whole.magnitude > 0 ? Int64(whole.magnitude) : 0
        let integer = whole / 1_000_000
        var fraction = String(whole % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let body = fraction.isEmpty ? "\(integer)" : "\(integer).\(fraction)"
        return negative ? "-" + body : body
    }
}
