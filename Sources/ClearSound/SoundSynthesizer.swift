/// Renders sounds from their recipes into 16-bit samples at `sampleRateHertz`.
public enum SoundSynthesizer {
    /// Samples per second of every sound and track.
    public static let sampleRateHertz = 48_000

    /// The samples of `notes` mixed together: the first and last samples are zero.
    public static func render(_ notes: [Note]) -> [Int16] {
        let rate = Double(sampleRateHertz)
        let framesPerMillisecond = rate / 1000
        let lastFrame = notes.map { Int($0.endMilliseconds * framesPerMillisecond) }.max() ?? 0
        var mix = [Double](repeating: 0, count: lastFrame + 1)
        for note in notes {
            let first = Int(note.startMilliseconds * framesPerMillisecond)
            let frames = Int(note.durationMilliseconds * framesPerMillisecond)
            let seconds = note.durationMilliseconds / 1000
            let attackFrames = note.attackMilliseconds * framesPerMillisecond
            let levels = note.partials.reduce(0) { $0 + $1.level }
            // The note's last frame is its envelope's zero; later frames stay silent.
            for n in 0...frames where first + n <= lastFrame {
                let t = Double(n) / rate
                let envelope = self.envelope(
                    frame: Double(n), attackFrames: attackFrames, lastFrame: Double(frames),
                    decayPower: note.decayPower)
                guard envelope > 0 else { continue }
                // The phase of a linear glide, in cycles: ∫ f = f₀t + (f₁ − f₀)t²/2T.
                let cycles =
                    note.startHertz * t + (note.endHertz - note.startHertz) * t * t / (2 * seconds)
                var value = 0.0
                for partial in note.partials {
                    value += partial.level * Sine.of(cycles: partial.multiple * cycles)
                }
                mix[first + n] += note.amplitude * envelope * value / levels
            }
        }
        return mix.map(quantize)
    }

    /// sin² up over the attack, then ((last − n)/(last − attack))^power down to zero.
    static func envelope(frame n: Double, attackFrames: Double, lastFrame: Double, decayPower: Int)
        -> Double
    {
        if n >= lastFrame { return 0 }
        if n < attackFrames {
            let rise = Sine.of(cycles: n / attackFrames / 4)
            return rise * rise
        }
        let fall = (lastFrame - n) / (lastFrame - attackFrames)
        var value = 1.0
        for _ in 0..<decayPower { value *= fall }
        return value
    }

    /// A share of full scale as the nearest 16-bit sample (halves away from zero), clipped.
    static func quantize(_ value: Double) -> Int16 {
        let scaled = value * Double(Int16.max)
        let rounded = Int64(scaled + (scaled < 0 ? -0.5 : 0.5))
        return Int16(clamping: rounded)
    }
}

/// Every sound rendered once, ready to mix.
public struct SoundBank: Sendable {
    private let samples: [SoundName: [Int16]]

    /// Renders every recipe (a few milliseconds of work).
    public init() {
        var samples: [SoundName: [Int16]] = [:]
        for sound in SoundName.allCases {
            samples[sound] = SoundSynthesizer.render(SoundRecipe.notes(sound))
        }
        self.samples = samples
    }

    /// The samples of `sound`.
    public subscript(sound: SoundName) -> [Int16] { samples[sound] ?? [] }

    /// The bank every mixer shares.
    public static let standard = SoundBank()
}
