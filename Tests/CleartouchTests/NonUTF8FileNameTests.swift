import DescriptorIO
import Foundation
import TestSupport
import Testing

/// File names that are not UTF-8 (on Linux a name is bytes), through the real `cleartouch`
/// binary with argv's bytes as given: every command opens, lists, writes and names them
/// (docs/output-files.md, "File names").
@Suite struct NonUTF8FileNameTests {
    /// Names as bytes: a lone 0xFF, a lead byte alone (0xC3), an overlong slash (0xC0 0xAF)
    /// and valid UTF-8 that encodes one of the escape's reserved scalars (U+10FF80).
    static let hostileNames: [(bytes: [UInt8], shown: String)] = [
        (Array("bad-".utf8) + [0xFF], #"bad-\xFF"#),
        (Array("lone-".utf8) + [0xC3] + Array("x".utf8), #"lone-\xC3x"#),
        (Array("overlong-".utf8) + [0xC0, 0xAF], #"overlong-\xC0\xAF"#),
        (Array("reserved-".utf8) + [0xF4, 0x8F, 0xBE, 0x80], #"reserved-\xF4\x8F\xBE\x80"#),
    ]

    @Test(arguments: hostileNames.indices)
    func replayAndInspectOpenTheFile(index: Int) throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let scratch = ByteScratch()
        defer { scratch.remove() }
        let name = Self.hostileNames[index]
        let trace = try scratch.copy(
            PackagePaths.root.appendingPathComponent("Recordings/uncomplete.trace")
                .path, to: name.bytes + Array(".trace".utf8))

        let replay = try runBytes(cleartouch, ["replay", trace])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("events"))

        let inspect = try runBytes(cleartouch, ["inspect", trace])
        #expect(inspect.status == 0, "\(inspect.standardError)")
        // Shown terminal-safely: each undecodable byte as \xHH, never raw or U+FFFD.
        #expect(inspect.standardOutput.contains(name.shown + ".trace"), "\(inspect.standardOutput)")
        #expect(!inspect.standardOutput.contains("\u{FFFD}"))

        // A missing file with such a name is named with its bytes shown.
        let missing = scratch.path + Array("/missing-".utf8) + [0xFF]
        let failed = try runBytes(cleartouch, ["replay", missing])
        #expect(failed.status == 2)
        #expect(
            failed.standardError.contains(#"missing-\xFF:0: cannot open"#),
            "\(failed.standardError)")
    }

    @Test func renderWritesTheOutputUnderItsExactName() throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let scratch = ByteScratch()
        defer { scratch.remove() }
        let trace = try scratch.copy(
            PackagePaths.root.appendingPathComponent("Recordings/uncomplete.trace")
                .path, to: Array("in-".utf8) + [0xFF] + Array(".trace".utf8))
        let outName = Array("out-".utf8) + [0xC3, 0x28] + Array(".svg".utf8)
        let render = try runBytes(
            cleartouch, ["render", trace, "-o", scratch.path + [0x2F] + outName])
        #expect(render.status == 0, "\(render.standardError)")
        #expect(scratch.entries().contains(outName), "\(scratch.entries())")
        // No temporary is left beside it, and it is not the input.
        #expect(scratch.entries().count == 2)
        let again = try runBytes(cleartouch, ["render", trace, "-o", trace])
        #expect(again.status == 2)
        #expect(again.standardError.contains("refusing to overwrite an input"))
    }

    @Test func testWalksFoldersAndFilesWithSuchNamesAndWritesTheJUnit() throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let scratch = ByteScratch()
        defer { scratch.remove() }
        let folder = scratch.path + [0x2F] + Array("suite-".utf8) + [0xFF]
        #expect(PathName.withCString(PathName.string(folder)) { mkdir($0, 0o755) } == 0)
        let recordings = PackagePaths.root.appendingPathComponent("Recordings").path
        for (index, name) in Self.hostileNames.enumerated() {
            let stem = folder + [0x2F] + name.bytes
            let source = index % 2 == 0 ? "uncomplete" : "pan-direction-tie"
            _ = try scratch.copy(
                recordings + "/\(source).trace", toPath: stem + Array(".trace".utf8))
            _ = try scratch.copy(
                recordings + "/\(source).expect.json", toPath: stem + Array(".expect.json".utf8))
        }
        let junit = scratch.path + Array("/junit-".utf8) + [0xFE] + Array(".xml".utf8)
        let test = try runBytes(cleartouch, ["test", folder, "--junit", junit])
        #expect(test.status == 0, "\(test.standardOutput)\n\(test.standardError)")
        #expect(
            test.standardOutput.contains("\(Self.hostileNames.count) passed"),
            "\(test.standardOutput)")
        #expect(scratch.entries().contains(Array("junit-".utf8) + [0xFE] + Array(".xml".utf8)))

