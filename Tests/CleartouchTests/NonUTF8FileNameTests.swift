import DescriptorIO
import Foundation
import TestSupport
import Testing

/// File names that are not UTF-8 (on Linux a name is bytes), through the real `cleartouch`
/// binary with argv's bytes as given: every command opens, lists, writes and names them
/// (docs/output-files.md, "File names").
@Suite struct NonUTF8FileNameTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path

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
        let folder = try scratch.makeFolder(Array("suite-".utf8) + [0xFF])
        let recordings = Self.recordings
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
    /// `app --list` in folders not made yet, their names not UTF-8: the app makes them with
    /// their exact bytes and saves the list there.
    @Test func theAppMakesTheListsFoldersUnderTheirExactNames() throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let scratch = ByteScratch()
        defer { scratch.remove() }
        let outer = Array("lists-".utf8) + [0xFF]
        let inner = Array("inner-".utf8) + [0xC3, 0x28]
        let list = scratch.path + [0x2F] + outer + [0x2F] + inner + Array("/list.json".utf8)
        let recording = PackagePaths.root.appendingPathComponent(
            "Recordings/pan-complete-above.trace"
        ).path
        let run = try runBytes(
            cleartouch,
            [
                "app", "--offscreen", "--sound", "off", "--list", list, "--replay", recording,
                "--speed", "0",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(scratch.entries() == [outer], "\(scratch.entries())")
        let saved = try #require(readBytes(list), "no list saved at its exact name")
        let object = try JSONSerialization.jsonObject(with: Data(saved)) as? [String: Any]
        #expect(object?["version"] as? Int == 2, "\(String(decoding: saved, as: UTF8.self))")
        // Logged as messages show names: each byte that is not UTF-8 as \xHH.
        #expect(
            run.standardError.contains(#"lists-\xFF/inner-\xC3(/list.json"#), "\(run.standardError)"
        )
    }

    /// `test --report` over recordings whose names are not UTF-8: the index links to pages
    /// that are there, and every page shows the names as messages do (`\xHH`), never the
    /// escape's reserved characters.
    @Test func reportPagesShowSuchNamesAsMessagesDoAndTheirLinksResolve() throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let scratch = ByteScratch()
        defer { scratch.remove() }
        let folder = try scratch.makeFolder(Array("suite-".utf8) + [0xFF])
        let recordings = Self.recordings
        // The recording of one, the expectation of another: it fails.
        let stem = folder + Array("/bad-".utf8) + [0xFE]
        _ = try scratch.copy(recordings + "/uncomplete.trace", toPath: stem + Array(".trace".utf8))
        _ = try scratch.copy(
            recordings + "/pan-direction-tie.expect.json", toPath: stem + Array(".expect.json".utf8)
        )
        let report = scratch.path + Array("/report-".utf8) + [0xFD]
        let test = try runBytes(cleartouch, ["test", folder, "--report", report])
        #expect(test.status == 1, "\(test.standardOutput)\n\(test.standardError)")

        let index = try #require(readBytes(report + Array("/index.html".utf8)), "no index")
        let indexText = String(decoding: index, as: UTF8.self)
        #expect(indexText.contains(#"suite-\xFF/bad-\xFE.trace"#), "\(indexText)")
        let links = indexText.components(separatedBy: "href=\"").dropFirst().compactMap {
            $0.split(separator: "\"").first.map(String.init)
        }
        #expect(links.count == 1, "\(indexText)")
        for link in links {
            let page = try #require(
                readBytes(report + [0x2F] + Array(link.utf8)), "the link \(link) leads nowhere")
            let pageText = String(decoding: page, as: UTF8.self)
            #expect(pageText.contains(#"<title>FAIL bad-\xFE.trace"#), "\(pageText.prefix(400))")
            #expect(pageText.contains(#"bad-\\xFE.expect.json"#))
            #expect(!pageText.unicodeScalars.contains(where: PathName.isEscapedByte))
        }
        #expect(!indexText.unicodeScalars.contains(where: PathName.isEscapedByte))
    }
}

/// Every command's human-readable output and messages show a path as messages show one
/// (docs/output-files.md, "File names"): control characters and bytes that are not UTF-8
/// written visibly, never raw (`gestures --replay` printed the recording's path raw: an
/// escape sequence passed to the terminal, a byte 0xFF came out as U+10FFBF).
@Suite struct HostilePathOutputTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path

    /// Names with an escape sequence, a newline, a bell, a C1 control (U+009B, the
    /// terminal's one-byte CSI), a tab, and bytes that are not UTF-8.
    static let names: [[UInt8]] = [
        Array("esc-\u{1B}[31mred".utf8), Array("new\nline".utf8), Array("bell-\u{7}".utf8),
        Array("csi-".utf8) + [0xC2, 0x9B] + Array("2J".utf8), Array("tab-\t".utf8),
        Array("byte-".utf8) + [0xFF, 0xFE],
    ]

    /// What a terminal must never get raw: C0 controls but the newline and the tab, DEL, C1
    /// controls, a name's escaped bytes, and U+FFFD (a byte lost on the way).
    static func rawScalars(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { scalar in
            let value = scalar.value
            return (value < 0x20 && value != 0x0A && value != 0x09) || (0x7F...0x9F).contains(value)
                || PathName.isEscapedByte(scalar) || value == 0xFFFD
        }.map(\.value)
    }

    @Test(arguments: names.indices)
    func everyCommandShowsARecordingsPathEscaped(index: Int) throws {
        let cleartouch = try #require(cleartouchExecutable(), "build cleartouch first")
        let scratch = ByteScratch()
        defer { scratch.remove() }
        let trace = try scratch.copy(
            Self.recordings + "/gestures-tap-2.trace", to: Self.names[index] + Array(".trace".utf8))
        let config = Self.recordings + "/gestures.example.yaml"
        let runs: [[any ArgumentBytes]] = [
            ["gestures", "--replay", trace], ["gestures", "--replay", trace, "--config", config],
            ["gestures", "--replay", trace, "--run", "--config", config], ["replay", trace],
            ["inspect", trace], ["test", scratch.path], ["test", scratch.path, "--margins"],
            ["replay", trace + Array(".missing".utf8)], ["view", trace, "-o", trace],
        ]
        for arguments in runs {
            let run = try runBytes(cleartouch, arguments)
            let shown = arguments.map { String(decoding: $0.argumentBytes, as: UTF8.self) }
            #expect(
                Self.rawScalars(run.standardOutput).isEmpty,
                "\(shown): stdout \(run.standardOutput.debugDescription)")
            #expect(
                Self.rawScalars(run.standardError).isEmpty,
                "\(shown): stderr \(run.standardError.debugDescription)")
        }
    }
}

/// The whole file at `path` (bytes), or nil when it cannot be read.
private func readBytes(_ path: [UInt8]) -> [UInt8]? {
    let fd = FileCall.open(PathName.string(path), O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return count == 0 ? bytes : nil }
        bytes += chunk[..<count]
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

    /// Makes the folder `name` in the folder; returns its path.
    func makeFolder(_ name: [UInt8]) throws -> [UInt8] {
        let folder = path + [0x2F] + name
        guard PathName.withCString(PathName.string(folder), { mkdir($0, 0o755) }) == 0 else {
            throw ProgramFailure(description: "cannot make \(folder)")
        }
        return folder
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
