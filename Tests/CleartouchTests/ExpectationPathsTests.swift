import Foundation
import GestureService
import TestSupport
import Testing

/// Paths an expectation records are relative to the expectation's own folder
/// (docs/replay.md, "Paths in an expectation"), and what `cleartouch test` writes never
/// replaces a file an expectation names (docs/output-files.md, "Overwriting"). Each test
/// lays out a suite of its own: an events-only evemu recording (so its description file,
/// `--desc`, is needed), the description and a gesture configuration, in folders around
/// the expectation's.
@Suite struct ExpectationPathsTests {
    static let recordings = PackagePaths.root.appendingPathComponent("Recordings").path

    /// Runs `cleartouch ARGUMENTS` in the folder `folder`.
    static func cleartouch(_ arguments: [String], in folder: String) throws -> CommandRun {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        return try runCommand(
            executable: "/usr/bin/env", arguments: ["-C", folder, executable] + arguments,
            environment: GesturesCommandTests.noDefaults)
    }

    /// The 3-finger swipe as an events-only file at `recording` and its description at `desc`,
    /// and the example configuration at `config` (folders made as needed).
    static func layOut(recording: String, desc: String, config: String) throws {
        let text = try String(
            contentsOfFile: recordings + "/gestures-swipe-3-left.evemu", encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let events = lines.filter { $0.hasPrefix("E:") }
        let description = lines.filter { !$0.hasPrefix("E:") && !$0.isEmpty }
        for (path, contents) in [
            (recording, (["# EVEMU 1.3"] + events).joined(separator: "\n") + "\n"),
            (desc, description.joined(separator: "\n") + "\n"),
            (
                config,
                try String(contentsOfFile: recordings + "/gestures.example.yaml", encoding: .utf8)
            ),
        ] {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try contents.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// Where the files go, relative to the suite's root, and where `--write-expect` runs.
    struct Layout: CustomStringConvertible, Sendable {
        var desc: String
        var config: String
        /// The folder the writing command runs in.
        var writtenFrom: String
        /// Whether the paths are given absolute.
        var absolute = false
        var description: String {
            "desc \(desc), config \(config), written from \(writtenFrom)\(absolute ? ", absolute" : "")"
        }
    }

    /// The expectation is `suite/swipe.expect.json` beside `suite/swipe.evemu`.
    static let layouts: [Layout] = [
        Layout(desc: "suite/panel.desc", config: "suite/gestures.yaml", writtenFrom: "."),
        Layout(desc: "suite/panel.desc", config: "suite/gestures.yaml", writtenFrom: "suite"),
        Layout(desc: "devices/panel.desc", config: "config/gestures.yaml", writtenFrom: "."),
        Layout(desc: "suite/deeper/panel.desc", config: "gestures.yaml", writtenFrom: "config"),
        Layout(desc: "devices/panel.desc", config: "config/gestures.yaml", writtenFrom: "devices"),
        Layout(
            desc: "devices/panel.desc", config: "config/gestures.yaml", writtenFrom: ".",
            absolute: true),
        Layout(desc: "devices/panel.desc", config: "config/gestures.yaml", writtenFrom: "a/b"),
        Layout(
            desc: "suite/panel.desc", config: "config/gestures.yaml", writtenFrom: "suite/deeper"),
    ]

    @Test(arguments: ["gestures", "replay"], layouts)
    func anExpectationWrittenAnywhereWorksInTest(command: String, layout: Layout) throws {
        let root = ScratchFolder()
        func at(_ path: String) -> String { root.path + "/" + path }
        try Self.layOut(
            recording: at("suite/swipe.evemu"), desc: at(layout.desc), config: at(layout.config))
        try FileManager.default.createDirectory(
            atPath: at(layout.writtenFrom), withIntermediateDirectories: true)
        // Each path as seen from where the command runs.
        func given(_ path: String) -> String {
            if layout.absolute { return at(path) }
            let depth =
                layout.writtenFrom == "." ? 0 : layout.writtenFrom.split(separator: "/").count
            return String(repeating: "../", count: depth) + path
        }
        // A gesture expectation (`--desc` and `--config`), and Clear's (`--desc`).
        let writing = [
            ["gestures", "--replay", given("suite/swipe.evemu"), "--config", given(layout.config)],
            ["replay", given("suite/swipe.evemu")],
        ][command == "gestures" ? 0 : 1]
        let write = try Self.cleartouch(
            writing + [
                "--desc", given(layout.desc), "--write-expect", given("suite/swipe.expect.json"),
            ], in: at(layout.writtenFrom))
        try #require(write.status == 0, "\(layout): \(write.standardError)")
        // From elsewhere: the folder above the root, and the suite itself.
        for folder in [root.path + "/..", at("suite")] {
            let run = try Self.cleartouch(["test", at("suite")], in: folder)
            let written =
                (try? String(contentsOfFile: at("suite/swipe.expect.json"), encoding: .utf8)) ?? ""
            #expect(
                run.status == 0,
                "\(command), \(layout), from \(folder): \(run.standardOutput)\(run.standardError)\n\(written)"
            )
        }
    }

    /// Without a configuration the expectation names none (`null`), and its own `--expect`
    /// and `test` take it: the service without bindings. No test can count on
    /// /etc/cleartouch/gestures.yaml being absent (the packaging tests install the package
    /// while the suite runs, and a developer's machine may have it), so the expectation must
    /// name the machine's default as `gestures` finds it, null when there is none; a run
    /// during which the default came or went is run again.
    @Test func withoutAConfigurationTheExpectationNamesNoneAndWorks() throws {
        func machineDefault() -> String? {
            GestureServiceConfiguration.defaultPath(environment: GesturesCommandTests.noDefaults)
        }
        for _ in 1...3 {
            let root = ScratchFolder()
            try Self.layOut(
                recording: root.file("swipe.evemu"), desc: root.file("panel.desc"),
                config: root.file("unused.yaml"))
            let expectation = root.file("swipe.expect.json")
            let before = machineDefault()
            let write = try Self.cleartouch(
                [
                    "gestures", "--replay", "swipe.evemu", "--desc", "panel.desc",
                    "--write-expect", expectation,
                ],
                in: root.path)
            guard machineDefault() == before else { continue }
            try #require(write.status == 0, "\(write.standardError)")
            let text = try String(contentsOfFile: expectation, encoding: .utf8)
            let named = before.map { "\"gesture_config\": \"\($0)\"" } ?? "\"gesture_config\": null"
            #expect(text.contains(named), "\(text)")
            guard before == nil else { return }
            let check = try Self.cleartouch(
                [
                    "gestures", "--replay", "swipe.evemu", "--desc", "panel.desc", "--expect",
                    expectation,
                ],
                in: root.path)
            #expect(check.status == 0, "\(check.standardError)")
            let test = try Self.cleartouch(["test", root.path], in: "/")
            #expect(test.status == 0, "\(test.standardOutput)\(test.standardError)")
            return
        }
        Issue.record("the machine's default configuration changed during each of three runs")
    }

    /// An expectation an older `--write-expect` wrote from another folder holds its paths
    /// relative to that folder (and `""` for no configuration): it still runs from there.
    @Test func anOlderExpectationStillRunsFromWhereItWasWritten() throws {
        let root = ScratchFolder()
        try Self.layOut(
            recording: root.file("suite/swipe.evemu"), desc: root.file("devices/panel.desc"),
            config: root.file("config/gestures.yaml"))
        let expected = try String(
            contentsOfFile: Self.recordings + "/gestures-swipe-3-left.expect.json", encoding: .utf8)
        let gestures = try #require(expected.range(of: "\"gestures\"")).lowerBound
        for config in ["\"config/gestures.yaml\"", "\"\""] {
            try
                ("{\"gesture_config\": \(config), \"settings\": {\"desc\": \"devices/panel.desc\"}, "
                + expected[gestures...]).write(
                    toFile: root.file("suite/swipe.expect.json"), atomically: true, encoding: .utf8)
            let run = try Self.cleartouch(["test", "suite"], in: root.path)
            // No configuration: the gestures are unbound (a difference, not an error).
            #expect(
                run.status == (config == "\"\"" ? 1 : 0),
                "\(config): \(run.standardOutput)\(run.standardError)")
        }
    }

    /// `test --junit` and `--report` never write over a file an expectation names, by any
    /// path to it: its `settings.desc`, its `gesture_config`, in the suite's folder or
    /// outside it.
    @Test(arguments: ["desc", "config", "linked desc", "linked config"], ["junit", "report"])
    func testNeverWritesOverAFileAnExpectationNames(named: String, output: String) throws {
        let root = ScratchFolder()
        // The named file where the output goes: the JUnit file, or the report's index.
        let place = output == "junit" ? root.file("out/results.xml") : root.file("out/index.html")
        let isDesc = named.hasSuffix("desc")
        try Self.layOut(
            recording: root.file("suite/swipe.evemu"),
            desc: isDesc ? place : root.file("devices/panel.desc"),
            config: isDesc ? root.file("config/gestures.yaml") : place)
        let expectation = root.file("suite/swipe.expect.json")
        let recorded = { (path: String) in "../" + String(path.dropFirst(root.path.count + 1)) }
        try """
        {"gesture_config": "\(recorded(isDesc ? root.file("config/gestures.yaml") : place))",
         "settings": {"desc": "\(recorded(isDesc ? place : root.file("devices/panel.desc")))"},
         "gestures": []}

        """.write(toFile: expectation, atomically: true, encoding: .utf8)
        var target = place
        if named.hasPrefix("linked") {
            target = root.file("out/link")
            symlink(place, target)
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: place))
        let arguments =
            output == "junit"
            ? ["test", root.file("suite"), "--junit", target]
            : ["test", root.file("suite"), "--report", root.file("out")]
        if output == "report" && named.hasPrefix("linked") {
            // The report's index goes where it goes; a link to the named file takes its place.
            try FileManager.default.removeItem(atPath: place)
            try before.write(to: URL(fileURLWithPath: root.file("elsewhere")))
            symlink(root.file("elsewhere"), place)
        }
        let run = try Self.cleartouch(arguments, in: root.path)
        let now = try Data(contentsOf: URL(fileURLWithPath: place))
        #expect(now == before, "\(named), \(output): the named file was replaced")
        #expect(run.status == 2, "\(named), \(output): \(run.standardError)")
        #expect(
            run.standardError.contains("refusing to overwrite an input"),
            "\(named), \(output): \(run.standardError)")
    }

    /// A case given as one file: `test x.expect.json --junit x.evemu` and `test x.evemu
    /// --junit x.expect.json` refuse the other file of the case, as does the file the
    /// expectation's `recording` names.
    @Test(arguments: ["expectation", "recording", "named recording"])
    func testNeverWritesOverTheOtherFileOfACaseGivenAlone(given: String) throws {
        let root = ScratchFolder()
        try Self.layOut(
            recording: root.file("swipe.evemu"), desc: root.file("panel.desc"),
            config: root.file("gestures.yaml"))
        let expectation = root.file("swipe.expect.json")
        let named = root.file("other.evemu")
        try FileManager.default.copyItem(atPath: root.file("swipe.evemu"), toPath: named)
        try """
        {"recording": "other.evemu", "gesture_config": "gestures.yaml",
         "settings": {"desc": "panel.desc"}, "gestures": []}

        """.write(toFile: expectation, atomically: true, encoding: .utf8)
        let (operand, output) =
            switch given {
            case "expectation": (expectation, root.file("swipe.evemu"))
            case "recording": (root.file("swipe.evemu"), expectation)
            default: (expectation, named)
            }
        let before = try Data(contentsOf: URL(fileURLWithPath: output))
        let run = try Self.cleartouch(["test", operand, "--junit", output], in: root.path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == before, "\(given)")
        #expect(run.status == 2, "\(given): \(run.standardError)")
        #expect(
            run.standardError.contains("refusing to overwrite an input"), "\(run.standardError)")
    }
}
