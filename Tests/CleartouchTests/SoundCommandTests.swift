import Foundation
import TestSupport
import Testing

/// `cleartouch replay --audio OUT.wav` and `--sound on|off`, run as the built command.
@Suite struct SoundCommandTests {
    static let python = "/usr/bin/python3"
    static let framesPerMillisecond = 48

    static func recording(_ name: String) -> String { TestPaths.recordings + "/" + name }

    /// A replay's JSON (parsed and as printed) and its WAV file's bytes, in `folder`.
    static func replay(_ name: String, _ extra: [String] = []) throws -> (
        json: [String: Any], text: String, wav: [UInt8], path: String, folder: ScratchFolder
    ) {
        let folder = ScratchFolder()
        let path = folder.path + "/track.wav"
        let run = try ReplayRenderCommandTests.cleartouch(
            ["replay", recording(name), "--json", "--audio", path] + extra)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("wrote \(path)"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: Any])
        let wav = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return (json, run.standardOutput, wav, path, folder)
    }

    /// The 16-bit samples after the 44-byte header.
    static func samples(_ wav: [UInt8]) -> [Int16] {
        stride(from: 44, to: wav.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(wav[$0]) | UInt16(wav[$0 + 1]) << 8)
        }
    }

    static func rms(_ samples: ArraySlice<Int16>) -> Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }

    static func sounds(_ json: [String: Any]) -> [(ms: Double, sound: String)] {
        ((json["sounds"] as? [[String: Any]]) ?? []).map {
            (($0["t_ms"] as? Double) ?? -1, ($0["sound"] as? String) ?? "")
        }
    }

    @Test func theTrackSoundsWhereTheActionsAreAndIsSilentElsewhere() throws {
        let (json, _, wav, _, _) = try Self.replay("mixed-session.trace")
        #expect(json["sound"] as? Bool == true)
        let sounds = Self.sounds(json)
        let actions = (json["actions"] as? [[String: Any]]) ?? []
        // Every action but editing has its sound, at its time.
        let sounding = actions.filter {
            !["edit-begin", "edit-end"].contains($0["action"] as? String ?? "")
        }
        #expect(
            sounds.filter { $0.sound != "tick" }.map { "\($0.ms) \($0.sound)" }
                == sounding.map { "\($0["t_ms"] as? Double ?? 0) \($0["action"] as? String ?? "")" }
        )
        #expect(sounds.first.map { "\($0.ms) \($0.sound)" } == "360.0 complete")
        let samples = Self.samples(wav)
        let perMs = Self.framesPerMillisecond
        for sound in sounds where sound.sound != "tick" {
            let start = Int(sound.ms) * perMs
            #expect(Self.rms(samples[start..<(start + 100 * perMs)]) > 1000, "\(sound)")
            // Nothing before the sound's time (from the end of whatever came before).
            let before = samples[max(0, start - 10 * perMs)..<start]
            let earlier = sounds.filter { $0.ms < sound.ms && $0.ms > sound.ms - 260 }
            if earlier.isEmpty { #expect(before.allSatisfy { $0 == 0 }, "\(sound)") }
        }
        // Between sounds, more than 250 ms after one and before the next: silence.
        let starts = sounds.map { Int($0.ms) * perMs } + [samples.count]
        var silentMilliseconds = 0
        for (from, to) in zip(starts, starts.dropFirst()) where to - from > 300 * perMs {
            let gap = samples[(from + 251 * perMs)..<to]
            #expect(gap.allSatisfy { $0 == 0 })
            silentMilliseconds += gap.count / perMs
        }
        #expect(silentMilliseconds > 5000)
        // From the first event to the end of the last sound.
        let duration = try #require(json["duration_ms"] as? Double)
        #expect(samples.count >= Int(duration) * perMs)
        #expect(samples.count <= Int(duration + 251) * perMs)
    }

    @Test func theHeaderIsAMono16BitPCMWAVAt48kHz() throws {
        let (_, _, wav, path, folder) = try Self.replay("pan-complete-above.trace")
        defer { folder.remove() }
        #expect(Array(wav[0..<4]) == Array("RIFF".utf8))
        #expect(Array(wav[8..<16]) == Array("WAVEfmt ".utf8))
        let frames = (wav.count - 44) / 2
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            try RequiredInput.missing("\(Self.python) is missing (tools/bootstrap installs it)")
        }
        let check = try runCommand(
            executable: Self.python,
            arguments: [
                "-c",
                "import sys, wave; w = wave.open(sys.argv[1]); print(w.getnchannels(), w.getsampwidth(), w.getframerate(), w.getnframes(), w.getcomptype())",
                path,
            ])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput == "1 2 48000 \(frames) NONE\n")
    }

    @Test func twoRunsGiveTheSameBits() throws {
        let first = try Self.replay("mixed-session.trace")
        let second = try Self.replay("mixed-session.trace")
        #expect(first.wav == second.wav)
        #expect(first.wav.count > 44)
    }

    @Test func aPullTicksAtItsThresholdBeforeItAdds() throws {
        let (json, _, wav, _, _) = try Self.replay("pull-add-above.trace")
        let sounds = Self.sounds(json)
        #expect(sounds.map(\.sound) == ["tick", "add"])
        let tick = try #require(sounds.first)
        let start = Int(tick.ms) * Self.framesPerMillisecond
        let samples = Self.samples(wav)
        #expect(Self.rms(samples[start..<(start + 12 * Self.framesPerMillisecond)]) > 100)
    }

    @Test func soundOffWritesSilenceAndSaysSo() throws {
        let on = try Self.replay("mixed-session.trace")
        let off = try Self.replay("mixed-session.trace", ["--sound", "off"])
        #expect(off.json["sound"] as? Bool == false)
        #expect(Self.sounds(off.json).isEmpty)
        let samples = Self.samples(off.wav)
        #expect(samples.allSatisfy { $0 == 0 })
        let duration = try #require(off.json["duration_ms"] as? Double)
        #expect(samples.count == Int(duration) * Self.framesPerMillisecond + 1)
        #expect(samples.count < Self.samples(on.wav).count)
        // Everything before the sound keys, at the end, is the same replay.
        let onText = on.text.components(separatedBy: ",\n  \"sound\": true").first
        let offText = off.text.components(separatedBy: ",\n  \"sound\": false").first
        #expect(onText != on.text && offText != off.text && onText == offText)
    }

    /// The Settings page's Sound row turned off at 2870 ms: the page's opening (2200 ms) is
    /// heard, and from the tap to the end (back twice, a list opened, an item completed)
    /// the track is silence.
    @Test func theTrackIsSilentFromTheTapThatTurnsTheSoundOff() throws {
        let (json, _, wav, _, folder) = try Self.replay("levels-settings-sound-off.trace")
        defer { folder.remove() }
        #expect(json["sound"] as? Bool == false)
        let actions = (json["actions"] as? [[String: Any]]) ?? []
        let off = try #require(actions.first { $0["action"] as? String == "sound" })
        #expect(off["on"] as? Bool == false)
        let offMs = try #require(off["t_ms"] as? Double)
        #expect(offMs == 2870)
        // Actions after the tap, and none of them sounds.
        #expect(actions.filter { ($0["t_ms"] as? Double ?? 0) > offMs }.count == 4)
        let sounds = Self.sounds(json)
        #expect(sounds.last.map { "\($0.ms) \($0.sound)" } == "2200.0 open-page")
        let samples = Self.samples(wav)
        let perMs = Self.framesPerMillisecond
        #expect(Self.rms(samples[(2200 * perMs)..<(2300 * perMs)]) > 1000)
        let afterOff = samples[(Int(offMs) * perMs)...]
        #expect(afterOff.count > 3000 * perMs)
        #expect(afterOff.allSatisfy { $0 == 0 })
    }

    @Test(arguments: [["--sound", "loud"], ["--sound"]])
    func aBadSoundIsAUsageError(arguments: [String]) throws {
        let run = try ReplayRenderCommandTests.cleartouch(
            ["replay", Self.recording("mixed-session.trace")] + arguments)
        #expect(run.status == 2)
        #expect(run.standardError.contains("--sound"), "\(run.standardError)")
    }

    @Test func anAudioOutputOverTheRecordingIsRefused() throws {
        let folder = ScratchFolder()
        let copy = folder.path + "/session.trace"
        try FileManager.default.copyItem(
            atPath: Self.recording("mixed-session.trace"), toPath: copy)
        let before = try Data(contentsOf: URL(fileURLWithPath: copy))
        let run = try ReplayRenderCommandTests.cleartouch(["replay", copy, "--audio", copy])
        #expect(run.status == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy)) == before)
    }
}