        // --margins --json stays valid JSON, and its paths give back the exact bytes.
        let margins = try runBytes(cleartouch, ["test", folder, "--margins", "--json"])
        #expect(margins.status == 0, "\(margins.standardError)")
        let json = try JSONSerialization.jsonObject(with: Data(margins.standardOutput.utf8))
        let paths = ((json as? [String: Any])?["recordings"] as? [[String: Any]] ?? []).compactMap {
            $0["path"] as? String
        }
        let expected = Set(
            Self.hostileNames.map { folder + [0x2F] + $0.bytes + Array(".trace".utf8) })
        #expect(Set(paths.map(PathName.bytes)) == expected, "\(paths)")
    }
}

/// A scratch folder whose entries are listed and removed as bytes (Foundation's
/// `FileManager` cannot name them).
private struct ByteScratch {
    let path: [UInt8]

    init() {
        var template =
            Array("/tmp/cleartouch-bytes-XXXXXX".utf8).map { CChar(bitPattern: $0) } + [0]
        let made = mkdtemp(&template)!
        path = Array(String(cString: made).utf8)
    }

    /// Copies the file at `source` to `name` in the folder; returns its path.
    func copy(_ source: String, to name: [UInt8]) throws -> [UInt8] {
        try copy(source, toPath: path + [0x2F] + name)
    }

    /// Copies the file at `source` to the path `destination` (bytes).
    func copy(_ source: String, toPath destination: [UInt8]) throws -> [UInt8] {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        let fd = FileCall.open(PathName.string(destination), O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw ProgramFailure(description: "cannot create \(destination)") }
        defer { close(fd) }
        try writeAll(fd, Array(data))
        return destination
    }

    /// The names in the folder, as bytes.
    func entries() -> [[UInt8]] {
        (FileCall.folderEntries(PathName.string(path)) ?? []).map(PathName.bytes)
    }

    func remove() { _ = try? runBytes("/bin/rm", ["-rf", path]) }
}

/// Runs `executable` with arguments given as bytes (a `String` argument is its UTF-8):
/// Foundation's `Process` would encode the names as UTF-8 and lose them.
private func runBytes(_ executable: String, _ arguments: [any ArgumentBytes]) throws -> ByteRun {
    var template = Array("/tmp/cleartouch-run-XXXXXX".utf8).map { CChar(bitPattern: $0) } + [0]
    let folder = String(cString: mkdtemp(&template)!)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, folder + "/out", O_WRONLY | O_CREAT, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, folder + "/err", O_WRONLY | O_CREAT, 0o600)
    let argv: [UnsafeMutablePointer<CChar>?] =
        ([Array(executable.utf8)] + arguments.map(\.argumentBytes)).map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        } + [nil]
    defer { for pointer in argv { pointer?.deallocate() } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else { throw ProgramFailure(description: "cannot run \(executable)") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let out = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/out"))) ?? Data()
    let err = (try? Data(contentsOf: URL(fileURLWithPath: folder + "/err"))) ?? Data()
    let exited = status & 0x7F == 0
    return ByteRun(
        status: exited ? (status >> 8) & 0xFF : status & 0x7F,
        standardOutput: String(decoding: out, as: UTF8.self),
        standardError: String(decoding: err, as: UTF8.self))
}

/// What a finished command did: its exit status (or signal) and what it printed.
private struct ByteRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// An argument: a `String` (its UTF-8) or the bytes themselves.
private protocol ArgumentBytes { var argumentBytes: [UInt8] { get } }
extension String: ArgumentBytes { var argumentBytes: [UInt8] { Array(utf8) } }
extension Array: ArgumentBytes where Element == UInt8 { var argumentBytes: [UInt8] { self } }
