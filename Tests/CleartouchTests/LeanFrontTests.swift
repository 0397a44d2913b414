import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands

/// The two executables (docs/architecture.md, "Two executables"): the lean `cleartouch`
/// runs replay and test without loading a device, window or picture library, hands every
/// other command to cleartouch-devices, and reads the same through both.
struct LeanFrontTests {
    /// The libraries the lean front must never load, as their file names start.
    static let heavyLibraries = [
        "libcairo", "libpango", "libSDL2", "libinput", "libudev", "libevdev", "libsystemd",
        "libpulse", "libX11", "libwayland", "libharfbuzz",
    ]

    static let recording = PackagePaths.root.appendingPathComponent(
        "Recordings/delete-last-row.evemu"
    ).path

    /// The libraries the dynamic loader loaded for a run (`LD_DEBUG=libs`: one
    /// "calling init: PATH" line each on standard error, those opened later included).
    static func loadedLibraries(_ run: CommandRun) -> [String] {
        loadedLibraries(run.standardError[...])
    }

    /// The same from the loader's lines themselves.
    static func loadedLibraries(_ standardError: Substring) -> [String] {
        standardError.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "calling init: ") else { return nil }
            return String(line[range.upperBound...])
        }
    }

    static func heavy(in libraries: [String]) -> [String] {
        libraries.filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return heavyLibraries.contains { name.hasPrefix($0) }
        }
    }

    static func front() throws -> String {
        try #require(PackagePaths.builtExecutable("cleartouch"))
    }

    static func devices() throws -> String {
        try #require(PackagePaths.builtExecutable(DevicesProgram.name))
    }

    @Test(arguments: [
        ["replay", recording, "--json"], ["replay", recording], ["test", recording],
        ["inspect", recording], ["themes"], ["--version"],
    ])
    func theLeanCommandsLoadNoHeavyLibrary(arguments: [String]) throws {
        let run = try runCommand(
            executable: try Self.front(), arguments: arguments, environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0, "\(run.standardError.suffix(2000))")
        let loaded = Self.loadedLibraries(run)
        #expect(loaded.contains { $0.contains("libc.so") }, "LD_DEBUG said nothing: \(loaded)")
        #expect(Self.heavy(in: loaded).isEmpty, "\(Self.heavy(in: loaded))")
    }

    /// The check above can fail: a command handed over loads them (the same process, once
    /// it has become cleartouch-devices).
    @Test func aHandedOverCommandLoadsThemInTheSameRun() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let run = try runCommand(
            executable: try Self.front(),
            arguments: ["render", Self.recording, "-o", folder.file("out.svg")],
            environment: ["LD_DEBUG": "libs"])
        #expect(run.status == 0, "\(run.standardError.suffix(2000))")
        let heavy = Self.heavy(in: Self.loadedLibraries(run))
        #expect(heavy.contains { $0.contains("libcairo") }, "\(heavy)")
        #expect(heavy.contains { $0.contains("libinput") }, "\(heavy)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out.svg")))
    }

    /// The front links none of them either (what the package's front needs).
    @Test func theFrontNeedsNoHeavyLibrary() throws {
        let run = try runCommand(executable: "/usr/bin/ldd", arguments: [try Self.front()])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("libc.so"))
        let heavy = Self.heavy(in: run.standardOutput.split(separator: "\n").map(String.init))
        #expect(heavy.isEmpty, "\(heavy)")
        let devices = try runCommand(executable: "/usr/bin/ldd", arguments: [try Self.devices()])
        #expect(devices.standardOutput.contains("libcairo"))
    }

    /// An option that needs a heavy library hands the command over, its result unchanged.
    @Test func aSnapshotThroughTheFrontIsDrawnByCleartouchDevices() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let run = try runCommand(
            executable: try Self.front(),
            arguments: ["replay", Self.recording, "--json", "--snapshot", folder.file("s.png")])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("wrote \(folder.file("s.png"))"))
        let png = try Data(contentsOf: URL(fileURLWithPath: folder.file("s.png")))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let lean = try runCommand(
            executable: try Self.front(), arguments: ["replay", Self.recording, "--json"])
        #expect(lean.standardOutput == run.standardOutput)
    }

    /// The same status, standard output and standard error through the front as from
    /// cleartouch-devices itself, whether the front runs the command or hands it over.
    @Test(arguments: [
        ["--help"], ["--version"], [], ["nope"], ["replay"], ["replay", "--help"],
        ["replay", recording, "--json"], ["replay", recording, "--frames"],
        ["replay", recording, "--bogus"], ["test", "--shard", "0/2"], ["test", "--help"],
        ["app", "--help"], ["app", "--bogus"], ["render", recording], ["record", "--help"],
        ["gestures", "--help"], ["keyboard", "--help"], ["replay", "/nonexistent.trace"],
        // The via-libinput child, handed over (its bad arguments answered by cleartouch-devices).
        ["__via-libinput-child"],
    ])
    func bothExecutablesReadTheSame(arguments: [String]) throws {
        let front = try runCommand(executable: try Self.front(), arguments: arguments)
        let devices = try runCommand(executable: try Self.devices(), arguments: arguments)
        #expect(front.status == devices.status)
        #expect(front.standardOutput == devices.standardOutput)
        #expect(front.standardError == devices.standardError)
    }

    /// Without cleartouch-devices, a command that needs it exits 2 naming where it was
    /// looked for; the lean commands still run.
    @Test func aMissingCleartouchDevicesIsAClearError() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let copy = try folder.executableCopy(of: try Self.front(), named: "bin/cleartouch")
        for arguments in [["app", "--help"], ["replay", Self.recording, "--via-libinput"]] {
            let run = try runCommand(executable: copy, arguments: arguments)
            #expect(run.status == 2)
            #expect(run.standardOutput.isEmpty)
            #expect(
                run.standardError
                    == "cleartouch \(arguments[0]): needs cleartouch-devices, which is missing: no executable \(bin)/cleartouch-devices nor \(folder.path)/libexec/cleartouch/cleartouch-devices\n"
            )
        }
        let lean = try runCommand(
            executable: copy, arguments: ["replay", Self.recording, "--json"])
        #expect(lean.status == 0, "\(lean.standardError)")
    }

    @Test func cleartouchDevicesIsBesideTheFrontOrInLibexec() {
        #expect(
            DevicesProgram.candidates(besides: "/usr/bin/cleartouch") == [
                "/usr/bin/cleartouch-devices", "/usr/libexec/cleartouch/cleartouch-devices",
            ])
        #expect(
            DevicesProgram.candidates(besides: "/opt/ct/bin/cleartouch") == [
                "/opt/ct/bin/cleartouch-devices", "/opt/ct/libexec/cleartouch/cleartouch-devices",
            ])
    }
}
