import Evdev
import TestSupport
import Testing
import TouchInput

@testable import EvdevDecoding
@testable import Recordings

/// A touchscreen like the reference umockdev one: 0..4095 x 0..2303 at 13 units/mm, 10 slots.
func testTouchscreen(kind: DeviceKind = .touchscreen) -> EvdevDevice {
    var device = EvdevDevice()
    device.name = "Test Touchscreen"
    device.properties = kind == .touchscreen ? [InputProperty.direct] : [InputProperty.pointer]
    device.codes[EventType.key] = [
        EventCode.btnTouch, EventCode.btnToolFinger, EventCode.btnToolDoubleTap,
        EventCode.btnToolTripleTap,
    ]
    device.codes[EventType.abs] = [
        EventCode.absX, EventCode.absY, EventCode.absMTSlot, EventCode.absMTPositionX,
        EventCode.absMTPositionY, EventCode.absMTTrackingID, EventCode.absMTToolType,
    ]
    for code in [EventCode.absX, EventCode.absMTPositionX] {
        device.absinfo[code] = AbsoluteAxisInfo(minimum: 0, maximum: 4095, resolution: 13)
    }
    for code in [EventCode.absY, EventCode.absMTPositionY] {
        device.absinfo[code] = AbsoluteAxisInfo(minimum: 0, maximum: 2303, resolution: 13)
    }
    device.absinfo[EventCode.absMTSlot] = AbsoluteAxisInfo(minimum: 0, maximum: 9)
    device.absinfo[EventCode.absMTTrackingID] = AbsoluteAxisInfo(minimum: 0, maximum: 65535)
    device.absinfo[EventCode.absMTToolType] = AbsoluteAxisInfo(minimum: 0, maximum: 2)
    return device
}

/// Decodes `(time, type, code, value)` tuples, then ends the recording.
func decode(
    _ device: EvdevDevice, _ rows: [(Int64, EventType, EventCode, Int32)], finish: Bool = true
)
    -> [InputEvent]
{
    let decoder = EvdevTouchDecoder(
        id: DeviceID(1), device: device, screen: ScreenSize(widthPixels: 1000, heightPixels: 500),
        seat: SeatSlots())
    var out: [InputEvent] = []
    for row in rows {
        decoder.handle(
            EvdevEvent(timeMicroseconds: row.0, type: row.1, code: row.2, value: row.3), into: &out)
    }
    if finish { decoder.finish(time: decoder.lastTime, into: &out) }
    return out
}

let syn: (EventType, EventCode, Int32) = (EventType.syn, EventCode.synReport, 0)
func abs(_ code: EventCode, _ value: Int32) -> (EventType, EventCode, Int32) {
    (EventType.abs, code, value)
}
func key(_ code: EventCode, _ value: Int32) -> (EventType, EventCode, Int32) {
    (EventType.key, code, value)
}
func at(_ time: Int64, _ events: [(EventType, EventCode, Int32)]) -> [(
    Int64, EventType, EventCode, Int32
)] {
    events.map { (time, $0.0, $0.1, $0.2) }
}

func phases(_ events: [InputEvent]) -> [[String]] {
    touchFrames(events).map { frame in frame.contacts.map { "\($0.phase.rawValue)\($0.seatSlot)" } }
}

@Suite struct EvdevDecoderTests {
    @Test func protocolBUsesSlotZeroBeforeAnyMTSlot() {
        let events = decode(
            testTouchscreen(),
            at(
                0,
                [
                    abs(EventCode.absMTTrackingID, 7), abs(EventCode.absMTPositionX, 1300),
                    abs(EventCode.absMTPositionY, 260),
                    key(EventCode.btnTouch, 1), syn,
                ])
                + at(10, [abs(EventCode.absMTPositionX, 1313), syn])
                + at(20, [abs(EventCode.absMTTrackingID, -1), key(EventCode.btnTouch, 0), syn]))
        #expect(phases(events) == [["down0"], ["move0"], ["up0"]])
        let down = touchFrames(events)[0].contacts[0]
        #expect(down.deviceSlot == 0)
        #expect(down.positionMillimetres == Point(x: 100, y: 20))
        // libinput's scale_axis: (v - min) * size / (max - min + 1).
        #expect(down.positionPixels == Point(x: 1300.0 * 1000 / 4096, y: 260.0 * 500 / 2304))
        #expect(touchFrames(events)[1].timeMicroseconds == 10)
    }

