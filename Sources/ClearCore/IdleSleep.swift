import TouchInput

/// Sleep and wake of a kiosk (`--idle-seconds`, docs/product-decisions.md "Decisions for a
/// kiosk that runs for months"), decided on event time so a replay shows it.
///
/// ```
///            idle for idleMicroseconds, no finger down
///   awake ─────────────────────────────────────────────▶ asleep
///     ▲                                                    │ any input (a touch down, a key,
///     │ the waking touch's last finger lifts               │ the touchpad or the pointer)
///     └──────────────────────── waking ◀───────────────────┘
/// ```
///
/// While `waking`, touch frames are swallowed: the touch that wakes the screen never
/// becomes a tap, a swipe or a pull, and a second finger landing beside it is part of it.
/// Device hot-plug is never input: it neither keeps the kiosk awake nor wakes it.
public struct IdleSleep: Sendable {
    /// Where the kiosk is.
    public enum State: Hashable, Sendable {
        /// Awake; idle since the last input (nil: no event seen yet, so the idle time has
        /// not started).
        case awake(idleSinceMicroseconds: Int64?)
        /// The screen is dark since the moment the idle time ran out.
        case asleep(sinceMicroseconds: Int64)
        /// Woken by a touch that is still down: its frames do nothing else.
        case waking
    }

    /// What the session does with one input event.
    public enum Verdict: Hashable, Sendable {
        /// The event goes on as if there were no sleep.
        case pass
        /// The event woke the kiosk (`wake` at its time) and goes no further.
        case wake
        /// The event belongs to the waking touch and goes no further.
        case swallow
    }

    /// `--idle-seconds N` in microseconds; 0 never sleeps.
    public let idleMicroseconds: Int64
    /// The state now.
    public private(set) var state: State = .awake(idleSinceMicroseconds: nil)
    /// Contacts down now, by seat slot (a few at most, so a list searched in place).
    private var contactsDown: [(device: DeviceID, seatSlot: Int)] = []
    /// True while a touchpad stroke that woke the kiosk has not ended.
    private var strokeDown = false

    /// The largest `--idle-seconds`: a week (so the idle time in µs can never overflow).
    public static let maximumIdleSeconds = 604_800

    /// Sleeps after `idleSeconds` of event time with no input (0: never).
    public init(idleSeconds: Int = 0) {
        idleMicroseconds = Int64(max(0, min(idleSeconds, Self.maximumIdleSeconds))) * 1_000_000
        contactsDown.reserveCapacity(16)
    }

    /// True while the screen is dark.
    public var isAsleep: Bool {
        if case .asleep = state { true } else { false }
    }

    /// The moment the kiosk goes to sleep if no input comes first; nil while it cannot
    /// (never sleeps, already asleep or waking, a finger down, no event seen yet).
    public var sleepDeadlineMicroseconds: Int64? {
        guard idleMicroseconds > 0, contactsDown.isEmpty,
            case .awake(let since?) = state
        else { return nil }
        return since + idleMicroseconds
    }

    /// Lets event time reach `time`; returns the moment the kiosk went to sleep when
    /// the idle time ran out by then (exactly at the deadline, whenever it is noticed).
    /// (Inlined: a session that never sleeps, every replay without `--idle-seconds`, asks
    /// at every event, and the call cost more than the answer.)
    @inline(__always)
    public mutating func advance(toMicroseconds time: Int64) -> Int64? {
        guard idleMicroseconds > 0 else { return nil }
        return advanceCountingIdleTime(toMicroseconds: time)
    }

    /// `advance(toMicroseconds:)` of a session that sleeps.
    private mutating func advanceCountingIdleTime(toMicroseconds time: Int64) -> Int64? {
        if case .awake(nil) = state {
            state = .awake(idleSinceMicroseconds: time)
            return nil
        }
        guard let deadline = sleepDeadlineMicroseconds, time >= deadline else { return nil }
        state = .asleep(sinceMicroseconds: deadline)
        return deadline
    }

    /// Decides what happens to `event` (after `advance(toMicroseconds:)` to its time).
    public mutating func admit(_ event: InputEvent) -> Verdict {
        guard idleMicroseconds > 0 else { return .pass }
        let time = event.timeMicroseconds
        switch event {
        case .deviceAdded:
            return .pass
        case .deviceRemoved(let device, _):
            contactsDown.removeAll { $0.device == device }
            if case .waking = state, contactsDown.isEmpty {
                strokeDown = false
                state = .awake(idleSinceMicroseconds: time)
            }
            return .pass
        case .touchFrame(let frame):
            return admit(frame)
        case .touchpadGesture(let gesture):
            return admitStroke(ending: gesture.stage == .end, at: time)
        case .pointerScroll(let scroll):
            // libinput ends a finger scroll with a zero-valued event.
            return admitStroke(ending: scroll.horizontal == 0 && scroll.vertical == 0, at: time)
        case .pointerMotion, .pointerButton, .key, .text:
            switch state {
            case .awake:
                state = .awake(idleSinceMicroseconds: time)
                return .pass
            case .waking:
                return .pass
            case .asleep:
                state = .awake(idleSinceMicroseconds: time)
                return .wake
            }
        }
    }

    /// Decides what happens to a touch frame: `admit(.touchFrame(frame))`, for a caller
    /// that holds the frame alone. (Inlined, as `advance(toMicroseconds:)`.)
    @inline(__always)
    public mutating func admit(_ frame: TouchFrame) -> Verdict {
        guard idleMicroseconds > 0 else { return .pass }
        return admitCountingIdleTime(frame)
    }

    /// `admit(_: TouchFrame)` in a session that sleeps.
    private mutating func admitCountingIdleTime(_ frame: TouchFrame) -> Verdict {
        let time = frame.timeMicroseconds
        track(frame)
        switch state {
        case .awake:
            state = .awake(idleSinceMicroseconds: time)
            return .pass
        case .asleep:
            // A frame that only lifts or cancels (a finger down before sleep) wakes nothing.
            guard frame.contacts.contains(where: { $0.phase == .down }) else {
                return .swallow
            }
            state = contactsDown.isEmpty ? .awake(idleSinceMicroseconds: time) : .waking
            return .wake
        case .waking:
            if contactsDown.isEmpty && !strokeDown {
                state = .awake(idleSinceMicroseconds: time)
            }
            return .swallow
        }
    }

    /// A touchpad gesture or finger scroll that wakes the kiosk is its waking touch, until
    /// it ends.
    private mutating func admitStroke(ending: Bool, at time: Int64) -> Verdict {
        switch state {
        case .awake:
            state = .awake(idleSinceMicroseconds: time)
            return .pass
        case .asleep:
            strokeDown = !ending
            state = strokeDown ? .waking : .awake(idleSinceMicroseconds: time)
            return .wake
        case .waking:
            guard strokeDown || !contactsDown.isEmpty else { return .pass }
            if ending { strokeDown = false }
            if contactsDown.isEmpty && !strokeDown { state = .awake(idleSinceMicroseconds: time) }
            return .swallow
        }
    }

    private mutating func track(_ frame: TouchFrame) {
        for contact in frame.contacts {
            let index = contactsDown.firstIndex { $0.seatSlot == contact.seatSlot }
            switch contact.phase {
            case .down, .move:
                if index == nil { contactsDown.append((frame.device, contact.seatSlot)) }
            case .up, .cancel:
                if let index { contactsDown.remove(at: index) }
            }
        }
    }

}
