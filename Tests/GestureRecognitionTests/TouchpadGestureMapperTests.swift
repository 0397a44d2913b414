import GestureRecognition
import Testing
import TouchInput

/// The touchpad → Clear mapping (docs/libinput-backend.md), on hand-made libinput events.
struct TouchpadGestureMapperTests {
    static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)
    static let pad = DeviceID(3)
    /// Clear's layout on this screen: rows 169 px high (ClearSession passes its row height).
    static let configuration = TouchpadMappingConfiguration(
        screen: screen, pinchSpanPerScalePixels: 169, pinchCentreGridPixels: 169)

    func makeMapper() -> TouchpadGestureMapper {
        TouchpadGestureMapper(configuration: Self.configuration)
    }

    func scroll(_ h: Double, _ v: Double, at time: Int64) -> InputEvent {
        .pointerScroll(
            PointerScroll(
                device: Self.pad, timeMicroseconds: time, source: .finger, horizontal: h,
                vertical: v))
    }

    func gesture(
        _ kind: TouchpadGesture.Kind, _ stage: TouchpadGesture.Stage, at time: Int64,
        fingers: Int = 2,
        dx: Double = 0, dy: Double = 0, scale: Double = 1, cancelled: Bool = false
    ) -> InputEvent {
        .touchpadGesture(
            TouchpadGesture(
                device: Self.pad, timeMicroseconds: time, kind: kind, stage: stage,
                fingerCount: fingers,
                deltaX: dx,
                deltaY: dy, scale: scale, cancelled: cancelled))
    }

    /// Feeds events and returns every report as "kind state".
    func reports(_ mapper: TouchpadGestureMapper, _ events: [InputEvent]) -> [GestureEvent] {
        var all: [GestureEvent] = []
        for event in events {
            mapper.handle(event)
            all += mapper.events
        }
        return all
    }

    @Test func withoutAGridAPinchIsCentredOnThePointer() {
        let mapper = TouchpadGestureMapper(
            configuration: TouchpadMappingConfiguration(
                screen: Self.screen, pinchSpanPerScalePixels: 100))
        let all = reports(mapper, [gesture(.pinch, .begin, at: 0)])
        guard case .pinch(let values) = all.first?.values else {
            Issue.record("not a pinch")
            return
        }
        #expect(values.centroidPixels == Point(x: 540, y: 960))
        #expect(values.lowerStartPixels.y - values.upperStartPixels.y == 100)
    }

    @Test func scrollTravelJustBelowTheSlopDecidesNothing() {
        let mapper = makeMapper()
        let slop = mapper.configuration.axisDecisionSlopUnits
        #expect(reports(mapper, [scroll(slop - 0.01, 0, at: 0)]).isEmpty)
        // Lifting the fingers then reports nothing either.
        #expect(reports(mapper, [scroll(0, 0, at: 10_000)]).isEmpty)
    }

    @Test func horizontalScrollJustAboveTheSlopPansTheRowUnderThePointer() throws {
        let mapper = makeMapper()
        let slop = mapper.configuration.axisDecisionSlopUnits
        let all = reports(
            mapper,
            [
                .pointerMotion(
                    PointerMotion(device: Self.pad, timeMicroseconds: 0, deltaX: -100, deltaY: 50)),
                scroll(slop + 0.01, 0, at: 10_000), scroll(10, 1, at: 20_000),
                scroll(0, 0, at: 30_000),
            ])
        #expect(all.map(\.kind) == [.pan, .pan, .pan])
        #expect(all.map(\.state) == [.began, .changed, .ended])
        guard case .pan(let values) = all[2].values else {
            Issue.record("not a pan")
            return
        }
        // The pointer picked the row: it started at the screen centre, moved (-100, 50).
        #expect(values.startPixels == Point(x: 440, y: 1010))
        #expect(values.translationPixels.y == 0)
        #expect(abs(values.translationPixels.x - (slop + 0.01 + 10) * 2) < 1e-9)
        #expect(values.velocityPixelsPerSecond.x > 0)
    }

    @Test func downwardScrollWithTheListAtItsTopIsAPullAndOtherwiseAScroll() {
        let atTop = makeMapper()
        atTop.pull = .atRest
        let pull = reports(
            atTop, [scroll(0, 15, at: 0), scroll(0, 5, at: 10_000), scroll(0, 0, at: 20_000)])
        #expect(pull.map(\.kind) == [.pull, .pull, .pull])
        if case .pull(let values) = pull[2].values {
            #expect(values.pullDistancePixels == 40)
        } else {
            Issue.record("not a pull")
        }

        let scrolled = makeMapper()
        scrolled.pull = .unavailable  // the client offers no pull: a scroll
        #expect(reports(scrolled, [scroll(0, 15, at: 0)]).map(\.kind) == [.scroll])

        let upward = makeMapper()
        #expect(reports(upward, [scroll(0, -15, at: 0)]).map(\.kind) == [.scroll])
    }

    @Test func aThreeFingerSwipeMapsLikeAScrollStroke() {
        let mapper = makeMapper()
        let all = reports(
            mapper,
            [
                gesture(.swipe, .begin, at: 0, fingers: 3),
                gesture(.swipe, .update, at: 10_000, fingers: 3, dx: 20, dy: 1),
                gesture(.swipe, .end, at: 20_000, fingers: 3),
            ])
        #expect(
            all.map { "\($0.kind.rawValue) \($0.state.rawValue)" } == ["pan began", "pan ended"])
    }

    @Test func aSwipeCancelledByLibinputCancelsTheGesture() {
        let mapper = makeMapper()
        let all = reports(
            mapper,
            [
                gesture(.swipe, .begin, at: 0, fingers: 3),
                gesture(.swipe, .update, at: 10_000, fingers: 3, dx: 0, dy: -30),
                gesture(.swipe, .end, at: 20_000, fingers: 3, cancelled: true),
            ])
        #expect(all.last?.state == .cancelled)
    }

    @Test func aPinchOpensTheSeamNearestThePointer() throws {
        let mapper = makeMapper()
        // Pointer at y = 960 + 120 = 1080: seams lie at multiples of 169 → 1014.
        let all = reports(
            mapper,
            [
                .pointerMotion(
                    PointerMotion(device: Self.pad, timeMicroseconds: 0, deltaX: 0, deltaY: 120)),
                gesture(.pinch, .begin, at: 10_000),
                gesture(.pinch, .update, at: 20_000, scale: 2.0),
                gesture(.pinch, .update, at: 30_000, scale: 2.01),
                gesture(.pinch, .end, at: 40_000, scale: 2.01),
            ])
        #expect(all.map(\.state) == [.began, .changed, .changed, .ended])
        guard case .pinch(let atTwo) = all[1].values, case .pinch(let past) = all[3].values else {
            Issue.record("not a pinch")
            return
        }
        #expect(atTwo.centroidPixels.y == 1014)
        // Scale 2 spreads the pretend touches by exactly one row: gap == H, not yet past it.
        #expect(atTwo.gapPixels == 169)
        #expect(past.gapPixels > 169)
        #expect(atTwo.upperStartPixels.y < atTwo.lowerStartPixels.y)
    }

    @Test func pinchingTogetherNeverSpreads() {
        let mapper = makeMapper()
        let all = reports(
            mapper,
            [gesture(.pinch, .begin, at: 0), gesture(.pinch, .update, at: 10_000, scale: 0.5)])
        if case .pinch(let values) = all[1].values {
            #expect(values.gapPixels == 0)
            #expect(values.spreadDeltaPixels == 0)
        } else {
            Issue.record("not a pinch")
        }
    }

    @Test func removingTheTouchpadCancelsItsRunningGestures() {
        let mapper = makeMapper()
        _ = reports(
            mapper,
            [gesture(.pinch, .begin, at: 0), gesture(.pinch, .update, at: 10_000, scale: 1.5)])
        mapper.handle(.deviceRemoved(Self.pad, timeMicroseconds: 20_000))
        #expect(mapper.events.map(\.state) == [.cancelled])

        let scrolling = makeMapper()
        _ = reports(scrolling, [scroll(30, 0, at: 0)])
        scrolling.handle(.deviceRemoved(DeviceID(9), timeMicroseconds: 5_000))  // another device: nothing
        #expect(scrolling.events.isEmpty)
        scrolling.handle(.deviceRemoved(Self.pad, timeMicroseconds: 10_000))
        #expect(scrolling.events.map(\.state) == [.cancelled])
    }

    @Test func aClickIsATapAtThePointerButNotDuringAStroke() {
        let mapper = makeMapper()
        let taps = reports(
            mapper,
            [
                .pointerButton(
                    PointerButton(device: Self.pad, timeMicroseconds: 0, button: 272, pressed: true)
                ),
                .pointerButton(
                    PointerButton(
                        device: Self.pad, timeMicroseconds: 50_000, button: 272, pressed: false)),
            ])
        #expect(taps.map(\.kind) == [.tap])
        #expect(taps.first?.values == .tap(locationPixels: Point(x: 540, y: 960)))

        let stroking = makeMapper()
        let during = reports(
            stroking,
            [
                scroll(30, 0, at: 0),
                .pointerButton(
                    PointerButton(device: Self.pad, timeMicroseconds: 1, button: 272, pressed: true)
                ),
                .pointerButton(
                    PointerButton(
                        device: Self.pad, timeMicroseconds: 2, button: 272, pressed: false)),
            ])
        #expect(!during.contains { $0.kind == .tap })
    }

    @Test func thePointerStaysOnTheScreen() {
        let mapper = makeMapper()
        mapper.handle(
            .pointerMotion(
                PointerMotion(device: Self.pad, timeMicroseconds: 0, deltaX: -5000, deltaY: 9000)))
        #expect(mapper.pointerPixels == Point(x: 0, y: 1919))
    }

    @Test func gestureIdsCountUpFromTheFirstGiven() {
        let mapper = TouchpadGestureMapper(
            configuration: Self.configuration,
            gestureIDs: GestureIDAllocator(nextTouchpadRawValue: 500))
        let all = reports(
            mapper, [scroll(30, 0, at: 0), scroll(0, 0, at: 1), gesture(.pinch, .begin, at: 2)])
        #expect(all.map(\.id.rawValue) == [500, 500, 501])
    }
}
