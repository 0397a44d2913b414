import ClearCore
import Foundation
import Testing
import TouchInput

@testable import ClearSound

/// The sounds themselves: short, click-free, headroom, every one told apart.
@Suite struct SoundDesignTests {
    static let bank = SoundBank()
    static let framesPerMillisecond = Double(SoundSynthesizer.sampleRateHertz) / 1000

    static func peak(_ samples: [Int16]) -> Int { samples.map { abs(Int($0)) }.max() ?? 0 }

    @Test func sineIsWithinItsBound() {
        for step in 0...20_000 {
            let cycles = Double(step) / 1000 - 10
            #expect(abs(Sine.of(cycles: cycles) - sin(2 * Double.pi * cycles)) < 1e-7)
        }
    }

    @Test(arguments: SoundName.allCases)
    func lastsAtMostTheLongestAndStartsAndEndsAtZero(sound: SoundName) {
        let samples = Self.bank[sound]
        #expect(samples.count > 0)
        #expect(
            Double(samples.count) <= SoundRecipe.longestSoundMilliseconds
                * Self.framesPerMillisecond + 1)
        #expect(samples.first == 0)
        #expect(samples.last == 0)
        // No click: the first and last ten samples stay within 5% of the sound's peak.
        let peak = Self.peak(samples)
        for sample in samples.prefix(10) + samples.suffix(10) {
            #expect(abs(Int(sample)) * 20 <= peak, "\(sound)")
        }
    }

    @Test(arguments: SoundName.allCases)
    func leavesHeadroom(sound: SoundName) {
        let ceiling = SoundRecipe.peakAmplitude * Double(Int16.max) + 1
        #expect(Double(Self.peak(Self.bank[sound])) <= ceiling)
    }

    @Test func theTickIsTheShortestAndQuietest() {
        let tick = Self.bank[.tick]
        #expect(Double(tick.count) <= 15 * Self.framesPerMillisecond)
        #expect(Double(Self.peak(tick)) <= SoundRecipe.tickAmplitude * Double(Int16.max) + 1)
        for sound in SoundName.allCases where sound != .tick {
            #expect(Self.bank[sound].count > 4 * tick.count)
            #expect(Self.peak(Self.bank[sound]) > 3 * Self.peak(tick))
        }
    }

    /// What tells a sound apart: its loudest frequency (10 Hz steps), its length and when
    /// it is loudest.
    struct Signature: CustomStringConvertible {
        var dominantHertz: Double
        var lengthMilliseconds: Double
        var peakMilliseconds: Double
        var description: String {
            "\(dominantHertz) Hz, \(lengthMilliseconds) ms, peak at \(peakMilliseconds) ms"
        }

        init(_ samples: [Int16]) {
            let values = samples.map { Double($0) }
            var best = (hertz: 0.0, power: -1.0)
            for hertz in stride(from: 100.0, through: 4000, by: 10) {
                // Goertzel: the power of the one frequency.
                let coefficient = 2 * cos(2 * Double.pi * hertz / 48_000)
                var (s1, s2) = (0.0, 0.0)
                for value in values {
                    (s1, s2) = (value + coefficient * s1 - s2, s1)
                }
                let power = s1 * s1 + s2 * s2 - coefficient * s1 * s2
                if power > best.power { best = (hertz, power) }
            }
            dominantHertz = best.hertz
            lengthMilliseconds = Double(samples.count) / 48
            let loudest = samples.indices.max { abs(Int(samples[$0])) < abs(Int(samples[$1])) }
            peakMilliseconds = Double(loudest ?? 0) / 48
        }

        func differs(from other: Signature) -> Bool {
            abs(dominantHertz - other.dominantHertz) >= 30
                || abs(lengthMilliseconds - other.lengthMilliseconds) >= 15
                || abs(peakMilliseconds - other.peakMilliseconds) >= 15
        }
    }

    @Test func everyPairOfSoundsDiffers() {
        let signatures = SoundName.allCases.map { ($0, Signature(Self.bank[$0])) }
        for (index, (sound, signature)) in signatures.enumerated() {
            for (other, otherSignature) in signatures[(index + 1)...] {
                #expect(
                    signature.differs(from: otherSignature),
                    "\(sound) (\(signature)) and \(other) (\(otherSignature))")
            }
        }
    }

    @Test func renderingIsDeterministic() {
        for sound in SoundName.allCases {
            #expect(SoundSynthesizer.render(SoundRecipe.notes(sound)) == Self.bank[sound])
        }
    }
}

