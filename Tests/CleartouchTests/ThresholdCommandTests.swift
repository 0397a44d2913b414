import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `cleartouch test --list-thresholds`, `--set`, `--margins`, `--brittle`, `--sweep`, and
/// `replay --set`.
@Suite struct ThresholdCommandTests {
    static let recordings = TestCommandTests.recordings
    static let panComplete = recordings + "/pan-complete-above.trace"
    static let deleteLastRow = recordings + "/delete-last-row.evemu"

    static func test(_ arguments: [String]) -> (status: Int32, output: CapturedOutput) {
        let output = CapturedOutput()
        return (TestCommand.main(arguments: arguments, output: output.streams), output)
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func listThresholdsPrintsEveryNameWithUnitDefaultAndRange() throws {
        let (status, output) = Self.test(["--list-thresholds"])
        #expect(status == 0)
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("NAME") == true)
        #expect(lines.count == 16)
        #expect(
            lines.contains {
                $0.hasPrefix("long-press-ms ") && $0.contains(" ms ") && $0.contains(" 500 ")
            })
        #expect(
            lines.contains {
                $0.hasPrefix("pan-complete-fraction ") && $0.contains(" 0.5 ")
                    && $0.contains("0.01 to 2")
            })

        let (jsonStatus, jsonOutput) = Self.test(["--list-thresholds", "--json"])
        #expect(jsonStatus == 0)
        let entries = try #require(
            try Self.json(jsonOutput.standardOutput)["thresholds"] as? [[String: Any]])
        #expect(entries.count == 15)
        let slop = try #require(entries.first { $0["name"] as? String == "slop-px" })
        #expect(slop["unit"] as? String == "px" && slop["default"] as? Double == 10)
        #expect(slop["minimum"] as? Double == 0.5 && slop["maximum"] as? Double == 1000)
        #expect(slop["rule"] as? String == "slop")
    }

    @Test(arguments: [
        (["--set", "slop=3"], "unknown threshold 'slop' (did you mean 'slop-mm'?"),
        (["--set", "pan-complete=0.4"], "did you mean 'pan-complete-fraction'?"),
        (["--set", "slop-px=x"], "the value must be a number"),
        (["--set", "slop-px=0"], "out of range, 0.5 to 1000 px"),
        (["--set", "slop-px"], "NAME=VALUE"),
        (["--set"], "--set"),
        (["--brittle", "-1"], "--brittle"),
        (["--brittle", "x"], "--brittle"),
        (["--sweep", "slop-px=14:6:2"], "A must not be above B"),
        (["--sweep", "slop-px=1:1000:1"], "at most 100"),
        (["--sweep", "bogus=1:2:1"], "unknown threshold"),
        (["--json"], "--json goes with --margins or --list-thresholds"),
        (["--set", "slop-px=12", "--update"], "--set is for one run"),
        (["--sweep", "slop-px=6:14:2", "--margins"], "--sweep does not go with"),
        (["--sweep", "slop-px=6:14:2", "--set", "slop-px=9"], "both set it"),
    ])
    func badThresholdUsageExits2(arguments: [String], message: String) {
        let (status, output) = Self.test([Self.panComplete] + arguments)
        #expect(status == 2)
        #expect(output.standardError.hasPrefix("cleartouch test: "))
        #expect(output.standardError.contains(message), "\(output.standardError)")
        #expect(output.standardOutput.isEmpty)
    }

    @Test func setChangesTheRunAndTheFailuresShowWhichRecordingsChange() {
        let (status, output) = Self.test([Self.panComplete, "--set", "pan-complete-fraction=0.51"])
        #expect(status == 1)
        #expect(output.standardOutput.hasPrefix("FAIL \(Self.panComplete)\n"))
        #expect(output.standardOutput.hasSuffix("0 passed, 1 failed\n"))
        // Just below the recording's 542 px of 1080: it still completes.
        let (below, _) = Self.test([Self.panComplete, "--set", "pan-complete-fraction=0.501"])
        #expect(below == 0)
    }

    /// With `--report`, the failure page replays with the run's thresholds: the pan that
    /// no longer completes is not completed on the page either.
    @Test func aFailurePageUnderSetReplaysWithTheSetThresholds() throws {
        let report = NSTemporaryDirectory() + "cleartouch-set-report-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let (status, _) = Self.test([
            Self.panComplete, "--set", "pan-complete-fraction=0.51", "--report", report,
        ])
        #expect(status == 1)
        let page = try String(
            contentsOfFile: report + "/pan-complete-above.trace.html", encoding: .utf8)
        // The replayed side's actions: none (the default thresholds would complete the row).
        let side = try #require(page.range(of: "\"replayed\""), "no replayed side")
        let actionsKey = try #require(
            page[side.upperBound...].range(of: "\"actions\""), "no replayed actions")
        let actions = page[actionsKey.upperBound...].prefix { $0 != "]" }
        #expect(!actions.contains("complete"), "replayed actions: \(actions)")
        let expectedSide = try #require(page.range(of: "\"expected\""), "no expected side")
        #expect(page[expectedSide.upperBound...].prefix(600).contains("complete"))
        let (defaultStatus, _) = Self.test([Self.panComplete, "--report", report])
        #expect(defaultStatus == 0)
    }

    @Test func marginsJSONFollowsTheContractWithTheRestOnStderr() throws {
        let (status, output) = Self.test([
            Self.panComplete, Self.deleteLastRow, "--margins", "--json",
        ])
        #expect(status == 0)
        #expect(output.standardError.contains("2 passed, 0 failed"))
        let object = try Self.json(output.standardOutput)
        #expect(object.keys.sorted() == ["recordings"])
        let recordings = try #require(object["recordings"] as? [[String: Any]])
        #expect(recordings.map { $0["path"] as? String } == [Self.panComplete, Self.deleteLastRow])
        for recording in recordings {
            let margins = try #require(recording["margins"] as? [[String: Any]])
            for margin in margins {
                #expect(margin.keys.sorted() == ["relative", "rule", "threshold", "value"])
            }
        }
        let pan = try #require(
            (recordings[0]["margins"] as? [[String: Any]])?.first {
                $0["rule"] as? String == "pan-complete"
            })
        #expect(pan["value"] as? Double == 542 && pan["threshold"] as? Double == 540)
        #expect(abs((pan["relative"] as? Double ?? 0) - 2.0 / 540) < 1e-12)
        let delete = try #require(
            (recordings[1]["margins"] as? [[String: Any]])?.first {
                $0["rule"] as? String == "pan-delete"
            })
        #expect(delete["value"] as? Double == 600 && delete["threshold"] as? Double == 540)
    }

    @Test func marginsTextIsABlockPerRecordingBeforeTheSummary() {
        let (status, output) = Self.test([Self.deleteLastRow, "--margins"])
        #expect(status == 0)
        #expect(
            output.standardOutput.hasPrefix(
                "\(Self.deleteLastRow): nearest pan-delete, relative margin 0.111\n"))
        #expect(
            output.standardOutput.contains(
                "  pan-delete       value 600 px  threshold 540 px  relative 0.111\n"))
        #expect(output.standardOutput.hasSuffix("\n1 passed, 0 failed\n"))
    }

    /// The decision that came nearest its threshold leads its recording's block (before, it
    /// came after the slop and long-press lines every touch adds).
    @Test func marginsTextLeadsWithTheNearestDecision() {
        let (_, output) = Self.test([Self.panComplete, "--margins"])
        let lines = output.standardOutput.split(separator: "\n")
        #expect(lines.first == "\(Self.panComplete): nearest pan-complete, relative margin 0.004")
        #expect(lines.dropFirst().first?.hasPrefix("  pan-complete ") == true, "\(lines)")
        let relatives = lines.dropFirst().prefix { $0.hasPrefix("  ") }.compactMap {
            Double($0.split(separator: " ").last ?? "")
        }
        #expect(relatives.count >= 3 && relatives == relatives.sorted(), "\(relatives)")
    }

    @Test func brittleFailsTheRecordingsUnderTheMarginAndNamesTheRule() {
        let (status, output) = Self.test([
            Self.panComplete, Self.deleteLastRow, "--brittle", "0.05",
        ])
        #expect(status == 1)
        #expect(
            output.standardOutput.contains(
                "BRITTLE \(Self.panComplete): rule pan-complete, value 542 px, threshold 540 px (relative margin 0.004 < 0.05)"
            ))
        #expect(!output.standardOutput.contains("BRITTLE \(Self.deleteLastRow)"))
        // A failure in the summary too (docs/replay.md, "One verdict").
        #expect(output.standardOutput.hasSuffix("1 passed, 1 failed\n"))
        let (above, aboveOutput) = Self.test([Self.deleteLastRow, "--brittle", "0.1"])
        #expect(above == 0)
        #expect(!aboveOutput.standardOutput.contains("BRITTLE"))
        let (under, underOutput) = Self.test([Self.deleteLastRow, "--brittle", "0.12"])
        #expect(under == 1)
        #expect(
            underOutput.standardOutput.contains("rule pan-delete, value 600 px, threshold 540 px"))
    }

    @Test func aSweepCountsThePassesPerValueAndDrawsThem() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let (status, output) = Self.test([
            Self.deleteLastRow, "--sweep", "pan-delete-fraction=0.5:0.6:0.05", "--report",
            folder.path,
        ])
        #expect(status == 0, "\(output.standardError)")
        #expect(
            output.standardOutput
                == """
                pan-delete-fraction (W)  passed  failed
                0.5 *                    1       0
                0.55                     1       0
                0.6                      0       1
                (* Clear's default)
                1 of 1 recording changes with pan-delete-fraction:
                  \(Self.deleteLastRow): passes at 0.5, 0.55; fails at 0.6

                """)
        let page = try String(contentsOfFile: folder.file("sweep.html"), encoding: .utf8)
        #expect(page.components(separatedBy: "class=\"sweep-point\"").count == 4)
        #expect(page.contains("data-value=\"0.6\" data-passed=\"0\" data-total=\"1\""))
        #expect(output.standardError.contains("wrote \(folder.file("sweep.html"))"))
    }

    /// The sweep names the recordings whose result changes, and runs Clear's default too
    /// when the values leave it out, starred (before, it printed counts only and starred no
    /// row then).
    @Test func aSweepNamesWhatChangesAndAlwaysHasTheDefaultsRow() {
        let (status, output) = Self.test([
            Self.deleteLastRow, Self.panComplete, "--sweep", "pan-delete-fraction=0.6:0.7:0.1",
        ])
        #expect(status == 0, "\(output.standardError)")
        #expect(
            output.standardOutput
                == """
                pan-delete-fraction (W)  passed  failed
                0.5 *                    2       0
                0.6                      1       1
                0.7                      1       1
                (* Clear's default, run besides the values swept)
                1 of 2 recordings changes with pan-delete-fraction:
                  \(Self.deleteLastRow): passes at 0.5; fails at 0.6, 0.7

                """)
    }

    @Test func replaySetChangesThisReplayOnly() throws {
        func replay(_ arguments: [String]) -> (Int32, CapturedOutput) {
            let output = CapturedOutput()
            return (
                ReplayCommand.main(
                    arguments: [Self.panComplete, "--json"] + arguments, output: output.streams),
                output
            )
        }
        let (plainStatus, plain) = replay([])
        #expect(plainStatus == 0)
        #expect(plain.standardOutput.contains("\"complete\""))
        let (setStatus, set) = replay([
            "--set", "pan-complete-fraction=0.51", "--set", "slop-px=12",
        ])
        #expect(setStatus == 0)
        #expect(!set.standardOutput.contains("\"complete\""))
        let (expectStatus, _) = replay([
            "--expect", Self.recordings + "/pan-complete-above.expect.json", "--set",
            "pan-complete-fraction=0.51",
        ])
        #expect(expectStatus == 1)
        for bad in [
            ["--set", "bogus=1"], ["--set", "long-press-ms=0"],
            [
                "--set", "pan-complete-fraction=0.6", "--write-expect",
                "never-written.expect.json",
            ],
        ] {
            let (status, output) = replay(bad)
            #expect(status == 2, "\(bad)")
            #expect(output.standardError.hasPrefix("cleartouch replay: "), "\(bad)")
        }
    }
}