    @Test func seatSlotsAreTheLowestFree() {
        let events = decode(
            testTouchscreen(),
            at(
                0,
                [
                    abs(EventCode.absMTSlot, 3), abs(EventCode.absMTTrackingID, 1),
                    abs(EventCode.absMTSlot, 5),
                    abs(EventCode.absMTTrackingID, 2),
                    syn,
                ])
                + at(1, [abs(EventCode.absMTSlot, 3), abs(EventCode.absMTTrackingID, -1), syn])
                + at(2, [abs(EventCode.absMTSlot, 0), abs(EventCode.absMTTrackingID, 3), syn]))
        #expect(
            phases(events) == [["down0", "down1"], ["up0"], ["down0"], ["cancel0", "cancel1"]])
        #expect(touchFrames(events)[0].contacts.map(\.deviceSlot) == [3, 5])
    }

    @Test func aNewTrackingIDOnABusySlotEndsOneContactAndStartsAnother() {
        let events = decode(
            testTouchscreen(),
            at(0, [abs(EventCode.absMTTrackingID, 1), syn])
                + at(1, [abs(EventCode.absMTTrackingID, 2), syn])
                + at(2, [abs(EventCode.absMTTrackingID, -1), syn]))
        #expect(phases(events) == [["down0"], ["up0", "down0"], ["up0"]])
    }

    @Test func aPalmCancelsTheContactAndAPalmFromTheStartIsNeverReported() {
        let events = decode(
            testTouchscreen(),
            at(0, [abs(EventCode.absMTTrackingID, 1), syn])
                + at(1, [abs(EventCode.absMTToolType, 2), syn])
                + at(2, [abs(EventCode.absMTPositionX, 50), syn])
                + at(3, [abs(EventCode.absMTTrackingID, -1), syn])
                + at(4, [abs(EventCode.absMTTrackingID, 2), syn])
                + at(5, [abs(EventCode.absMTPositionX, 60), syn])
                + at(6, [abs(EventCode.absMTTrackingID, -1), abs(EventCode.absMTToolType, 0), syn]))
        #expect(phases(events) == [["down0"], ["cancel0"]])
    }

    @Test func synDroppedDiscardsEventsUpToTheNextReport() {
        let events = decode(
            testTouchscreen(),
            at(0, [abs(EventCode.absMTTrackingID, 1), syn])
                + at(
                    1,
                    [
                        (EventType.syn, EventCode.synDropped, 0), abs(EventCode.absMTPositionX, 99),
                        syn,
                    ])
                + at(2, [abs(EventCode.absMTPositionX, 100), syn]))
        #expect(phases(events) == [["down0"], ["move0"], ["cancel0"]])
        #expect(touchFrames(events)[1].contacts[0].positionMillimetres?.x == 100.0 / 13)
    }

    @Test func fingersStillDownAtTheEndAreCancelled() {
        let events = decode(
            testTouchscreen(),
            at(0, [abs(EventCode.absMTTrackingID, 1), syn])
                + at(5, [abs(EventCode.absMTPositionX, 3), syn]))
        let last = touchFrames(events).last!
        #expect(last.contacts.map(\.phase) == [.cancel])
        #expect(last.timeMicroseconds == 5)
    }

    @Test func touchpadFingerCountFollowsBTNToolBeyondTheSlots() {
        var device = testTouchscreen(kind: .touchpad)
        device.absinfo[EventCode.absMTSlot] = AbsoluteAxisInfo(minimum: 0, maximum: 1)
        let events = decode(
            device,
            at(
                0,
                [
                    abs(EventCode.absMTTrackingID, 1), abs(EventCode.absMTSlot, 1),
                    abs(EventCode.absMTTrackingID, 2),
                    key(EventCode.btnToolTripleTap, 1), syn,
                ])
                + at(
                    1,
                    [key(EventCode.btnToolTripleTap, 0), key(EventCode.btnToolDoubleTap, 1), syn]))
        let frames = touchFrames(events)
        #expect(frames[0].fingerCount == 3)
        #expect(frames[1].contacts.isEmpty)
        #expect(frames[1].fingerCount == 2)
    }

    @Test func touchscreensIgnoreBTNToolCounts() {
        let events = decode(
            testTouchscreen(),
            at(0, [abs(EventCode.absMTTrackingID, 1), key(EventCode.btnToolDoubleTap, 1), syn]))
        #expect(touchFrames(events)[0].fingerCount == 1)
    }

    @Test func protocolAMatchesContactsByNearestNeighbour() {
        var device = testTouchscreen()
        device.absinfo[EventCode.absMTSlot] = nil
        device.codes[EventType.abs]?.remove(EventCode.absMTSlot)
        let mtReport: (EventType, EventCode, Int32) = (EventType.syn, EventCode.synMTReport, 0)
        let events = decode(
            device,
            at(
                0,
                [
                    abs(EventCode.absMTPositionX, 100), abs(EventCode.absMTPositionY, 100),
                    mtReport, syn,
                ])
                + at(
                    1,
                    [
                        abs(EventCode.absMTPositionX, 2000), abs(EventCode.absMTPositionY, 100),
                        mtReport,
                        abs(EventCode.absMTPositionX, 110),
                        abs(EventCode.absMTPositionY, 100), mtReport, syn,
                    ])
                + at(
                    2,
                    [
                        abs(EventCode.absMTPositionX, 2010), abs(EventCode.absMTPositionY, 100),
                        mtReport, syn,
                    ])
                + at(3, [mtReport, syn]))
        #expect(phases(events) == [["down0"], ["move0", "down1"], ["up0", "move1"], ["up1"]])
        #expect(touchFrames(events)[1].contacts[0].positionMillimetres?.x == 110.0 / 13)
    }

    @Test func singleTouchDevicesUseABSXYAndBTNTouch() {
        var device = EvdevDevice()
        device.codes[EventType.key] = [EventCode.btnTouch]
        device.codes[EventType.abs] = [EventCode.absX, EventCode.absY]
        device.absinfo[EventCode.absX] = AbsoluteAxisInfo(minimum: 100, maximum: 1099)
        device.absinfo[EventCode.absY] = AbsoluteAxisInfo(minimum: 0, maximum: 499)
        #expect(device.kind == .touchscreen)
        let events = decode(
            device,
            at(
                0,
                [
                    abs(EventCode.absX, 600), abs(EventCode.absY, 250), key(EventCode.btnTouch, 1),
                    syn,
                ])
                + at(1, [abs(EventCode.absX, 601), syn])
                + at(2, [key(EventCode.btnTouch, 0), syn]))
        #expect(phases(events) == [["down0"], ["move0"], ["up0"]])
        let down = touchFrames(events)[0].contacts[0]
        #expect(down.positionPixels == Point(x: 500, y: 250))
        #expect(down.positionMillimetres == nil)
    }

    @Test func deviceKindFollowsPropertiesUdevAndToolFinger() {
        var device = testTouchscreen()
        #expect(device.kind == .touchscreen)
        device.properties = []
        #expect(device.kind == .touchpad)  // BTN_TOOL_FINGER without DIRECT
        device.udev["ID_INPUT_TOUCHSCREEN"] = "1"
        #expect(device.kind == .touchscreen)
        device.udev = ["ID_INPUT_TOUCHPAD": "1"]
        device.properties = [InputProperty.direct]
        #expect(device.kind == .touchscreen)
        let description = testTouchscreen().description(id: DeviceID(4), screen: .defaultKiosk)
        #expect(
            description.sizeMillimetres == SizeMillimetres(width: 4095.0 / 13, height: 2303.0 / 13))
        #expect(description.slotCount == 10)
    }
}
