import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// evemu-describe output for the test touchscreen (0..4095 x 0..2303 at 13 units/mm).
let touchscreenDescription = """
    # EVEMU 1.3
    # Input device name: "Test Touchscreen"
    N: Test Touchscreen
    I: 0018 04f3 2234 0100
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 4095 0 0 13
    A: 01 0 2303 0 0 13
    A: 2f 0 9 0 0 0
    A: 35 0 4095 0 0 13
    A: 36 0 2303 0 0 13
    A: 39 0 65535 0 0 0

    """

@Suite struct EvemuReaderTests {
    @Test func descriptionBitmasksAndAxesAreRead() throws {
        let path = TestFiles.scratch(touchscreenDescription)
        let recording = try Recording.open(path: path)
        #expect(recording.format == .evemu)
        #expect(recording.header.formatVersion == "1.3")
        let device = try #require(recording.header.devices.first)
        #expect(device.name == "Test Touchscreen")
        #expect(device.kind == .touchscreen)
        #expect(device.slotCount == 10)
        #expect(
            device.axisX == AxisRange(minimum: 0, maximum: 4095, resolutionUnitsPerMillimetre: 13))
        let events = try readAll(recording)
        #expect(events.count == 2)  // added, removed
    }

    @Test func eventsInEveryWrittenVariantReadAlike() throws {
        // evemu-record (zero-padded, lowercase, tab comments), an old events-only file
        // (absolute time, unpadded), umockdev (uppercase hex).
        let variants = [
            """
            E: 0.000001 0003 0039 0005\t# EV_ABS / ABS_MT_TRACKING_ID   5
            E: 0.000001 0003 0035 1300\t# EV_ABS / ABS_MT_POSITION_X
            E: 0.000001 0003 0036 0260
            E: 0.000001 0000 0000 0000\t# ------------ SYN_REPORT (0) ---------- +0ms
            # a comment between events
            E: 0.010001 0003 0035 1313
            E: 0.010001 0000 0000 0000
            E: 0.024310 0003 0039 -001
            E: 0.024310 0000 0000 0000

            """,
            """
            E: 1338955459.300482 0003 0039 5
            E: 1338955459.300482 0003 0035 1300
            E: 1338955459.300482 0003 0036 260
            E: 1338955459.300482 0000 0000 0
            E: 1338955459.310482 0003 0035 1313
            E: 1338955459.310482 0000 0000 0
            E: 1338955459.324791 0003 0039 -1
            E: 1338955459.324791 0000 0000 0
            """,
            """
            # EVEMU 1.2
            # device /dev/input/event5
            E: 491.70103 0003 0039 5
            E: 491.70103 0003 0035 1300
            E: 491.70103 0003 0036 260
            E: 491.70103 0000 0000 0
            E: 491.80103 0003 0035 1313
            E: 491.80103 0000 0000 0
            E: 491.94412 0003 0039 -1
            E: 491.94412 0000 0000 0

            """.replacingOccurrences(of: "0039", with: "0039").uppercased().replacingOccurrences(
                of: "# EVEMU", with: "# EVEMU"),
        ]
        let desc = TestFiles.scratch(touchscreenDescription, name: "Test.desc")
        for text in variants {
            let path = TestFiles.scratch(text, name: "Test.events")
            let recording = try Recording.open(path: path, descPath: desc, format: .evemu)
            let frames = touchFrames(try readAll(recording))
            #expect(frames.map(\.timeMicroseconds) == [0, 10000, 24309])
            #expect(frames.map { $0.contacts.map(\.phase) } == [[.down], [.move], [.up]])
            #expect(frames[0].contacts[0].positionMillimetres == Point(x: 100, y: 20))
            #expect(frames[1].contacts[0].positionMillimetres == Point(x: 101, y: 20))
        }
    }

    @Test func fiveFieldAxesOfOldFormatsHaveNoResolution() throws {
        let old = touchscreenDescription.replacingOccurrences(of: "# EVEMU 1.3\n", with: "")
            .replacingOccurrences(of: " 0 0 13\n", with: " 0 0\n")
        let recording = try Recording.open(
            path: TestFiles.scratch(
                old + "E: 0.000000 0003 0039 0001\nE: 0.000000 0000 0000 0000\n"))
        #expect(recording.header.formatVersion == "1.0")
        let device = try #require(recording.header.devices.first)
        #expect(
            device.axisX == AxisRange(minimum: 0, maximum: 4095, resolutionUnitsPerMillimetre: 0))
        #expect(device.sizeMillimetres == nil)
        let frames = touchFrames(try readAll(recording))
        #expect(frames[0].contacts[0].positionMillimetres == nil)
        #expect(frames.last?.contacts.map(\.phase) == [.cancel])
    }

    @Test func theFileOwnDescriptionWinsOverDesc() throws {
        let path = TestFiles.scratch(touchscreenDescription + "E: 0.000001 0000 0000 0000\n")
        let other = TestFiles.scratch(
            touchscreenDescription.replacingOccurrences(of: "N: Test", with: "N: Other"))
        let recording = try Recording.open(path: path, descPath: other)
        #expect(recording.header.devices.first?.name == "Test Touchscreen")
        #expect(recording.warnings.count == 1)
    }

    @Test(arguments: [
        ("E: 0.000001 0003 0039 0005\nN: late\n", 1, "`E:` before any device description"),
        (
            touchscreenDescription + "E: 0.000001 0003 0039 00x5\n", 20,
            "unexpected text after the event value"
        ),
        (touchscreenDescription + "E: 0.000001 0003 zz 5\n", 20, "bad event code"),
        (touchscreenDescription + "E: 0.0000001 0003 0039 5\n", 20, "more than 6 digits"),
        (touchscreenDescription + "E: 0.000001 0003 0039 99999999999\n", 20, "bad event value"),
        (
            touchscreenDescription + "E: 0.000001 0000 0000 0000\nA: 00 0 1 0 0\n", 21,
            "description line after the events"
        ),
        (touchscreenDescription + "Q: what\n", 20, "unknown line type `Q:`"),
        (touchscreenDescription + "hello\n", 20, "unknown line"),
        ("N: x\nA: 35 0 10\n", 2, "got 2 numbers"),
        ("N: x\nA: 35 0 10 0 0 q\n", 2, "bad number"),
        ("N: x\nI: 0018 04f3\n", 2, "bad `I:` line"),
        ("N: x\nB: 03 0g\n", 2, "bad `B:` line"),
        ("N: x\nN: y\n", 2, "a second `N:` line"),
    ])
    func malformedEvemuNamesFileAndLine(text: String, line: Int, message: String) throws {
        let path = TestFiles.scratch(text)
        expectRecordingError(path: path, line: line, containing: message) {
            try readToEnd(path, format: .evemu)
        }
    }
}

