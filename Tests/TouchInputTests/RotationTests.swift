import Testing
import TouchInput

/// `Rotation` and `TouchTransform`: docs/product-decisions.md's mapping ("Rotation") at all
/// four angles, both ways.
@Suite struct RotationTests {
    static let upright = ScreenSize(widthPixels: 1080, heightPixels: 1920)

    @Test func theMappingIsProductMdsAtEveryAngle() {
        let u = 100.0
        let v = 300.0
        let w = 1080.0
        let h = 1920.0
        let point = Point(x: u, y: v)
        #expect(Rotation.none.native(fromUpright: point, upright: Self.upright) == point)
        #expect(
            Rotation.clockwise90.native(fromUpright: point, upright: Self.upright)
                == Point(x: v, y: w - u))
        #expect(
            Rotation.clockwise180.native(fromUpright: point, upright: Self.upright)
                == Point(x: w - u, y: h - v))
        #expect(
            Rotation.clockwise270.native(fromUpright: point, upright: Self.upright)
                == Point(x: h - v, y: u))
    }

    @Test(arguments: Rotation.allCases)
    func everyAngleRoundTripsBothWays(rotation: Rotation) {
        let native = rotation.nativeSize(ofUpright: Self.upright)
        #expect(rotation.uprightSize(ofNative: native) == Self.upright)
        for point in [Point(x: 0, y: 0), Point(x: 1080, y: 1920), Point(x: 17.5, y: 1203.25)] {
            let there = rotation.native(fromUpright: point, upright: Self.upright)
            // A native point lies on the native panel.
            #expect(there.x >= 0 && there.x <= Double(native.widthPixels))
            #expect(there.y >= 0 && there.y <= Double(native.heightPixels))
            #expect(rotation.upright(fromNative: there, upright: Self.upright) == point)
            let nativePoint = Point(x: there.y.truncatingRemainder(dividingBy: 900), y: 33)
            let back = rotation.native(
                fromUpright: rotation.upright(fromNative: nativePoint, upright: Self.upright),
                upright: Self.upright)
            #expect(back == nativePoint)
        }
    }

    @Test func sidesSwapFor90And270Only() {
        #expect(
            Rotation.clockwise90.nativeSize(ofUpright: Self.upright)
                == ScreenSize(widthPixels: 1920, heightPixels: 1080))
        #expect(Rotation.clockwise270.swapsSides)
        #expect(Rotation.clockwise180.nativeSize(ofUpright: Self.upright) == Self.upright)
        #expect(Rotation(degrees: 45) == nil)
        #expect(Rotation(degrees: 360) == nil)
        #expect(Rotation(degrees: 270) == .clockwise270)
    }

    /// A touch at the panel's native top-left corner on a panel turned 90° lands at the
    /// upright layout's bottom-left... of the upright picture: (0, 0) native = (W, 0) upright.
    @Test func aTransformCalibratesThenTurnsUpright() {
        let transform = TouchTransform(rotation: .clockwise90, uprightScreen: Self.upright)
        #expect(transform.nativeScreen == ScreenSize(widthPixels: 1920, heightPixels: 1080))
        #expect(transform.uprightPixels(normalizedX: 0, normalizedY: 0) == Point(x: 1080, y: 0))
        #expect(transform.uprightPixels(normalizedX: 1, normalizedY: 0) == Point(x: 1080, y: 1920))
        let swapped = TouchTransform(
            calibration: CalibrationMatrix(a: 0, b: 1, c: 0, d: 1, e: 0, f: 0),
            uprightScreen: Self.upright)
        #expect(swapped.uprightPixels(normalizedX: 0.25, normalizedY: 0.5) == Point(x: 540, y: 480))
        #expect(TouchTransform(uprightScreen: Self.upright).isIdentity)
        let frame = TouchFrame(
            device: DeviceID(1), timeMicroseconds: 0,
            contacts: [
                TouchContact(seatSlot: 0, phase: .down, positionPixels: Point(x: 960, y: 540))
            ])
        // A trace made on the native 1920×1080 panel: its centre stays the centre.
        let moved = transform.apply(
            to: frame, deviceScreen: ScreenSize(widthPixels: 1920, heightPixels: 1080))
        #expect(moved.contacts[0].positionPixels == Point(x: 540, y: 960))
    }
}
