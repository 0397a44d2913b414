import Evdev
import Foundation
import Recordings
import TestSupport
import Testing
import Umockdev
import UmockdevScenarios

/// The evemu → umockdev converter, on its own.
struct UmockdevTests {
    /// Parses evemu text with the one evemu parser, as the mock device tool reads a file;
    /// errors name `path`.
    static func parse(text: String, path: String) throws(RecordingError) -> (
        EvdevDevice, [EvdevEvent]
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-umockdev-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("file.evemu")
        try! text.write(to: file, atomically: true, encoding: .utf8)
        do {
            let (description, events) = try EvemuParser.read(path: file.path)
            return (description ?? EvdevDevice(), events)
        } catch {
            throw RecordingError(path: path, line: error.line, message: error.message)
        }
    }

    static let touchscreen = """
        N: Test Screen
        I: 0018 04f3 2234 0100
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 03 03 00 00 00 00 80 60 02
        A: 00 0 4095 0 0 13
        A: 2f 0 9 0 0 0
        A: 39 0 65535 0 0 0
        """

    @Test func parsesADescriptionAndDerivesTheKind() throws {
        let (description, events) = try Self.parse(text: Self.touchscreen, path: "ts.evemu")
        #expect(description.name == "Test Screen")
        let identity: [Int] = [
            description.bustype, description.vendor, description.product, description.version,
        ]
        #expect(identity == [0x18, 0x4f3, 0x2234, 0x100])
        #expect(description.has(3, 0x35))
        #expect(!description.has(3, 0x34))
        #expect(description.absinfo[0]?.resolution == 13)
        #expect(events.isEmpty)
        #expect(UmockdevFiles.kind(of: description) == .touchscreen)
    }

    @Test func ioctlAnswersHaveLibevdevsBufferSizes() throws {
        let (description, _) = try Self.parse(text: Self.touchscreen, path: "ts.evemu")
        let lines = UmockdevFiles.ioctlFile(description, node: "/dev/input/event50").split(
            separator: "\n")
        func data(_ name: String) -> Substring? {
            lines.first { $0.hasPrefix(name + " ") }?.split(separator: " ").last
        }
        #expect(data("EVIOCGNAME")?.count == 255 * 2)
        #expect(data("EVIOCGBIT(1)")?.count == 96 * 2)
        #expect(data("EVIOCGBIT(21)")?.count == 16 * 2)
        // value, min, max, fuzz, flat, resolution: tracking id starts at -1.
        #expect(data("EVIOCGABS(57)") == "FFFFFFFF00000000FFFF0000000000000000000000000000")
        #expect(lines.filter { $0.hasPrefix("EVIOCGMTSLOTS") }.count == 3)
    }

    @Test func sysfsBitmapsAreKernelLongsMostSignificantFirst() {
        #expect(
            UmockdevFiles.kernelBitmap([0x03, 0, 0, 0, 0, 0, 0x80, 0x60, 0x02])
                == "2 6080000000000003")
        #expect(UmockdevFiles.kernelBitmap([0]) == "0")
    }

    @Test func scriptsWaitForTheBarrierAndWriteOneLinePerFrame() throws {
        let events = [
            EvdevEvent(timeMicroseconds: 5_000_000, type: 3, code: 0x39, value: 7),
            EvdevEvent(timeMicroseconds: 5_000_000, type: 0, code: 0, value: 0),
            EvdevEvent(timeMicroseconds: 5_012_400, type: 0, code: 0, value: 0),
        ]
        let script = try BarrierScript.script(events: events, barrier: "GO", title: "t")
        let lines = script.split(separator: 0x0a).map { Array($0) }
        #expect(lines[1] == Array("w 0 GO".utf8))
        #expect(lines[2].starts(with: Array("r 20 ".utf8)))  // first frame: 20 ms after the barrier
        #expect(lines[3].starts(with: Array("r 12 ".utf8)))  // 12.4 ms later, in whole ms
        // Then the end marker, a second later, dated like the last frame.
        #expect(
            lines[4]
                == Array("r 1000 ".utf8)
                + BarrierScript.encode(
                    BarrierScript.inputEvent(
                        timeMicroseconds: BarrierScript.timelineStartMicroseconds + 12_400,
                        type: BarrierScript.endMarker.type, code: BarrierScript.endMarker.code,
                        value: BarrierScript.endMarker.value)))
        #expect(lines.count == 5)
        // Two events of 24 bytes, every byte below 32 escaped as two.
        #expect(!lines[2].dropFirst(5).contains { $0 < 32 })
    }

    @Test func aScriptWithoutEventsStillEndsWithTheMarker() throws {
        let script = try BarrierScript.script(events: [], barrier: "GO", title: "t")
        let lines = script.split(separator: 0x0a).map { Array($0) }
        #expect(lines.count == 3)
        #expect(lines[1] == Array("w 0 GO".utf8))
        #expect(lines[2].starts(with: Array("r 1000 ".utf8)))
    }

    @Test func escapingCoversControlBytesAndTheCaret() {
        #expect(
            BarrierScript.encode([0, 31, 32, 0x5e, 0xff]) == [
                0x5e, 0x40, 0x5e, 0x5f, 32, 0x5e, 0x60, 0xff,
            ])
    }

    @Test func aTimelinePastTheScriptLimitIsRefused() {
        let limit = BarrierScript.timelineEndMicroseconds - BarrierScript.timelineStartMicroseconds
        let justInside = [
            EvdevEvent(timeMicroseconds: 0, type: 0, code: 0, value: 0),
            EvdevEvent(timeMicroseconds: limit - 1, type: 0, code: 0, value: 0),
        ]
        #expect(throws: Never.self) {
            try BarrierScript.script(events: justInside, barrier: nil, title: "t")
        }
        let justOutside = [
            justInside[0], EvdevEvent(timeMicroseconds: limit, type: 0, code: 0, value: 0),
        ]
        #expect(throws: BarrierScript.TooLong.self) {
            try BarrierScript.script(events: justOutside, barrier: nil, title: "t")
        }
    }

    @Test func malformedLinesAreErrorsWithFileAndLine() {
        #expect(throws: RecordingError.self) {
            try Self.parse(text: "N: x\nI: 0018 zz 1 1\n", path: "bad.evemu")
        }
        do {
            _ = try Self.parse(text: "# c\nE: 1.5 0003 0035\n", path: "bad.evemu")
            Issue.record("accepted a short event line")
        } catch {
            #expect(error.description.hasPrefix("bad.evemu:2: "))
        }
    }

    @Test func eventTimesKeepTheirFraction() throws {
        let (_, events) = try Self.parse(
            text: "E: 12.000015 0000 0000 0000\nE: 12.500000 0000 0000 0\n", path: "e")
        #expect(events.map(\.timeMicroseconds) == [12_000_015, 12_500_000])
    }

    @Test func scenariosAreDeterministic() {
        let session = Scenarios.all["ts-clear-session"]!
        let first = Scenarios.evemuText(Scenarios.events(for: session), name: "x")
        #expect(first == Scenarios.evemuText(Scenarios.events(for: session), name: "x"))
        #expect(first.contains("E: 0.000000 0003 002f 0"))
    }
}
