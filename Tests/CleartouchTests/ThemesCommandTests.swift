import ClearCore
import Foundation
import JSON
import KioskApp
import ListStore
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// `cleartouch themes [--json]` and `--theme NAME` (docs/themes.md).
@Suite struct ThemesCommandTests {
    static let cleartouch = PackagePaths.debugExecutable("cleartouch")
    static let recording = PackagePaths.root.appendingPathComponent(
        "Recordings/clear-completed.trace"
    ).path

    func run(_ arguments: [String]) throws -> CommandRun {
        try runCommand(executable: Self.cleartouch, arguments: arguments)
    }

    @Test func jsonListsEveryThemeWithItsColoursInOrder() throws {
        let run = try run(["themes", "--json"])
        #expect(run.status == 0)
        let json = try JSONParser.parse(run.standardOutput)
        guard case .array(let themes)? = json["themes"] else {
            Issue.record("no themes in \(run.standardOutput)")
            return
        }
        #expect(themes.count == Theme.builtIn.count)
        #expect(
            themes.first?.encoded()
                == ##"{"name": "heat", "top": "#FF0000", "bottom": "#FF9900", "completed": "#009900", "background": "#000000", "text": "#FFFFFF"}"##
        )
        for (value, theme) in zip(themes, Theme.builtIn) {
            #expect(value["name"] == .string(theme.name))
            #expect(value["text"] == .string(theme.text.hexString))
            guard case .object(let fields) = value else { continue }
            #expect(
                fields.map(\.key) == ["name", "top", "bottom", "completed", "background", "text"])
        }
    }

    @Test func withoutJSONATableNamesEveryTheme() throws {
        let run = try run(["themes"])
        #expect(run.status == 0)
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == Theme.builtIn.count + 1)
        #expect(lines.first?.hasPrefix("name") == true)
        #expect(lines.dropFirst().first?.hasPrefix("heat ") == true)
        #expect(run.standardOutput.contains("high-contrast"))
        #expect(try self.run(["themes", "extra"]).status == 2)
    }

    @Test func anUnknownThemeExitsTwoListingTheNames() throws {
        for command in [
            ["replay", Self.recording], ["render", Self.recording, "-o", "/dev/null"],
        ] {
            let run = try run(command + ["--theme", "plaid"])
            #expect(run.status == 2)
            #expect(
                run.standardError.contains(
                    "unknown theme 'plaid' (known: heat, ocean, forest, dusk, paper, high-contrast)"
                ))
        }
        #expect(try AppCommandOptions.parse(["--theme", "plaid"])?.contains("known: heat") == true)
        #expect(try AppCommandOptions.parse(["--theme", "ocean"]) == nil)
    }

    @Test func replayJSONCarriesTheThemeBeforeTheSound() throws {
        let plain = try run(["replay", Self.recording, "--json"])
        let ocean = try run(["replay", Self.recording, "--json", "--theme", "ocean"])
        #expect(plain.status == 0 && ocean.status == 0)
        #expect(plain.standardOutput.contains(",\n  \"theme\": \"heat\",\n  \"sound\": true,\n"))
        #expect(ocean.standardOutput.contains(",\n  \"theme\": \"ocean\",\n  \"sound\": true,\n"))
        // Nothing else changes.
        #expect(
            plain.standardOutput.replacingOccurrences(of: "\"heat\"", with: "\"ocean\"")
                == ocean.standardOutput)
    }

    /// The command line wins over the list file for the run, the list file over the
    /// default (docs/app.md, "Settings"); a saved name the program does not know is none.
    @Test func theAppStartsWithTheCommandLinesThemeElseTheSavedElseHeat() {
        let ocean = Theme.named("ocean")!
        func start(_ saved: String?, _ commandLine: Theme?) -> (Theme, SettingSource) {
            var options = KioskOptions(listPath: "list.json")
            options.theme = commandLine
            let settings = StartSettings(
                options: options, recorded: RecordedSettings(themeName: saved))
            return (settings.theme, settings.themeSource)
        }
        #expect(start(nil, nil) == (.heat, .byDefault))
        #expect(start(nil, ocean) == (ocean, .commandLine))
        #expect(start("paper", ocean) == (ocean, .commandLine))
        #expect(start("paper", nil) == (Theme.named("paper")!, .listFile))
        #expect(start("plaid", nil) == (.heat, .byDefault))
    }
}