extension EvemuReaderTests {
    /// evemu-describe's `# Value` of ABS_MT_SLOT is the slot selected when recording
    /// started: events before the first ABS_MT_SLOT belong to it (not to slot 0).
    @Test func theRecordedCurrentSlotIsUsedBeforeTheFirstSlotEvent() throws {
        let comments =
            "#     Event code 47 (ABS_MT_SLOT)\n#       Value      3\n#       Min        0\n"
        let events = "E: 0.000001 0003 0039 0007\nE: 0.000001 0000 0000 0000\n"
        let together = TestFiles.scratch(comments + touchscreenDescription + events)
        let frames = touchFrames(try readAll(try Recording.open(path: together)))
        #expect(frames[0].contacts.map(\.deviceSlot) == [3])
        // Without the comment (or with it in a separate --desc file) slot 0 is current.
        let plain = TestFiles.scratch(touchscreenDescription + events)
        #expect(
            touchFrames(try readAll(try Recording.open(path: plain)))[0].contacts.map(\.deviceSlot)
                == [0])
        let desc = TestFiles.scratch(comments + touchscreenDescription, name: "d.desc")
        let eventsOnly = TestFiles.scratch(events, name: "e.events")
        let separate = touchFrames(
            try readAll(try Recording.open(path: eventsOnly, descPath: desc)))
        #expect(separate[0].contacts.map(\.deviceSlot) == [0])
    }
}
