import Foundation
import Recordings
import TestSupport
import Testing
import TouchInput

@testable import Replay

/// Reading ahead (`ReadAheadInput`, `BatchHandOff`) gives the events, warnings and errors
/// of reading one event at a time (`Recording.next`), wherever a batch's edges fall:
/// batches of one, two and three events put an edge after every event, so after every
/// frame's end and right before every line that fails.
@Suite struct ReadAheadInputTests {
    /// What reading a recording gave: its events, then the error or the warnings.
    struct Reading: Equatable {
        var events: [InputEvent] = []
        var error: String?
        var warnings: [String] = []
    }

    /// One event at a time, as every replay read before.
    static func sequential(_ path: String) -> Reading {
        var reading = Reading()
        do throws(RecordingError) {
            let recording = try Recording.open(path: path)
            while let event = try recording.next() { reading.events.append(event) }
            reading.warnings = recording.warnings.map(\.description)
        } catch {
            reading.error = error.description
        }
        return reading
    }

    /// Through the reader thread, batch by batch (`nextBatch`, what the harness reads) or
    /// one event at a time (`next`).
    static func readAhead(
        _ path: String, batchEvents: Int, batches: Int, byBatch: Bool, onThread: Bool = true
    ) -> Reading {
        var reading = Reading()
        do throws(ReplayError) {
            let input = try ReadAheadInput(
                ReplaySource(path: path), batchEvents: batchEvents, batches: batches,
                firstBatchEvents: batchEvents, onThread: onThread)
            if byBatch {
                var batch = RecordingBatch()
                var contacts: [TouchContact] = []
                repeat {
                    input.nextBatch(&batch)
                    for index in 0..<batch.events.count {
                        reading.events.append(
                            batch.events.event(at: index, contactsBuffer: &contacts))
                    }
                    if let failure = batch.failure { throw failure }
                } while !batch.isLast
            } else {
                while let event = try input.next() { reading.events.append(event) }
            }
            reading.warnings = input.warnings.map(\.description)
        } catch {
            reading.error = error.description
        }
        return reading
    }

    /// The shapes of hand-off compared: batch sizes, batches in flight, both ways to read,
    /// and reading without a thread (what happens when none can be started).
    static let shapes: [(batchEvents: Int, batches: Int, byBatch: Bool, onThread: Bool)] = [
        (1, 1, true, true), (2, 2, true, true), (3, 3, true, true), (1, 2, false, true),
        (3, 1, false, true), (replayBatchEvents, 2, true, true), (2, 2, true, false),
    ]

    static func expectSameAsSequential(
        _ path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let expected = sequential(path)
        for shape in shapes {
            let got = readAhead(
                path, batchEvents: shape.batchEvents, batches: shape.batches,
                byBatch: shape.byBatch, onThread: shape.onThread)
            #expect(got == expected, "\(path), \(shape)", sourceLocation: sourceLocation)
        }
    }

    /// A synthetic touchscreen's description (a repository recording's).
    static func description() throws -> String {
        let path = PackagePaths.root.appendingPathComponent("Recordings/pan-delete-below.evemu")
            .path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("E:") && !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    /// `frames` frames of one finger (down, moves, up), four lines each but the first.
    static func eventLines(frames: Int) -> [String] {
        var lines: [String] = []
        for frame in 0..<frames {
            let time = String(format: "%d.%06d", frame / 100, (frame % 100) * 10_000)
            if frame == 0 { lines.append("E: \(time) 0003 0039 0007") }
            if frame == frames - 1 {
                lines.append("E: \(time) 0003 0039 -001")
            } else {
                lines.append("E: \(time) 0003 0035 \(String(4000 + frame * 37))")
                lines.append("E: \(time) 0003 0036 \(String(9000 - frame * 11))")
            }
            lines.append("E: \(time) 0000 0000 0000")
        }
        return lines
    }

    static func write(_ lines: [String], description: String, terminated: Bool = true) -> String {
        TestFiles.scratch(
            description + lines.joined(separator: "\n") + (terminated ? "\n" : ""),
            name: "read-ahead.evemu")
    }

    @Test func everyRecordingOfTheRepositoryReadsAlike() throws {
        let folder = PackagePaths.root.appendingPathComponent("Recordings")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasSuffix(".evemu") || $0.hasSuffix(".trace") || $0.hasSuffix(".yml")
                || $0.hasSuffix(".yaml")
        }.sorted()
        // Every format: evemu decodes straight into batches, the others one event at a time.
        #expect(names.contains { $0.hasSuffix(".evemu") })
        #expect(names.contains { $0.hasSuffix(".trace") })
        #expect(names.contains { $0.hasSuffix(".yml") })
        for name in names { Self.expectSameAsSequential(folder.appendingPathComponent(name).path) }
    }

