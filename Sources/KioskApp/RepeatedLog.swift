import ToolSupport

/// A bounded log for messages that can come on every frame or every device event (a
/// failing present, a device's errors): the first is said, the same message again is only
/// counted, and `… (repeated N times)` is said when another message comes, once a minute
/// while it goes on, and at exit (`flush`).
final class RepeatedLog {
    /// How often a message that keeps coming is summed up.
    static let summaryIntervalMicroseconds: Int64 = 60_000_000

    private let log: (String) -> Void
    private var lastMessage: String?
    private var repeats = 0
    private var lastSaidMicroseconds: Int64 = 0

    init(_ log: @escaping (String) -> Void) { self.log = log }

    /// Says `message`, or counts it when it is the last one said.
    func say(_ message: String) {
        let now = MonotonicClock.nowMicroseconds()
        if message == lastMessage {
            repeats += 1
            if now - lastSaidMicroseconds >= Self.summaryIntervalMicroseconds { flush() }
            return
        }
        flush()
        log(message)
        lastMessage = message
        lastSaidMicroseconds = now
    }

    /// Says how often the last message came again since it was said.
    func flush() {
        guard repeats > 0, let lastMessage else { return }
        log("\(lastMessage) (repeated \(repeats) times)")
        repeats = 0
        lastSaidMicroseconds = MonotonicClock.nowMicroseconds()
    }
}
