import Foundation
import TestSupport
import Testing

/// `cleartouch gestures --agent` end to end (docs/gesture-service.md, "On a desktop"): a
/// private `dbus-daemon` with the package's policy stands for the system bus (the agent
/// finds it through `DBUS_SYSTEM_BUS_ADDRESS`, as on a desktop it finds the system bus), the
/// service replays a bundled recording onto it (`--bus-address`), and the agent runs the
/// user's own binding for it with the session's environment.
@Suite struct GesturesAgentTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path
    static let example = recordings + "/gestures.example.yaml"

    /// A private bus as the system bus: the package's D-Bus policy, so only root and the
    /// cleartouch user may own the service's name (anyone when the tests do not run as
    /// root, as a developer's own bus would).
    static func systemBus(in folder: ScratchFolder) throws -> TestDBusDaemon {
        let policy = PackagePaths.root.appendingPathComponent(
            "packaging/io.github.cleartouch.Gestures1.conf"
        ).path
        return try TestDBusDaemon(in: folder, policy: policy, allowEveryOwner: getuid() != 0)
    }

    /// The agent, started with `arguments` in a session whose configuration folder is in
    /// `folder` (`XDG_CONFIG_HOME`), `environment` on top; returns once it follows the bus.
    static func startAgent(
        _ arguments: [String] = [], bus: TestDBusDaemon, in folder: ScratchFolder,
        environment: [String: String] = [:]
    ) throws -> BackgroundProgram {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let agent = try BackgroundProgram(
            executable, ["gestures", "--agent"] + arguments,
            environment: [
                "DBUS_SYSTEM_BUS_ADDRESS": bus.address, "XDG_CONFIG_HOME": folder.file("config"),
                "HOME": folder.path,
            ].merging(environment) { $1 }, in: folder, name: "agent")
        #expect(
            waitUntil { agent.errors.contains("following") || !agent.process.isRunning },
            "\(agent.errors)")
        return agent
    }

    /// The user's own configuration, where the agent looks for it.
    static func writeUserConfiguration(_ text: String, in folder: ScratchFolder) throws {
        try FileManager.default.createDirectory(
            atPath: folder.file("config/cleartouch"), withIntermediateDirectories: true)
        try text.write(
            toFile: folder.file("config/cleartouch/gestures.yaml"), atomically: true,
            encoding: .utf8)
    }

    /// The service replaying `recording` (with the bundled example's bindings, whose names
    /// are not the user's) and sending its signals on `bus`; its standard output.
    static func replay(_ recording: String, onto bus: TestDBusDaemon) throws -> String {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable,
            arguments: [
                "gestures", "--config", example, "--replay", recordings + "/" + recording,
                "--bus-address", bus.address, "--json",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput
    }

    @Test func theAgentRunsTheUsersBindingInTheSessionsEnvironment() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let ran = folder.file("ran")
        // The user's names are their own: the service calls the swipe left `forward`.
        try Self.writeUserConfiguration(
            """
            gestures:
              - name: next-workspace
                gesture: swipe
                fingers: 3
                direction: left
                command: ["sh", "-c", "printf '%s|%s|%s' \\"$DISPLAY\\" \\"$WAYLAND_DISPLAY\\" \\"$0\\" > \(ran); echo into-the-journal", "swiped"]
              - name: overview
                gesture: edge-swipe
                fingers: 1
                direction: up
                edge: bottom
                distance_mm: 40
                command: ["touch", "\(folder.file("ran-overview"))"]

            """, in: folder)
        let bus = try Self.systemBus(in: folder)
        defer { bus.stop() }
        let agent = try Self.startAgent(
            bus: bus, in: folder, environment: ["DISPLAY": ":42", "WAYLAND_DISPLAY": "wayland-42"])
        defer { agent.stop() }
        #expect(agent.errors.contains("following io.github.cleartouch.Gestures1 on the system bus"))
        #expect(
            agent.errors.contains(
                "gestures.yaml:7: overview's distance_mm is ignored: the system service decides how far a gesture travels"
            ), "\(agent.errors)")
        #expect(agent.errors.contains("2 bindings with a command in "), "\(agent.errors)")

        // A swipe too short: cancelled, nothing runs.
        _ = try Self.replay("gestures-swipe-too-short.evemu", onto: bus)
        #expect(waitUntil { agent.output.contains("cancelled") }, "\(agent.output)")
        // A program that does not own the service's name cannot make the agent run anything.
        let forged = try runCommand(
            executable: "/usr/bin/dbus-send",
            arguments: [
                "--bus=\(bus.address)", "--type=signal", "/io/github/cleartouch/Gestures1",
                "io.github.cleartouch.Gestures1.GestureEnded", "string:swipe", "uint32:3",
                "string:left", "string:", "uint64:1", "boolean:false", "string:forward",
            ])
        #expect(forged.status == 0, "\(forged.standardError)")
        // The swipe: the user's binding runs, with the session's environment.
        let json = try Self.replay("gestures-swipe-3-left.evemu", onto: bus)
        #expect(json.contains("\"binding\": \"forward\""), "\(json)")
        #expect(waitUntil { agent.errors.contains(") exited with status 0") }, "\(agent.errors)")
        #expect(try String(contentsOfFile: ran, encoding: .utf8) == ":42|wayland-42|swiped")
        // What the command printed is in the agent's standard error, not its output.
        #expect(agent.errors.contains("into-the-journal\n"), "\(agent.errors)")
        #expect(
            agent.outputLines == [
                "gesture swipe cancelled fingers 3 direction left binding next-workspace",
                "gesture swipe recognized fingers 3 direction left binding next-workspace",
            ], "\(agent.output)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("ran-overview")))
    }

    /// Without a file of the user's, the agent follows the service and runs nothing, and
    /// says so; SIGHUP reads the file once it is written.
    @Test func withoutAConfigurationTheAgentWaitsForOne() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let folder = ScratchFolder()
        defer { folder.remove() }
        let bus = try Self.systemBus(in: folder)
        defer { bus.stop() }
        let agent = try Self.startAgent(bus: bus, in: folder)
        defer { agent.stop() }
        let path = folder.file("config/cleartouch/gestures.yaml")
        #expect(
            agent.errors.contains("no \(path) yet: no bindings; write it, then reload (SIGHUP)"),
            "\(agent.errors)")
        _ = try Self.replay("gestures-tap-2.trace", onto: bus)
        #expect(waitUntil { agent.output.contains("gesture tap recognized fingers 2\n") })

        try Self.writeUserConfiguration(
            "gestures:\n  - name: click\n    gesture: tap\n    fingers: 2\n    command: [\"touch\", \"\(folder.file("clicked"))\"]\n",
            in: folder)
        kill(agent.process.processIdentifier, SIGHUP)
        #expect(waitUntil { agent.errors.contains("configuration reloaded") }, "\(agent.errors)")
        _ = try Self.replay("gestures-tap-2.trace", onto: bus)
        #expect(waitUntil { FileManager.default.fileExists(atPath: folder.file("clicked")) })
        #expect(agent.output.contains("gesture tap recognized fingers 2 binding click\n"))
    }

    /// With no system bus, the agent (and the service) say which options work instead.
    @Test func noSystemBusNamesTheOptionsThatWork() throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let folder = ScratchFolder()
        defer { folder.remove() }
        let run = try runCommand(
            executable: executable, arguments: ["gestures", "--agent"],
            environment: [
                "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(folder.file("no-bus"))",
                "XDG_CONFIG_HOME": folder.path,
            ])
        #expect(run.status == 1)
        #expect(
            run.standardError.contains(
                "cannot follow the gesture service on the system bus: sd_bus_open_system: No such file or directory (no system bus here: `--bus session` uses your session's bus, `--bus-address ADDRESS` any other)"
            ), "\(run.standardError)")
    }

    /// `--config FILE` must be there (the user's default file may be missing).
    @Test func aNamedConfigurationThatIsMissingIsExitTwo() throws {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let run = try runCommand(
            executable: executable,
            arguments: ["gestures", "--agent", "--config", "/nonexistent.yaml"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("/nonexistent.yaml"), "\(run.standardError)")
    }
}
