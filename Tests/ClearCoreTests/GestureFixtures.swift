import ClearCore
import GestureRecognition
import TouchInput

/// A 320×480 screen: W = 320, H = round(320·50/320) = 50, W/2 = 160, 9.6 rows on screen.
let smallLayout = ClearLayout(screen: ScreenSize(widthPixels: 320, heightPixels: 480))

func ms(_ milliseconds: Double) -> Int64 { Int64((milliseconds * 1000).rounded()) }

/// Hand-built gesture reports, as the arena would send them.
enum Fixture {
    static func pan(
        _ id: Int, _ state: GestureState, at time: Int64, start: Point, dx: Double, dy: Double = 0,
        velocity: Point = .zero
    ) -> GestureEvent {
        let values = PanValues(
            startPixels: start, locationPixels: Point(x: start.x + dx, y: start.y + dy),
            translationPixels: Point(x: dx, y: dy), velocityPixelsPerSecond: velocity)
        return GestureEvent(
            id: GestureID(rawValue: id), state: state, timeMicroseconds: time,
            values: .pan(values))
    }

    static func scroll(
        _ id: Int, _ state: GestureState, at time: Int64, start: Point = Point(x: 100, y: 300),
        dy: Double,
        velocityY: Double = 0
    ) -> GestureEvent {
        let values = PanValues(
            startPixels: start, locationPixels: Point(x: start.x, y: start.y + dy),
            translationPixels: Point(x: 0, y: dy),
            velocityPixelsPerSecond: Point(x: 0, y: velocityY))
        return GestureEvent(
            id: GestureID(rawValue: id), state: state, timeMicroseconds: time,
            values: .scroll(values))
    }

    static func pull(_ id: Int, _ state: GestureState, at time: Int64, distance: Double)
        -> GestureEvent
    {
        let start = Point(x: 100, y: 100)
        let drag = PanValues(
            startPixels: start, locationPixels: Point(x: 100, y: 100 + distance),
            translationPixels: Point(x: 0, y: distance), velocityPixelsPerSecond: .zero)
        return GestureEvent(
            id: GestureID(rawValue: id), state: state, timeMicroseconds: time,
            values: .pull(PullValues(drag: drag, pullDistancePixels: distance)))
    }

    /// A pinch whose fingers started at y = `upperY` and `lowerY` and spread by `spread`
    /// each (Clear's delta = spread, gap = 2·spread).
    static func pinch(
        _ id: Int, _ state: GestureState, at time: Int64, upperY: Double, lowerY: Double,
        spread: Double
    ) -> GestureEvent {
        let upperStart = Point(x: 150, y: upperY)
        let lowerStart = Point(x: 170, y: lowerY)
        let upper = Point(x: 150, y: upperY - spread)
        let lower = Point(x: 170, y: lowerY + spread)
        let delta = max(0, spread)
        let span = lowerY - upperY
        let values = PinchValues(
            upperStartPixels: upperStart, upperPixels: upper, lowerStartPixels: lowerStart,
            lowerPixels: lower,
            spreadDeltaPixels: delta, gapPixels: 2 * delta, scale: (span + 2 * spread) / span,
            centroidPixels: Point(x: 160, y: (upperY + lowerY) / 2), spanPixels: span + 2 * spread)
        return GestureEvent(
            id: GestureID(rawValue: id), state: state, timeMicroseconds: time,
            values: .pinch(values))
    }

    static func tap(_ id: Int, at time: Int64, _ location: Point) -> GestureEvent {
        GestureEvent(
            id: GestureID(rawValue: id), state: .ended, timeMicroseconds: time,
            values: .tap(locationPixels: location))
    }
}

extension ClearController {
    /// Runs a whole pan on the row at screen y: began, one move, and the final state.
    func swipe(rowAtY y: Double, dx: Double, id: Int, at time: Int64, final: GestureState = .ended)
    {
        let start = Point(x: 100, y: y)
        handle(Fixture.pan(id, .began, at: time, start: start, dx: dx / 2))
        handle(Fixture.pan(id, .changed, at: time + 10_000, start: start, dx: dx))
        handle(Fixture.pan(id, final, at: time + 20_000, start: start, dx: dx))
    }

    func pullList(to distance: Double, id: Int, at time: Int64, final: GestureState = .ended) {
        handle(Fixture.pull(id, .began, at: time, distance: distance / 2))
        handle(Fixture.pull(id, .changed, at: time + 10_000, distance: distance))
        handle(Fixture.pull(id, final, at: time + 20_000, distance: distance))
    }

    func pinchRows(
        upperY: Double, lowerY: Double, spread: Double, id: Int, at time: Int64,
        final: GestureState = .ended
    ) {
        handle(Fixture.pinch(id, .began, at: time, upperY: upperY, lowerY: lowerY, spread: 0))
        handle(
            Fixture.pinch(
                id, .changed, at: time + 10_000, upperY: upperY, lowerY: lowerY, spread: spread)
        )
        handle(
            Fixture.pinch(
                id, final, at: time + 20_000, upperY: upperY, lowerY: lowerY, spread: spread))
    }

    var kinds: [ActionKind] { actions.map(\.kind) }
    var texts: [String] { items.map(\.text) }
}
