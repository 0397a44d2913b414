import Foundation
import TestSupport
import Testing

/// A child host is a suite that is the program another test runs (this test binary again,
/// inside a testbed, `--filter NAME`), disabled with a reason saying it "runs only as" a
/// child in every other run. `make test` (tools/run-tests) skips every child host by name
/// (`CHILD_HOSTS`), so no run lists it as a skipped test.
@Suite struct ChildHostsTests {
    /// The names of the suites declared as child hosts in Tests/.
    static func childHostSuites() throws -> [String] {
        let tests = PackagePaths.root.appendingPathComponent("Tests").path
        let files = try #require(FileManager.default.enumerator(atPath: tests))
        var names: [String] = []
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOfFile: tests + "/" + file, encoding: .utf8)
            // `@Suite(... "runs only as ...")` followed by `struct NAME`.
            for declaration in text.components(separatedBy: "@Suite(").dropFirst() {
                guard let structRange = declaration.range(of: "struct ") else { continue }
                guard declaration[..<structRange.lowerBound].contains("\"runs only as") else {
                    continue
                }
                let name = declaration[structRange.upperBound...].prefix {
                    $0.isLetter || $0.isNumber || $0 == "_"
                }
                names.append(String(name))
            }
        }
        return Set(names).sorted()
    }

    /// tools/run-tests' `CHILD_HOSTS` pattern.
    static func childHostsPattern() throws -> String {
        let script = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("tools/run-tests"),
            encoding: .utf8)
        let line = try #require(
            script.split(separator: "\n").first { $0.hasPrefix("CHILD_HOSTS='") },
            "tools/run-tests names no CHILD_HOSTS")
        return String(line.dropFirst("CHILD_HOSTS='".count).dropLast())
    }

    /// Run as `make test` runs it, each child host is neither run nor listed as skipped.
    @Test func noChildHostIsListedAsASkippedTest() throws {
        let hosts = try Self.childHostSuites()
        #expect(hosts.contains("GesturesLiveChild"), "\(hosts)")
        let pattern = try Self.childHostsPattern()
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        for host in hosts {
            let run = try runCommand(
                executable: bundle,
                arguments: [
                    "--testing-library", "swift-testing", "--filter", host, "--skip", pattern,
                ])
            let output = run.standardOutput + run.standardError
            // 69 (EX_UNAVAILABLE): Swift Testing's status when no test was left to run.
            #expect(run.status == 0 || run.status == 69, "\(output)")
            #expect(!output.contains("skipped"), "\(host): \(output)")
            #expect(output.contains("0 tests"), "\(host): \(output)")
        }
    }
}
