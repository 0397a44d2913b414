import Foundation

/// A program started in the background for a test, its standard output and error going
/// to files the test reads as they grow (no pipe to fill up).
public final class BackgroundProgram {
    public let process = Process()
    public let outputPath: String
    public let errorPath: String

    /// Starts `path` with `arguments`; `environment` on top of this process's.
    public init(
        _ path: String, _ arguments: [String], environment: [String: String] = [:],
        in folder: ScratchFolder, name: String
    ) throws {
        outputPath = folder.file("\(name).out")
        errorPath = folder.file("\(name).err")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.run()
    }

    /// Everything it printed so far.
    public var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    public var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// Its output lines so far.
    public var outputLines: [String] { output.split(separator: "\n").map(String.init) }

    /// Stops it (SIGKILL: children of the test runner inherit a blocked SIGTERM) if it
    /// still runs, and waits for it.
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit { stop() }
}

/// A real `dbus-daemon` of the test's own, listening in `folder` (never the machine's
/// buses), with a configuration that lets anyone own any name and receive any signal,
/// plus `policy`, a `<policy>` file to include (the package's, for its own test).
public final class TestDBusDaemon {
    public let address: String
    private let daemon: BackgroundProgram
    private let socketPath: String

    /// Whether `dbus-daemon` and Debian's Python binding are installed (tools/bootstrap).
    public static var unavailableReason: String? {
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") {
            return "dbus-daemon is not installed (tools/bootstrap installs dbus)"
        }
        let probe = try? runCommand(
            executable: "/usr/bin/python3", arguments: ["-c", "import dbus, gi"])
        if probe?.status != 0 {
            return "python3-dbus or python3-gi is missing (tools/bootstrap installs python3-dbus)"
        }
        return nil
    }

    /// The tests' D-Bus clients (Tests/Fixtures/dbus).
    public static func client(_ name: String) -> String {
        PackagePaths.root.appendingPathComponent("Tests/Fixtures/dbus/\(name)").path
    }

    /// Starts the daemon; returns once it listens. With `allowEveryOwner` false, only
    /// what `policy` allows may own a name (as on the system bus).
    public init(in folder: ScratchFolder, policy: String? = nil, allowEveryOwner: Bool = true)
        throws
    {
        // A socket path has at most 107 bytes, less than a test's scratch folder may take.
        let socket =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "ct-bus-\(UUID().uuidString.prefix(8))"
            ).path
        socketPath = socket
        let include = policy.map { "<include>\($0)</include>" } ?? ""
        let config = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <\(allowEveryOwner ? "allow" : "deny") own="*"/>
              </policy>
              \(include)
            </busconfig>
            """
        let configPath = folder.file("bus.conf")
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        daemon = try BackgroundProgram(
            "/usr/bin/dbus-daemon", ["--config-file=\(configPath)", "--nofork", "--print-address"],
            in: folder, name: "dbus-daemon")
        let daemon = self.daemon
        guard waitUntil({ daemon.output.contains("\n") || !daemon.process.isRunning }),
            let line = daemon.outputLines.first, daemon.process.isRunning
        else {
            throw ProgramFailure(description: "dbus-daemon did not start: \(daemon.errors)")
        }
        address = line
    }

    public func stop() {
        daemon.stop()
        unlink(socketPath)
    }

    deinit { stop() }
}
