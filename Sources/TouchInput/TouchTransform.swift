/// Where a touch lands in the upright layout: the device-normalized position goes through
/// the calibration matrix, is scaled onto the panel's native pixels, then turned upright
/// (`Rotation`). The evdev decoder (recordings and the direct path), the libinput backend
/// and the trace replay all use this one value.
public struct TouchTransform: Hashable, Sendable {
    /// The calibration applied to device-normalized positions (identity: none).
    public var calibration: CalibrationMatrix
    /// How the panel is mounted.
    public var rotation: Rotation
    /// The upright layout the touches land in, in pixels.
    public var uprightScreen: ScreenSize

    /// A transform onto the upright layout `uprightScreen`.
    public init(
        calibration: CalibrationMatrix = .identity, rotation: Rotation = .none,
        uprightScreen: ScreenSize
    ) {
        self.calibration = calibration
        self.rotation = rotation
        self.uprightScreen = uprightScreen
    }

    /// The panel's native size in pixels, onto which the device's axes map.
    public var nativeScreen: ScreenSize { rotation.nativeSize(ofUpright: uprightScreen) }

    /// True when positions pass unchanged (identity calibration, no rotation).
    public var isIdentity: Bool { calibration.isIdentity && rotation == .none }

    /// The upright layout pixel of a device-normalized position (0…1 across each axis).
    @inline(__always)
    public func uprightPixels(normalizedX x: Double, normalizedY y: Double) -> Point {
        let screen =
            calibration.isIdentity ? Point(x: x, y: y) : calibration.apply(Point(x: x, y: y))
        let native = nativeScreen
        let pixel = Point(
            x: screen.x * Double(native.widthPixels), y: screen.y * Double(native.heightPixels))
        return rotation == .none
            ? pixel : rotation.upright(fromNative: pixel, upright: uprightScreen)
    }

    /// The upright layout pixel of `pixels`, an uncalibrated position mapped onto a native
    /// screen of `deviceScreen` (libinput's `get_x_transformed`, a trace's positions).
    public func uprightPixels(_ pixels: Point, deviceScreen: ScreenSize) -> Point {
        uprightPixels(
            normalizedX: pixels.x / Double(max(deviceScreen.widthPixels, 1)),
            normalizedY: pixels.y / Double(max(deviceScreen.heightPixels, 1)))
    }

    /// `frame` with every contact's position moved by `uprightPixels(_:deviceScreen:)`.
    public func apply(to frame: TouchFrame, deviceScreen: ScreenSize) -> TouchFrame {
        var moved = frame
        for index in moved.contacts.indices {
            moved.contacts[index].positionPixels = uprightPixels(
                frame.contacts[index].positionPixels, deviceScreen: deviceScreen)
        }
        return moved
    }
}
