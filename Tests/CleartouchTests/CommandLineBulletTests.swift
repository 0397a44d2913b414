import Foundation
import Recordings
import TestSupport
import Testing
import TouchInput

@testable import CleartouchCommands
@testable import cleartouch_devices

/// The "Options" bullets of the hostile-input issue, one test each, for every subcommand.
@Suite struct CommandLineBulletTests {
    /// Every subcommand (main.swift's list is top-level code, which tests do not run).
    static let commands: [any Subcommand.Type] = [
        AppCommand.self, RecordCommand.self, DebugGesturesCommand.self, InspectCommand.self,
        ConvertCommand.self, ReplayCommand.self, RenderCommand.self,
    ]

    /// The operands each command needs to parse.
    static func operands(_ command: any Subcommand.Type) -> [String] {
        switch command.name {
        case "inspect": ["a.trace"]
        case "convert": ["a.trace", "b.trace"]
        case "replay": ["a.trace"]
        case "render": ["a.trace", "-o", "a.svg"]
        default: []
        }
    }

    /// Every option each command parses (read off the parsers): the help must name each.
    static let optionsOf: [String: [String]] = [
        "app": [
            "--list", "--screen", "--row-height", "--fullscreen", "--offscreen", "--record",
            "--record-text", "--force", "--seat", "--window-input", "--umockdev-barrier", "DEVICE",
        ],
        "record": [
            "-o", "--force", "--screen", "--row-height", "--seat", "--show-keycodes",
            "--duration", "--until-idle", "--verbose", "--umockdev-barrier", "DEVICE",
        ],
        "debug-gestures": [
            "--screen", "--seat", "--duration", "--until-idle", "--verbose",
            "--unplug-after-events", "--umockdev-barrier", "DEVICE",
        ],
        "inspect": ["--desc", "--format", "--screen", "--json"],
        "convert": ["--desc", "--format", "--screen"],
        "replay": [
            "--desc", "--format", "--screen", "--row-height", "--list", "--expect",
            "--write-expect", "--json", "--speed", "--frames", "--fps", "--snapshot", "--at",
            "--via-libinput",
        ],
        "render": ["-o", "--output", "--desc", "--format", "--screen", "--row-height", "--list"],
    ]

    static func parses(_ command: any Subcommand.Type, _ arguments: [String]) -> Bool {
        (try? command.options(arguments)) != nil
    }

    static func usageError(_ command: any Subcommand.Type, _ arguments: [String]) -> String? {
        do {
            _ = try command.options(arguments)
            return nil
        } catch {
            return error.message
        }
    }

    @Test(arguments: 0..<commands.count)
    func optionEqualsValueWorksEverywhere(index: Int) {
        let command = Self.commands[index]
        let option =
            command.name == "record" || command.name == "debug-gestures"
            ? "--duration=5" : "--screen=800x600"
        #expect(Self.parses(command, Self.operands(command) + [option]), "\(command.name)")
        // A flag given a value is an error.
        let flag = [
            "app": "--fullscreen", "record": "--force", "debug-gestures": "--verbose",
            "inspect": "--json", "replay": "--json",
        ][command.name]
        if let flag {
            #expect(Self.usageError(command, Self.operands(command) + [flag + "=yes"]) != nil)
        }
    }

    @Test(arguments: 0..<commands.count)
    func aDoubleDashEndsTheOptionsEverywhere(index: Int) {
        let command = Self.commands[index]
        let operands = Self.operands(command).filter { $0 != "-o" && $0 != "a.svg" }
        let extra = command.name == "render" ? ["-o", "a.svg"] : []
        // A file whose name starts with a dash is an operand after `--`.
        var arguments = extra + ["--"] + operands
        if command.name != "convert" && !operands.isEmpty {
            arguments = extra + ["--", "-odd-name.trace"]
        } else if operands.isEmpty {
            arguments = ["--", "-odd-device"]
        }
        #expect(Self.parses(command, arguments), "\(command.name) \(arguments)")
        #expect(Self.usageError(command, ["-odd-name.trace"]) != nil)
    }

