import ClearCore
import GestureRecognition
import JSON
import TouchInput

/// One named threshold (`cleartouch test --list-thresholds`, `--set NAME=VALUE`): its
/// name, with the unit in it where it has one, Clear's default, the values allowed and
/// what it sets.
public struct NamedThreshold: Hashable, Sendable {
    /// Which setting it is.
    public enum Key: String, CaseIterable, Sendable {
        case slopMillimetres = "slop-mm"
        case slopPixels = "slop-px"
        case tapMaximum = "tap-max-ms"
        case longPress = "long-press-ms"
        case velocityWindow = "velocity-window-ms"
        case velocitySamples = "velocity-samples"
        case maximumTouches = "max-touches"
        case touchpadAxisSlop = "touchpad-axis-slop-units"
        case panComplete = "pan-complete-fraction"
        case panDelete = "pan-delete-fraction"
        case pullAdd = "pull-add-row-heights"
        case pullUpLevel = "pull-up-level-row-heights"
        case pinchAdd = "pinch-add-row-heights"
        case pinchTogether = "pinch-together-row-heights"
        case clearCompleted = "clear-completed-row-heights"
    }

    public let key: Key
    /// What the value counts: `mm`, `px`, `ms`, `W` (a share of the row's width), `H`
    /// (row heights), `count`, `libinput units`.
    public let unit: String
    public let range: ClosedRange<Double>
    /// Only whole numbers (counts).
    public let isWhole: Bool
    /// What it sets, in a few words.
    public let sets: String
    /// The rule of `cleartouch test --margins` it decides (nil: it decides none there).
    public let rule: String?

    /// The name on the command line.
    public var name: String { key.rawValue }
    /// Clear's value.
    public var defaultValue: Double { Thresholds().value(of: key) }
}

/// Every named threshold of one run: the recognizers' (`GestureConfiguration`), the
/// touchpad mapping's axis decision and Clear's rules (`ClearRules`), Clear's own by
/// default. `--set NAME=VALUE` changes one (docs/replay.md, "Thresholds").
public struct Thresholds: Hashable, Sendable {
    public var gesture = GestureConfiguration.clear
    public var rules = ClearRules.clear
    public var touchpadAxisDecisionSlopUnits = 10.0

    public init() {}

    /// True when every threshold has Clear's value.
    public var isDefault: Bool { self == Thresholds() }

    /// The registry, in the order `--list-thresholds` prints it.
    public static let all: [NamedThreshold] = [
        .init(
            key: .slopMillimetres, unit: "mm", range: 0.1...100, isWhole: false,
            sets: "how far a touch may move and still rest (tap, hold), devices with a size",
            rule: "slop"),
        .init(
            key: .slopPixels, unit: "px", range: 0.5...1000, isWhole: false,
            sets: "the same for touches with screen positions only", rule: "slop"),
        .init(
            key: .tapMaximum, unit: "ms", range: 1...10_000, isWhole: false,
            sets: "the longest a tap may last", rule: "tap-max"),
        .init(
            key: .longPress, unit: "ms", range: 1...60_000, isWhole: false,
            sets: "how long a touch rests before a hold (reorder) begins", rule: "long-press"),
        .init(
            key: .velocityWindow, unit: "ms", range: 1...10_000, isWhole: false,
            sets: "the age of the samples a release velocity (fling) is fitted to", rule: nil),
        .init(
            key: .velocitySamples, unit: "count", range: 2...4096, isWhole: true,
            sets: "the most samples the velocity fit keeps", rule: nil),
        .init(
            key: .maximumTouches, unit: "count", range: 1...1024, isWhole: true,
            sets: "the most touches followed at once", rule: nil),
        .init(
            key: .touchpadAxisSlop, unit: "libinput units", range: 0.1...10_000, isWhole: false,
            sets: "touchpad travel before a scroll or swipe picks its axis", rule: nil),
        .init(
            key: .panComplete, unit: "W", range: 0.01...2, isWhole: false,
            sets: "a row pan released right of this share of W completes", rule: "pan-complete"),
        .init(
            key: .panDelete, unit: "W", range: 0.01...2, isWhole: false,
            sets: "a row pan released left of minus this share of W deletes",
            rule: "pan-delete"),
        .init(
            key: .pullAdd, unit: "H", range: 0.01...20, isWhole: false,
            sets: "a pull released past this many rows adds an item", rule: "pull-add"),
        .init(
            key: .pullUpLevel, unit: "H", range: 0.01...40, isWhole: false,
            sets: "a pull released past this many rows goes up a level",
            rule: "pull-up-level"),
        .init(
            key: .pinchAdd, unit: "H", range: 0.01...20, isWhole: false,
            sets: "a pinch apart released with a wider gap adds an item", rule: "pinch-add"),
        .init(
            key: .pinchTogether, unit: "H", range: 0.01...20, isWhole: false,
            sets: "a pinch together closing more than this closes a level",
            rule: "pinch-together"),
        .init(
            key: .clearCompleted, unit: "H", range: 0.01...20, isWhole: false,
            sets: "a pull up past the end by more clears the completed",
            rule: "clear-completed"),
    ]

    /// The threshold named `name`, or nil.
    public static func named(_ name: String) -> NamedThreshold? {
        all.first { $0.name == name }
    }

