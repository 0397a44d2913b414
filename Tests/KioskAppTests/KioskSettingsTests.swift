import Foundation
import TestSupport
import Testing

/// Settings are explicit (docs/app.md, "Settings"): the command line wins over the list
/// file for the run and is not saved; the app's first lines say which theme, levels and
/// sound it uses and where each came from; a list file records a theme only once one was
/// chosen; and what the app says is its own lines, ALSA's included. Before, a first save
/// wrote `"theme": "heat"` that nobody chose, `--theme ocean` then had no effect and no
/// line said why, and without a sound card ALSA wrote eight lines of its own.
@Suite struct KioskSettingsTests {
    let folder = ScratchFolder("app-settings")

    /// `app --offscreen --replay pan-delete-above.evemu --speed 0 --list LIST ARGUMENTS`:
    /// a run that deletes a row, so the app saves.
    func run(_ arguments: [String]) throws -> CommandRun {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        return try runCommand(
            executable: executable,
            arguments: [
                "app", "--offscreen", "--list", folder.file("list.json"), "--replay",
                TestPaths.recordings + "/pan-delete-above.evemu", "--speed", "0",
            ] + arguments)
    }

    /// The saved file as JSON.
    func saved() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.file("list.json")))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The settings line, which must come before the app is ready.
    func settingsLine(_ run: CommandRun) throws -> String {
        let lines = run.standardError.split(separator: "\n").map(String.init)
        let index = try #require(
            lines.firstIndex { $0.hasPrefix("cleartouch app: theme ") }, "\(run.standardError)")
        let ready = try #require(lines.firstIndex { $0 == "cleartouch app: ready" })
        #expect(index < ready && index <= 1, "\(run.standardError)")
        return lines[index]
    }

    @Test func aFirstSaveRecordsNoThemeNobodyChose() throws {
        let run = try run(["--sound", "off"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            try settingsLine(run)
                == "cleartouch app: theme heat (default), levels all (default), sound off (command line)"
        )
        let file = try saved()
        #expect(file["theme"] == nil, "\(file)")
        // The command line's sound is the run's, not the file's.
        #expect(file["sound"] as? Bool == true, "\(file)")
    }

    @Test func theCommandLineWinsOverTheListFileForTheRunOnly() throws {
        try
            #"{"format": "cleartouch-list", "version": 2, "lists": [{"title": "To Do", "items": ["a", "b", "c", "d"]}], "open": 0, "theme": "heat", "sound": false}"#
            .write(toFile: folder.file("list.json"), atomically: true, encoding: .utf8)
        let run = try run(["--theme", "ocean", "--levels", "items"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            try settingsLine(run)
                == "cleartouch app: theme ocean (command line), levels items (command line), sound off (list file)"
        )
        let file = try saved()
        #expect(file["theme"] as? String == "heat", "\(file)")
        #expect(file["sound"] as? Bool == false, "\(file)")
        // The run happened: row 2 ("c") deleted.
        let lists = try #require(file["lists"] as? [[String: Any]])
        let items = try #require(lists.first?["items"] as? [[String: Any]])
        #expect(items.map { $0["text"] as? String } == ["a", "b", "d"])
    }

    @Test func aThemeTheListFileRecordsIsSaidAsTheListFiles() throws {
        try
            #"{"format": "cleartouch-list", "version": 2, "lists": [{"title": "To Do", "items": ["a", "b", "c"]}], "open": 0, "theme": "ocean"}"#
            .write(toFile: folder.file("list.json"), atomically: true, encoding: .utf8)
        let run = try run(["--sound", "off"])
        #expect(
            try settingsLine(run).hasPrefix(
                "cleartouch app: theme ocean (list file), levels all (default)"))
    }

    /// Every line on stderr is the app's own: without a sound card, ALSA's messages are
    /// one part of the app's line about sound.
    @Test func everyLineTheAppWritesIsItsOwn() throws {
        let run = try run([])
        #expect(run.status == 0, "\(run.standardError)")
        let foreign = run.standardError.split(separator: "\n").filter {
            !$0.hasPrefix("cleartouch app: ")
        }
        #expect(foreign.isEmpty, "\(run.standardError)")
        #expect(run.standardError.contains("cleartouch app: sound: "), "\(run.standardError)")
    }
}