    @Test(arguments: 0..<commands.count)
    func theScreenIsOneSyntaxWithOneMessage(index: Int) {
        let command = Self.commands[index]
        #expect(Self.parses(command, Self.operands(command) + ["--screen", "1080X1920"]))
        #expect(Self.parses(command, Self.operands(command) + ["--screen", "1080x1920"]))
        #expect(
            Self.usageError(command, Self.operands(command) + ["--screen", "1080*1920"])
                == "--screen: '1080*1920' is not WIDTHxHEIGHT in pixels (--screen needs e.g. 1080x1920)"
        )
    }

    @Test(arguments: 0..<commands.count)
    func aUsageErrorIsOneLineAndWhereToReadMore(index: Int) {
        let command = Self.commands[index]
        let captured = CapturedOutput()
        let status = command.main(
            arguments: Self.operands(command) + ["--bogus"], output: captured.streams)
        #expect(status == 2)
        #expect(
            captured.standardError
                == "cleartouch \(command.name): unknown option --bogus\ntry 'cleartouch \(command.name) --help'\n"
        )
        #expect(captured.standardOutput.isEmpty)
    }

    @Test(arguments: 0..<commands.count)
    func helpWinsWhateverFollows(index: Int) {
        let command = Self.commands[index]
        for arguments in [["--help"], ["-h", "--bogus"], ["--screen", "0x0", "--help", "x", "y"]] {
            let captured = CapturedOutput()
            #expect(command.main(arguments: arguments, output: captured.streams) == 0)
            #expect(captured.standardOutput.hasPrefix("usage: cleartouch \(command.name)"))
        }
    }

    /// The usage lines and the option list name every option the command parses.
    @Test(arguments: 0..<commands.count)
    func helpIsComplete(index: Int) throws {
        let command = Self.commands[index]
        let options = try #require(Self.optionsOf[command.name])
        let usage = command.usage
        let synopsisEnd = try #require(usage.range(of: "\n\n"))
        let synopsis = String(usage[..<synopsisEnd.lowerBound])
        let body = String(usage[synopsisEnd.upperBound...])
        let testOnly = ["--umockdev-barrier", "--unplug-after-events"]
        for option in options {
            if !testOnly.contains(option) && option != "--output" {
                #expect(synopsis.contains(option), "\(command.name)'s usage line lacks \(option)")
            }
            // Each is explained on a line of its own.
            let explained = body.split(separator: "\n").contains {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(option)
                    || $0.trimmingCharacters(in: .whitespaces).hasPrefix("-o, " + option)
            }
            #expect(explained, "\(command.name)'s help does not explain \(option)")
        }
    }

    @Test func convertWritesTheScreenIntoTheTrace() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let input = PackagePaths.root.path + "/Recordings/palm-cancel.evemu"
        let out = folder.file("out.trace")
        let captured = CapturedOutput()
        let status = ConvertCommand.main(
            arguments: [input, out, "--screen", "800x1280"], output: captured.streams)
        #expect(status == 0, "\(captured.standardError)")
        let recording = try Recording.open(path: out)
        #expect(recording.header.screen == ScreenSizeFixture.size(800, 1280))
        // Without --screen: the default the positions were mapped onto.
        #expect(ConvertCommand.main(arguments: [input, out], output: captured.streams) == 0)
        #expect(try Recording.open(path: out).header.screen == ScreenSizeFixture.size(1080, 1920))
    }

    @Test func theListFormatIsDescribedInBothHelps() {
        for usage in [AppCommand.usage, ReplayCommand.usage] {
            #expect(usage.contains("plain array"))
            #expect(usage.contains("docs/list-file.md"))
        }
    }
}

enum ScreenSizeFixture {
    static func size(_ width: Int, _ height: Int) -> ScreenSize {
        ScreenSize(widthPixels: width, heightPixels: height)
    }
}
