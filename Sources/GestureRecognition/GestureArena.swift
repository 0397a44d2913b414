import TouchInput

/// Turns touch frames into gestures. Every touch belongs to at most one winning
/// recognizer; the arbitration table is in docs/gestures.md.
///
/// - The first finger down (when no single-touch gesture or pinch is running) becomes
///   the *primary* touch, watched by the tap, long-press and pan recognizers together.
///   A long-press that begins fails the pan; a pan that begins fails the tap and the
///   long-press.
/// - A second finger on the same device, landing while the primary touch is anything
///   but a running row pan, begins a pinch at once and cancels whatever the primary
///   touch was doing (tap, long-press, scroll, pull). A running row pan keeps its touch
///   and later fingers are ignored; a running pinch ignores further fingers.
/// - When a pinch ends, its remaining finger is ignored until it lifts.
///
/// Time comes only from event timestamps. Every call first clears `events`, then
/// fills it with the reports of that call in order.
public final class GestureArena {
    private var core: ArenaCore

    public init(configuration: GestureConfiguration = .clear) {
        core = ArenaCore(configuration: configuration)
    }

    public var configuration: GestureConfiguration { core.configuration }

    /// Set by the client before each frame: a vertical drag becomes a pull only when
    /// this is ≤ 0 at its start.
    public var listScrollOffsetPixels: Double {
        get { core.listScrollOffsetPixels }
        set { core.listScrollOffsetPixels = newValue }
    }

    /// Reports produced by the last call to `handle`, `advance`, `deviceAdded` or
    /// `deviceRemoved`, in order (a reused buffer).
    public var events: [GestureEvent] { core.output.events }

    /// The latest event time seen; times earlier than this are treated as this.
    public var latestTimeMicroseconds: Int64 { core.latestTimeMicroseconds }

    /// The number of touches the arena is following.
    public var liveTouchCount: Int { core.liveTouchCount }

    /// A device appeared. Frames are handled only from added touchscreens; adding an id
    /// again replaces what was known about it.
    public func deviceAdded(_ device: DeviceDescription) {
        core.beginCall()
        core.deviceAdded(device)
    }

    /// A device went away: every gesture one of its touches is in is cancelled, and its
    /// touches are forgotten. Unknown ids are ignored.
    public func deviceRemoved(_ device: DeviceID, timeMicroseconds: Int64) {
        core.beginCall()
        core.deviceRemoved(device, timeMicroseconds: timeMicroseconds)
    }

    /// Lets event time pass without input: fires a long-press whose time has come.
    public func advance(toMicroseconds time: Int64) {
        core.beginCall()
        core.advance(toMicroseconds: time)
    }

    /// Handles one frame. Frames from devices never added, already removed, or not
    /// touchscreens are ignored (their time still counts).
    public func handle(_ frame: TouchFrame) {
        core.beginCall()
        core.handle(frame)
    }

    /// Handles any input event: device added or removed, touch frames; every other
    /// event only lets its time pass (a long-press may fire). A convenience for
    /// front ends that feed a whole recording; `events` holds this event's reports.
    public func handle(_ event: InputEvent) {
        core.beginCall()
        switch event {
        case .deviceAdded(let device, let time):
            core.advance(toMicroseconds: time)
            core.deviceAdded(device)
        case .deviceRemoved(let device, let time):
            core.deviceRemoved(device, timeMicroseconds: time)
        case .touchFrame(let frame):
            core.handle(frame)
        default:
            core.advance(toMicroseconds: event.timeMicroseconds)
        }
    }
}
