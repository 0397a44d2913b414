import Foundation
import ListStore
import Replay
import TestSupport
import Testing
import ToolSupport
import TouchInput

@testable import CleartouchCommands
@testable import cleartouch_devices

/// Every reader of a whole small file looks at it before reading it (docs/trace-format.md,
/// "Ranges"): over its limit it fails at once naming the limit, a FIFO without a writer
/// does not block, a folder is named as one, and a pipe is read like a file.
@Suite struct BoundedReaderTests {
    /// The readers: the arguments that make a command read `path` in each role.
    static func readers(_ recording: String, _ path: String) -> [(String, [String])] {
        [
            ("list", [recording, "--list", path]),
            ("expect", [recording, "--expect", path]),
            ("layout", [recording, "--keyboard-layout", path.contains("/") ? path : "./" + path]),
        ]
    }

    /// The hostile files, made in `folder` under `name`; the limit each role must name.
    static let kinds = [
        "sparse-1GB", "one-past-the-limit", "fifo-without-writer", "folder", "dev-zero",
    ]

    static func make(_ kind: String, at path: String) throws -> String {
        switch kind {
        case "sparse-1GB":
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, 1 << 30) == 0)
        case "one-past-the-limit":
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(TextFile.maximumListOrExpectationBytes + 1)) == 0)
        case "fifo-without-writer":
            #expect(mkfifo(path, 0o600) == 0)
        case "folder":
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        default:
            return "/dev/zero"
        }
        return path
    }

    @Test(arguments: kinds)
    func everyReaderFailsFastOnEveryHostileFile(kind: String) throws {
        let folder = ScratchFolder("bounded-\(kind)")
        defer { folder.remove() }
        let recording = OutputFixture.write(in: folder)
        let path = try Self.make(kind, at: folder.file("hostile"))
        for (role, arguments) in Self.readers(recording, path) {
            let started = ContinuousClock.now
            let (status, output) = ExtremeNumberTests.run(ReplayCommand.self, arguments)
            // A guard against a hang, not a timing: the reads never wait for input.
            #expect(ContinuousClock.now - started < .seconds(60))
            #expect(status == 2, "\(role) \(kind): \(output.standardError)")
            let said = output.standardError
            switch kind {
            case "sparse-1GB", "one-past-the-limit", "dev-zero":
                #expect(said.contains("larger than the limit of "), "\(role) \(kind): \(said)")
                #expect(said.contains(" bytes"), "\(role): \(said)")
            case "folder":
                #expect(said.contains("it is a folder"), "\(role): \(said)")
            default:
                #expect(said.contains("nothing to read"), "\(role): \(said)")
            }
            #expect(said.utf8.count < 600, "\(role) \(kind): a message quoting its input whole")
        }
        // The app's list file and the calibration file: the same reader, the same limits.
        #expect(throws: ListStoreError.self) {
            try ListStore(path: path, clock: ListStore.systemClock).load()
        }
        #expect(throws: Diagnostic.self) { try CalibrationFile.read(path: path) }
    }

    /// A pipe is read like a file: `--list /dev/stdin`-style paths and `<(…)`.
    @Test func aPipeIsReadAndItsLimitHolds() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let recording = OutputFixture.write(in: folder)
        for (text, accepted) in [
            (#"["from a pipe"]"#, true), (String(repeating: " ", count: (1 << 20) + 1), false),
        ] {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let bytes = Array(text.utf8)
            let writeEnd = ends[1]
            let writer = Thread {
                var offset = 0
                while offset < bytes.count {
                    let count = bytes[offset...].withUnsafeBytes {
                        Glibc.write(writeEnd, $0.baseAddress, $0.count)
                    }
                    guard count > 0 else { break }
                    offset += count
                }
                close(writeEnd)
            }
            writer.start()
            let layout = "/proc/self/fd/\(ends[0])"
            if accepted {
                let (status, output) = ExtremeNumberTests.run(
                    ReplayCommand.self, [recording, "--list", layout])
                #expect(status == 0, "\(output.standardError)")
                #expect(output.standardOutput.contains("from a pipe"))
            } else {
                let (status, output) = ExtremeNumberTests.run(
                    ReplayCommand.self, [recording, "--keyboard-layout", layout])
                #expect(status == 2)
                #expect(output.standardError.contains("limit of 1048576 bytes"))
            }
            close(ends[0])
            while !writer.isFinished { usleep(1000) }
        }
    }

    /// Just inside the limit is read; just past it is refused, for every size.
    @Test(arguments: [0, 1, 4095, 65_535, 65_536, 65_537, 1 << 20])
    func theLimitIsExact(limit: Int) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let path = folder.file("f")
        for size in [max(0, limit - 1), limit, limit + 1] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data(count: size)))
            do throws(Diagnostic) {
                let bytes = try InputFile.bytes(path, limitBytes: limit)
                #expect(size <= limit && bytes.count == size)
            } catch {
                #expect(size > limit, "\(error)")
                #expect(error.message == "larger than the limit of \(limit) bytes for this file")
            }
        }
    }

    /// A quoted input is cut to the documented length, however long, in any script.
    @Test(arguments: [0, 1, 79, 80, 81, 50_000])
    func quotedInputIsCut(length: Int) {
        for unit in ["a", "é", "😀", "e\u{301}"] {
            let text = String(repeating: unit, count: length)
            let quoted = QuotedInput.cut(text)
            #expect(quoted.unicodeScalars.count <= QuotedInput.maximumScalars + 20)
            if text.unicodeScalars.count <= QuotedInput.maximumScalars {
                #expect(quoted == text)
            } else {
                #expect(quoted.hasSuffix("… (\(text.utf8.count) bytes)"))
            }
        }
    }
}
