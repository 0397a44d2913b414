import ClearCore

/// A colour with alpha, components in 0...1 (not premultiplied).
public struct RGBAColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public init(_ color: RGBColor, alpha: Double = 1) {
        self.init(red: color.red, green: color.green, blue: color.blue, alpha: alpha)
    }

    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
}

/// One pixel read back from an image surface: 8-bit channels, not premultiplied.
public struct Pixel: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public var description: String { "(\(red), \(green), \(blue), α\(alpha))" }
}

extension RGBAColor {
    /// A colour written as `0xRRGGBB` (web notation), at `alpha`.
    public init(hex: UInt32, alpha: Double = 1) {
        func channel(_ shift: UInt32) -> Double { Double((hex >> shift) & 0xFF) / 255 }
        self.init(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
    }
}
