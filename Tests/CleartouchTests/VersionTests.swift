import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `cleartouch --version`: the top entry of debian/changelog, through the build plugin.
struct VersionTests {
    /// The version in the first line of debian/changelog, read here without dpkg.
    static func changelogVersion() throws -> String {
        let changelog = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("debian/changelog"),
            encoding: .utf8)
        let first = try #require(changelog.split(separator: "\n").first)
        let open = try #require(first.firstIndex(of: "("))
        let close = try #require(first.firstIndex(of: ")"))
        return String(first[first.index(after: open)..<close])
    }

    @Test func theConstantIsTheChangelogsVersion() throws {
        #expect(ClearTouchVersion.current == (try Self.changelogVersion()))
        #expect(!ClearTouchVersion.current.isEmpty)
    }

    @Test func versionPrintsNameAndVersionAndExitsZero() throws {
        let binary = try #require(PackagePaths.builtExecutable("cleartouch"))
        let run = try runCommand(executable: binary, arguments: ["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "cleartouch \(try Self.changelogVersion())\n")
        #expect(run.standardError.isEmpty)
    }

    @Test func helpListsVersion() throws {
        let binary = try #require(PackagePaths.builtExecutable("cleartouch"))
        let run = try runCommand(executable: binary, arguments: ["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("       cleartouch --version\n"))
        // Only as the first argument: after a subcommand it is that command's option.
        let late = try runCommand(executable: binary, arguments: ["inspect", "--version"])
        #expect(late.status == 2)
    }
}
