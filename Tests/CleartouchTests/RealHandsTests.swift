import Foundation
import GestureService
import Recordings
import RegressionSuites
import Replay
import TestSupport
import Testing
import TouchInput
import Umockdev

/// The real-data suite (docs/real-hands.md): every real multi-finger touchscreen recording
/// of the corpus against its labelled gesture expectation, through `cleartouch test`.
@Suite struct RealHandsTests {
    static let folder = TestPaths.packageRoot + "/Tests/RealHands"

    static func expectations() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".expect.json") }.sorted()
    }

    @Test func theSuitePassesThroughCleartouchTest() throws {
        let count = Self.expectations().count
        #expect(count == 14)
        let run = try runCommand(
            executable: TestPaths.cleartouchBinary, arguments: ["test", Self.folder])
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("\(count) passed, 0 failed\n"))
    }

    /// Every recording of the corpus whose touchscreen had two or more contacts at once
    /// has its expectation in the suite; every multi-finger touchpad recording (the
    /// service reads touchscreens only) gives no gesture at all.
    @Test func everyMultiFingerTouchscreenRecordingIsInTheSuite() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: TestPaths.corpus))
        var touchscreens: [String] = []
        var touchpads = 0
        while let relative = enumerator.nextObject() as? String {
            guard [".events", ".evemu", ".event"].contains(where: { relative.hasSuffix($0) })
            else { continue }
            let path = TestPaths.corpus + "/" + relative
            let recording = try Recording.open(path: path)
            var summary = RecordingSummary()
            while let event = try recording.next() { summary.add(event) }
            let kinds = Set(summary.devices.map(\.kind))
            guard summary.mostContactsAtOnce >= 2 else { continue }
            let name = String(relative.split(separator: "/").last ?? "")
            if kinds.contains(.touchscreen) {
                touchscreens.append(name)
                continue
            }
            touchpads += 1
            let result = try GestureServiceReplay(
                source: ReplaySource(path: path),
                configuration: GestureServiceConfiguration(path: "", bindings: [])
            ).run()
            #expect(result.reports.isEmpty, "\(relative): \(result.reports)")
        }
        #expect(touchscreens.count == 14)
        #expect(touchpads >= 10)
        let suite = Set(Self.expectations().map { String($0.dropLast(".expect.json".count)) })
        for name in touchscreens {
            let base = name.split(separator: ".").dropLast().joined(separator: ".")
            #expect(suite.contains(base), "\(name) has no expectation in Tests/RealHands")
        }
    }
}

/// lisgd side by side (docs/real-hands.md, "Side by side with lisgd"): each row of the
/// document's comparison table, lisgd played the recording through the real libinput
/// under umockdev.
@Suite struct LisgdComparisonTests {
    static let lisgd = "/usr/bin/lisgd"
    static let document = TestPaths.packageRoot + "/docs/real-hands.md"

    struct Row: Sendable, CustomTestStringConvertible {
        var recording: String
        var lisgd: [String]
        var service: [String]
        var difference: String?
        var testDescription: String { recording }
    }

