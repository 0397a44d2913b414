import Evdev
import Foundation
import Recordings
import Testing
import TouchInput
import TouchScript

/// The touch-script model: its two outputs (touch frames, evdev streams) tell the same story.
struct TouchScriptTests {
    static func pinch() -> Script {
        var s = Script()
        s.down([(0, 540, 400), (1, 560, 600)])
        s.move([(0, 0, -50), (1, 0, 50)], steps: 5)
        s.palm(slot: 1)
        s.up([0, 1])
        return s
    }

    @Test func aTapIsTheKernelsProtocolB() {
        var s = Script()
        s.tap(x: 10, y: 20)
        var encoder = SyntheticTouchscreen.encoder()
        let frames = encoder.encode(s.events)
        let down = frames[0].map { "\($0.type.name) \($0.code.rawValue) \($0.value)" }
        #expect(
            down == [
                "EV_ABS 57 100", "EV_ABS 53 100", "EV_ABS 54 200", "EV_KEY 330 1", "EV_ABS 0 100",
                "EV_ABS 1 200", "EV_SYN 0 0",
            ])
        let up = frames[1].map { "\($0.type.name) \($0.code.rawValue) \($0.value)" }
        #expect(up == ["EV_ABS 57 -1", "EV_KEY 330 0", "EV_SYN 0 0"])
        #expect(frames[1][0].timeMicroseconds == 60_000)
    }

    @Test func theEvemuFileReadsBackAsTheScriptsFrames() throws {
        let script = Self.pinch().events
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "touchscript-\(UUID().uuidString).evemu"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try SyntheticTouchscreen.evemuText(script, comment: "test").write(
            toFile: path, atomically: true, encoding: .utf8)
        let recording = try Recording.open(path: path)
        var read: [TouchFrame] = []
        while let event = try recording.next() {
            if case .touchFrame(let frame) = event, !frame.contacts.isEmpty { read.append(frame) }
        }
        var expected: [InputEvent] = []
        SyntheticTrace.inputEvents(script, into: &expected)
        let scripted: [TouchFrame] = expected.compactMap {
            if case .touchFrame(let frame) = $0 { return frame }
            return nil
        }
        func outline(_ frame: TouchFrame) -> [String] {
            frame.contacts.map { "\($0.seatSlot) \($0.phase) \($0.positionPixels)" }
        }
        // Every frame as scripted, except that the reader, as libinput, reports nothing
        // more of the palm (slot 1) once cancelled.
        #expect(read.map(\.timeMicroseconds) == scripted.map(\.timeMicroseconds))
        #expect(read.dropLast().map(outline) == scripted.dropLast().map(outline))
        #expect(outline(read.last!) == ["0 up (540.0, 350.0)"])
    }

    @Test func touchFramesCarryPixelsAndMillimetres() {
        var events: [InputEvent] = []
        Self.pinch().events.appendInputEvents(
            to: &events, touchDevice: DeviceID(4), keyboard: DeviceID(5),
            millimetres: { Point(x: $0.x / 4, y: $0.y / 4) })
        guard case .touchFrame(let first) = events[0] else {
            Issue.record("the first event is not a frame")
            return
        }
        #expect(first.device == DeviceID(4))
        #expect(
            first.contacts.map(\.positionPixels) == [Point(x: 540, y: 400), Point(x: 560, y: 600)])
        #expect(first.contacts[1].positionMillimetres == Point(x: 140, y: 150))
    }
}
