import Testing

@testable import LibInputBackend

/// The event loop's waits from a library caller's absurd values: no conversion traps.
struct EventLoopWaitTests {
    static let cases: [(seconds: Double, microseconds: Int64)] = [
        (.nan, 0), (-1, 0), (0, 0), (0.000_001, 1), (1.5, 1_500_000),
        (1e9, 1_000_000_000_000_000), (1e9 + 1, 1_000_000_000_000_000),
        (1e300, 1_000_000_000_000_000), (.infinity, 1_000_000_000_000_000),
    ]

    @Test(arguments: cases)
    func secondsBecomeBoundedMicroseconds(seconds: Double, microseconds: Int64) {
        #expect(LibInputEventLoop.microseconds(seconds) == microseconds)
    }
}
