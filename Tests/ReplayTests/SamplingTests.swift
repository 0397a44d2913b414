import ClearCore
import TestSupport
import Testing

@testable import Replay

/// Pictures of a replay are taken at the moments asked for, on the recording's clock.
@Suite struct SamplingTests {
    static let pan = TestPaths.recordings + "/pan-complete-above.trace"

    @Test func framesFollowTheRecordingClockUntilSettled() throws {
        var moments: [Int64] = []
        var rowOneX: [Double] = []
        let frames = FrameSampler(framesPerSecond: 10) { presentation, number throws(ReplayError) in
            #expect(number == moments.count)
            rowOneX.append(presentation.rows.first { $0.modelIndex == 1 }?.framePixels.x ?? .nan)
            moments.append(Int64(number) * 100_000)
        }
        let result = try ReplayHarness(source: ReplaySource(path: Self.pan)).run(sampler: frames)
        // Frames cover the recording (0…360 ms) and the 0.2 s snap back after it.
        #expect(frames.framesTaken >= 6)
        #expect(Int64(frames.framesTaken - 1) * 100_000 >= result.durationMicroseconds)
        // Down at 0: row 1 at rest; the finger drags it right; settled back at x = 0.
        #expect(rowOneX.first == 0)
        #expect(rowOneX[2] > 200)  // 200 ms: 19 of 20 steps of 542 px done
        #expect(rowOneX.last == 0)
        // A replay with pictures gives the same result as one without.
        #expect(result == (try ReplayHarness(source: ReplaySource(path: Self.pan)).run()))
    }

    @Test func snapshotAtAMomentOrAtTheSettledEnd() throws {
        var atMoment: Presentation?
        var atEnd: Presentation?
        let moment = SnapshotSampler(atMicroseconds: 200_000) { presentation throws(ReplayError) in
            atMoment = presentation
        }
        let end = SnapshotSampler(atMicroseconds: nil) { presentation throws(ReplayError) in
            atEnd = presentation
        }
        _ = try ReplayHarness(source: ReplaySource(path: Self.pan)).run(
            sampler: CombinedSampler([moment, end]))
        let during = try #require(atMoment?.rows.first { $0.modelIndex == 1 })
        #expect(during.framePixels.x > 400 && !during.completed)
        let after = try #require(atEnd?.rows.first { $0.modelIndex == 1 })
        #expect(after.framePixels.x == 0 && after.completed)
        #expect(atEnd?.isAnimating == false)
    }

    @Test func aMomentAfterTheEndIsTheSettledEnd() throws {
        var taken: Presentation?
        let late = SnapshotSampler(atMicroseconds: 60_000_000) { presentation throws(ReplayError) in
            taken = presentation
        }
        _ = try ReplayHarness(source: ReplaySource(path: Self.pan)).run(sampler: late)
        #expect(taken?.rows.first { $0.modelIndex == 1 }?.completed == true)
    }
}
