import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands

/// The gesture service's own executable (docs/architecture.md, "Three executables"): the
/// front hands it `gestures`; it loads only what the live service uses, hands a replay on
/// to cleartouch-devices, and reads the same as cleartouch-devices either way.
struct GestureServiceExecutableTests {
    /// What the live service must never load, as the libraries' file names start.
    static let unused = [
        "libcairo", "libpango", "libSDL2", "libpulse", "libX11", "libharfbuzz", "libFoundation",
        "libwayland",
    ]

    static func service() throws -> String {
        try #require(PackagePaths.builtExecutable(DevicesProgram.gesturesName))
    }

    static let recording = PackagePaths.root.appendingPathComponent(
        "Recordings/gestures-swipe-3-left.evemu"
    ).path

    @Test func itLinksTheServicesLibrariesAndNoOther() throws {
        let run = try runCommand(executable: "/usr/bin/ldd", arguments: [try Self.service()])
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        for library in ["libinput", "libudev", "libevdev", "libsystemd", "libyaml"] {
            #expect(lines.contains { $0.contains(library) }, "no \(library): \(lines)")
        }
        let found = lines.filter { line in Self.unused.contains { line.contains($0) } }
        #expect(found.isEmpty, "\(found)")
    }

    /// Run through the front, the live service loads none of them (it stops at once here:
    /// the device is not there).
    @Test func theLiveServiceThroughTheFrontLoadsNoUnusedLibrary() throws {
        let front = try #require(PackagePaths.builtExecutable("cleartouch"))
        let run = try runCommand(
            executable: front,
            arguments: [
                "gestures", "--bus-address", "unix:path=/nonexistent/bus", "/dev/input/event0",
            ],
            environment: ["LD_DEBUG": "libs"])
        // What the service loads: after the front's `execv` (the dynamic loader starts
        // again, "initialize program" for the new image).
        let lines = run.standardError.split(separator: "\n")
        let programs = lines.indices.filter { lines[$0].contains("initialize program:") }
        // (Both named by argv[0], which `execv` keeps.)
        #expect(programs.count == 2, "the front, then the service: \(programs.count)")
        let start = programs.first ?? lines.startIndex
        let loaded = LeanFrontTests.loadedLibraries(lines[start...].joined(separator: "\n")[...])
        #expect(loaded.contains { $0.contains("libinput") }, "not the service: \(loaded)")
        let found = loaded.filter { path in
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return Self.unused.contains { name.hasPrefix($0) }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The same status and output from cleartouch-gestures as from cleartouch-devices:
    /// its help and usage errors, and a replay it hands on.
    @Test(arguments: [
        ["gestures", "--help"], ["gestures", "--bogus"], ["gestures", "--bus", "moon"],
        ["gestures", "--replay", recording, "--json"], ["gestures", "--replay", recording],
        ["gestures", "--replay", "/nonexistent.evemu"], ["gestures", "--json"],
    ])
    func itReadsAsCleartouchDevices(arguments: [String]) throws {
        let service = try runCommand(executable: try Self.service(), arguments: arguments)
        let devices = try runCommand(executable: try LeanFrontTests.devices(), arguments: arguments)
        #expect(service.status == devices.status)
        #expect(service.standardOutput == devices.standardOutput)
        #expect(service.standardError == devices.standardError)
    }

    @Test func itRunsGesturesOnly() throws {
        let run = try runCommand(executable: try Self.service(), arguments: ["replay", "x"])
        #expect(run.status == 2)
        #expect(run.standardError == "cleartouch-gestures runs `cleartouch gestures` only\n")
    }

    /// Without cleartouch-gestures the front says where it looked; with it but without
    /// cleartouch-devices, a replay says the same of cleartouch-devices.
    @Test func aMissingExecutableIsAClearError() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let bin = folder.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        _ = try folder.executableCopy(
            of: try #require(PackagePaths.builtExecutable("cleartouch")), named: "bin/cleartouch")
        let missing = try runCommand(executable: bin + "/cleartouch", arguments: ["gestures"])
        #expect(missing.status == 2)
        #expect(
            missing.standardError
                == "cleartouch gestures: needs cleartouch-gestures, which is missing: no executable \(bin)/cleartouch-gestures nor \(folder.path)/libexec/cleartouch/cleartouch-gestures\n"
        )
        _ = try folder.executableCopy(of: try Self.service(), named: "bin/cleartouch-gestures")
        let replay = try runCommand(
            executable: bin + "/cleartouch", arguments: ["gestures", "--replay", Self.recording])
        #expect(replay.status == 2)
        #expect(replay.standardError.contains("needs cleartouch-devices, which is missing"))
    }
}
