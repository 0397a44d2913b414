/// A look for the list, as data (docs/themes.md): the gradient active rows take their
/// colour from, the completed row, the background below the rows and the text.
///
/// Active row i of n takes the colour i/(n−1) of the way from `top` to `bottom` (the top
/// colour for a single row), as the heat map does (docs/clear-rules.md §2).
public struct Theme: Hashable, Sendable {
    /// The name used by `--theme`, the Themes page and the list file.
    public var name: String
    /// The colour of the first active row.
    public var top: RGBColor
    /// The colour of the last active row.
    public var bottom: RGBColor
    /// The fill of a completed row.
    public var completed: RGBColor
    /// The screen below and between the rows.
    public var background: RGBColor
    /// Row labels, the strikethrough, the caret and cues not yet armed.
    public var text: RGBColor

    /// A theme of its parts, as given.
    public init(
        name: String, top: RGBColor, bottom: RGBColor, completed: RGBColor,
        background: RGBColor, text: RGBColor
    ) {
        self.name = name
        self.top = top
        self.bottom = bottom
        self.completed = completed
        self.background = background
        self.text = text
    }

    /// Active row `index`'s colour among `count` rows: `top` for a single row (n = 1
    /// would divide 0 by 0), else i/(n−1) of the way to `bottom`.
    ///
    /// Written as top + (bottom − top)·i/(n−1), multiplied before the division, so that
    /// `heat` gives exactly the colours of the heat map, RGB(1, 0.6·i/(n−1), 0).
    public func rowColor(index: Int, count: Int) -> RGBColor {
        guard count > 1 else { return top }
        let steps = Double(count - 1)
        let step = Double(index)
        return RGBColor(
            red: top.red + (bottom.red - top.red) * step / steps,
            green: top.green + (bottom.green - top.green) * step / steps,
            blue: top.blue + (bottom.blue - top.blue) * step / steps)
    }

    /// The colour `fraction` (0...1) of the way down the gradient.
    public func gradientColor(at fraction: Double) -> RGBColor {
        top.mixed(with: bottom, fraction: fraction)
    }

    /// Every colour `fraction` of the way from this theme to `other` (0: this, 1: other),
    /// named as `other`: the cross-fade's theme at a moment.
    public func mixed(with other: Theme, fraction: Double) -> Theme {
        Theme(
            name: other.name, top: top.mixed(with: other.top, fraction: fraction),
            bottom: bottom.mixed(with: other.bottom, fraction: fraction),
            completed: completed.mixed(with: other.completed, fraction: fraction),
            background: background.mixed(with: other.background, fraction: fraction),
            text: text.mixed(with: other.text, fraction: fraction))
    }
}

extension Theme {
    /// Today's look and the default: red at the top to orange at the bottom, completed rows
    /// green, black below, white text.
    public static let heat = Theme(
        name: "heat", top: RGBColor(red: 1, green: 0, blue: 0),
        bottom: RGBColor(red: 1, green: 0.6, blue: 0), completed: .completedGreen,
        background: .black, text: .white)

    /// Deep blue to teal, completed rows slate.
    public static let ocean = Theme(
        name: "ocean", top: RGBColor(hex: 0x0D47A1), bottom: RGBColor(hex: 0x00695C),
        completed: RGBColor(hex: 0x455A64), background: RGBColor(hex: 0x061A2E),
        text: .white)

    /// Dark green to olive, completed rows brown.
    public static let forest = Theme(
        name: "forest", top: RGBColor(hex: 0x1B5E20), bottom: RGBColor(hex: 0x33691E),
        completed: RGBColor(hex: 0x5D4037), background: RGBColor(hex: 0x0B1F0C),
        text: .white)

    /// Purple to magenta, completed rows grey-violet.
    public static let dusk = Theme(
        name: "dusk", top: RGBColor(hex: 0x4A148C), bottom: RGBColor(hex: 0xAD1457),
        completed: RGBColor(hex: 0x5E5773), background: RGBColor(hex: 0x12061F),
        text: .white)

