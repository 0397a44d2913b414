/// How the panel is mounted: turned N degrees clockwise from its native orientation
/// (`--rotate N`, docs/product-decisions.md "Rotation").
///
/// The layout is upright, W×H. An upright point (u, v) is the panel's native pixel
/// (v, W − u) for 90, (W − u, H − v) for 180 and (H − v, u) for 270. Touches from a device
/// fixed to the panel arrive in native pixels and go through the inverse.
public enum Rotation: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Mounted as made.
    case none = 0
    /// Turned a quarter turn clockwise.
    case clockwise90 = 90
    /// Upside down.
    case clockwise180 = 180
    /// Turned three quarters clockwise (a quarter anticlockwise).
    case clockwise270 = 270

    /// The rotation of `degrees`; nil unless it is 0, 90, 180 or 270.
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    /// The angle in degrees, clockwise.
    public var degrees: Int { rawValue }

    /// The angle as `--rotate` spells it (`90`).
    public var description: String { String(rawValue) }

    /// True for 90 and 270: the panel's width is the layout's height.
    public var swapsSides: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The panel's native size in pixels for an upright layout of `upright`.
    public func nativeSize(ofUpright upright: ScreenSize) -> ScreenSize {
        swapsSides
            ? ScreenSize(widthPixels: upright.heightPixels, heightPixels: upright.widthPixels)
            : upright
    }

    /// The upright layout size for a panel of native size `native` (the same swap).
    public func uprightSize(ofNative native: ScreenSize) -> ScreenSize {
        nativeSize(ofUpright: native)
    }

    /// The native panel pixel showing the upright point `point` of a layout of `upright`.
    public func native(fromUpright point: Point, upright: ScreenSize) -> Point {
        let width = Double(upright.widthPixels)
        let height = Double(upright.heightPixels)
        switch self {
        case .none: return point
        case .clockwise90: return Point(x: point.y, y: width - point.x)
        case .clockwise180: return Point(x: width - point.x, y: height - point.y)
        case .clockwise270: return Point(x: height - point.y, y: point.x)
        }
    }

    /// The upright point of a layout of `upright` under the native panel pixel `point`
    /// (where a finger on the turned panel lands in the layout).
    public func upright(fromNative point: Point, upright: ScreenSize) -> Point {
        let width = Double(upright.widthPixels)
        let height = Double(upright.heightPixels)
        switch self {
        case .none: return point
        case .clockwise90: return Point(x: width - point.y, y: point.x)
        case .clockwise180: return Point(x: width - point.x, y: height - point.y)
        case .clockwise270: return Point(x: point.y, y: height - point.x)
        }
    }
}
