import Evdev
import Foundation
import TestSupport
import Testing

@testable import Recordings

/// `LibinputRecordReader.rawDevices`: the evdev level of the real `libinput record` files.
struct LibinputRecordRawEventsTests {
    static func path(_ name: String) -> String {
        TestFiles.fixtures.appendingPathComponent(name).path
    }

    @Test func aTouchscreenRecordingGivesItsDescriptionAndEveryRow() throws {
        let devices = try LibinputRecordReader.rawDevices(path: Self.path("ts-pinch.yml"))
        try #require(devices.count == 1)
        let device = devices[0].device
        #expect(device.name == "Mock MT Touchscreen")
        let identity: [Int] = [device.bustype, device.vendor, device.product, device.version]
        #expect(identity == [0x18, 0x4f3, 0x2234, 0x100])
        #expect(device.properties.contains(1))  // INPUT_PROP_DIRECT
        #expect(device.codes[1] == [330])  // BTN_TOUCH
        #expect(device.codes[3]?.contains(0x39) == true)  // ABS_MT_TRACKING_ID
        #expect(
            device.absinfo[0x35]
                == .init(minimum: 0, maximum: 4095, fuzz: 0, flat: 0, resolution: 13))
        #expect(device.absinfo[0x2f]?.maximum == 9)
        // One SYN_REPORT per `- evdev:` item, each item's rows in order.
        let events = devices[0].events
        let reports = events.filter { $0.type == 0 && $0.code == 0 }
        #expect(reports.count == 34)
        #expect(events.last.map { $0.type == 0 && $0.code == 0 } == true)
        #expect(
            zip(events, events.dropFirst()).allSatisfy {
                $0.timeMicroseconds <= $1.timeMicroseconds
            })
    }

    @Test func theRowsAreTheFramesTheReaderDecodes() throws {
        for name in [
            "two-devices.yml", "ts-pinch-with-libinput.yml", "tp-swipe3-with-libinput.yml",
        ] {
            let devices = try LibinputRecordReader.rawDevices(path: Self.path(name))
            // Checked against the other way of reading the rows (the fast path when
            // `rawDevices` reads through libyaml, and the other way round).
            let fast = try LibinputRecordReader(path: Self.path(name)).usesFastPath
            let reader = try LibinputRecordReader(
                path: Self.path(name), parsing: fast ? .libyaml : .fastPath)
            var perDevice: [[EvdevEvent]] = Array(repeating: [], count: devices.count)
            while let (index, frame) = try reader.nextRawFrame() { perDevice[index] += frame }
            #expect(devices.map(\.events) == perDevice, "\(name)")
            #expect(devices.allSatisfy { !$0.events.isEmpty }, "\(name)")
        }
        let two = try LibinputRecordReader.rawDevices(path: Self.path("two-devices.yml"))
        #expect(two.map(\.device.name) == ["Mock MT Touchscreen", "Mock MT Touchpad"])
        #expect(two[1].device.udev["ID_INPUT_TOUCHPAD"] == "1")
    }

    @Test func badInputNamesTheFileAndLine() throws {
        // libinput 1.22.1's `--with-libinput` output for a second device is invalid YAML:
        // the same clean error as the reader's.
        let invalid = Self.path("two-devices-with-libinput.yml")
        #expect {
            try LibinputRecordReader.rawDevices(path: invalid)
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.path == invalid && error.line > 400 && error.message.hasPrefix("YAML:")
        }
        #expect(throws: RecordingError.self) {
            try LibinputRecordReader.rawDevices(path: Self.path("fuzz-invalid-flow-map.yml"))
        }
        do {
            _ = try LibinputRecordReader.rawDevices(path: Self.path("no-such-file.yml"))
            Issue.record("a missing file must fail")
        } catch {
            #expect(error.description.contains("no-such-file.yml"))
        }
    }
}