/// Which actions sound, by name.
@Suite struct ActionSoundTests {
    @Test func everyActionButEditingSleepAndWakeHasItsSound() {
        for kind in ActionKind.allCases {
            switch kind {
            // A sleeping kiosk is silent, and the waking touch does nothing, audibly too.
            case .editBegin, .editEnd, .sleep, .wake: #expect(SoundName(kind) == nil)
            default: #expect(SoundName(kind)?.rawValue == kind.rawValue)
            }
        }
    }

    @Test func theNavigationThemeAndSoundActionsSoundByName() {
        for name in [
            "open-list", "close-list", "open-menu", "close-menu", "open-page", "close-page",
            "theme", "sound",
        ] {
            #expect(SoundName(actionName: name)?.rawValue == name)
        }
        #expect(SoundName(actionName: "tick") == nil)
        #expect(SoundName(actionName: "edit-begin") == nil)
        #expect(SoundName(actionName: "nothing") == nil)
    }
}

/// Ticks when a pull's or a pinch's cue changes.
@Suite struct ThresholdTicksTests {
    static func presentation(_ label: String?) -> Presentation {
        Presentation(
            screen: ScreenSize(widthPixels: 540, heightPixels: 960), rowHeightPixels: 84,
            rows: [], cues: nil,
            placeholder: label.map {
                PlaceholderPresentation(
                    framePixels: RectPixels(x: 0, y: 0, width: 540, height: 84), scaleY: 1,
                    alpha: 1, label: $0, backgroundColor: .black)
            }, editing: nil, isAnimating: false)
    }

    static func ticks(_ labels: [String?]) -> [Bool] {
        var ticks = ThresholdTicks()
        return labels.map { ticks.observe(presentation($0)) }
    }

    @Test func aPullTicksAtHBothWays() {
        let pull = ClearController.pullLabel
        let release = ClearController.releaseLabel
        #expect(
            Self.ticks([nil, pull, pull, release, release, pull, release, nil])
                == [false, false, false, true, false, true, true, false])
    }

    @Test func aPullAtTheListsLevelOrTheMenuStartsWithoutATick() {
        #expect(
            Self.ticks([
                nil, ClearController.pullToAddListLabel, ClearController.releaseToAddListLabel,
                ClearController.releaseForMenuLabel,
            ]) == [false, false, true, true])
        #expect(
            Self.ticks([
                nil, ClearController.pullToGoBackLabel, ClearController.releaseForListsLabel,
            ]) == [false, false, true])
    }

    /// A pinch together ticks where releasing it starts or stops closing the level.
    @Test func aPinchTogetherTicksAt2HBothWays() {
        var ticks = ThresholdTicks()
        let heard = [nil, false, false, true, true, false, nil, true].map { closes in
            var presentation = Self.presentation(nil)
            presentation.pinchTogetherCloses = closes
            return ticks.observe(presentation)
        }
        #expect(heard == [false, false, false, true, false, true, false, false])
    }

    @Test func aPlaceholderAppearingPastItsThresholdTicks() {
        #expect(Self.ticks([nil, ClearController.releaseLabel]) == [false, true])
        #expect(Self.ticks([nil, ClearController.pinchLabel]) == [false, false])
        #expect(Self.ticks([nil, ClearController.nothingToClearLabel]) == [false, false])
        #expect(
            Self.ticks([ClearController.pullToClearLabel, ClearController.releaseToClearLabel])
                == [false, true])
    }
}
