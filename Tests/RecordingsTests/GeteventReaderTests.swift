import Evdev
import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// Android `getevent` captures (docs/recordings.md, "Android getevent"): real recordings
/// of the corpus written as `getevent -lt` and `-t` print them, with their device as
/// `getevent -lp` and `-p` describe it, read back to the frames the evemu reader makes;
/// protocol A and B; without a description; bad input as `FILE:LINE`.
@Suite struct GeteventReaderTests {
    static let touchscreens = TestFiles.corpus.appendingPathComponent(
        "evemu-devices/touchscreens"
    ).path

    /// A corpus recording (events) with its description file.
    static func corpus(_ device: String, _ events: String) throws -> (EvdevDevice, [EvdevEvent]) {
        let description = try EvemuParser.read(path: "\(touchscreens)/\(device).desc").0
        let recorded = try EvemuParser.read(path: "\(touchscreens)/\(device).\(events).events").1
        return (try #require(description), recorded)
    }

    /// The capture's text: each event line as getevent prints it, times moved to an
    /// Android boot clock (51,743 s), optionally with the device path before each event.
    static func capture(
        _ events: [EvdevEvent], style: GeteventWriter.Style, path: String? = nil
    ) -> String {
        events.map {
            var event = $0
            event.timeMicroseconds += 51_743_000_000
            return GeteventWriter.eventLine(event, path: path, style: style) + "\n"
        }.joined()
    }

    static func frames(_ path: String, desc: String? = nil) throws -> [TouchFrame] {
        touchFrames(try readAll(try Recording.open(path: path, descPath: desc)))
    }

    static let cases: [(String, String)] = [
        ("Atmel maXTouch Touchscreen", "4-finger-drag-down"),  // protocol B
        ("N-Trig MultiTouch", "2-fingers-touch-release"),  // protocol A
        ("EP0430M09", "2-finger-scroll-down"),
    ]

    @Test(
        arguments: cases.flatMap { recording in
            [GeteventWriter.Style.labels, .numbers].map { (recording.0, recording.1, $0) }
        })
    func aCaptureWithItsDescriptionReadsToTheEvemuReadersFrames(
        device: String, events: String, style: GeteventWriter.Style
    ) throws {
        let (description, recorded) = try Self.corpus(device, events)
        let evemu = try Self.frames("\(Self.touchscreens)/\(device).\(events).events")
        let desc = TestFiles.scratch(
            GeteventWriter.description(description, path: "/dev/input/event3", style: style),
            name: "touch.desc")
        let capture = TestFiles.scratch(
            Self.capture(recorded, style: style), name: "touch.getevent")
        #expect(try RecordingFormat.detect(path: capture) == .getevent)
        let recording = try Recording.open(path: capture, descPath: desc)
        #expect(recording.header.devices.first?.kind == .touchscreen)
        #expect(recording.header.devices.first?.name == description.name)
        let read = touchFrames(try readAll(recording))
        #expect(read == evemu)
        #expect(recording.warnings.isEmpty, "\(recording.warnings)")
        // The description in the same file, before the events (`getevent -lp; getevent -lt`).
        let inline = TestFiles.scratch(
            GeteventWriter.description(description, path: "/dev/input/event3", style: style)
                + Self.capture(recorded, style: style, path: "/dev/input/event3"),
            name: "inline.getevent")
        #expect(try Self.frames(inline) == evemu)
    }

    @Test func withoutADescriptionTheRangesAreTheLargestValuesSeenWithAWarning() throws {
        let (_, recorded) = try Self.corpus("Atmel maXTouch Touchscreen", "4-finger-drag-down")
        let capture = TestFiles.scratch(
            Self.capture(recorded, style: .labels), name: "bare.getevent")
        let recording = try Recording.open(path: capture)
        let device = try #require(recording.header.devices.first)
        #expect(device.kind == .touchscreen)
        #expect(device.sizeMillimetres == nil)
        #expect(device.axisX?.maximum == 647)
        let read = touchFrames(try readAll(recording))
        let evemu = try Self.frames(
            "\(Self.touchscreens)/Atmel maXTouch Touchscreen.4-finger-drag-down.events")
        #expect(read.map(\.contacts.count) == evemu.map(\.contacts.count))
        #expect(read.map(\.timeMicroseconds) == evemu.map(\.timeMicroseconds))
        let warning = try #require(recording.warnings.first)
        #expect(
            warning.message.contains(
                "axis ranges are the largest values seen (ABS_MT_POSITION_X 0–647, ABS_MT_POSITION_Y 0–418): a touchscreen of unknown size"
            ), "\(warning)")
    }

    @Test func theOldTimeStampsAndTheRateColumnRead() throws {
        let text = """
            add device 1: /dev/input/event1
              name:     "old"
              events:
                KEY (0001): 014a
                ABS (0003): 0000  : value 0, min 0, max 1023, fuzz 0 flat 0
                            0001  : value 0, min 0, max 599, fuzz 0 flat 0
            51743-474591: 0003 0000 00000064
            51743-474591: 0003 0001 000000c8
            51743-474591: 0001 014a 00000001
            51743-474591: 0000 0000 00000000 rate 0
            51743-490591: 0001 014a 00000000
            51743-490591: 0000 0000 00000000 rate 62

            """
        let frames = try Self.frames(TestFiles.scratch(text, name: "old.getevent"))
        #expect(frames.map(\.timeMicroseconds) == [0, 16_000])
        #expect(frames.first?.contacts.first?.phase == .down)
        #expect(frames.last?.contacts.first?.phase == .up)
    }

