import ClearCore
import Foundation
import GestureRecognition
import ListStore
import TouchInput
import TouchScript

/// ClearCore's costs: touch frames through a whole `ClearSession` (arena, controller),
/// `presentation(atMicroseconds:)` during a delete shuffle, and `ListStore` saves and
/// loads. The session and presentation figures are the best of several rounds of wall time
/// (the machine is shared); the store figures are one mean of 50 saves and 50 loads.
public func runCoreBenchmarks() {
    print("## Clear core")
    let layout = ClearLayout(screen: .defaultKiosk)
    let frames = CoreBenchmarkInput.cycle(layout: layout)
    let cycles = 200
    var sessionBest = Duration.seconds(1000)
    var actionCount = 0
    for _ in 0..<5 {
        let session = ClearSession(items: TodoList.swiftTutorialSamples, layout: layout)
        session.keepsGestureHistory = false
        session.handle(.deviceAdded(CoreBenchmarkInput.device, timeMicroseconds: 0))
        let elapsed = ContinuousClock().measure {
            for cycle in 0..<cycles {
                let shift = Int64(cycle) * CoreBenchmarkInput.cycleMicroseconds
                for frame in frames {
                    var shifted = frame
                    shifted.timeMicroseconds += shift
                    session.handle(.touchFrame(shifted))
                }
            }
        }
        sessionBest = min(sessionBest, elapsed)
        actionCount = session.controller.actions.count
    }
    let frameCount = frames.count * cycles
    print(
        "session: \(frameCount) touch frames (\(actionCount) actions): "
            + "\(tenths(nanoseconds(sessionBest) / Double(frameCount))) ns per frame")

    let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)
    // Swipe the row at y 250 (row 1) far left and release: it is deleted and the rows below shuffle up.
    let swipeLeft = PanValues(
        startPixels: Point(x: 100, y: 250), locationPixels: Point(x: 0, y: 250),
        translationPixels: Point(x: -700, y: 0), velocityPixelsPerSecond: .zero)
    for (state, time) in [(GestureState.began, Int64(0)), (.ended, 1000)] {
        controller.handle(
            GestureEvent(
                id: GestureID(rawValue: 1), state: state, timeMicroseconds: time,
                values: .pan(swipeLeft)))
    }
    let calls = 20_000
    var presentationBest = Duration.seconds(1000)
    var rows = 0
    for _ in 0..<5 {
        let elapsed = ContinuousClock().measure {
            for call in 0..<calls {
                rows &+=
                    controller.presentation(atMicroseconds: 1000 + Int64(call % 400) * 1000).rows
                    .count
            }
        }
        presentationBest = min(presentationBest, elapsed)
    }
    print(
        "presentation (12 rows, delete shuffle running): "
            + "\(tenths(nanoseconds(presentationBest) / Double(calls))) ns per call (\(rows / (5 * calls)) rows drawn)"
    )

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cleartouch-bench-\(getpid())")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = ListStore(
        path: folder.appendingPathComponent("list.json").path, clock: ListStore.systemClock)
    let saves = 50
    let saveTime = ContinuousClock().measure {
        for _ in 0..<saves { try? store.save(TodoList.swiftTutorialSamples) }
    }
    let loadTime = ContinuousClock().measure {
        for _ in 0..<saves { _ = try? store.load() }
    }
    print(
        "list store (12 items): save \(tenths(nanoseconds(saveTime) / Double(saves) / 1000)) µs "
            + "(two fsyncs), load \(tenths(nanoseconds(loadTime) / Double(saves) / 1000)) µs")
}

private func nanoseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return (Double(parts.seconds) * 1e18 + Double(parts.attoseconds)) / 1e9
}

/// One decimal.
private func tenths(_ value: Double) -> String { "\((value * 10).rounded() / 10)" }

/// One cycle of touch frames at 120 Hz on a 1080×1920 screen that leaves the list as it
/// found it: complete and uncomplete row 2, a short pull, a scroll down and back up,
/// a tap that edits row 1 and a tap that ends the edit.
private enum CoreBenchmarkInput {
    static let device = DeviceDescription(id: DeviceID(1), name: "bench screen", kind: .touchscreen)
    static let frameMicroseconds: Int64 = 8_333
    static let cycleMicroseconds: Int64 = 10_000_000

    static func cycle(layout: ClearLayout) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        var time: Int64 = 1000
        func drag(_ from: Point, _ to: Point, steps: Int) {
            for step in 0...steps + 1 {
                let f = min(1, Double(step) / Double(steps))
                let phase: TouchPhase = step == 0 ? .down : step == steps + 1 ? .up : .move
                frames.append(
                    TouchFrame(
                        device: device.id, timeMicroseconds: time,
                        contacts: [
                            ScriptContact(
                                slot: 0, phase: phase,
                                position: Point(
                                    x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f
                                )
                            ).touchContact()
                        ]))
                time += frameMicroseconds
            }
            time += 400_000
        }
        let row2 = layout.rowHeightPixels * 2.5
        drag(Point(x: 100, y: row2), Point(x: 900, y: row2), steps: 30)
        drag(Point(x: 100, y: row2), Point(x: 900, y: row2), steps: 30)
        drag(Point(x: 500, y: 300), Point(x: 500, y: 340), steps: 20)
        drag(Point(x: 500, y: 1800), Point(x: 500, y: 1500), steps: 40)
        drag(Point(x: 500, y: 1000), Point(x: 500, y: 1600), steps: 40)
        let row1 = layout.rowHeightPixels * 1.5
        drag(Point(x: 300, y: row1), Point(x: 300, y: row1), steps: 2)
        drag(Point(x: 300, y: 1700), Point(x: 300, y: 1700), steps: 2)
        precondition(time < cycleMicroseconds)
        return frames
    }
}
