import Foundation
import Testing
import Umockdev

/// The running `umockdev-hotplug` helper: one command per line in, one answer per line out.
public final class HotplugTestbed {
    public let process = Process()
    private let input = Pipe()
    private let answers = Pipe()

    /// Starts `helper` with the testbed of `initialPrefix` (its node `initialNode`),
    /// running `command` with `environment` on top of this process's and the fix-up preload.
    public init(
        helper: String, initialPrefix: String, initialNode: String, command: [String],
        errorsPath: String, environment: [String: String] = [:]
    )
        throws
    {
        guard FileManager.default.createFile(atPath: errorsPath, contents: nil),
            let errors = FileHandle(forWritingAtPath: errorsPath)
        else { throw ProgramFailure(description: "\(errorsPath): cannot create the log") }
        let prioritized = UmockdevHarness.inForeground(
            [helper, initialPrefix, initialNode, "--"] + command)
        process.executableURL = URL(fileURLWithPath: prioritized[0])
        process.arguments = Array(prioritized.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(
            UmockdevHarness.environment
        ) { $1 }.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = answers
        process.standardError = errors
        try process.run()
    }

    /// Sends one command; its answer line ("ok", "exit N", "error: …").
    public func send(_ command: String) throws -> String {
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        var line: [UInt8] = []
        while true {
            let byte = answers.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { break }
            if first == 0x0a { break }
            line.append(first)
        }
        return String(decoding: line, as: UTF8.self)
    }

    /// Ends the helper (and so the command) if a failed expectation left it running.
    public func abandon() {
        if process.isRunning {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    /// Compiles the helper with gcc and libumockdev's pkg-config flags.
    public static func buildHelper(in folder: ScratchFolder) throws -> String {
        let flags = try? runProgram("/usr/bin/pkg-config", ["--cflags", "--libs", "umockdev-1.0"])
        guard let flags else {
            try RequiredInput.missing(
                "libumockdev is not installed (tools/bootstrap installs libumockdev-dev)")
        }
        let source = PackagePaths.root.appendingPathComponent(
            "Tests/Fixtures/umockdev/hotplug/umockdev-hotplug.c"
        ).path
        let helper = folder.file("umockdev-hotplug")
        try runProgram(
            "/usr/bin/gcc",
            ["-Wall", "-Werror", "-o", helper, source]
                + flags.split(whereSeparator: \.isWhitespace).map(String.init))
        return helper
    }

    /// The PenMount (present from the start: event60)
    /// and the eGalax (event61) with its press as a script that plays as soon as
    /// the device exists; the testbed files into `folder`, their prefixes returned.
    public static func writePenmountAndEgalaxPress(in folder: ScratchFolder) throws -> (
        penmount: String, egalax: String
    ) {
        let penmount = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent("penmount.evemu").path
        ).0
        _ = try UmockdevTestbed.write(
            [.init(description: penmount, eventNumber: 60)], into: folder.path)
        return (folder.file("event60"), try writeEgalaxPress(in: folder, eventNumber: 61))
    }

    /// An eGalax at `/dev/input/eventN` with its press as a script that plays as soon as
    /// the device exists (a second one, another N, is another device with its own syspath);
    /// its prefix returned.
    public static func writeEgalaxPress(in folder: ScratchFolder, eventNumber: Int) throws
        -> String
    {
        let egalax = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent("egalax.evemu").path
        ).0
        let node = "/dev/input/event\(eventNumber)"
        let prefix = folder.file("event\(eventNumber)")
        // Without the DMI entry: the testbed's first device (the PenMount) carries it.
        try UmockdevTestbed.writeFile(
            Array(
                UmockdevFiles.umockdevFile(egalax, eventNumber: eventNumber, dmi: false).utf8),
            to: prefix + ".umockdev")
        try UmockdevTestbed.writeFile(
            Array(UmockdevFiles.ioctlFile(egalax, node: node).utf8), to: prefix + ".ioctl")
        let press = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent("egalax-press.evemu").path
        ).1
        let script = try BarrierScript.script(events: press, barrier: nil, title: node)
        try UmockdevTestbed.writeFile(script, to: prefix + ".script")
        return prefix
    }

    /// `/sys` + the first `P:` line of a `.umockdev` file (the device itself).
    public static func syspath(ofFirstDeviceIn path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("P: ") }) else {
            throw ProgramFailure(description: "\(path) has no P: line")
        }
        return "/sys" + line.dropFirst(3)
    }
}
