import Evdev
import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// A small hand-written file in libinput's layout, with keys this reader does not know.
let smallLibinputRecord = """
    # libinput record
    version: 1
    ndevices: 1
    libinput:
      version: "1.22.1"
      git: "unknown"
    future-key: {nested: [1, 2, 3]}
    devices:
    - node: /dev/input/event5
      evdev:
        # Name: Small
        name: "Small Touchscreen"
        id: [24, 1267, 8756, 256]
        codes:
          0: [0, 1, 2, 3] # EV_SYN
          1: [330] # EV_KEY
          3: [0, 1, 47, 53, 54, 57] # EV_ABS
        absinfo:
          0: [0, 4095, 0, 0, 13]
          1: [0, 2303, 0, 0, 13]
          47: [0, 9, 0, 0, 0]
          53: [0, 4095, 0, 0, 13]
          54: [0, 2303, 0, 0, 13]
          57: [0, 65535, 0, 0, 0]
        properties: [1]
        unknown-evdev-key: 7
      hid: [0x05, 0x0d]
      udev:
        properties:
        - ID_INPUT=1
        - ID_INPUT_TOUCHSCREEN=1
      quirks:
      events:
      # Current time is 14:02:11
      - evdev:
        - [  0,      0,   3,  57,     310] # EV_ABS / ABS_MT_TRACKING_ID       310
        - [  0,      0,   3,  53,    1300] # EV_ABS / ABS_MT_POSITION_X
        - [  0,      0,   3,  54,     260] # EV_ABS / ABS_MT_POSITION_Y
        - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
      - evdev:
        - [  0,   7871,   3,  53,    1313]
        - [  0,   7871,   0,   0,       0]
        libinput:
        - {time: 0.007871, type: TOUCH_MOTION, slot: 0, seat_slot: 0, point: [151.02, 87.09], transformed: [48.87, 49.82]}
        - {time: 0.007871, type: TOUCH_FRAME}
      - hid: {time: [0, 9000], hidraw0: [0x01, 0x02]}
      - libinput:
        - {time: 0.010000, type: TOUCH_FRAME}
      - evdev:
        - [  0,  31240,   3,  57,      -1]
        - [  0,  31240,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +23ms
                                         # Touch device in neutral state

    """

func readLibinput(_ path: String, _ parsing: LibinputRecordReader.Parsing) throws -> (
    raw: [[EvdevEvent]], events: [InputEvent], fast: Bool
) {
    let rawReader = try LibinputRecordReader(path: path, parsing: parsing)
    var raw: [[EvdevEvent]] = []
    while let frame = try rawReader.nextRawFrame() { raw.append(frame.events) }
    let reader = try LibinputRecordReader(path: path, parsing: parsing)
    var events: [InputEvent] = []
    while let event = try reader.next() { events.append(event) }
    return (raw, events, reader.usesFastPath)
}