    @Test func framesAcrossEveryBatchEdge() throws {
        let path = Self.write(Self.eventLines(frames: 12), description: try Self.description())
        let expected = Self.sequential(path)
        #expect(expected.error == nil)
        // The device, 12 frames, the device's removal.
        #expect(expected.events.count == 14)
        Self.expectSameAsSequential(path)
    }

    @Test func anUnreadableLineAnywhereFailsAfterTheSameEvents() throws {
        let description = try Self.description()
        let lines = Self.eventLines(frames: 8)
        // The first event line, the last, and every one between: with batches of one to
        // three events, some batch ends right before each of them.
        for broken in lines.indices {
            var damaged = lines
            damaged[broken] = "E: 0.5 0003 zz 0001"
            let path = Self.write(damaged, description: description)
            let expected = Self.sequential(path)
            #expect(
                expected.error?.contains(
                    ":\(description.split(separator: "\n").count + broken + 1):") == true)
            Self.expectSameAsSequential(path)
        }
    }

    @Test func anUnreadableDescriptionLineFailsAtOpening() throws {
        let path = TestFiles.scratch(
            "# EVEMU 1.3\nN: x\nA: zz\n" + Self.eventLines(frames: 2).joined(separator: "\n"),
            name: "bad-description.evemu")
        let expected = Self.sequential(path)
        #expect(expected.error != nil)
        #expect(expected.events.isEmpty)
        Self.expectSameAsSequential(path)
    }

    @Test func anEmptyFileFailsAlike() {
        let path = TestFiles.scratch("", name: "empty.evemu")
        let expected = Self.sequential(path)
        #expect(expected.error?.hasSuffix("empty file") == true)
        Self.expectSameAsSequential(path)
    }

    @Test func aDescriptionWithoutEventsReadsAlike() throws {
        let path = Self.write([], description: try Self.description())
        let expected = Self.sequential(path)
        #expect(expected.error == nil)
        Self.expectSameAsSequential(path)
    }

    @Test func aFileEndingInsideAFrameReadsAlike() throws {
        let description = try Self.description()
        var lines = Self.eventLines(frames: 6)
        lines.removeLast()  // the last frame's SYN_REPORT
        Self.expectSameAsSequential(Self.write(lines, description: description))
        // And a last line without its newline.
        Self.expectSameAsSequential(Self.write(lines, description: description, terminated: false))
    }

    @Test func aReplayReadAheadGivesTheSameResultAndError() throws {
        let description = try Self.description()
        let good = Self.write(Self.eventLines(frames: 40), description: description)
        var damaged = Self.eventLines(frames: 40)
        damaged[61] = "E: x"
        let bad = Self.write(damaged, description: description)
        for path in [good, bad] {
            func replay(_ readAhead: Bool) -> String {
                var harness = ReplayHarness(source: ReplaySource(path: path))
                harness.watchesThresholdTicks = true
                if readAhead {
                    harness.openInput = { source throws(ReplayError) in
                        try ReadAheadInput(source, batchEvents: 3, batches: 2)
                    }
                }
                do throws(ReplayError) {
                    return try harness.run().jsonText()
                } catch {
                    return error.description
                }
            }
            #expect(replay(true) == replay(false))
        }
        #expect(
            (try? ReplayHarness(source: ReplaySource(path: bad)).run()) == nil,
            "the damaged file fails")
    }

    @Test func aReplayThatStopsEarlyEndsTheReader() throws {
        let path = Self.write(Self.eventLines(frames: 200), description: try Self.description())
        // Ten events of 200 taken, the input let go: its reader stops, blocked on a full
        // hand-off, and the deinitializer joins it (a hang here is the failure).
        var input: ReadAheadInput? = try ReadAheadInput(
            ReplaySource(path: path), batchEvents: 4, batches: 2)
        for _ in 0..<10 { #expect(try input?.next() != nil) }
        input = nil
        #expect(input == nil)
    }
}
