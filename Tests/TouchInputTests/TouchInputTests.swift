import Testing
import TouchInput

@Suite struct AxisRangeTests {
    @Test func lengthIsKnownOnlyWithAResolution() {
        #expect(
            AxisRange(minimum: 0, maximum: 4095, resolutionUnitsPerMillimetre: 13).lengthMillimetres
                == 4095.0 / 13)
        #expect(AxisRange(minimum: 0, maximum: 4095).lengthMillimetres == nil)
    }

    @Test func eventTimeIsTheTimeOfItsPayload() {
        let frame = TouchFrame(device: DeviceID(1), timeMicroseconds: 42, contacts: [])
        #expect(InputEvent.touchFrame(frame).timeMicroseconds == 42)
        #expect(InputEvent.deviceRemoved(DeviceID(1), timeMicroseconds: 7).timeMicroseconds == 7)
    }
}
