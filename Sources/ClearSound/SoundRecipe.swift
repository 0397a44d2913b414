/// One partial of a note: a multiple of the note's frequency and its level beside the
/// fundamental's.
public struct Partial: Hashable, Sendable {
    /// The partial's frequency over the note's (1 is the fundamental; need not be whole).
    public var multiple: Double
    /// Its amplitude over the fundamental's.
    public var level: Double

    public init(multiple: Double, level: Double) {
        self.multiple = multiple
        self.level = level
    }
}

/// One note of a sound: a pitch (that may glide), an envelope and a timbre.
///
/// The envelope rises as sin² over `attackMilliseconds` (no click: it starts at zero with
/// zero slope) and falls as ((end − t)/(end − attack))^`decayPower` to exactly zero at the
/// note's end (with zero slope for a power of 2 or more).
public struct Note: Hashable, Sendable {
    /// When the note starts, from the start of the sound, in milliseconds.
    public var startMilliseconds: Double
    /// How long it lasts, attack included, in milliseconds.
    public var durationMilliseconds: Double
    /// The pitch at the start, in hertz.
    public var startHertz: Double
    /// The pitch at the end (a linear glide), in hertz; the start pitch when not gliding.
    public var endHertz: Double
    /// The peak amplitude, as a share of full scale.
    public var amplitude: Double
    /// The rise, in milliseconds.
    public var attackMilliseconds: Double
    /// The fall's power (2: soft, 4: plucked).
    public var decayPower: Int
    /// The timbre: the fundamental and its overtones.
    public var partials: [Partial]

    public init(
        startMilliseconds: Double = 0, durationMilliseconds: Double, startHertz: Double,
        endHertz: Double? = nil, amplitude: Double, attackMilliseconds: Double = 5,
        decayPower: Int = 3, partials: [Partial] = Self.pure
    ) {
        self.startMilliseconds = startMilliseconds
        self.durationMilliseconds = durationMilliseconds
        self.startHertz = startHertz
        self.endHertz = endHertz ?? startHertz
        self.amplitude = amplitude
        self.attackMilliseconds = attackMilliseconds
        self.decayPower = decayPower
        self.partials = partials
    }

    /// A sine.
    public static let pure = [Partial(multiple: 1, level: 1)]
    /// A sine with a soft octave: round, like a bell's hum.
    public static let round = [Partial(multiple: 1, level: 1), Partial(multiple: 2, level: 0.25)]
    /// Odd harmonics falling off fast: a mellow, hollow tone.
    public static let hollow = [
        Partial(multiple: 1, level: 1), Partial(multiple: 3, level: 0.18),
        Partial(multiple: 5, level: 0.05),
    ]
    /// A marimba-like bar: the fundamental and the bar's inharmonic fourth partial.
    public static let bar = [Partial(multiple: 1, level: 1), Partial(multiple: 3.93, level: 0.2)]
    /// A wooden knock: a low fundamental with an inharmonic overtone.
    public static let wood = [Partial(multiple: 1, level: 1), Partial(multiple: 2.76, level: 0.35)]

    /// Where the note ends, from the start of the sound, in milliseconds.
    public var endMilliseconds: Double { startMilliseconds + durationMilliseconds }
}

/// How each sound is made: its notes. Every sound lasts at most
/// `longestSoundMilliseconds`, peaks well below full scale (headroom for overlaps) and is
/// told apart from the others by its loudest pitch, its interval and its timbre
/// (docs/sound.md has the table).
public enum SoundRecipe {
    /// The longest any sound lasts.
    public static let longestSoundMilliseconds = 250.0
    /// The loudest a sound's main note is, as a share of full scale (−9 dBFS): two or
    /// three sounds at once still fit.
    public static let mainAmplitude = 0.35
    /// The loudest any sound gets, where a lead note still rings under its main note
    /// (−8 dBFS).
    public static let peakAmplitude = 0.4
    /// The softer note that leads into a sound's main note.
    public static let leadAmplitude = 0.2
    /// The threshold tick's level (−26 dBFS): felt more than heard.
    public static let tickAmplitude = 0.05

    /// Equal-tempered pitches used (A4 = 440 Hz).
    enum Pitch {
        static let c4 = 261.63
        static let g4 = 392.00
        static let a4 = 440.00
        static let b4 = 493.88
        static let c5 = 523.25
        static let d5 = 587.33
        static let e5 = 659.26
        static let f5 = 698.46
        static let g5 = 783.99
        static let a5 = 880.00
        static let b5 = 987.77
        static let c6 = 1046.50
        static let d6 = 1174.66
        static let e6 = 1318.51
        static let g6 = 1567.98
        static let a6 = 1760.00
        static let c7 = 2093.00
        static let e7 = 2637.02
    }

