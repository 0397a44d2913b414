import Foundation
import TestSupport

/// What the packaging tests share: the tools they need, and the one `make deb` and the one
/// `make install` they all read (the release build of the static binary is the slow part,
/// so it is made once per test run).
enum Packaging {
    /// `make deb` and `make install` build the package's binary unoptimized (a release
    /// build, so without test hooks): the tests check what is packaged and how, and the
    /// optimizer was two thirds of the suite's longest wait (Makefile,
    /// CLEARTOUCH_PACKAGE_OPTIMIZATION). For the same reason the package is compressed
    /// with gzip -1 rather than xz -1 (debian/rules, CLEARTOUCH_DEB_COMPRESSION): 4 CPU
    /// seconds instead of 26.
    static let makeEnvironment = [
        "CLEARTOUCH_PACKAGE_OPTIMIZATION": "-Onone", "CLEARTOUCH_DEB_COMPRESSION": "-Zgzip -z1",
    ]

    /// The programs the tests run, with the Debian package that brings each one.
    static let tools: [(program: String, package: String)] = [
        ("make", "make"), ("dpkg-buildpackage", "dpkg-dev"), ("dh", "debhelper"),
        ("help2man", "help2man"), ("lintian", "lintian"), ("systemd-analyze", "systemd"),
        ("bash", "bash"), ("dpkg", "dpkg"), ("objdump", "binutils"),
    ]

    /// Under CI a missing tool fails the tests instead of skipping them.
    static var underCI: Bool { RequiredInput.underCI }

    /// Why the tests cannot run here, or nil when they can.
    static let unavailableReason: String? = {
        let missing = tools.filter { path(of: $0.program) == nil }
        if !missing.isEmpty {
            return
                "missing \(missing.map(\.program).joined(separator: ", ")) (tools/bootstrap installs "
                + "\(missing.map(\.package).joined(separator: " ")))"
        }
        if getuid() != 0 { return "dpkg -i and make install need root" }
        return nil
    }()

    /// Whether the suites run: when they can, and always under CI (where they then fail).
    static var enabled: Bool { RequiredInput.runs(ifPresent: unavailableReason == nil) }

    /// The full path of `program` on PATH, or nil.
    static func path(of program: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":")
        return directories.map { "\($0)/\(program)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs `program` (looked up on PATH) with `arguments`.
    static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:])
        throws -> CommandRun
    {
        guard let executable = path(of: program) else {
            throw PackagingFailure("\(program) is not installed")
        }
        return try runCommand(
            executable: executable, arguments: arguments, environment: environment)
    }

    /// The version: the top entry of debian/changelog.
    static let version: Result<String, PackagingFailure> = Result {
        let run = try Packaging.run(
            "dpkg-parsechangelog",
            [
                "-l", PackagePaths.root.appendingPathComponent("debian/changelog").path, "-S",
                "Version",
            ])
        guard run.status == 0 else {
            throw PackagingFailure("dpkg-parsechangelog: \(run.standardError)")
        }
        return run.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    }.mapError { PackagingFailure("\($0)") }

    /// The package `make deb` built.
    static let deb: Result<DebBuild, PackagingFailure> = Result {
        if let unavailableReason { throw PackagingFailure(unavailableReason) }
        let run = try Packaging.run(
            "make",
            [
                // -C alone would add "Leaving directory" after the path.
                "--no-print-directory", "-C", PackagePaths.root.path, "deb",
            ], environment: makeEnvironment)
        guard run.status == 0 else {
            throw PackagingFailure(
                "make deb failed (\(run.status)):\n\(run.standardOutput.suffix(3000))\n\(run.standardError.suffix(3000))"
            )
        }
        let lines = run.standardOutput.split(separator: "\n")
        return DebBuild(path: lines.last.map(String.init) ?? "", output: run.standardOutput)
    }.mapError { $0 as? PackagingFailure ?? PackagingFailure("\($0)") }

    /// `make install DESTDIR=… PREFIX=/usr`, after `make deb` (both use one static build).
    static let install: Result<URL, PackagingFailure> = Result {
        _ = try deb.get()
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-install-\(UUID().uuidString)")
        let run = try Packaging.run(
            "make",
            [
                "-C", PackagePaths.root.path, "install", "DESTDIR=\(destination.path)",
                "PREFIX=/usr",
            ],
            environment: makeEnvironment)
        guard run.status == 0 else {
            throw PackagingFailure("make install failed (\(run.status)): \(run.standardError)")
        }
        return destination
    }.mapError { $0 as? PackagingFailure ?? PackagingFailure("\($0)") }

    /// The files (not folders) below `root`, as absolute paths under it ("/usr/bin/…").
    static func files(below root: URL) -> Set<String> {
        guard let walk = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: Set<String> = []
        for case let relative as String in walk {
            var isFolder: ObjCBool = false
            // Only isFolder matters: a dangling link is listed as a file.
            _ = FileManager.default.fileExists(
                atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder)
            if !isFolder.boolValue { files.insert("/" + relative) }
        }
        return files
    }

    /// The subcommands `cleartouch --help` lists, in its order.
    static func subcommands(of binary: String) throws -> [String] {
        let help = try runCommand(executable: binary, arguments: ["--help"]).standardOutput
        guard let start = help.range(of: "commands:\n") else {
            throw PackagingFailure("'\(binary) --help' has no commands: section")
        }
        return help[start.upperBound...].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }
}

/// The package `make deb` wrote.
struct DebBuild: Sendable {
    /// The last line `make deb` printed: the package's path.
    var path: String
    /// Everything `make deb` printed on standard output.
    var output: String
}

/// Why a packaging step failed.
struct PackagingFailure: Error, CustomStringConvertible, Sendable {
    var description: String
    init(_ description: String) { self.description = description }
}
