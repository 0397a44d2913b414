import Evdev
import Testing

/// The typed kernel codes, the device bitmasks and the evemu and `libinput record` writers.
struct EvdevTests {
    @Test func codesAreTheKernelsNumbers() {
        #expect(EventType.abs.rawValue == 3)
        #expect(EventType.key.rawValue == 1)
        #expect(EventCode.absMTSlot.rawValue == 0x2f)
        #expect(EventCode.absMTTrackingID.rawValue == 0x39)
        #expect(EventCode.btnTouch.rawValue == 0x14a)
        #expect(EventCode.keyMax.rawValue == 0x2ff)
        #expect(InputProperty.direct == 1)
        #expect(MTToolType.palm == 2)
        #expect(EventCode.toolButton(fingers: 3) == .btnToolTripleTap)
        #expect(EventCode.toolButton(fingers: 6) == nil)
        #expect(EventType.abs.name == "EV_ABS")
    }

    @Test func bitmasksSetBitNOfByteNOver8() {
        var device = EvdevDevice()
        device.codes[.key] = [.btnTouch]
        device.eventTypes = [.syn, .key, .abs]
        device.properties = [InputProperty.direct]
        #expect(device.bitmask(.key).count == 42)
        #expect(device.bitmask(.key)[41] == 0x04)
        #expect(device.eventTypeBitmask == [0x0b])
        #expect(device.propertyBitmask == [0x02])
        #expect(device.bitmask(.rel).isEmpty)
    }

    /// `slotCount` takes exactly the ranges `slotRangeProblem` accepts: 0...1023 at most.
    @Test(arguments: [
        (Int32(0), Int32(0), 1 as Int?), (0, 9, 10), (0, 1023, 1024), (0, 1024, nil),
        (-1, 9, nil), (Int32.min, 9, nil), (5, 4, nil), (3, 3, 1),
    ])
    func slotCountIsOnlyForAnAcceptedRange(minimum: Int32, maximum: Int32, count: Int?) {
        var device = EvdevDevice()
        device.absinfo[.absMTSlot] = AbsoluteAxisInfo(minimum: minimum, maximum: maximum)
        #expect(device.slotCount == count)
        #expect(
            (EvdevDevice.slotRangeProblem(minimum: minimum, maximum: maximum) == nil)
                == (count != nil))
    }

    @Test func evemuLinesAreEvemuRecordsOrPlain() {
        let event = EvdevEvent(
            timeMicroseconds: 12_000_015, type: .abs, code: .absMTTrackingID, value: -1)
        #expect(EvemuWriter.eventLines([event]) == "E: 12.000015 0003 0039 -001\n")
        #expect(EvemuWriter.eventLines([event], values: .plain) == "E: 12.000015 0003 0039 -1\n")
        let touch = EvdevEvent(timeMicroseconds: 1, type: .key, code: .btnTouch, value: 1)
        #expect(EvemuWriter.eventLines([touch]) == "E: 0.000001 0001 014a 0001\n")
    }

    @Test func anEvemuDescriptionHasEveryPart() {
        var device = EvdevDevice()
        device.name = "Screen"
        (device.bustype, device.vendor, device.product, device.version) = (0x18, 0x4f3, 0x2234, 1)
        device.eventTypes = [.syn, .abs]
        device.properties = [InputProperty.direct]
        device.absinfo[.absMTSlot] = AbsoluteAxisInfo(minimum: 0, maximum: 9)
        device.codes[.abs] = [.absMTSlot]
        let lines = EvemuWriter.description(device, comment: "c").split(separator: "\n")
        #expect(
            lines.prefix(4) == [
                "# EVEMU 1.3", "# c", "# Input device name: \"Screen\"", "N: Screen",
            ])
        #expect(lines.contains("I: 0018 04f3 2234 0001"))
        #expect(lines.contains("P: 02 00 00 00 00 00 00 00"))
        #expect(lines.contains("B: 00 09 00 00 00 00 00 00 00"))
        #expect(lines.contains("B: 03 00 00 00 00 00 80 00 00"))
        #expect(lines.contains("A: 2f 0 9 0 0 0"))
    }

    @Test func libinputRecordRowsAreOneItemPerFrame() {
        let frame = [
            EvdevEvent(timeMicroseconds: 1_000_002, type: .abs, code: .absX, value: 5),
            EvdevEvent(timeMicroseconds: 1_000_002, type: .syn, code: .synReport, value: 0),
        ]
        #expect(
            LibinputRecordWriter.events([frame])
                == "  - evdev:\n    - [1, 2, 3, 0, 5]\n    - [1, 2, 0, 0, 0]\n")
    }
}