    /// The value of `key` (durations in milliseconds).
    public func value(of key: NamedThreshold.Key) -> Double {
        switch key {
        case .slopMillimetres: gesture.slopMillimetres
        case .slopPixels: gesture.slopPixels
        case .tapMaximum: Double(gesture.tapMaximumDurationMicroseconds) / 1000
        case .longPress: Double(gesture.longPressMinimumDurationMicroseconds) / 1000
        case .velocityWindow: Double(gesture.velocityWindowMicroseconds) / 1000
        case .velocitySamples: Double(gesture.velocitySampleCapacity)
        case .maximumTouches: Double(gesture.maximumSimultaneousTouches)
        case .touchpadAxisSlop: touchpadAxisDecisionSlopUnits
        case .panComplete: rules.panCompleteWidthFraction
        case .panDelete: rules.panDeleteWidthFraction
        case .pullAdd: rules.pullAddRowHeights
        case .pullUpLevel: rules.pullUpLevelRowHeights
        case .pinchAdd: rules.pinchAddRowHeights
        case .pinchTogether: rules.pinchTogetherRowHeights
        case .clearCompleted: rules.clearCompletedRowHeights
        }
    }

    /// Sets `key` to `value`, which the caller has checked against its range.
    public mutating func set(_ key: NamedThreshold.Key, to value: Double) {
        func microseconds(_ milliseconds: Double) -> Int64 {
            Int64((milliseconds * 1000).rounded())
        }
        switch key {
        case .slopMillimetres: gesture.slopMillimetres = value
        case .slopPixels: gesture.slopPixels = value
        case .tapMaximum: gesture.tapMaximumDurationMicroseconds = microseconds(value)
        case .longPress: gesture.longPressMinimumDurationMicroseconds = microseconds(value)
        case .velocityWindow: gesture.velocityWindowMicroseconds = microseconds(value)
        case .velocitySamples: gesture.velocitySampleCapacity = Int(value)
        case .maximumTouches: gesture.maximumSimultaneousTouches = Int(value)
        case .touchpadAxisSlop: touchpadAxisDecisionSlopUnits = value
        case .panComplete: rules.panCompleteWidthFraction = value
        case .panDelete: rules.panDeleteWidthFraction = value
        case .pullAdd: rules.pullAddRowHeights = value
        case .pullUpLevel: rules.pullUpLevelRowHeights = value
        case .pinchAdd: rules.pinchAddRowHeights = value
        case .pinchTogether: rules.pinchTogetherRowHeights = value
        case .clearCompleted: rules.clearCompletedRowHeights = value
        }
    }

    /// Applies one `NAME=VALUE` of `--set`: an unknown name (the nearest is suggested), a
    /// value that is no number, not whole where it must be, or out of range is an error.
    public mutating func apply(assignment text: String) throws(UsageText) {
        guard let equals = text.firstIndex(of: "=") else {
            throw UsageText(
                "--set needs NAME=VALUE (e.g. slop-px=12), got '\(QuotedInput.cut(text))'")
        }
        let name = String(text[..<equals])
        let threshold = try Self.threshold(named: name, option: "--set")
        let value = try threshold.parse(String(text[text.index(after: equals)...]), option: "--set")
        set(threshold.key, to: value)
    }

    /// The threshold `name`; unknown, an error naming the nearest.
    public static func threshold(named name: String, option: String) throws(UsageText)
        -> NamedThreshold
    {
        if let threshold = named(name) { return threshold }
        // A rule's name (`pan-complete`) or a name without its unit is a prefix of the
        // threshold's name; else the closest spelling.
        // Spelling is compared on the quoted part only: the distance costs the product of
        // the lengths (a 1 MB name took minutes).
        let typed = String(
            String.UnicodeScalarView(name.unicodeScalars.prefix(QuotedInput.maximumScalars)))
        let nearest =
            all.first { $0.name.hasPrefix(name + "-") }
            ?? all.map { ($0, editDistance($0.name, typed)) }.min { $0.1 < $1.1 }!.0
        throw UsageText(
            "\(option): unknown threshold '\(QuotedInput.cut(name))' (did you mean '\(nearest.name)'? `cleartouch test --list-thresholds` lists them)"
        )
    }

    /// Levenshtein distance, for the suggestion.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard !a.isEmpty else { return b.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The `--list-thresholds` table: name, unit, default, range, what it sets.
    public static func table() -> String {
        let rows = all.map {
            [
                $0.name, $0.unit, format($0.defaultValue),
                format($0.range.lowerBound) + " to " + format($0.range.upperBound), $0.sets,
            ]
        }
        let header = ["NAME", "UNIT", "DEFAULT", "RANGE", "SETS"]
        let widths = (0..<4).map { column in
            ([header] + rows).map { $0[column].count }.max()!
        }
        return ([header] + rows).map { row in
            (0..<4).map { row[$0].padded(to: widths[$0]) }.joined(separator: "  ") + "  "
                + row[4]
        }.joined(separator: "\n") + "\n"
    }

    /// A number as the tables print it: whole numbers without a fraction.
    public static func format(_ value: Double) -> String { JSONNumber(value).text }
}

extension NamedThreshold {
    /// The value `text` for this threshold: a finite number, whole where it must be, in
    /// range; else an error naming `option`.
    public func parse(_ text: String, option: String, rangeChecked: Bool = true)
        throws(UsageText) -> Double
    {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && !$0.isWhitespace }),
            let value = Double(text), value.isFinite
        else {
            throw UsageText("\(option) \(name)=\(text): the value must be a number")
        }
        guard rangeChecked else { return value }
        if isWhole && value != value.rounded() {
            throw UsageText("\(option) \(name)=\(text): the value must be a whole number")
        }
        guard range.contains(value) else {
            throw UsageText(
                "\(option) \(name)=\(text): out of range, \(Thresholds.format(range.lowerBound)) to \(Thresholds.format(range.upperBound)) \(unit)"
            )
        }
        return value
    }
}

extension String {
    /// The text with spaces after it up to `width` characters.
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
