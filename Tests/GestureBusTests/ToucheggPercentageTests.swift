import GestureBus
import GestureService
import SDBus
import Testing
import TouchInput

/// Touchégg's percentage follows the fingers as `GestureUpdated`'s progress does
/// (docs/gesture-service.md, "Progress follows the fingers"): 0 at the begin, exactly 100
/// at the distance that recognizes the gesture.
@Suite struct ToucheggPercentageTests {
    /// Three fingers swiping right 40 mm, 2.5 mm every 10 ms, on a 4 px per mm screen,
    /// unbound (the default 20 mm): the signals Touchégg's clients receive.
    static func swipe() -> [BusSignalEmission] {
        let device = DeviceID(1)
        var service = GestureService(
            configuration: GestureServiceConfiguration(path: "", bindings: []))
        var reports: [ServiceGestureReport] = []
        service.handle(
            .deviceAdded(
                DeviceDescription(
                    id: device, name: "t", kind: .touchscreen,
                    sizeMillimetres: SizeMillimetres(width: 270, height: 480),
                    screen: ScreenSize(widthPixels: 1080, heightPixels: 1920)),
                timeMicroseconds: 0), into: &reports)
        for step in 0...17 {
            let contacts = (0..<3).map {
                TouchContact(
                    seatSlot: $0, phase: step == 0 ? .down : step == 17 ? .up : .move,
                    positionPixels: Point(
                        x: 200 + Double($0) * 60 + Double(min(step, 16)) * 10, y: 800))
            }
            service.handle(
                .touchFrame(
                    TouchFrame(
                        device: device, timeMicroseconds: Int64(step) * 10_000, contacts: contacts)),
                into: &reports)
        }
        var translator = ToucheggTranslator()
        return reports.flatMap { translator.emissions(for: $0) }
    }

    static func percentage(_ emission: BusSignalEmission) -> Double? {
        guard case .double(let value) = emission.values[2] else { return nil }
        return value
    }

    @Test func thePercentageFollowsTheFingersToExactly100AtTheDistance() throws {
        let emissions = Self.swipe()
        #expect(emissions.first?.signal == ToucheggProtocol.onGestureBegin)
        #expect(emissions.first.flatMap(Self.percentage) == 0)
        let updates = emissions.filter { $0.signal == ToucheggProtocol.onGestureUpdate }
            .compactMap(Self.percentage)
        // Closed (a finger 12.5 mm from where it landed) and begun at 50 ms; then 15, 17.5
        // mm (just below the distance), 20 mm (exactly); beyond it the progress stays 1 and
        // an update that would repeat it is not sent (docs/gesture-service.md).
        let first = try #require(updates.first)
        #expect(first > 0 && first < 50)
        #expect(updates == updates.sorted())
        #expect(updates.count == 3)
        #expect(updates[1] < 100)
        #expect(updates[2] == 100)
        #expect(emissions.last.flatMap(Self.percentage) == 100)
    }
}
