import ClearCore
import TestSupport
import Testing

@testable import Replay

/// A recording that ends mid-animation: its pictures show the animation running on to the
/// settled end, not the rows already at rest 1 ms after the last event.
@Suite struct AnimationAtTheEndTests {
    /// Ends with the lift that deletes row 2 at 360 ms; the rows below shuffle up for
    /// 300 ms (each row 30 ms after the one above).
    static let delete = TestPaths.recordings + "/pan-delete-above.evemu"
    static let deleteMicroseconds: Int64 = 360_000

    /// The y of the row now at `index` (the one that moved up into the deleted row's place).
    private static func y(ofRowAt index: Int, _ presentation: Presentation?) -> Double? {
        presentation?.rows.first { $0.modelIndex == index }?.framePixels.y
    }

    @Test func aSnapshotDuringTheShuffleShowsItRunning() throws {
        var snapshots: [Int64: Presentation] = [:]
        let moments: [Int64] = [1_000, 150_000, 299_000, 1_000_000].map {
            Self.deleteMicroseconds + $0
        }
        let samplers = moments.map { moment in
            SnapshotSampler(atMicroseconds: moment) { presentation throws(ReplayError) in
                snapshots[moment] = presentation
            }
        }
        let result = try ReplayHarness(source: ReplaySource(path: Self.delete)).run(
            sampler: CombinedSampler(samplers))
        #expect(result.actions.map(\.kind) == [.delete])
        #expect(result.actions.first?.timeMicroseconds == Self.deleteMicroseconds)
        let height = result.rowHeightPixels
        let rest = try #require(Self.y(ofRowAt: 2, snapshots[moments[3]]))
        // 1 ms after the delete the row below has hardly left its old place, one row lower.
        let justAfter = try #require(Self.y(ofRowAt: 2, snapshots[moments[0]]))
        #expect(justAfter > rest + height * 0.9)
        // At delete + 150 ms it is on its way up: strictly between the two places.
        let during = try #require(Self.y(ofRowAt: 2, snapshots[moments[1]]))
        #expect(during > rest + 1 && during < rest + height - 1)
        #expect(snapshots[moments[1]]?.isAnimating == true)
        // The last row starts 30 ms per row later, so it still moves at delete + 299 ms.
        let lastIndex = result.items.count - 1
        let lastDuring = try #require(Self.y(ofRowAt: lastIndex, snapshots[moments[2]]))
        let lastRest = try #require(Self.y(ofRowAt: lastIndex, snapshots[moments[3]]))
        #expect(lastDuring > lastRest)
        #expect(snapshots[moments[3]]?.isAnimating == false)
    }

    @Test func framesAfterTheLastEventFollowTheShuffle() throws {
        var rowTwoY: [Double] = []
        let frames = FrameSampler(framesPerSecond: 100) { presentation, _ throws(ReplayError) in
            rowTwoY.append(Self.y(ofRowAt: 2, presentation) ?? .nan)
        }
        let result = try ReplayHarness(source: ReplaySource(path: Self.delete)).run(
            sampler: frames)
        // Frames every 10 ms from 370 ms on: row 2 moves up frame after frame, then rests.
        let after = Array(rowTwoY[37...])
        let moving = zip(after, after.dropFirst()).filter { $0.1 < $0.0 }.count
        #expect(moving >= 20)
        #expect(zip(after, after.dropFirst()).allSatisfy { $0.1 <= $0.0 })
        #expect(after.last == 2 * result.rowHeightPixels)
        // Pictures do not change the replay.
        #expect(result == (try ReplayHarness(source: ReplaySource(path: Self.delete)).run()))
    }
}
