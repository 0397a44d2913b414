import TouchInput

/// The thresholds of the touchpad → Clear gesture mapping (docs/libinput-backend.md).
/// libinput reports touchpad pointer motion, finger scrolling and swipe motion in its
/// normalised, accelerated units (those of a 1000 dpi mouse: on the test touchpad about
/// ten units per millimetre of finger travel at moderate speed).
public struct TouchpadMappingConfiguration: Hashable, Sendable {
    /// The screen the pointer moves on.
    public var screen: ScreenSize
    /// Clear's row height: a pinch opens the seam between the two rows nearest the pointer.
    public var rowHeightPixels: Double
    /// Screen pixels per libinput finger-scroll or swipe unit.
    public var scrollPixelsPerUnit: Double
    /// Screen pixels per libinput pointer-motion unit.
    public var pointerPixelsPerUnit: Double
    /// Finger travel (libinput units) before a two-finger scroll or three-finger swipe
    /// decides between horizontal (row pan) and vertical (scroll or pull).
    public var axisDecisionSlopUnits: Double
    /// The two pretend touches of a pinch start this far apart (one row: the middle of the
    /// upper row to the middle of the lower row), and move apart by it per unit of scale.
    public var pinchSpanPerScalePixels: Double
    /// The window for the velocity reported at the end of a pan, scroll or pull.
    public var velocityWindowMicroseconds: Int64

    public init(
        screen: ScreenSize, rowHeightPixels: Double? = nil, scrollPixelsPerUnit: Double = 2,
        pointerPixelsPerUnit: Double = 1, axisDecisionSlopUnits: Double = 10,
        pinchSpanPerScalePixels: Double? = nil, velocityWindowMicroseconds: Int64 = 100_000
    ) {
        let row = rowHeightPixels ?? (Double(screen.widthPixels) * 50 / 320).rounded()
        self.screen = screen
        self.rowHeightPixels = row
        self.scrollPixelsPerUnit = scrollPixelsPerUnit
        self.pointerPixelsPerUnit = pointerPixelsPerUnit
        self.axisDecisionSlopUnits = axisDecisionSlopUnits
        self.pinchSpanPerScalePixels = pinchSpanPerScalePixels ?? row
        self.velocityWindowMicroseconds = velocityWindowMicroseconds
    }
}
