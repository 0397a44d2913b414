import GestureRecognition
import GestureService
import Testing
import TouchInput

/// The service: bindings matched, distances applied, progress, commands only on a
/// recognized end.
@Suite("Gesture service")
struct GestureServiceTests {
    static let device = DeviceID(1)
    /// 4 px per mm.
    static let touchscreen = DeviceDescription(
        id: device, name: "t", kind: .touchscreen,
        sizeMillimetres: SizeMillimetres(width: 270, height: 480),
        screen: ScreenSize(widthPixels: 1080, heightPixels: 1920))

    static let back = GestureBinding(
        name: "back", kind: .swipe, fingers: 3, direction: .left, distanceMillimetres: 30,
        command: ["xdotool", "key", "alt+Left"])

    /// Three fingers swipe left by `millimetres` in `step` mm steps 10 ms apart from
    /// 110 ms (the last step shorter).
    static func swipe(
        _ millimetres: Double, step: Double = 10, configuration: [GestureBinding] = [back]
    ) -> [ServiceGestureReport] {
        var service = GestureService(
            configuration: GestureServiceConfiguration(path: "g.yaml", bindings: configuration))
        var reports: [ServiceGestureReport] = []
        service.handle(.deviceAdded(touchscreen, timeMicroseconds: 0), into: &reports)
        var x = [800.0, 860, 920]
        func frame(_ ms: Int64, _ phase: TouchPhase) {
            let contacts = (0..<3).map {
                TouchContact(seatSlot: $0, phase: phase, positionPixels: Point(x: x[$0], y: 800))
            }
            service.handle(
                .touchFrame(
                    TouchFrame(device: device, timeMicroseconds: ms * 1000, contacts: contacts)),
                into: &reports)
        }
        frame(0, .down)
        var moved = 0.0
        var time: Int64 = 100
        while moved < millimetres {
            let length = min(step, millimetres - moved)
            moved += length
            time += 10
            for index in x.indices { x[index] -= length * 4 }
            frame(time, .move)
        }
        frame(time + 10, .up)
        return reports
    }

    @Test(arguments: [(29.75, true), (30.0, false)])
    func aSwipeShortOfItsBindingsDistanceIsCancelled(millimetres: Double, cancelled: Bool) throws {
        let reports = Self.swipe(millimetres)
        let last = try #require(reports.last)
        #expect(last.phase == .ended(cancelled: cancelled))
        #expect(last.binding == "back")
        #expect(last.command == (cancelled ? nil : ["xdotool", "key", "alt+Left"]))
        #expect(reports.dropLast().allSatisfy { $0.command == nil })
        #expect(reports.first?.phase == .began)
        #expect(
            reports.allSatisfy { $0.kind == .swipe && $0.fingers == 3 && $0.direction == .left })
    }

    static func progress(_ reports: [ServiceGestureReport]) -> [Double] {
        reports.compactMap { report -> Double? in
            if case .updated(let progress) = report.phase { return progress }
            return nil
        }
    }

    /// 1 mm every 10 ms: the grouping time closes the group at 150 ms, when it has come
    /// 4 mm (the frame's move follows), and the swipe begins there; progress is the travel
    /// since then over the 26 mm left of back's 30 mm (docs/gesture-service.md, "Progress
    /// follows the fingers").
    @Test func progressFollowsTheFingersFromTheBeganToTheDistance() {
        let reports = Self.swipe(40, step: 1)
        #expect(reports.first?.phase == .began)
        let progress = Self.progress(reports)
        // One update a frame until the distance; beyond it progress stays 1, and an update
        // that would repeat it is not reported.
        #expect(progress.count == 26)
        #expect(progress.first == 1.0 / 26)
        #expect(progress == progress.sorted())
        // Travel 29 mm (just below the distance), 30 mm (exactly), then beyond.
        #expect(progress[24] == 25.0 / 26)
        #expect(progress[25] == 1)
        #expect(reports.count == 28)
        #expect(reports.last?.phase == .ended(cancelled: false))
    }

    /// A fast swipe (2.5 mm a frame, as the bundled 3-finger swipe) that travels twice its
    /// distance: it begins once a finger is beyond the grouping motion, at 12.5 mm, and its
    /// first update is far below 0.5.
    @Test(arguments: [2.5, 5])
    func aSwipeTravellingTwiceItsDistanceFirstUpdatesBelowHalf(step: Double) throws {
        let progress = Self.progress(Self.swipe(60, step: step))
        let first = try #require(progress.first)
        #expect(first < 0.5)
        #expect(first > 0)
        #expect(progress.last == 1)
    }

    @Test(arguments: [(19.75, true), (20.0, false)])
    func anUnboundSwipeUsesTheDefaultDistance(millimetres: Double, cancelled: Bool) {
        let reports = Self.swipe(millimetres, configuration: [])
        #expect(reports.last?.phase == .ended(cancelled: cancelled))
        #expect(reports.allSatisfy { $0.binding == nil && $0.command == nil })
    }

    @Test func aBindingForAnotherFingerCountDoesNotMatch() {
        var two = Self.back
        two.fingers = 2
        #expect(Self.swipe(40, configuration: [two]).allSatisfy { $0.binding == nil })
    }

    @Test func theSummaryIsTheContractsJSON() throws {
        let reports = Self.swipe(40)
        let last = try #require(reports.last)
        let summary = try #require(ServiceGestureSummary(last, origin: 0))
        #expect(
            ServiceGestureSummary.jsonText([summary])
                == """
                {
                  "gestures": [
                    {"gesture": "swipe", "fingers": 3, "direction": "left", "edge": null, "start_ms": 0.000, "end_ms": 150.000, "outcome": "recognized", "binding": "back"}
                  ]
                }

                """)
    }
}
