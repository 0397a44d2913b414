import ClearCore
import ClearSound
import TestSupport
import Testing

@testable import Replay

/// The sounds of navigation and the threshold ticks of its gestures, replayed from the
/// levels' recordings (H = 169 px: 2H = 338, 4H = 676).
@Suite struct NavigationSoundTests {
    static func sounds(_ name: String) throws -> [String] {
        var harness = ReplayHarness(source: ReplaySource(path: TestPaths.recordings + "/" + name))
        harness.watchesThresholdTicks = true
        return try harness.run().sounds.map(\.sound.rawValue)
    }

    @Test func everyNavigationActionHasASound() {
        let navigation: [ActionKind] = [
            .openList, .closeList, .openMenu, .closeMenu, .openPage, .closePage, .theme, .sound,
        ]
        let sounds = navigation.map { SoundName($0) }
        #expect(sounds.allSatisfy { $0 != nil })
        #expect(Set(sounds.compactMap { $0 }).count == navigation.count)
    }

    /// 678 px: ticks at H and at 4H, then closes; exactly 676 px: a tick at H only, then adds.
    @Test func aPullTicksAtHAndAt4H() throws {
        #expect(try Self.sounds("levels-close-list-pull.trace") == ["tick", "tick", "close-list"])
        #expect(try Self.sounds("levels-pull-exactly-4h.trace") == ["tick", "add"])
        #expect(try Self.sounds("levels-pull-below-4h.trace") == ["tick", "add"])
    }

    /// A shrink of 340 px crosses 2H (a tick, then close-list); 336 px does not (silence).
    @Test func aPinchTogetherTicksAt2H() throws {
        #expect(try Self.sounds("levels-close-list-pinch.trace") == ["tick", "close-list"])
        #expect(try Self.sounds("levels-pinch-together-short.trace") == [])
    }

    /// With one list only a pinch together closes nothing, so it does not tick either.
    @Test func withLevelsItemsAPinchTogetherDoesNotTick() throws {
        var source = ReplaySource(path: TestPaths.recordings + "/levels-close-list-pinch.trace")
        source.levels = .items
        var harness = ReplayHarness(source: source)
        harness.watchesThresholdTicks = true
        #expect(try harness.run().sounds.isEmpty)
    }

    @Test func theMenuAndItsPagesSound() throws {
        #expect(
            try Self.sounds("levels-themes-tap-back.trace").filter { $0 != "tick" } == [
                "close-list", "open-menu", "open-page", "theme", "close-page",
            ])
    }
}
