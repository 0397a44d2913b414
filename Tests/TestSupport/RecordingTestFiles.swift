import Foundation
import Recordings
import Testing
import TouchInput

/// Paths and scratch files for the Recordings tests.
public enum TestFiles {
    /// The package root.
    public static let packageRoot: URL = PackagePaths.root
    public static let fixtures = PackagePaths.root.appendingPathComponent(
        "Tests/RecordingsTests/Fixtures")
    /// The shared corpus of real evemu recordings, beside the project (`../shared/corpus`;
    /// a git worktree one level deeper finds it at `../../shared/corpus`).
    public static let corpus = URL(fileURLWithPath: TestPaths.corpus)
    public static var corpusAvailable: Bool { FileManager.default.fileExists(atPath: corpus.path) }

    /// Writes `contents` to a fresh temporary file and returns its path.
    public static func scratch(_ contents: String, name: String = "file") -> String {
        scratch(bytes: Array(contents.utf8), name: name)
    }

    public static func scratch(bytes: [UInt8], name: String = "file") -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-recordings-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try! Data(bytes).write(to: url)
        return url.path
    }

    public static func scratchPath(name: String = "out") -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-recordings-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent(name).path
    }
}

/// Reads every event of an open recording.
public func readAll(_ recording: Recording) throws -> [InputEvent] {
    var events: [InputEvent] = []
    while let event = try recording.next() { events.append(event) }
    return events
}

public func touchFrames(_ events: [InputEvent]) -> [TouchFrame] {
    events.compactMap { if case .touchFrame(let frame) = $0 { frame } else { nil } }
}

/// The largest number of contacts down at the same time on one device.
public func mostContactsAtOnce(_ events: [InputEvent]) -> Int {
    var down: [DeviceID: Set<Int>] = [:]
    var most = 0
    for frame in touchFrames(events) {
        var set = down[frame.device] ?? []
        for contact in frame.contacts {
            switch contact.phase {
            case .down, .move: set.insert(contact.seatSlot)
            case .up, .cancel: set.remove(contact.seatSlot)
            }
        }
        down[frame.device] = set
        most = max(most, set.count)
    }
    return most
}

/// Runs `read` and expects a `RecordingError` for `path` at `line` whose message contains `message`.
public func expectRecordingError(
    path: String, line: Int, containing message: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ read: () throws -> Void
) {
    do {
        try read()
        Issue.record("no error for \(path)", sourceLocation: sourceLocation)
    } catch let error as RecordingError {
        #expect(error.path == path, sourceLocation: sourceLocation)
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.message.contains(message), "\(error)", sourceLocation: sourceLocation)
        #expect(error.description.hasPrefix("\(path):\(line): "), sourceLocation: sourceLocation)
    } catch {
        Issue.record("not a RecordingError: \(error)", sourceLocation: sourceLocation)
    }
}

/// Opens `path` and reads every event.
public func readToEnd(_ path: String, format: RecordingFormat? = nil) throws {
    let recording = try Recording.open(path: path, format: format)
    while try recording.next() != nil {}
}

/// Files made by the real `libinput record` under umockdev (tools/make-libinput-fixtures).
public enum LibinputFixtures {
    public static let valid = [
        "ts-pinch.yml", "ts-pinch-with-libinput.yml", "tp-swipe3-with-libinput.yml",
        "two-devices.yml",
    ]
    public static func path(_ name: String) -> String {
        TestFiles.fixtures.appendingPathComponent(name).path
    }
}
