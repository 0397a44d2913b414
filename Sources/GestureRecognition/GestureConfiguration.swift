import TouchInput

/// Every threshold the recognizers use. Units are part of each name; the defaults
/// (`GestureConfiguration.clear`) are Clear's and are listed with their sources in
/// docs/gestures.md.
public struct GestureConfiguration: Hashable, Sendable {
    /// How far a touch may move and still count as resting, when its contacts carry
    /// positions in millimetres (the device size is known).
    public var slopMillimetres: Double
    /// The same limit for touches whose contacts carry only screen positions.
    public var slopPixels: Double
    /// A tap is a touch lifted within the slop at most this long after it went down.
    public var tapMaximumDurationMicroseconds: Int64
    /// A long-press begins once a touch has stayed within the slop this long.
    public var longPressMinimumDurationMicroseconds: Int64
    /// Velocity is a least-squares fit over the samples no older than this.
    public var velocityWindowMicroseconds: Int64
    /// The most samples the velocity estimator keeps (a ring buffer; older ones drop out).
    public var velocitySampleCapacity: Int
    /// The most touches the arena tracks at once; further downs are ignored.
    public var maximumSimultaneousTouches: Int

    /// Thresholds with Clear's defaults for every one not given.
    public init(
        slopMillimetres: Double = 2,
        slopPixels: Double = 10,
        tapMaximumDurationMicroseconds: Int64 = 300_000,
        longPressMinimumDurationMicroseconds: Int64 = 500_000,
        velocityWindowMicroseconds: Int64 = 100_000,
        velocitySampleCapacity: Int = 64,
        maximumSimultaneousTouches: Int = 32
    ) {
        self.slopMillimetres = slopMillimetres
        self.slopPixels = slopPixels
        self.tapMaximumDurationMicroseconds = tapMaximumDurationMicroseconds
        self.longPressMinimumDurationMicroseconds = longPressMinimumDurationMicroseconds
        self.velocityWindowMicroseconds = velocityWindowMicroseconds
        self.velocitySampleCapacity = velocitySampleCapacity
        self.maximumSimultaneousTouches = maximumSimultaneousTouches
    }

    /// Clear's thresholds: 2 mm (else 10 px) slop, 300 ms tap, 500 ms long-press,
    /// velocity over the last 100 ms, 32 touches.
    public static let clear = GestureConfiguration()
}
