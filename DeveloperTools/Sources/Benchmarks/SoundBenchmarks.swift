import ClearSound

/// The sound mixer: a 10-minute session with an action every 1.5 s and a tick before
/// every third one, mixed in 10 ms chunks as the app's audio callback asks for them; the
/// best of 3 rounds on this thread's CPU clock, as times faster than real time and
/// nanoseconds per sample. Rendering the sound bank is timed once.
public func runSoundBenchmarks() {
    print("## Sound")
    let sounding = SoundName.allCases.filter { $0 != .tick }
    let sessionSeconds = 600
    var cues: [SoundCue] = []
    for index in 0..<(sessionSeconds * 2 / 3) {
        let time = Int64(index) * 1_500_000
        if index % 3 == 0 { cues.append(SoundCue(timeMicroseconds: time - 200_000, sound: .tick)) }
        cues.append(SoundCue(timeMicroseconds: time, sound: sounding[index % sounding.count]))
    }
    let frames = sessionSeconds * SoundMixer.sampleRateHertz
    let chunkFrames = 480
    var checksum = 0
    let bank = bestRound(rounds: 1) { _ in checksum &+= SoundBank()[.complete].count }
    let mixing = bestRound(rounds: 3) { _ in
        var mixer = SoundMixer()
        for cue in cues { mixer.schedule(cue) }
        var chunk: [Int16] = []
        chunk.reserveCapacity(chunkFrames)
        for _ in 0..<(frames / chunkFrames) {
            chunk.removeAll(keepingCapacity: true)
            mixer.mix(frameCount: chunkFrames, into: &chunk)
            checksum &+= Int(chunk[chunkFrames / 2])
        }
    }
    let seconds = Double(mixing.cpuNanoseconds) / 1e9
    let timesRealTime = (Double(sessionSeconds) / seconds).rounded()
    let perSample = (Double(mixing.cpuNanoseconds) / Double(frames) * 10).rounded() / 10
    print(
        "mix a 10-minute session (\(cues.count) cues, \(chunkFrames)-frame chunks): "
            + "\(Int(timesRealTime))x real time, \(perSample) ns per sample")
    print(
        "render the sound bank (\(SoundName.allCases.count) sounds): "
            + "\((Double(bank.cpuNanoseconds) / 1e5).rounded() / 10) ms (checksum \(checksum & 1))")
}