    /// Light greys with black text: for bright rooms.
    public static let paper = Theme(
        name: "paper", top: RGBColor(hex: 0xFFFFFF), bottom: RGBColor(hex: 0xE0E0E0),
        completed: RGBColor(hex: 0xBDBDBD), background: RGBColor(hex: 0xF5F5F5),
        text: RGBColor(hex: 0x000000))

    /// Black rows and background, yellow text: at least 7:1 against every colour it is
    /// drawn on (WCAG 2 level AAA, docs/themes.md).
    public static let highContrast = Theme(
        name: "high-contrast", top: RGBColor(hex: 0x000000), bottom: RGBColor(hex: 0x1A1A1A),
        completed: RGBColor(hex: 0x003300), background: RGBColor(hex: 0x000000),
        text: RGBColor(hex: 0xFFFF00))

    /// The themes the program knows, `heat` first (the Themes page shows them in this order).
    public static let builtIn: [Theme] = [heat, ocean, forest, dusk, paper, highContrast]

    /// The built-in theme called `name`, or nil.
    public static func named(_ name: String) -> Theme? {
        builtIn.first { $0.name == name }
    }

    /// The built-in themes' names, in order, comma-separated (for messages).
    public static var builtInNames: String { builtIn.map(\.name).joined(separator: ", ") }
}

extension RGBColor {
    /// The colour of a 24-bit `0xRRGGBB` value.
    public init(hex: UInt32) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255)
    }

    /// `#RRGGBB`, each component rounded to the nearest of 0...255.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF")
        var text = "#"
        for component in [red, green, blue] {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            text.append(digits[byte / 16])
            text.append(digits[byte % 16])
        }
        return text
    }

    /// The colour `fraction` (0...1) of the way from this one to `other`; exactly `self`
    /// at 0 and `other` at 1.
    public func mixed(with other: RGBColor, fraction: Double) -> RGBColor {
        if fraction <= 0 { return self }
        if fraction >= 1 { return other }
        return RGBColor(
            red: red + (other.red - red) * fraction,
            green: green + (other.green - green) * fraction,
            blue: blue + (other.blue - blue) * fraction)
    }

    /// WCAG 2's relative luminance: 0.2126 R + 0.7152 G + 0.0722 B of the linearised
    /// sRGB components (c/12.92 up to 0.04045, else ((c + 0.055)/1.055)^2.4).
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double {
            c <= 0.04045 ? c / 12.92 : power((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with `other`, (L1 + 0.05)/(L2 + 0.05) with L1 the lighter:
    /// 1 to 21.
    public func contrastRatio(with other: RGBColor) -> Double {
        let a = relativeLuminance
        let b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// x^y for x in (0, 1.1] without libm (ClearCore imports no C library): e^(y·ln x), with
/// ln and exp by their series after range reduction. Accurate to about 1e-12 here.
private func power(_ x: Double, _ y: Double) -> Double {
    guard x > 0 else { return 0 }
    return exponential(y * logarithm(x))
}

private let ln2 = 0.693_147_180_559_945_309_4

private func logarithm(_ x: Double) -> Double {
    // x = m·2^k with m in [0.75, 1.5); ln m by the atanh series of (m−1)/(m+1).
    var m = x
    var k = 0.0
    while m >= 1.5 {
        m /= 2
        k += 1
    }
    while m < 0.75 {
        m *= 2
        k -= 1
    }
    let s = (m - 1) / (m + 1)
    let s2 = s * s
    var term = s
    var sum = 0.0
    var n = 1.0
    while abs(term / n) > 1e-17 {
        sum += term / n
        term *= s2
        n += 2
    }
    return 2 * sum + k * ln2
}

private func exponential(_ x: Double) -> Double {
    // e^x = 2^k · e^r with |r| ≤ ln2/2; e^r by its Taylor series.
    let k = (x / ln2).rounded()
    let r = x - k * ln2
    var term = 1.0
    var sum = 1.0
    var n = 1.0
    while abs(term) > 1e-17 {
        term *= r / n
        sum += term
        n += 1
    }
    var scale = 1.0
    var steps = Int(abs(k))
    while steps > 0 {
        scale *= 2
        steps -= 1
    }
    return k >= 0 ? sum * scale : sum / scale
}