    /// The table between its markers; cells `—` are empty.
    static func rows() -> [Row] {
        guard let text = try? String(contentsOfFile: document, encoding: .utf8) else { return [] }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0.hasPrefix("<!-- lisgd comparison") }),
            let end = lines.firstIndex(where: { $0.hasPrefix("<!-- end of lisgd comparison") })
        else { return [] }
        func list(_ cell: Substring) -> [String] {
            cell == "—"
                ? []
                : cell.components(separatedBy: ", ").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
                }
        }
        return lines[(begin + 3)..<end].map { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
                .map { $0.trimmingCharacters(in: .whitespaces)[...] }
            return Row(
                recording: cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")),
                lisgd: list(cells[1]), service: list(cells[2]),
                difference: cells[3] == "—" ? nil : String(cells[3]))
        }
    }

    @Test func theTableHasARowForEveryRecordingOfTheSuite() {
        let names = Self.rows().map { $0.recording.split(separator: ".").dropLast() }
            .map { $0.joined(separator: ".") }
        #expect(
            names.sorted()
                == RealHandsTests.expectations().map { String($0.dropLast(".expect.json".count)) }
                .sorted())
    }

    @Test(arguments: rows())
    func lisgdAndTheServiceAgreeOrTheDifferenceIsDocumented(row: Row) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.lisgd), UmockdevHarness.available
        else {
            try RequiredInput.missing(
                "lisgd or umockdev is not installed (tools/bootstrap installs both)")
        }
        let expectationPath =
            RealHandsTests.folder + "/"
            + row.recording.split(separator: ".").dropLast().joined(separator: ".")
            + ".expect.json"
        let expectation = try #require(
            try GestureExpectation.parse(
                String(contentsOfFile: expectationPath, encoding: .utf8), path: expectationPath))
        let recognized = expectation.gestures.filter {
            !$0.cancelled && ($0.kind == .swipe || $0.kind == .edgeSwipe)
        }
        #expect(
            row.service
                == recognized.map { "\($0.fingers)-finger swipe \($0.direction?.rawValue ?? "")" })

        let printed = try Self.runLisgd(
            recording: RealHandsTests.folder + "/" + row.recording,
            screen: try #require(expectation.settings?.screen),
            calibration: expectation.settings?.calibration)
        #expect(printed == row.lisgd)

        var unmatched = recognized.map { "\($0.fingers) \($0.direction?.rawValue ?? "")" }
        var differences: [String] = []
        for gesture in printed {
            let words = gesture.split(separator: " ")
            let direction = ["LR": "right", "RL": "left", "UD": "down", "DU": "up"][
                String(words.last ?? "")]
            let wanted = "\(words.first ?? "") \(direction ?? "diagonal")"
            if let index = unmatched.firstIndex(of: wanted) {
                unmatched.remove(at: index)
            } else {
                differences.append(gesture)
            }
        }
        #expect(
            differences.isEmpty == (row.difference == nil),
            "lisgd's \(differences) against the service's \(recognized.count) swipes")
    }

    /// What lisgd prints for `recording` played through libinput under umockdev.
    static func runLisgd(
        recording: String, screen: ScreenSize, calibration: CalibrationMatrix?
    ) throws -> [String] {
        let description =
            EvemuDescriptionPairing.descriptionPath(forEventsFile: recording) ?? recording
        var device = try UmockdevTestbed.parseFile(description).0
        if let calibration {
            device.udev[UmockdevFiles.calibrationProperty] = calibration.values.map {
                String(format: "%g", $0)
            }.joined(separator: " ")
        }
        let events = try UmockdevTestbed.parseFile(recording).1
        let directory = UmockdevTestbed.makeTemporaryDirectory(prefix: "cleartouch-lisgd")!
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let testbed = try UmockdevTestbed.write(
            [.init(description: device, eventNumber: 50, events: events)], into: directory)
        var bindings: [String] = []
        for fingers in 1...5 {
            for gesture in ["LR", "RL", "DU", "UD", "DLUR", "DRUL", "URDL", "ULDR"] {
                bindings += ["-g", "\(fingers),\(gesture),*,*,R,echo lisgd \(fingers) \(gesture)"]
            }
        }
        let run = try runCommand(
            executable: UmockdevHarness.umockdevRun,
            arguments: testbed + [
                "--", lisgd, "-d", "/dev/input/event50", "-w", String(screen.widthPixels), "-h",
                String(screen.heightPixels), "-m", "60000",
            ] + bindings,
            environment: UmockdevHarness.environment.merging([
                "CLEARTOUCH_FIXUP_RELEASE_ON_WAIT": "1", "CLEARTOUCH_FIXUP_EXIT_AFTER_END": "1",
            ]) { $1 })
        #expect(run.status == 0, "\(run.standardError)")
        return run.standardOutput.split(separator: "\n").compactMap {
            $0.hasPrefix("lisgd ") ? String($0.dropFirst("lisgd ".count)) : nil
        }
    }
}
