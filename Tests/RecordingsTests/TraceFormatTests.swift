import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

@Suite struct TraceFormatTests {
    static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)
    static let device = DeviceDescription(
        id: DeviceID(1), name: "ELAN Touch\\screen \"x\"\tä", kind: .touchscreen,
        sizeMillimetres: SizeMillimetres(width: 309.2308, height: 173.8462), screen: screen,
        axisX: AxisRange(minimum: 0, maximum: 4019, resolutionUnitsPerMillimetre: 13),
        axisY: AxisRange(minimum: -5, maximum: 2259, resolutionUnitsPerMillimetre: 13),
        slotCount: 10)
    static let header = RecordingHeader(
        format: .trace, formatVersion: "1", recordedAt: "2026-11-29T13:03:32Z", devices: [device],
        screen: screen,
        rowHeightPixels: 169,
        initialItems: [
            RecordedItem(text: "Feed the cat"), RecordedItem(text: "a\nb", completed: true),
        ])

    static let events: [InputEvent] = [
        .deviceAdded(device, timeMicroseconds: 0),
        .touchFrame(
            TouchFrame(
                device: DeviceID(1), timeMicroseconds: 1000,
                contacts: [
                    TouchContact(
                        seatSlot: 0, deviceSlot: 0, phase: .down,
                        positionMillimetres: Point(x: 154.6154, y: 86.9231),
                        positionPixels: Point(x: 540, y: 960)),
                    TouchContact(
                        seatSlot: 1, deviceSlot: 3, phase: .down,
                        positionPixels: Point(x: -0.125, y: 0.001)),
                ], fingerCount: 2)),
        .touchFrame(
            TouchFrame(
                device: DeviceID(1), timeMicroseconds: 9000,
                contacts: [
                    TouchContact(
                        seatSlot: 0, deviceSlot: 0, phase: .cancel,
                        positionPixels: Point(x: 1, y: 2)),
                    TouchContact(
                        seatSlot: 1, deviceSlot: 3, phase: .up, positionPixels: Point(x: 3, y: 4)),
                ])),
        .touchFrame(
            TouchFrame(device: DeviceID(1), timeMicroseconds: 9500, contacts: [], fingerCount: 3)),
        .touchpadGesture(
            TouchpadGesture(
                device: DeviceID(2), timeMicroseconds: 10_000, kind: .pinch, stage: .update,
                fingerCount: 2,
                deltaX: -1.5, deltaY: 0.25, scale: 1.125, angleDeltaDegrees: -3.5, cancelled: false)
        ),
        .touchpadGesture(
            TouchpadGesture(
                device: DeviceID(2), timeMicroseconds: 10_001, kind: .hold, stage: .end,
                fingerCount: 3,
                cancelled: true)),
        .pointerMotion(
            PointerMotion(device: DeviceID(2), timeMicroseconds: 11_000, deltaX: 0.5, deltaY: -2)),
        .pointerButton(
            PointerButton(device: DeviceID(2), timeMicroseconds: 12_000, button: 272, pressed: true)
        ),
        .pointerScroll(
            PointerScroll(
                device: DeviceID(2), timeMicroseconds: 13_000, source: .finger, horizontal: 0,
                vertical: -6.5)),
        .key(
            KeyboardKey(
                device: DeviceID(3), timeMicroseconds: 14_000, code: 30, pressed: true,
                obfuscated: true)),
        .key(KeyboardKey(device: DeviceID(3), timeMicroseconds: 14_100, code: 28, pressed: false)),
        .text(TextInput(timeMicroseconds: 15_000, text: " Milk \\ and\tbread\n ")),
        .deviceRemoved(DeviceID(1), timeMicroseconds: -20),
    ]

    static func write(_ events: [InputEvent], header: RecordingHeader = header) throws -> String {
        let path = TestFiles.scratchPath(name: "t.trace")
        let writer = try TraceWriter(path: path)
        try writer.writeHeader(header)
        for event in events { try writer.write(event) }
        try writer.close()
        return path
    }

    @Test func writtenEventsReadBackEqual() throws {
        let path = try TraceFormatTests.write(TraceFormatTests.events)
        let reader = try TraceReader(path: path)
        #expect(reader.header == TraceFormatTests.header)
        var read: [InputEvent] = []
        while let event = try reader.next() { read.append(event) }
        #expect(read == TraceFormatTests.events)
        #expect(reader.warnings.isEmpty)
    }

    @Test func recordingOpenDetectsTraces() throws {
        let path = try TraceFormatTests.write(TraceFormatTests.events)
        let recording = try Recording.open(path: path)
        #expect(recording.format == .trace)
        #expect(try readAll(recording).count == TraceFormatTests.events.count)
    }

    @Test func numbersAreRoundedToTheirDocumentedPlaces() throws {
        let frame = TouchFrame(
            device: DeviceID(1), timeMicroseconds: 5,
            contacts: [
                TouchContact(
                    seatSlot: 0, phase: .down, positionMillimetres: Point(x: 1.000049, y: 2.00005),
                    positionPixels: Point(x: 540.0004, y: 959.9996))
            ])
        var bytes: [UInt8] = []
        TraceWriter.encode(.touchFrame(frame), into: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self) == "5 down 1 0 0 540 960 1 2.0001\n5 frame 1\n")
        #expect(TraceWriter.quantized(540.0004, decimals: 3) == 540)
    }

    @Test func aTruncatedLastLineIsAWarningAndTheRestIsUsed() throws {
        let path = TestFiles.scratch(
            "cleartouch-trace 1\nevents\n10 down 1 0 0 1 2 - -\n10 frame 1\n20 move 1 0 0 1 3 - -\n20 fra"
        )
        let recording = try Recording.open(path: path)
        let events = try readAll(recording)
        #expect(events.count == 2)
        #expect(
            recording.warnings.map(\.description).contains("\(path):6: truncated last line ignored")
        )
        #expect(recording.warnings.count == 2)
    }

    @Test func headerOnlyTraceWithoutEventsLineIsAWarning() throws {
        let path = TestFiles.scratch("cleartouch-trace 1\nscreen 10 20\n")
        let recording = try Recording.open(path: path)
        #expect(recording.header.screen == ScreenSize(widthPixels: 10, heightPixels: 20))
        #expect(try recording.next() == nil)
        #expect(recording.warnings.count == 1)
    }

    @Test(arguments: [
        ("cleartouch-trace 2\nevents\n", 1, "unsupported trace format version 2"),
        ("cleartouch-trace 1\nscreen 0 10\nevents\n", 2, "bad screen size"),
        ("cleartouch-trace 1\nbogus 1\nevents\n", 2, "unknown header line `bogus`"),
        ("cleartouch-trace 1\nevents\n1x down 1 0 0 1 2 - -\n", 3, "bad event time"),
        ("cleartouch-trace 1\nevents\n1 down 1 0 0 1 zz - -\n", 3, "bad touch line"),
        ("cleartouch-trace 1\nevents\n1 jump 1\n", 3, "unknown event type `jump`"),
        (
            "cleartouch-trace 1\nevents\n1 down 1 0 0 1 2 - -\n2 motion 1 0 0\n", 4,
            "inside a touch frame"
        ),
        (
            "cleartouch-trace 1\nevents\n1 down 1 0 0 1 2 - -\n1 frame 2\n", 4,
            "frame of device 2 ends touches of device 1"
        ),
        ("cleartouch-trace 1\nevents\n1 gesture 1 spin begin 2 0 0 1 0 0\n", 3, "bad gesture kind"),
        ("cleartouch-trace 1\nevents\n1 key 1 30 1 2\n", 3, "bad flag"),
        ("cleartouch-trace 1\nevents\n1 text bad \\q\n", 3, "unknown escape"),
        ("cleartouch-trace 1\nevents\n99999999999999999999 removed 1\n", 3, "bad event time"),
        ("cleartouch-trace 1\nevents\n1 motion 1 nan 0\n", 3, "bad number"),
    ])
    func malformedTracesNameFileAndLine(text: String, line: Int, message: String) throws {
        let path = TestFiles.scratch(text)
        expectRecordingError(path: path, line: line, containing: message) {
            try readToEnd(path, format: .trace)
        }
    }
}

extension TraceFormatTests {
    /// A recorder killed at any byte leaves a trace that reads without error: every event
    /// but the last read is the written one, and the cut is reported as a warning.
    @Test func aTraceCutAtAnyByteReadsItsPrefix() throws {
        let path = try TraceFormatTests.write(TraceFormatTests.events)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let headerEnd = try #require(String(decoding: bytes, as: UTF8.self).range(of: "events\n"))
            .upperBound
        let headerBytes = String(decoding: bytes, as: UTF8.self)[..<headerEnd].utf8.count
        let cutPath = TestFiles.scratchPath(name: "cut.trace")
        for cut in headerBytes..<bytes.count {
            try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: cutPath))
            let recording = try Recording.open(path: cutPath)
            let events = try readAll(recording)
            #expect(
                Array(events.dropLast())
                    == Array(TraceFormatTests.events.prefix(max(0, events.count - 1))),
                "cut at \(cut)")
            if bytes[cut - 1] != 0x0A { #expect(!recording.warnings.isEmpty, "cut at \(cut)") }
        }
    }
}
