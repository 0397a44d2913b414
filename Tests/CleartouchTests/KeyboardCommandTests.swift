import ClearCore
import Foundation
import JSON
import Replay
import TestSupport
import Testing
import TouchInput

@testable import CleartouchCommands
@testable import cleartouch_devices

@Suite struct KeyboardCommandTests {
    static let cleartouch = PackagePaths.debugExecutable("cleartouch")

    func run(_ arguments: [String]) throws -> CommandRun {
        try runCommand(executable: Self.cleartouch, arguments: ["keyboard"] + arguments)
    }

    @Test func jsonListsTheBaseLayerKeysInScreenPixels() throws {
        for (layout, first) in [("us", "q"), ("de", "q"), ("fr", "a")] {
            let run = try run(["--json", "--keyboard-layout", layout, "--screen", "1080x1920"])
            #expect(run.status == 0)
            let json = try JSONParser.parse(run.standardOutput)
            #expect(json["layout"] == .string(layout))
            guard case .array(let keys)? = json["keys"] else {
                Issue.record("no keys")
                continue
            }
            #expect(keys.first?["key"] == .string(first))
            #expect(keys.first?["label"] == .string(first))
            var names: Set<String> = []
            for key in keys {
                guard case .string(let name)? = key["key"], case .number(let x)? = key["x"],
                    case .number(let y)? = key["y"], case .number(let width)? = key["width"],
                    case .number(let height)? = key["height"]
                else {
                    Issue.record("bad key \(key)")
                    continue
                }
                names.insert(name)
                #expect(x.value >= 0 && x.value + width.value <= 1080)
                #expect(y.value >= 169 && y.value + height.value <= 1920)
            }
            #expect(names.isSuperset(of: ["shift", "backspace", "space", "return", "symbols"]))
        }
    }

    @Test func anUnknownLayoutExitsTwoListingTheKnownOnes() throws {
        let run = try run(["--keyboard-layout", "xx", "--json"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown keyboard layout 'xx' (known: de, fr, us)"))
        let app = try AppCommandOptions.parse(["--keyboard-layout", "klingon"])
        #expect(app?.contains("known: de, fr, us") == true)
    }

    @Test func aMalformedLayoutFileSaysFileAndLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bad-\(UUID().uuidString).layout"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# a layout\nname bad\nletters a bb\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let run = try run(["--keyboard-layout", path])
        #expect(run.status == 2)
        #expect(run.standardError.contains("\(path):3: bad key `bb`"))
    }

    @Test func outputWritesAPNGOfTheScreen() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "kb-\(UUID().uuidString).png"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try run(["-o", path, "--screen", "540x960", "--keyboard-layout", "de"])
        #expect(run.status == 0)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let bytes = [UInt8](data)
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 540 && height == 960)
    }

    @Test func xkbLayoutComesFromTheKeyboardDefaults() throws {
        #expect(
            KeyboardOptions.xkbLayout(inKeyboardDefaults: "XKBMODEL=\"pc105\"\nXKBLAYOUT=\"de\"\n")
                == "de")
        #expect(KeyboardOptions.xkbLayout(inKeyboardDefaults: "XKBLAYOUT=fr,us\n") == "fr")
        #expect(KeyboardOptions.xkbLayout(inKeyboardDefaults: "XKBLAYOUT=''\n") == nil)
        #expect(KeyboardOptions.xkbLayout(inKeyboardDefaults: "# none\n") == nil)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "keyboard-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "XKBLAYOUT=\"de\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(KeyboardOptions.systemLayoutName(defaultsPath: path) == "de")
        try "XKBLAYOUT=\"ru\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(KeyboardOptions.systemLayoutName(defaultsPath: path) == "us")
        #expect(KeyboardOptions.systemLayoutName(defaultsPath: path + ".missing") == "us")
    }

    @Test func appAndReplayTakeKeyboardOptions() throws {
        let app = try #require(
            try AppCommand.options(["--keyboard", "on", "--keyboard-layout", "fr"]))
        #expect(app.keyboardMode == .on)
        #expect(app.keyboardLayout.name == "fr")
        #expect(try AppCommand.options([])?.keyboardMode == .auto)
        #expect(throws: UsageError.self) { try AppCommand.options(["--keyboard", "maybe"]) }
        let replay = try #require(
            try ReplayCommand.options(["r.trace", "--keyboard", "auto", "--keyboard-layout", "de"]))
        #expect(replay.source.keyboardMode == .auto)
        #expect(replay.source.keyboardLayout?.name == "de")
        #expect(try ReplayCommand.options(["r.trace"])?.source.keyboardMode == nil)
    }

    @Test func replayUsesTheRecordedKeyboardUnlessTold() throws {
        let path = PackagePaths.root.appendingPathComponent("Recordings/keyboard-typing-us.trace")
            .path
        let recorded = try ReplayHarness(source: ReplaySource(path: path)).run()
        #expect(recorded.items.map(\.text) == ["note Buy EGG 12é"])
        // Off: the first tap on a key is a tap below the list, which ends the editing.
        let off = try ReplayHarness(source: ReplaySource(path: path, keyboardMode: .off)).run()
        #expect(off.items.map(\.text) == ["note"])
    }
}

/// `cleartouch app` options parsed, or the usage error's message.
enum AppCommandOptions {
    static func parse(_ arguments: [String]) throws -> String? {
        do {
            _ = try AppCommand.options(arguments)
            return nil
        } catch {
            return error.message
        }
    }
}
