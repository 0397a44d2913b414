import Foundation
import GestureService
import Replay
import TestSupport
import Testing

/// A replay of the gesture service ends what it began (docs/gesture-service.md, "Replay and
/// tests"): every bundled gesture recording, cut after each of several of its events, gives
/// for every gesture that began exactly one `ended`, the last of its reports, and one
/// cancelled where the cut fell before its end. A recording that stops mid-swipe used to
/// send `GestureBegan` and `GestureUpdated` and never `GestureEnded`.
@Suite struct GestureReplayEndsWhatItBeganTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path

    /// The bundled gesture recordings whose events are one per line (evemu, trace).
    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []
        return all.filter {
            $0.hasPrefix("gestures-") && ($0.hasSuffix(".evemu") || $0.hasSuffix(".trace"))
        }.sorted()
    }()

    /// The lines of an event: `E:` lines of evemu, lines after `events` of a trace.
    static func eventLineIndices(_ lines: [Substring], trace: Bool) -> [Int] {
        guard trace else { return lines.indices.filter { lines[$0].hasPrefix("E:") } }
        guard let start = lines.firstIndex(of: "events") else { return [] }
        return Array(lines.indices.filter { $0 > start && !lines[$0].isEmpty })
    }

    @Test(arguments: names)
    func everyGestureThatBeganEndsOnceWhereverTheRecordingStops(name: String) throws {
        let text = try String(contentsOfFile: Self.recordings + "/" + name, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let events = Self.eventLineIndices(lines, trace: name.hasSuffix(".trace"))
        try #require(events.count > 2, "\(name): no events found")
        let folder = ScratchFolder()
        // Cut after each ninth of the events (each event of a short one), and with every event.
        let cuts = Set((1...8).map { events[$0 * events.count / 9] }).sorted() + [lines.count - 1]
        var cancelledAtTheCut = 0
        for cut in cuts {
            let path = folder.file("cut-\(cut)-" + name)
            try (lines[...cut].joined(separator: "\n") + "\n").write(
                toFile: path, atomically: true, encoding: .utf8)
            let replay = GestureServiceReplay(
                source: ReplaySource(path: path),
                configuration: GestureServiceConfiguration(path: "", bindings: []))
            let reports = try replay.run().reports
            let context = "\(name) cut after line \(cut + 1)"
            for id in Set(reports.map(\.id)) {
                let own = reports.filter { $0.id == id }
                let ends = own.filter { if case .ended = $0.phase { true } else { false } }
                #expect(ends.count == 1, "\(context): gesture \(id) ended \(ends.count) times")
                if case .ended = own.last?.phase {
                } else {
                    Issue.record("\(context): gesture \(id) does not end with its last report")
                }
                if own.count > 1, case .ended(cancelled: true) = own.last?.phase,
                    own.last?.timeMicroseconds == reports.last?.timeMicroseconds
                {
                    cancelledAtTheCut += 1
                }
            }
        }
        print(
            "\(name): \(cuts.count) cuts, \(cancelledAtTheCut) gestures cancelled where the cut fell"
        )
    }
}
