import Evdev
import Foundation
import Recordings
import Replay
import ToolSupport
import TouchScript

/// Replay throughput: synthetic sessions of one and two hours of one- and two-finger
/// input (swipes, pinches, scrolls), generated at bench time in each input format
/// (ClearTouch trace, evemu, `libinput record` YAML), replayed through `ReplayHarness`
/// into the Clear core. Prints events/s, ns/event, × real time and the peak RSS after
/// each run (runs go from short to long, so a flat peak means memory does not grow
/// with the session).
func runReplayBenchmarks() {
    print("## Replay")
    let directory = NSTemporaryDirectory() + "cleartouch-replay-bench-\(getpid())"
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    print(
        "| format | session | events | file MB | replay s | events/s | ns/event | × real time | RSS before MB | peak RSS MB |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for hours in [1, 2] {
        for format in ["trace", "evemu", "libinput"] {
            let path = "\(directory)/session-\(hours)h.\(format)"
            do {
                try SyntheticSession.write(
                    format: format, cycles: hours * SyntheticSession.cyclesPerHour, to: path)
                let bytes =
                    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                resetPeakResident()
                let before = procStatusMegabytes("VmRSS:") ?? 0
                let start = monotonicNanoseconds()
                let result = try ReplayHarness(
                    source: ReplaySource(path: path), keepListsAfterActions: false
                ).run()
                let seconds = Double(monotonicNanoseconds() - start) / 1e9
                try? FileManager.default.removeItem(atPath: path)
                let recorded = Double(result.durationMicroseconds) / 1e6
                print(
                    "| \(format) | \(hours) h | \(result.eventCount) | \(String(format: "%.1f", Double(bytes) / 1e6)) | "
                        + "\(String(format: "%.2f", seconds)) | \(String(format: "%.0f", Double(result.eventCount) / seconds)) | "
                        + "\(String(format: "%.0f", seconds * 1e9 / Double(result.eventCount))) | "
                        + "\(String(format: "%.0f", recorded / seconds)) | \(String(format: "%.1f", before)) | "
                        + "\(String(format: "%.1f", peakResidentMegabytes())) |"
                )
            } catch {
                print("| \(format) | \(hours) h | failed: \(error) |")
            }
        }
    }
}

private func monotonicNanoseconds() -> UInt64 { UInt64(MonotonicClock.nowNanoseconds()) }

/// The peak resident set since the last `resetPeakResident()`: Linux's VmHWM, which
/// writing 5 to /proc/self/clear_refs resets, so each run is measured on its own even
/// after other benchmarks in this process. Falls back to getrusage's ru_maxrss.
private func peakResidentMegabytes() -> Double {
    if let megabytes = procStatusMegabytes("VmHWM:") { return megabytes }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

/// A `/proc/self/status` line in megabytes (VmRSS: resident now; VmHWM: its peak).
private func procStatusMegabytes(_ key: String) -> Double? {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key) }),
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    {
        return kilobytes / 1024
    }
    return nil
}

private func resetPeakResident() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// A long session made of a 10-second cycle that leaves the list as it found it:
/// complete row 1, make it active again, a pinch short of the threshold, a scroll down
/// and back, a short pan, a pinch together. Written in cycles, so memory stays small.
enum SyntheticSession {
    static let cycleMicroseconds: Int64 = 10_000_000
    static let cyclesPerHour = 360

    static func cycle(startingAt start: Int64) -> [ScriptEvent] {
        var s = Script(startMicroseconds: start)
        func row(_ i: Int) -> Int { 169 * i + 85 }
        s.drag(x: 250, y: row(1), dx: 600, dy: 0)
        s.wait(milliseconds: 640)
        s.drag(x: 250, y: row(1), dx: 600, dy: 0)
        s.wait(milliseconds: 640)
        s.down([(0, 540, row(3)), (1, 560, row(4))])
        s.move([(0, 0, -60), (1, 0, 60)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
        s.wait(milliseconds: 700)
        s.drag(x: 540, y: 1200, dx: 0, dy: -100)
        s.wait(milliseconds: 1140)
        s.drag(x: 540, y: 600, dx: 0, dy: 100)
        s.wait(milliseconds: 1140)
        s.drag(x: 800, y: row(5), dx: -300, dy: 0)
        s.wait(milliseconds: 640)
        s.down([(0, 540, row(6) - 40), (1, 560, row(7) + 40)])
        s.move([(0, 0, 50), (1, 0, -50)], steps: 15)
        s.wait(milliseconds: 150)
        s.up([0, 1])
        precondition(s.timeMicroseconds - start < cycleMicroseconds)
        return s.events
    }

    static func write(format: String, cycles: Int, to path: String) throws {
        let comment = "ClearTouch replay benchmark session, \(cycles) cycles of 10 s"
        if format == "trace" {
            let writer = try TraceWriter(path: path, flushesEveryCall: false)
            try writer.writeHeader(SyntheticTrace.header(keyboard: false, list: nil))
            var events = SyntheticTrace.deviceEvents(keyboard: false)
            for n in 0..<cycles {
                SyntheticTrace.inputEvents(
                    cycle(startingAt: Int64(n) * cycleMicroseconds), into: &events)
                for event in events { try writer.write(event) }
                events.removeAll(keepingCapacity: true)
            }
            try writer.close()
            return
        }
        // A file that cannot be created fails in FileHandle below, with its reason.
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let device = SyntheticTouchscreen.evdevDevice
        var encoder = SyntheticTouchscreen.encoder(
            timeOffsetMicroseconds: format == "evemu" ? 1 : 0)
        try handle.write(
            contentsOf: Data(
                (format == "evemu"
                    ? EvemuWriter.description(device, comment: comment)
                    : LibinputRecordWriter.header(
                        device: device, node: SyntheticTouchscreen.node, comment: comment))
                    .utf8))
        for n in 0..<cycles {
            let frames = encoder.encode(cycle(startingAt: Int64(n) * cycleMicroseconds))
            let text =
                format == "evemu"
                ? EvemuWriter.eventLines(frames.flatMap { $0 })
                : LibinputRecordWriter.events(frames)
            try handle.write(contentsOf: Data(text.utf8))
        }
    }
}
