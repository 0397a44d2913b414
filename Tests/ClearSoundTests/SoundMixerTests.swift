import Testing

@testable import ClearSound

/// The mixer: placement, overlap, clipping, chunking, determinism; the WAV header.
@Suite struct SoundMixerTests {
    static let bank = SoundBank.standard

    @Test func framesOfTimes() {
        #expect(SoundMixer.frame(atMicroseconds: 0) == 0)
        #expect(SoundMixer.frame(atMicroseconds: -5) == 0)
        #expect(SoundMixer.frame(atMicroseconds: 20) == 0)  // 0.96 frames
        #expect(SoundMixer.frame(atMicroseconds: 21) == 1)  // 1.008 frames
        #expect(SoundMixer.frame(atMicroseconds: 1_000_000) == 48_000)
        #expect(SoundMixer.frame(atMicroseconds: 360_000) == 17_280)
        #expect(SoundMixer.frame(atMicroseconds: Int64.max) == Int64.max / 125 * 6 + 2)
    }

    @Test func aSoundStartsAtItsTimeWithSilenceAround() {
        let complete = Self.bank[.complete]
        let track = SoundMixer.track(
            [SoundCue(timeMicroseconds: 100_000, sound: .complete)], frameCount: 30_000)
        #expect(track.count == 30_000)
        #expect(track[..<4800].allSatisfy { $0 == 0 })
        #expect(Array(track[4800..<(4800 + complete.count)]) == complete)
        #expect(track[(4800 + complete.count)...].allSatisfy { $0 == 0 })
    }

    @Test func overlappingSoundsAdd() {
        let cues = [
            SoundCue(timeMicroseconds: 0, sound: .add),
            SoundCue(timeMicroseconds: 50_000, sound: .tick),
        ]
        let track = SoundMixer.track(cues, frameCount: 12_000)
        let add = Self.bank[.add]
        let tick = Self.bank[.tick]
        for frame in 0..<12_000 {
            var sum = frame < add.count ? Int(add[frame]) : 0
            if frame >= 2400 && frame - 2400 < tick.count { sum += Int(tick[frame - 2400]) }
            #expect(Int(track[frame]) == sum)
        }
    }

    @Test func aSumPastTheRangeIsClipped() {
        let cues = Array(repeating: SoundCue(timeMicroseconds: 0, sound: .complete), count: 8)
        let track = SoundMixer.track(cues, frameCount: 12_000)
        let complete = Self.bank[.complete]
        #expect(track.contains(Int16.max) && track.contains(Int16.min))
        for frame in complete.indices {
            #expect(track[frame] == Int16(clamping: 8 * Int(complete[frame])))
        }
    }

    @Test func chunksOfAnySizeGiveTheSameTrack() {
        let cues = (0..<40).map { index in
            SoundCue(
                timeMicroseconds: Int64(index) * 37_777,
                sound: SoundName.allCases[index % SoundName.allCases.count])
        }
        let frames = 100_000
        let whole = SoundMixer.track(cues, frameCount: frames)
        var mixer = SoundMixer()
        // Scheduled out of order: the mixer keeps them by time.
        for cue in cues.reversed() { mixer.schedule(cue) }
        var chunked: [Int16] = []
        var size = 1
        while chunked.count < frames {
            mixer.mix(frameCount: min(size, frames - chunked.count), into: &chunked)
            size = size * 3 % 1009 + 1
        }
        #expect(chunked == whole)
        #expect(mixer.positionFrames == Int64(frames))
        #expect(SoundMixer.track(cues, frameCount: frames) == whole)
    }

    @Test func playStartsAtThePosition() {
        var mixer = SoundMixer()
        var track: [Int16] = []
        mixer.mix(frameCount: 1000, into: &track)
        #expect(mixer.isIdle)
        mixer.play(.move)
        #expect(!mixer.isIdle)
        mixer.mix(frameCount: 20_000, into: &track)
        let move = Self.bank[.move]
        #expect(Array(track[1000..<(1000 + move.count)]) == move)
        #expect(mixer.isIdle)
    }

    @Test func theTrackEndsWithTheLastSound() {
        let mixer = SoundMixer()
        #expect(mixer.endFrame(of: []) == 0)
        let cues = [
            SoundCue(timeMicroseconds: 1_000_000, sound: .delete),
            SoundCue(timeMicroseconds: 1_100_000, sound: .tick),
        ]
        #expect(mixer.endFrame(of: cues) == 48_000 + Int64(Self.bank[.delete].count))
    }

    @Test func theWAVHeaderIsCanonical() {
        let header = WAVEncoder.header(frameCount: 3)
        let expected: [UInt8] =
            Array("RIFF".utf8) + [42, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0]
            + [1, 0, 1, 0] + [0x80, 0xBB, 0, 0] + [0x00, 0x77, 0x01, 0] + [2, 0, 16, 0]
            + Array("data".utf8) + [6, 0, 0, 0]
        #expect(header == expected)
        let file = WAVEncoder.file([1, -1, Int16.min])
        #expect(Array(file[44...]) == [1, 0, 0xFF, 0xFF, 0x00, 0x80])
        #expect(WAVEncoder.header(frameCount: WAVEncoder.largestFrameCount).count == 44)
    }
}