    @Test func severalDevicesAreKeptApartAndUnknownKeyNamesAreSkipped() throws {
        let (description, recorded) = try Self.corpus(
            "Atmel maXTouch Touchscreen", "4-finger-drag-down")
        var text = GeteventWriter.description(description, path: "/dev/input/event3")
        text += "add device 2: /dev/input/event0\n  name:     \"gpio-keys\"\n  events:\n"
        text += "    KEY (0001): KEY_VOLUMEDOWN        KEY_POWER*\n  input props:\n    <none>\n"
        text += "could not get driver version for /dev/input/mice, Not a typewriter\n"
        let lines = Self.capture(recorded, style: .labels, path: "/dev/input/event3")
            .split(separator: "\n")
        for (index, line) in lines.enumerated() {
            text += line + "\n"
            if index == 10 {
                text +=
                    "[   51743.100000] /dev/input/event0: EV_KEY       KEY_POWER            DOWN\n"
                text +=
                    "[   51743.100000] /dev/input/event0: EV_KEY       KEY_PROG1            DOWN\n"
                text +=
                    "[   51743.100000] /dev/input/event0: EV_SYN       SYN_REPORT           00000000\n"
            }
        }
        let recording = try Recording.open(path: TestFiles.scratch(text, name: "two.getevent"))
        #expect(recording.header.devices.map(\.kind).first == .touchscreen)
        #expect(recording.header.devices.map(\.name) == [description.name, "gpio-keys"])
        let events = try readAll(recording)
        #expect(
            touchFrames(events)
                == (try Self.frames(
                    "\(Self.touchscreens)/Atmel maXTouch Touchscreen.4-finger-drag-down.events")))
        #expect(events.contains { if case .key = $0 { true } else { false } })
        let prog1 = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("KEY_PROG1")
        }
        #expect(recording.warnings.map(\.line) == [(prog1 ?? -1) + 1])
        #expect(recording.warnings.first?.message.contains("(the first: KEY_PROG1)") == true)
    }

    // MARK: bad input

    static let badInput: [(text: String, line: Int, message: String)] = [
        ("EV_ABS ABS_MT_SLOT 00000000\n", 1, "unknown format"),
        ("/dev/input/event1: EV_ABS ABS_MT_SLOT 00000000\n", 1, "without a time stamp"),
        ("[ 1.000000] EV_ABS ABS_MT_SLOT\n", 1, "not a getevent line"),
        ("[ 1.000000 EV_ABS ABS_MT_SLOT 00000000\n", 1, "`[` without `]`"),
        ("[ 1.0000000] EV_ABS ABS_MT_SLOT 00000000\n", 1, "bad time stamp"),
        (
            "[ 1.000000] EV_ABS ABS_MT_SLOT 00000000\n[ 1.000000] EV_FOO SYN 0\n", 2,
            "unknown event type"
        ),
        ("[ 1.000000] EV_ABS ABS_MT_NOTHING 00000000\n", 1, "unknown EV_ABS code"),
        ("[ 1.000000] EV_ABS ABS_MT_SLOT 1000000000\n", 1, "bad value"),
        ("[ 1.000000] EV_KEY BTN_TOUCH HALFWAY\n", 1, "bad value"),
        ("add device 1: /dev/input/event1\n  name: \"a\"\n  colour: blue\n", 3, "unknown line"),
        (
            "add device 1: /dev/input/event1\n  events:\n    ABS (0003): ABS_X : value 0\n", 3,
            "without min and max"
        ),
        (
            "add device 1: /dev/input/event1\n  events:\n    ABS (0003): ABS_X : value x, min 0, max 1\n",
            3, "bad value"
        ),
        (
            "add device 1: /dev/input/event1\n  events:\n    ABS (0003): ABS_MT_SLOT : min 0, max 5000\n",
            3, "ABS_MT_SLOT"
        ),
        (
            "add device 1: /dev/input/event1\nadd device 2: /dev/input/event1\n", 2,
            "described twice"
        ),
        (
            "add device 1: /dev/input/event1\n  input props:\n    INPUT_PROP_COLOUR\n", 3,
            "unknown input property"
        ),
        ("add device 1: /dev/input/event1\n  name: \"a\"\n", 1, "no events"),
        ("[ 1.000000] EV_SYN SYN_REPORT 00000000\nwhatever\n", 2, "not a getevent line"),
        (
            "[ 1.000000] EV_SYN SYN_REPORT 00000000\n    ABS (0003): ABS_X : min 0, max 1\n", 2,
            "outside a device description"
        ),
    ]

    @Test(arguments: badInput.indices)
    func badInputIsFileLineAndWhatIsWrong(index: Int) {
        let (text, line, message) = Self.badInput[index]
        let path = TestFiles.scratch(text, name: "bad-\(index).getevent")
        expectRecordingError(path: path, line: line, containing: message) {
            try readToEnd(path, format: index == 0 ? nil : .getevent)
        }
    }

    @Test func aDescriptionWithEventsOrWithoutDevicesIsRefused() throws {
        let capture = TestFiles.scratch(
            "[ 1.000000] EV_SYN SYN_REPORT 00000000\n", name: "c.getevent")
        let withEvents = TestFiles.scratch(
            "[ 1.000000] EV_SYN SYN_REPORT 00000000\n", name: "d.desc")
        expectRecordingError(
            path: withEvents, line: 1, containing: "an event in a device description"
        ) {
            _ = try Recording.open(path: capture, descPath: withEvents)
        }
        let empty = TestFiles.scratch("\n", name: "e.desc")
        expectRecordingError(path: empty, line: 1, containing: "no device description") {
            _ = try Recording.open(path: capture, descPath: empty)
        }
    }
}
