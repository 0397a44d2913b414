import ClearRendering
import Testing

/// Frame times for `--frames`: a fixed rate on the event clock, without drift.
@Suite struct FrameClockTests {
    @Test func framesAreAtExactMultiplesOfTheIntervalFromTheStart() {
        var clock = FrameClock(startMicroseconds: 5_000_000, framesPerSecond: 30)
        let taken = (0..<4).map { _ in clock.takeFrame() }
        #expect(taken.map(\.number) == [0, 1, 2, 3])
        #expect(taken.map(\.timeMicroseconds) == [5_000_000, 5_033_333, 5_066_667, 5_100_000])
        // Frame 3000 is 100 s later exactly: rounding never accumulates.
        #expect(clock.timeMicroseconds(ofFrame: 3000) == 105_000_000)
        #expect(clock.nextFrameMicroseconds == 5_133_333)
    }

    @Test func frameFileNamesSortInFrameOrder() {
        #expect(FrameExporter.frameFileName(0) == "frame-000000.png")
        #expect(FrameExporter.frameFileName(42) == "frame-000042.png")
        #expect(FrameExporter.frameFileName(1_234_567) == "frame-1234567.png")
    }
}
