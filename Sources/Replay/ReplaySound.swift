import ClearCore
import ClearSound
import ToolSupport

/// The threshold ticks of a replay, from the presentation after each event.
struct ThresholdTickCollector {
    private var ticks = ThresholdTicks()
    /// The cue last given to `ticks`. A cue equal to the one before is no tick and leaves
    /// `ticks` as it was, so only a changed one is given (and only then in words): the cue
    /// changes where a threshold is crossed, not with every frame of a drag.
    private var last: ThresholdCueState?
    /// Tick times from the first event, in order.
    private(set) var timesMicroseconds: [Int64] = []

    mutating func observe(_ session: ClearSession, atMicroseconds time: Int64, origin: Int64) {
        let cue = session.controller.thresholdCueState(atMicroseconds: time)
        guard cue != last else { return }
        last = cue
        if ticks.observe(cue.cue) { timesMicroseconds.append(time - origin) }
    }
}

extension SoundCue {
    /// The sounds of `actions` (those that make one) and the `ticks`, by time; at the same
    /// time an action comes first.
    static func merged(actions: [ReplayedAction], ticks: ThresholdTickCollector?) -> [SoundCue] {
        let cues = actions.compactMap { action in
            SoundName(action.kind).map {
                SoundCue(timeMicroseconds: action.timeMicroseconds, sound: $0)
            }
        }
        guard let ticks, !ticks.timesMicroseconds.isEmpty else { return cues }
        let tickCues = ticks.timesMicroseconds.map { SoundCue(timeMicroseconds: $0, sound: .tick) }
        var merged: [SoundCue] = []
        merged.reserveCapacity(cues.count + tickCues.count)
        var next = 0
        for tick in tickCues {
            while next < cues.count && cues[next].timeMicroseconds <= tick.timeMicroseconds {
                merged.append(cues[next])
                next += 1
            }
            merged.append(tick)
        }
        merged += cues[next...]
        return merged
    }
}

extension SoundCue {
    /// The `cues` heard: those made while the sound setting is on. It starts as
    /// `soundOnAtStart` and each `sound` action of `actions` sets it from its time on, so
    /// the tap that turns the sound on is heard and the one that turns it off is not.
    static func heard(_ cues: [SoundCue], actions: [ReplayedAction], soundOnAtStart: Bool)
        -> [SoundCue]
    {
        var switches: [(timeMicroseconds: Int64, on: Bool)] = []
        for action in actions {
            if case .soundOn(let on)? = action.detail, action.kind == .sound {
                switches.append((action.timeMicroseconds, on))
            }
        }
        guard !switches.isEmpty else { return soundOnAtStart ? cues : [] }
        var on = soundOnAtStart
        var next = 0
        return cues.filter { cue in
            while next < switches.count && switches[next].timeMicroseconds <= cue.timeMicroseconds {
                on = switches[next].on
                next += 1
            }
            return on
        }
    }
}

/// `replay --audio OUT.wav`: the session's sound track as a 16-bit, 48 kHz, mono WAV.
public enum SoundTrackFile {
    /// The longest track written: what a WAV can hold.
    public static let largestFrameCount = WAVEncoder.largestFrameCount
    /// Frames mixed and written at a time (one second).
    static let chunkFrames = SoundMixer.sampleRateHertz

    /// How many frames the track of `result` has: from the first event to the later of
    /// the last event and the end of the last sound.
    public static func frameCount(_ result: ReplayResult) -> Int64 {
        let mixer = SoundMixer()
        return max(
            SoundMixer.frame(atMicroseconds: result.durationMicroseconds) + 1,
            mixer.endFrame(of: result.sounds))
    }

    /// Writes the track of `result` to `path` through the shared output writer, a second
    /// at a time (a long session never needs its whole track in memory).
    public static func write(_ result: ReplayResult, to path: String, protecting inputs: [String])
        throws(Diagnostic)
    {
        let frames = frameCount(result)
        guard frames <= Int64(largestFrameCount) else {
            throw Diagnostic(
                path: path, line: 0,
                message:
                    "the sound track would last \(frames / Int64(SoundMixer.sampleRateHertz)) s, longer than a WAV file holds (\(largestFrameCount / SoundMixer.sampleRateHertz) s)"
            )
        }
        let stream = try OutputFile.Stream(
            path: path, replacesAtomically: true, protecting: inputs)
        try stream.write(WAVEncoder.header(frameCount: Int(frames)))
        var mixer = SoundMixer()
        for cue in result.sounds { mixer.schedule(cue) }
        var samples: [Int16] = []
        var bytes: [UInt8] = []
        while mixer.positionFrames < frames {
            samples.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            mixer.mix(
                frameCount: Int(min(Int64(chunkFrames), frames - mixer.positionFrames)),
                into: &samples)
            WAVEncoder.append(samples, to: &bytes)
            try stream.write(bytes)
        }
        try stream.commit()
    }
}