@Suite struct LibinputRecordTests {
    @Test func madeTouchscreenFileHasItsPositionsInMillimetres() throws {
        let recording = try Recording.open(path: LibinputFixtures.path("ts-pinch.yml"))
        #expect(recording.format == .libinput)
        let device = try #require(recording.header.devices.first)
        #expect(device.name == "Mock MT Touchscreen")
        #expect(device.kind == .touchscreen)
        #expect(device.sizeMillimetres == SizeMillimetres(width: 4095.0 / 13, height: 2303.0 / 13))
        let events = try readAll(recording)
        let frames = touchFrames(events)
        let downs = frames.flatMap { $0.contacts.filter { $0.phase == .down } }
        // evdevmock's ts-two-finger-pinch: one finger at (1000, 1000), then two at (1500, 1150) and (2000, 1150).
        #expect(
            downs.map(\.positionMillimetres) == [
                Point(x: 1000.0 / 13, y: 1000.0 / 13), Point(x: 1500.0 / 13, y: 1150.0 / 13),
                Point(x: 2000.0 / 13, y: 1150.0 / 13),
            ])
        #expect(downs.map(\.seatSlot) == [0, 0, 1])
        #expect(frames[0].timeMicroseconds == 0)
        // The one-finger drag ends at (1100, 1100).
        let firstUp = try #require(frames.flatMap(\.contacts).first { $0.phase == .up })
        #expect(firstUp.positionMillimetres == Point(x: 1100.0 / 13, y: 1100.0 / 13))
        #expect(mostContactsAtOnce(events) == 2)
    }

    @Test func withLibinputLinesReadAndGiveTheSameTouches() throws {
        let plain = touchFrames(
            try readAll(try Recording.open(path: LibinputFixtures.path("ts-pinch.yml"))))
        let extra = touchFrames(
            try readAll(
                try Recording.open(path: LibinputFixtures.path("ts-pinch-with-libinput.yml"))))
        #expect(plain.map(\.contacts) == extra.map(\.contacts))
    }

    @Test func touchpadSwipeHasThreeFingers() throws {
        let recording = try Recording.open(
            path: LibinputFixtures.path("tp-swipe3-with-libinput.yml"))
        let device = try #require(recording.header.devices.first)
        #expect(device.kind == .touchpad)
        #expect(device.sizeMillimetres == SizeMillimetres(width: 100, height: 60))
        var summary = RecordingSummary()
        while let event = try recording.next() { summary.add(event) }
        #expect(summary.contacts == 3)
        #expect(summary.mostFingersAtOnce == 3)
        #expect(summary.cancelledContacts(device.id) == 0)
    }

    @Test func severalDevicesAreMergedByTime() throws {
        let recording = try Recording.open(path: LibinputFixtures.path("two-devices.yml"))
        #expect(recording.header.devices.map(\.kind) == [.touchscreen, .touchpad])
        #expect(recording.header.devices.map(\.id) == [DeviceID(1), DeviceID(2)])
        let events = try readAll(recording)
        let frames = touchFrames(events)
        #expect(Set(frames.map(\.device)) == [DeviceID(1), DeviceID(2)])
        #expect(frames.map(\.timeMicroseconds) == frames.map(\.timeMicroseconds).sorted())
        let devicesInOrder = frames.map(\.device.rawValue)
        #expect(devicesInOrder != devicesInOrder.sorted())  // interleaved, not one after the other
        var summary = RecordingSummary()
        for event in events { summary.add(event) }
        #expect(summary.perDevice[DeviceID(1)]?.contacts == 3)
        #expect(summary.perDevice[DeviceID(2)]?.contacts == 3)
    }

    @Test func theFastPathReadsExactlyWhatLibyamlReads() throws {
        var paths = LibinputFixtures.valid.map(LibinputFixtures.path)
        paths.append(TestFiles.scratch(smallLibinputRecord, name: "small.yml"))
        for path in paths {
            let slow = try readLibinput(path, .libyaml)
            let fast = try readLibinput(path, .fastPath)
            #expect(!slow.fast)
            #expect(fast.fast)
            #expect(!slow.raw.isEmpty, "\(path)")
            #expect(slow.raw == fast.raw, "\(path)")
            #expect(slow.events == fast.events, "\(path)")
            let automatic = try LibinputRecordReader(path: path)
            #expect(automatic.usesFastPath, "\(path)")
        }
    }

    @Test func unknownKeysHidAndLibinputItemsAreSkipped() throws {
        let path = TestFiles.scratch(smallLibinputRecord, name: "small.yml")
        let result = try readLibinput(path, .automatic)
        #expect(result.raw.count == 3)
        #expect(
            touchFrames(result.events).map { $0.contacts.map(\.phase) } == [
                [.down], [.move], [.up],
            ])
        #expect(touchFrames(result.events)[1].timeMicroseconds == 7871)
    }

    @Test func flowStyleYAMLFallsBackToLibyaml() throws {
        let flow = smallLibinputRecord.replacingOccurrences(
            of:
                "  - evdev:\n    - [  0,   7871,   3,  53,    1313]\n    - [  0,   7871,   0,   0,       0]\n",
            with: "  - evdev: [[0, 7871, 3, 53, 1313], [0, 7871, 0, 0, 0]]\n")
        #expect(flow != smallLibinputRecord)
        let path = TestFiles.scratch(flow, name: "flow.yml")
        let result = try readLibinput(path, .automatic)
        #expect(!result.fast)
        let reference = try readLibinput(
            TestFiles.scratch(smallLibinputRecord, name: "small.yml"), .libyaml)
        #expect(result.raw == reference.raw)
    }

    @Test func libinput1221InvalidSecondDeviceIsACleanError() throws {
        let path = LibinputFixtures.path("two-devices-with-libinput.yml")
        #expect {
            _ = try readAll(try Recording.open(path: path))
        } throws: { error in
            guard let error = error as? RecordingError else { return false }
            return error.path == path && error.line > 400 && error.message.hasPrefix("YAML:")
        }
    }

    @Test(arguments: [
        ("- 1\n- 2\n", 1, "expected a mapping"),
        ("version: 2\ndevices: []\n", 1, "unsupported `libinput record` version"),
        ("ndevices: 0\ndevices: []\n", 1, "no `version` key"),
        ("version: 1\ndevices: 5\n", 2, "expected `devices:` with a list"),
        ("version: 1\ndevices:\n- node: x\n", 3, "device without an `evdev:` mapping"),
        (
            "version: 1\ndevices:\n- evdev:\n    absinfo:\n      0: [0, 1, 2]\n", 5,
            "bad absinfo for axis 0"
        ),
        ("version: 1\ndevices:\n- evdev:\n    codes: [1, 2]\n", 4, "expected `codes:` to map"),
        ("version: 1\ndevices:\n- evdev:\n    properties: [a]\n", 4, "bad number `a`"),
        (
            "version: 1\ndevices:\n- evdev: {}\n  events:\n  - evdev:\n    - [0, 0, 3, 53]\n", 6,
            "expected 5 numbers"
        ),
        (
            "version: 1\ndevices:\n- evdev: {}\n  events:\n  - evdev:\n    - [0, 0, 3, 53, 1, 2]\n",
            6,
            "expected 5 numbers"
        ),
        (
            "version: 1\ndevices:\n- evdev: {}\n  events:\n  - evdev:\n    - [0, 0, 3, x, 1]\n", 6,
            "bad number `x`"
        ),
        (
            "version: 1\ndevices:\n- evdev: {}\n  events:\n  - evdev:\n    - [0, 0, 3, 99999999999999999999, 1]\n",
            6,
            "bad number `99999999999999999999`"
        ),
        (
            "version: 1\ndevices:\n- evdev: {}\n  events:\n  - evdev:\n    - [0, 2000000, 3, 1, 1]\n",
            6,
            "out of range"
        ),
        ("version: 1\ndevices:\n- evdev: {}\n  events:\n  - 5\n", 5, "expected an events item"),
        ("version: 1\ndevices: [\n", 3, "YAML:"),
        ("version: 1\n  bad: indent\n", 2, "YAML:"),
    ])
    func malformedYAMLNamesFileAndLine(text: String, line: Int, message: String) throws {
        let path = TestFiles.scratch(text, name: "bad.yml")
        for parsing in [LibinputRecordReader.Parsing.libyaml, .automatic] {
            expectRecordingError(path: path, line: line, containing: message) {
                let reader = try LibinputRecordReader(path: path, parsing: parsing)
                while try reader.next() != nil {}
            }
        }
    }
}

extension RecordingSummary {
    func cancelledContacts(_ device: DeviceID) -> Int { perDevice[device]?.cancelledContacts ?? 0 }
}
