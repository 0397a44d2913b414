import Evdev
import TestSupport
import Testing
import TouchInput

@testable import EvdevDecoding

/// The decoder writes each frame's contacts over the frame before's, in one buffer: a
/// frame still held when the next is decoded keeps its own contacts, and a frame with
/// fewer contacts than the one before has only its own.
@Suite struct EvdevDecoderFrameBufferTests {
    /// Two fingers down, both moving, one lifting, the other moving then lifting.
    static let rows =
        at(
            0,
            [
                abs(EventCode.absMTSlot, 0), abs(EventCode.absMTTrackingID, 10),
                abs(EventCode.absMTPositionX, 100), abs(EventCode.absMTPositionY, 200),
                abs(EventCode.absMTSlot, 1), abs(EventCode.absMTTrackingID, 11),
                abs(EventCode.absMTPositionX, 300), abs(EventCode.absMTPositionY, 400), syn,
            ])
        + at(
            10,
            [
                abs(EventCode.absMTSlot, 0), abs(EventCode.absMTPositionX, 110),
                abs(EventCode.absMTSlot, 1), abs(EventCode.absMTPositionY, 410), syn,
            ]) + at(20, [abs(EventCode.absMTTrackingID, -1), syn])
        + at(30, [abs(EventCode.absMTSlot, 0), abs(EventCode.absMTPositionY, 220), syn])
        + at(40, [abs(EventCode.absMTTrackingID, -1), syn])

    static func summary(_ frame: TouchFrame) -> [String] {
        frame.contacts.map {
            "\($0.phase.rawValue)\($0.seatSlot)@\(Int($0.positionPixels.x)),\(Int($0.positionPixels.y))"
        }
    }

    static let expected = [
        ["down0@24,43", "down1@73,86"], ["move0@26,43", "move1@73,88"], ["up1@73,88"],
        ["move0@26,47"], ["up0@26,47"],
    ]

    @Test func framesHeldWhileTheNextAreDecodedKeepTheirContacts() {
        let frames = touchFrames(decode(testTouchscreen(), Self.rows))
        #expect(frames.map(Self.summary) == Self.expected)
    }

    @Test func framesLetGoAtOnceGiveTheSameContacts() {
        let decoder = EvdevTouchDecoder(
            id: DeviceID(1), device: testTouchscreen(),
            screen: ScreenSize(widthPixels: 1000, heightPixels: 500), seat: SeatSlots())
        var summaries: [[String]] = []
        var out: [InputEvent] = []
        for row in Self.rows {
            decoder.handle(
                EvdevEvent(timeMicroseconds: row.0, type: row.1, code: row.2, value: row.3),
                into: &out)
            summaries += touchFrames(out).map(Self.summary)
            out.removeAll()
        }
        #expect(summaries == Self.expected)
    }
}
