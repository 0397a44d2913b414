/// Mixes sound cues into one mono 16-bit track at 48 kHz, a chunk at a time: pure and
/// deterministic (integer sums of pre-rendered samples; the same cues give the same bits).
///
/// The sounds are rendered with headroom (at most `SoundRecipe.peakAmplitude`), so a few at once
/// add up without distortion; a sum past the 16-bit range is clipped to it. The replay
/// schedules every cue first and asks for the whole track; the app schedules each action
/// as it happens and asks for the next few milliseconds as its audio queue drains.
public struct SoundMixer: Sendable {
    /// Frames (samples) per second.
    public static let sampleRateHertz = SoundSynthesizer.sampleRateHertz

    /// A sound playing or waiting to play, from its first frame.
    private struct Voice: Sendable {
        var startFrame: Int64
        var sound: SoundName
    }

    /// The rendered sounds.
    public let bank: SoundBank
    /// The next frame `mix` produces (frames produced so far).
    public private(set) var positionFrames: Int64 = 0
    /// Cues not started yet, by start frame (cues with the same frame in the order given).
    private var waiting: [Voice] = []
    private var nextWaiting = 0
    /// Sounds that have started and not ended.
    private var playing: [Voice] = []

    /// A mixer at frame 0 with nothing scheduled.
    public init(bank: SoundBank = .standard) { self.bank = bank }

    /// The frame a time falls in (floor(µs · 48000 / 10⁶), without overflow; negative
    /// times are frame 0).
    public static func frame(atMicroseconds time: Int64) -> Int64 {
        guard time > 0 else { return 0 }
        // 48000 / 1_000_000 = 6 / 125.
        return time / 125 * 6 + time % 125 * 6 / 125
    }

    /// Plays `cue` from its time. A cue before `positionFrames` plays what is left of it.
    public mutating func schedule(_ cue: SoundCue) {
        let voice = Voice(
            startFrame: Self.frame(atMicroseconds: cue.timeMicroseconds), sound: cue.sound)
        var index = waiting.count
        while index > nextWaiting && waiting[index - 1].startFrame > voice.startFrame { index -= 1 }
        waiting.insert(voice, at: index)
    }

    /// Plays `sound` from the next frame `mix` produces.
    public mutating func play(_ sound: SoundName) {
        playing.append(Voice(startFrame: positionFrames, sound: sound))
    }

    /// True when nothing is playing or waiting: every later frame is silent.
    public var isIdle: Bool { playing.isEmpty && nextWaiting == waiting.count }

    /// Appends the next `frameCount` frames to `output`.
    public mutating func mix(frameCount: Int, into output: inout [Int16]) {
        guard frameCount > 0 else { return }
        let end = positionFrames + Int64(frameCount)
        while nextWaiting < waiting.count && waiting[nextWaiting].startFrame < end {
            playing.append(waiting[nextWaiting])
            nextWaiting += 1
        }
        if nextWaiting > 1024 && nextWaiting * 2 > waiting.count {
            waiting.removeFirst(nextWaiting)
            nextWaiting = 0
        }
        if playing.isEmpty {
            output.append(contentsOf: repeatElement(0, count: frameCount))
            positionFrames = end
            return
        }
        var sums = [Int32](repeating: 0, count: frameCount)
        for voice in playing {
            let samples = bank[voice.sound]
            let from = max(voice.startFrame, positionFrames)
            let to = min(voice.startFrame + Int64(samples.count), end)
            guard from < to else { continue }
            let offset = Int(from - voice.startFrame)
            let at = Int(from - positionFrames)
            for n in 0..<Int(to - from) {
                sums[at + n] += Int32(samples[offset + n])
            }
        }
        playing.removeAll { voice in
            voice.startFrame + Int64(bank[voice.sound].count) <= end
        }
        for sum in sums { output.append(Int16(clamping: sum)) }
        positionFrames = end
    }

    /// The frame after the last one any of `cues` sounds in (0 without cues).
    public func endFrame(of cues: [SoundCue]) -> Int64 {
        cues.map { Self.frame(atMicroseconds: $0.timeMicroseconds) + Int64(bank[$0.sound].count) }
            .max() ?? 0
    }

    /// The whole track of `cues`, `frameCount` frames long (tests and short sessions; a
    /// long one is mixed a chunk at a time).
    public static func track(_ cues: [SoundCue], frameCount: Int, bank: SoundBank = .standard)
        -> [Int16]
    {
        var mixer = SoundMixer(bank: bank)
        for cue in cues { mixer.schedule(cue) }
        var track: [Int16] = []
        track.reserveCapacity(frameCount)
        mixer.mix(frameCount: frameCount, into: &track)
        return track
    }
}
