import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `cleartouch test --sweep ... --report DIR`'s DIR/sweep.html in a real headless
/// Chromium, with scripts allowed and blocked: one point per value where the table says,
/// more passes drawn higher, and nothing asked for outside the page. Without Chromium the
/// suite is skipped, visibly; under CI=true that is a failure.
@Suite(.enabled(if: HeadlessChromium.runs, "\(HeadlessChromium.missing ?? "")"))
struct SweepPageBrowserTests {
    static let script = TestPaths.packageRoot + "/Tests/Browser/check_sweep_page.py"

    @Test func thePlotShowsThePassesAgainstTheValueWithoutScript() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let output = CapturedOutput()
        let status = TestCommand.main(
            arguments: [
                ThresholdCommandTests.deleteLastRow, ThresholdCommandTests.panComplete,
                "--sweep", "pan-delete-fraction=0.3:0.7:0.1", "--report", folder.path,
            ], output: output.streams)
        #expect(status == 0, "\(output.standardError)")
        let run = try runCommand(
            executable: HeadlessChromium.python,
            arguments: [Self.script, folder.file("sweep.html")])
        try #require(run.status == 0, "\(run.standardError)")
        let seen = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: [String: Any]])
        let expected: [(Double, Int)] = [(0.3, 2), (0.4, 2), (0.5, 2), (0.6, 1), (0.7, 1)]
        for mode in ["with_script", "without_script"] {
            let page = try #require(seen[mode], "\(mode)")
            #expect(page["plot_shown"] as? Bool == true, "\(mode)")
            #expect(page["line_shown"] as? Bool == true, "\(mode)")
            let size = try #require(page["plot"] as? [Double])
            #expect(size[0] >= 300 && size[1] >= 150, "\(mode) \(size)")
            let points = try #require(page["points"] as? [[Double]])
            #expect(points.map { $0[0] } == expected.map(\.0), "\(mode)")
            #expect(points.map { Int($0[1]) } == expected.map(\.1), "\(mode)")
            #expect(points.allSatisfy { $0[2] == 2 }, "\(mode)")
            let xs = points.map { $0[3] }
            #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 < $1 }, "\(mode) \(xs)")
            // Screen y grows downwards: two passes are drawn above one.
            #expect(points[0][4] == points[2][4] && points[3][4] == points[4][4], "\(mode)")
            #expect(points[2][4] < points[3][4], "\(mode)")
            let rows = try #require(page["rows"] as? [[String]])
            #expect(rows.map { $0.first ?? "" } == ["0.3", "0.4", "0.5 (default)", "0.6", "0.7"])
            #expect((page["requests"] as? [String]) == [], "\(mode)")
            #expect((page["errors"] as? [String]) == [], "\(mode)")
        }
        #expect(output.standardOutput.contains("0.6                      1       1\n"))
    }
}