    /// A soft lead note and a louder main one `gapMilliseconds` later.
    static func interval(
        from lead: Double, to main: Double, gapMilliseconds: Double = 60,
        mainMilliseconds: Double = 170, partials: [Partial]
    ) -> [Note] {
        [
            Note(
                durationMilliseconds: gapMilliseconds + 40, startHertz: lead,
                amplitude: leadAmplitude, attackMilliseconds: 4, decayPower: 3,
                partials: partials),
            Note(
                startMilliseconds: gapMilliseconds, durationMilliseconds: mainMilliseconds,
                startHertz: main, amplitude: mainAmplitude, attackMilliseconds: 5,
                decayPower: 3, partials: partials),
        ]
    }

    /// The notes of `sound`.
    public static func notes(_ sound: SoundName) -> [Note] {
        switch sound {
        case .complete:
            return interval(from: Pitch.e5, to: Pitch.a5, partials: Note.bar)
        case .uncomplete:
            return interval(from: Pitch.a5, to: Pitch.d5, partials: Note.bar)
        case .delete:
            return [
                Note(
                    durationMilliseconds: 220, startHertz: Pitch.a4, endHertz: Pitch.c4,
                    amplitude: mainAmplitude, attackMilliseconds: 8, decayPower: 2,
                    partials: Note.hollow)
            ]
        case .add:
            return [
                Note(
                    durationMilliseconds: 120, startHertz: Pitch.g5, endHertz: Pitch.e6,
                    amplitude: mainAmplitude, attackMilliseconds: 6, decayPower: 2,
                    partials: Note.round)
            ]
        case .move:
            return [
                Note(
                    durationMilliseconds: 110, startHertz: Pitch.b4, amplitude: mainAmplitude,
                    attackMilliseconds: 2, decayPower: 5, partials: Note.wood)
            ]
        case .clearCompleted:
            return [
                Note(
                    durationMilliseconds: 90, startHertz: Pitch.c6, amplitude: leadAmplitude,
                    attackMilliseconds: 3, partials: Note.bar),
                Note(
                    startMilliseconds: 50, durationMilliseconds: 90, startHertz: Pitch.a5,
                    amplitude: leadAmplitude, attackMilliseconds: 3, partials: Note.bar),
                Note(
                    startMilliseconds: 100, durationMilliseconds: 150, startHertz: Pitch.f5,
                    amplitude: mainAmplitude, attackMilliseconds: 3, partials: Note.bar),
            ]
        case .openList:
            return interval(from: Pitch.g5, to: Pitch.c6, gapMilliseconds: 50, partials: Note.round)
        case .closeList:
            return interval(from: Pitch.c6, to: Pitch.g5, gapMilliseconds: 50, partials: Note.round)
        case .openMenu:
            return interval(
                from: Pitch.a5, to: Pitch.d6, gapMilliseconds: 70, partials: Note.hollow)
        case .closeMenu:
            return interval(
                from: Pitch.d6, to: Pitch.e5, gapMilliseconds: 70, partials: Note.hollow)
        case .openPage:
            return interval(
                from: Pitch.c6, to: Pitch.e6, gapMilliseconds: 40, mainMilliseconds: 140,
                partials: Note.pure)
        case .closePage:
            return interval(
                from: Pitch.e6, to: Pitch.b5, gapMilliseconds: 40, mainMilliseconds: 140,
                partials: Note.pure)
        case .theme:
            // A soft chord swelling in: C6, E6 and G6 (the loudest) together.
            return [Pitch.c6, Pitch.e6, Pitch.g6].enumerated().map { index, pitch in
                Note(
                    startMilliseconds: Double(index) * 20, durationMilliseconds: 210,
                    startHertz: pitch, amplitude: index == 2 ? 0.22 : 0.12,
                    attackMilliseconds: 40, decayPower: 2, partials: Note.pure)
            }
        case .sound:
            return [
                Note(
                    durationMilliseconds: 200, startHertz: Pitch.a6, amplitude: 0.25,
                    attackMilliseconds: 3, decayPower: 4, partials: Note.round),
                Note(
                    durationMilliseconds: 200, startHertz: Pitch.c7 * 1.5, amplitude: 0.08,
                    attackMilliseconds: 3, decayPower: 4, partials: Note.pure),
            ]
        case .tick:
            return [
                Note(
                    durationMilliseconds: 12, startHertz: Pitch.e7, amplitude: tickAmplitude,
                    attackMilliseconds: 2, decayPower: 2, partials: Note.pure)
            ]
        }
    }
}
