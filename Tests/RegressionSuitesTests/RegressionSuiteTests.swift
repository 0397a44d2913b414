import Foundation
import TestSupport
import Testing

@testable import RegressionSuites
@testable import Replay

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `cleartouch test`'s library side: discovery, parallel runs, failure blocks, JUnit XML.
@Suite struct RegressionSuiteTests {
    @Test func discoveryIsRecursiveAndPairsEachGoldenWithItsRecording() throws {
        let root = try SampleSuite.makeFolder()
        let cases = try RegressionSuite.discover([root])
        #expect(
            cases.map { String($0.expectationPath.dropFirst(root.count)) } == [
                "/nested/deeper/pull-below.expect.json", "/nested/wrong.expect.json",
                "/orphan.expect.json", "/pan-complete-above.expect.json",
            ])
        #expect(cases[0].recordingPath == root + "/nested/deeper/pull-below.yml")
        #expect(cases[1].recordingPath == root + "/nested/wrong.evemu")
        #expect(cases[2].recordingPath == nil)
        // A recording names its golden file; one without is an error.
        #expect(
            try RegressionSuite.discover([root + "/nested/wrong.evemu"]) == [cases[1]])
        #expect(throws: ReplayError.self) { try RegressionSuite.discover([root + "/lonely.trace"]) }
        #expect(throws: ReplayError.self) { try RegressionSuite.discover([root + "/absent"]) }
    }

    @Test func parallelRunsGiveTheSameReportsInOrder() throws {
        let root = try SampleSuite.makeFolder()
        let cases = try RegressionSuite.discover([root])
        let serial = RegressionSuite.run(cases, jobs: 1)
        let parallel = RegressionSuite.run(cases, jobs: 4)
        #expect(serial.map(\.passed) == [true, false, false, true])
        #expect(parallel.map(\.testCase) == cases)
        #expect(parallel.map(\.passed) == serial.map(\.passed))
        // One of the two could not run: an error, not a failure (docs/replay.md, "One verdict").
        #expect(RegressionSuite.summary(parallel) == "2 passed, 1 failed, 1 error")
        let block = try #require(RegressionSuite.failureBlock(parallel[1]))
        #expect(
            block.hasPrefix(
                "FAIL \(root)/nested/wrong.evemu\n  expectation: \(root)/nested/wrong.expect.json\n  first difference: action 1 at "
            ), "\(block)")
        #expect(
            block.contains("  - ") && block.contains("delete 3") || block.contains("complete"),
            "\(block)")
        let error = try #require(RegressionSuite.failureBlock(parallel[2]))
        #expect(
            error.hasPrefix(
                "ERROR \(root)/orphan.expect.json\n  \(root)/orphan.expect.json:0: no recording beside it"
            ), "\(error)")
        #expect(RegressionSuite.failureBlock(parallel[0]) == nil)
    }

    @Test func theUpdatedExpectationIsMetAndKeepsTheSettings() throws {
        let root = try SampleSuite.makeFolder()
        let cases = try RegressionSuite.discover([root + "/nested/wrong.expect.json"])
        let report = RegressionSuite.run(cases, jobs: 1)[0]
        guard case .failed(_, let updated) = report.outcome else {
            Issue.record("not a failure: \(report.outcome)")
            return
        }
        #expect(updated.settings?.screen == .defaultKiosk)
        #expect(updated.recording == "pan-delete-above.evemu")
        try updated.jsonText().write(
            toFile: cases[0].expectationPath, atomically: true, encoding: .utf8)
        #expect(RegressionSuite.run(cases, jobs: 1)[0].passed)
    }

    #if canImport(FoundationXML)
        /// The JUnit XML is well-formed (read by libxml2 through XMLDocument) and escapes
        /// file names and diffs with markup and control characters.
        @Test func junitXMLParsesWithARealXMLParser() throws {
            let root = try SampleSuite.makeFolder()
            var reports = RegressionSuite.run(try RegressionSuite.discover([root]), jobs: 2)
            let odd = "/tmp/a<b>&\"c\" 'd'\u{01}.trace"
            reports.append(
                RegressionReport(
                    testCase: RegressionCase(expectationPath: "x.expect.json", recordingPath: odd),
                    outcome: .failed(
                        diff: "first difference: <&> ]]> \"q\" \u{0B}\n  - a\n  + b",
                        updated: RegressionSuites.Expectation(actions: [], items: [])),
                    durationMicroseconds: 1_234_567))
            let xml = JUnitReport.xml(reports)
            let document = try XMLDocument(xmlString: xml, options: [])
            let suite = try #require(
                try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
            #expect(suite.attribute(forName: "tests")?.stringValue == "5")
            #expect(suite.attribute(forName: "failures")?.stringValue == "2")
            #expect(suite.attribute(forName: "errors")?.stringValue == "1")
            let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
            #expect(cases.count == 5)
            #expect(cases[0].attribute(forName: "name")?.stringValue == "pull-below.yml")
            #expect(
                cases[0].attribute(forName: "classname")?.stringValue == root + "/nested/deeper")
            let last = cases[4]
            #expect(last.attribute(forName: "name")?.stringValue == "a<b>&\"c\" 'd'\u{FFFD}.trace")
            #expect(last.attribute(forName: "time")?.stringValue == "1.234567")
            let failure = try #require(last.elements(forName: "failure").first)
            #expect(failure.stringValue == "first difference: <&> ]]> \"q\" \u{FFFD}\n  - a\n  + b")
            let wrong = try #require(cases[1].elements(forName: "failure").first)
            #expect(wrong.stringValue?.contains("actions (- expected, + replayed):") == true)
            #expect(cases[2].elements(forName: "error").count == 1)
            #expect(cases[0].elements(forName: "failure").isEmpty)
        }
    #endif
}
