import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import RegressionSuites
@testable import Replay
@testable import cleartouch_devices

/// `cleartouch test --via-libinput`: a suite's evdev recordings played through the real
/// libinput under umockdev, side by side and unprivileged. The ones that keep their
/// outcome pass (their late times are compared by order, `LateTiming`), a wrong outcome
/// and a time earlier than expected fail, and the ones that cannot go through libinput
/// (a trace, the eGalax panel libinput refuses) are skipped with their reason, in the
/// output, the summary and the JUnit.
@Suite struct TestViaLibinputTests {
    static let fixtures = TestPaths.packageRoot + "/Tests/Fixtures/umockdev"

    /// Two Clear recordings and a gesture expectation that pass, a trace, the eGalax
    /// swipe (its expectation from a direct replay), and two evdev recordings whose
    /// expectations are wrong: one deletes instead of completing, one has its action 5 s
    /// after the recording makes it.
    static func suite() throws -> String {
        let root = TestPaths.temporaryDirectory()
        let manager = FileManager.default
        for name in [
            "pan-delete-above.evemu", "palm-cancel.evemu", "gestures-swipe-3-left.evemu",
            "pan-complete-above.trace",
        ] {
            let base = String(name.prefix { $0 != "." })
            try manager.copyItem(
                atPath: TestPaths.recordings + "/" + name, toPath: root + "/" + name)
            try manager.copyItem(
                atPath: TestPaths.recordings + "/\(base).expect.json",
                toPath: root + "/\(base).expect.json")
        }
        try manager.copyItem(
            atPath: TestPaths.recordings + "/gestures.example.yaml",
            toPath: root + "/gestures.example.yaml")
        let golden = try String(
            contentsOfFile: TestPaths.recordings + "/pan-delete-above.expect.json", encoding: .utf8)
        for (name, from, to) in [
            ("wrong", "\"delete\"", "\"complete\""),
            ("late", "\"t_ms\": 360.000", "\"t_ms\": 5360.000"),
        ] {
            let changed = golden.replacingOccurrences(of: from, with: to)
            try #require(changed != golden)
            try manager.copyItem(
                atPath: TestPaths.recordings + "/pan-delete-above.evemu",
                toPath: root + "/\(name).evemu")
            try changed.write(
                toFile: root + "/\(name).expect.json", atomically: true, encoding: .utf8)
        }
        let description = try String(contentsOfFile: fixtures + "/egalax.evemu", encoding: .utf8)
        let swipe = try String(contentsOfFile: fixtures + "/egalax-swipe.evemu", encoding: .utf8)
        try
            (description
            + swipe.split(separator: "\n").filter { !$0.hasPrefix("#") }.joined(
                separator: "\n") + "\n").write(
                toFile: root + "/egalax-swipe.evemu", atomically: true, encoding: .utf8)
        let written = try ReplayRenderCommandTests.cleartouch([
            "replay", root + "/egalax-swipe.evemu", "--write-expect",
            root + "/egalax-swipe.expect.json",
        ])
        try #require(written.status == 0, "\(written.standardError)")
        return root
    }

    @Test func theSuiteThroughRealLibinputPassesFailsAndSkipsEachVisibly() throws {
        guard FileManager.default.isExecutableFile(atPath: ViaLibinputTests.umockdevRun) else {
            let reason =
                "\(ViaLibinputTests.umockdevRun) is not installed (tools/bootstrap installs umockdev)"
            try #require(!RequiredInput.underCI, Comment(rawValue: reason))
            try RequiredInput.missing(reason)
        }
        let root = try Self.suite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Directly, the eGalax swipe passes: it is the libinput path that refuses it.
        let direct = try ReplayRenderCommandTests.cleartouch([
            "test", root + "/egalax-swipe.evemu", root + "/pan-complete-above.trace",
        ])
        #expect(direct.status == 0, "\(direct.standardOutput)")

        let junit = root + "/junit.xml"
        let run = try ReplayRenderCommandTests.cleartouch([
            "test", root, "--via-libinput", "-j", "3", "--junit", junit,
        ])
        #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
        let out = run.standardOutput
        #expect(out.hasSuffix("3 passed, 2 failed, 2 skipped\n"), "\(out)")
        #expect(
            out.contains(
                "SKIP \(root)/egalax-swipe.evemu\n  not through libinput: event50 eGalax Inc. USB TouchController Touchscreen (libinput refused it; tablet-class touch panel)\n"
            ), "\(out)")
        #expect(
            out.contains(
                "SKIP \(root)/pan-complete-above.trace\n  --via-libinput plays evdev recordings (evemu or `libinput record`) through libinput; this is a trace file\n"
            ), "\(out)")
        #expect(out.contains("FAIL \(root)/wrong.evemu\n"), "\(out)")
        #expect(out.contains("  first difference: action 1 at 360.000 ms\n"), "\(out)")
        // 5 s early through libinput: the times show, the order is broken.
        #expect(out.contains("FAIL \(root)/late.evemu\n"), "\(out)")
        #expect(out.contains("    - 5360.000 ms  delete 2\n"), "\(out)")
        for passing in ["pan-delete-above", "palm-cancel", "gestures-swipe-3-left"] {
            #expect(!out.contains("\(root)/\(passing)."), "\(out)")
        }
        // The child's chatter stays out of the terminal.
        #expect(!run.standardError.contains("__via-libinput-child"), "\(run.standardError)")

        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("tests=\"7\" failures=\"2\" errors=\"0\" skipped=\"2\""))
        #expect(
            xml.contains(
                "name=\"egalax-swipe.evemu\" file=\"\(root)/egalax-swipe.evemu\""))
        #expect(xml.components(separatedBy: "<skipped message=").count == 3)
        #expect(xml.contains("<skipped message=\"not through libinput: event50 eGalax"))
    }

    @Test func updateDoesNotGoThroughLibinput() throws {
        let run = try ReplayRenderCommandTests.cleartouch([
            "test", TestPaths.recordings, "--via-libinput", "--update",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("--update does not go with --via-libinput"))
        let options = try #require(try TestCommand.options(["--via-libinput", "--report", "R"]))
        #expect(options.viaLibinput && options.reportDirectory == "R")
    }

    /// The lateness may grow, never shrink nor start early (1 µs of rounding aside).
    @Test func lateTimesKeepTheirOrder() {
        #expect(LateTiming.isLateInOrder([]))
        #expect(LateTiming.isLateInOrder([(0, 0), (100, 100)]))
        #expect(LateTiming.isLateInOrder([(100, 130), (0, 5), (200, 230)]))
        #expect(LateTiming.isLateInOrder([(0, 10), (100, 109)]))
        #expect(!LateTiming.isLateInOrder([(0, 10), (100, 108)]))
        #expect(LateTiming.isLateInOrder([(0, -2)]))
        #expect(!LateTiming.isLateInOrder([(0, -3)]))
        #expect(!LateTiming.isLateInOrder([(0, 0), (5_360_000, 361_000)]))
    }
}
