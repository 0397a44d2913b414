import TouchInput

/// The thresholds of the touchpad gesture mapping (docs/libinput-backend.md).
/// libinput reports touchpad pointer motion, finger scrolling and swipe motion in its
/// normalised, accelerated units (those of a 1000 dpi mouse: on the test touchpad about
/// ten units per millimetre of finger travel at moderate speed). The client's layout
/// comes in as two lengths: Clear's session passes its row height for both.
public struct TouchpadMappingConfiguration: Hashable, Sendable {
    /// The screen the pointer moves on.
    public var screen: ScreenSize
    /// The two pretend touches of a pinch start this far apart, and move apart by it per
    /// unit of scale.
    public var pinchSpanPerScalePixels: Double
    /// When set, a pinch is centred on the nearest line of a horizontal grid this far
    /// apart in list content coordinates (the scroll offset applied), never on the
    /// line at the list's top; with Clear's row height, the seam between the two rows
    /// nearest the pointer. Nil: on the pointer.
    public var pinchCentreGridPixels: Double?
    /// Screen pixels per libinput finger-scroll or swipe unit.
    public var scrollPixelsPerUnit: Double
    /// Screen pixels per libinput pointer-motion unit.
    public var pointerPixelsPerUnit: Double
    /// Finger travel (libinput units) before a two-finger scroll or three-finger swipe
    /// decides between horizontal (row pan) and vertical (scroll or pull).
    public var axisDecisionSlopUnits: Double
    /// The window for the velocity reported by a pan, scroll or pull: samples at most this
    /// old at a stroke's latest motion count.
    public var velocityWindowMicroseconds: Int64
    /// The most samples the velocity estimator keeps (a ring buffer allocated once).
    public var velocitySampleCapacity: Int

    /// A mapping onto `screen`; every threshold but the pinch span has a default.
    public init(
        screen: ScreenSize, pinchSpanPerScalePixels: Double, pinchCentreGridPixels: Double? = nil,
        scrollPixelsPerUnit: Double = 2, pointerPixelsPerUnit: Double = 1,
        axisDecisionSlopUnits: Double = 10, velocityWindowMicroseconds: Int64 = 100_000,
        velocitySampleCapacity: Int = 64
    ) {
        self.screen = screen
        self.pinchSpanPerScalePixels = pinchSpanPerScalePixels
        self.pinchCentreGridPixels = pinchCentreGridPixels
        self.scrollPixelsPerUnit = scrollPixelsPerUnit
        self.pointerPixelsPerUnit = pointerPixelsPerUnit
        self.axisDecisionSlopUnits = axisDecisionSlopUnits
        self.velocityWindowMicroseconds = velocityWindowMicroseconds
        self.velocitySampleCapacity = velocitySampleCapacity
    }
}
