/// Synthetic input sessions, written as evemu event streams (device units, times from 0).
/// The fixtures under Tests/LibInputBackendTests/Fixtures/ were written by
/// `cleartouch-mockdev scenario NAME`.
public enum Scenarios: Sendable {
    public static let frameIntervalMicroseconds: Int64 = 12_000
    public static let gapMicroseconds: Int64 = 400_000

    public static let synReport = (type: UInt16(0), code: UInt16(0))
    public static let absX: UInt16 = 0, absY: UInt16 = 1
    public static let absMtSlot: UInt16 = 0x2f, absMtPositionX: UInt16 = 0x35,
        absMtPositionY: UInt16 = 0x36
    public static let absMtTrackingID: UInt16 = 0x39
    public static let btnTouch: UInt16 = 0x14a
    /// BTN_TOOL_FINGER, DOUBLETAP, TRIPLETAP, QUADTAP, QUINTTAP by finger count.
    public static let toolButtons: [Int: UInt16] = [
        1: 0x145, 2: 0x14d, 3: 0x14e, 4: 0x14f, 5: 0x148,
    ]

    /// A finger moving in a straight line, in device units.
    public struct Track: Sendable {
        public var from: (x: Int32, y: Int32)
        public var to: (x: Int32, y: Int32)
    }

    public enum Step: Sendable {
        /// All fingers down together, moved in `frames` frames, lifted together.
        case stroke([Track], frames: Int)
        /// All fingers down, moved in `frames` frames, never lifted (the stream ends mid-gesture).
        case strokeWithoutLift([Track], frames: Int)
        /// Key presses and releases (evdev codes), one frame each.
        case keys([UInt16])
        /// One finger down, resting without any event for `microseconds`, then lifted.
        case rest(at: (x: Int32, y: Int32), microseconds: Int64)
        case pause(microseconds: Int64)
    }

    public struct Session: Sendable {
        public var touchpad: Bool
        public var steps: [Step]
    }

    public static let all: [String: Session] = [
        // Clear on a 1080x1920 portrait screen: rows are 169 px (about 360 units of y).
        "ts-clear-session": Session(
            touchpad: false,
            steps: [
                .stroke([Track(from: (600, 560), to: (3600, 560))], frames: 20),  // pan right: complete
                .stroke([Track(from: (3000, 950), to: (900, 950))], frames: 20),  // pan left: delete
                .stroke([Track(from: (2000, 200), to: (2000, 1100))], frames: 25),  // pull down: add
                .stroke([Track(from: (2000, 1500), to: (2000, 1500))], frames: 2),  // tap
                .stroke(
                    [
                        Track(from: (2000, 1300), to: (2000, 1000)),
                        Track(from: (2000, 1500), to: (2000, 1800)),
                    ],
                    frames: 20),  // pinch apart between two rows
            ]),
        "ts-long-drag": Session(
            touchpad: false,
            steps: [.strokeWithoutLift([Track(from: (800, 700), to: (3200, 700))], frames: 80)]),
        "ts-pinch": Session(
            touchpad: false,
            steps: [
                .stroke(
                    [
                        Track(from: (1500, 1000), to: (1500, 700)),
                        Track(from: (1500, 1300), to: (1500, 1600)),
                    ],
                    frames: 20)
            ]),
        "ts-drag": Session(
            touchpad: false,
            steps: [
                // Starts once the other device's gesture is under way (tests with two devices).
                .pause(microseconds: 150_000),
                .stroke([Track(from: (1000, 400), to: (3000, 400))], frames: 20),
            ]),
        "tp-pinch": Session(
            touchpad: true,
            steps: [
                .stroke(
                    [
                        Track(from: (1800, 1200), to: (1400, 1200)),
                        Track(from: (2200, 1200), to: (2600, 1200)),
                    ],
                    frames: 40)
            ]),
        // A two-finger horizontal scroll still under way when the stream ends (unplug tests).
        "tp-scroll": Session(
            touchpad: true,
            steps: [
                .strokeWithoutLift(
                    [
                        Track(from: (1400, 1000), to: (2800, 1000)),
                        Track(from: (1400, 1500), to: (2800, 1500)),
                    ],
                    frames: 40)
            ]),
        "tp-session": Session(
            touchpad: true,
            steps: [
                .stroke([Track(from: (1000, 1200), to: (2000, 1000))], frames: 15),  // pointer motion
                .stroke(
                    [
                        Track(from: (1400, 1000), to: (2600, 1000)),
                        Track(from: (1400, 1500), to: (2600, 1500)),
                    ],
                    frames: 25),  // two-finger horizontal scroll
                .stroke(
                    [
                        Track(from: (1800, 700), to: (1800, 1700)),
                        Track(from: (2200, 700), to: (2200, 1700)),
                    ],
                    frames: 25),  // two-finger vertical scroll
                .stroke(
                    [
                        Track(from: (1800, 1200), to: (1400, 1200)),
                        Track(from: (2200, 1200), to: (2600, 1200)),
                    ],
                    frames: 25),  // pinch out
                .stroke(
                    [
                        Track(from: (1200, 1500), to: (1200, 700)),
                        Track(from: (1700, 1500), to: (1700, 700)),
                        Track(from: (2200, 1500), to: (2200, 700)),
                    ], frames: 25),  // three-finger swipe
            ]),
        // A finger resting 900 ms: long enough for a long-press; it sends nothing while it rests.
        "ts-rest": Session(
            touchpad: false, steps: [.rest(at: (2000, 1000), microseconds: 900_000)]),
        "kbd-typing": Session(touchpad: false, steps: [.keys([35, 18, 38, 38, 24, 28])]),
    ]

    public static func events(for session: Session) -> [EvemuEvent] {
        var writer = Writer()
        for (index, step) in session.steps.enumerated() {
            if index > 0, case .stroke = session.steps[index - 1] { writer.time += gapMicroseconds }
            switch step {
            case .stroke(let tracks, let frames):
                writer.stroke(tracks, frames: frames, touchpad: session.touchpad, lift: true)
            case .strokeWithoutLift(let tracks, let frames):
                writer.stroke(tracks, frames: frames, touchpad: session.touchpad, lift: false)
            case .keys(let codes):
                for code in codes {
                    for value: Int32 in [1, 0] {
                        writer.add(1, code, value)
                        writer.sync()
                        writer.time += 50_000
                    }
                }
            case .rest(let position, let microseconds):
                writer.down([Track(from: position, to: position)], touchpad: session.touchpad)
                writer.time += microseconds
                writer.lift(fingers: 1, touchpad: session.touchpad)
            case .pause(let microseconds):
                // An empty frame marks the stream's start, so a leading pause survives
                // conversion to a script (whose first frame plays at the barrier).
                if writer.events.isEmpty { writer.sync() }
                writer.time += microseconds
            }
        }
        return writer.events
    }

    public struct Writer: Sendable {
        public var time: Int64 = 0
        public var events: [EvemuEvent] = []
        public var nextTrackingID: Int32 = 100

        public mutating func add(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            events.append(EvemuEvent(timeMicroseconds: time, type: type, code: code, value: value))
        }

        public mutating func sync() { add(0, 0, 0) }

        public mutating func stroke(_ tracks: [Track], frames: Int, touchpad: Bool, lift: Bool) {
            down(tracks, touchpad: touchpad)
            for frame in stride(from: 1, through: frames, by: 1) {
                time += frameIntervalMicroseconds
                let fraction = Double(frame) / Double(frames)
                for (slot, track) in tracks.enumerated() {
                    add(3, absMtSlot, Int32(slot))
                    add(3, absMtPositionX, interpolate(track.from.x, track.to.x, fraction))
                    add(3, absMtPositionY, interpolate(track.from.y, track.to.y, fraction))
                }
                add(3, absX, interpolate(tracks[0].from.x, tracks[0].to.x, fraction))
                add(3, absY, interpolate(tracks[0].from.y, tracks[0].to.y, fraction))
                sync()
            }
            if lift { self.lift(fingers: tracks.count, touchpad: touchpad) }
        }

        /// Every track's finger down at its start, in one frame.
        public mutating func down(_ tracks: [Track], touchpad: Bool) {
            for (slot, track) in tracks.enumerated() {
                add(3, absMtSlot, Int32(slot))
                add(3, absMtTrackingID, nextTrackingID)
                nextTrackingID += 1
                add(3, absMtPositionX, track.from.x)
                add(3, absMtPositionY, track.from.y)
            }
            add(1, btnTouch, 1)
            if touchpad, let tool = toolButtons[tracks.count] { add(1, tool, 1) }
            add(3, absX, tracks[0].from.x)
            add(3, absY, tracks[0].from.y)
            sync()
        }

        /// Slots 0..<fingers lifted, one frame interval later, in one frame.
        public mutating func lift(fingers: Int, touchpad: Bool) {
            time += frameIntervalMicroseconds
            for slot in 0..<fingers {
                add(3, absMtSlot, Int32(slot))
                add(3, absMtTrackingID, -1)
            }
            add(1, btnTouch, 0)
            if touchpad, let tool = toolButtons[fingers] { add(1, tool, 0) }
            sync()
        }

        public func interpolate(_ from: Int32, _ to: Int32, _ fraction: Double) -> Int32 {
            Int32((Double(from) + Double(to - from) * fraction).rounded())
        }
    }

    public static func evemuText(_ events: [EvemuEvent], name: String) -> String {
        var lines = ["# EVEMU 1.3", "# cleartouch-mockdev scenario \(name)"]
        for event in events {
            let seconds = event.timeMicroseconds / 1_000_000
            let micro = String(event.timeMicroseconds % 1_000_000)
            let padded = String(repeating: "0", count: 6 - micro.count) + micro
            lines.append(
                "E: \(seconds).\(padded) \(UmockdevFiles.paddedHex(event.type)) \(UmockdevFiles.paddedHex(event.code)) \(event.value)"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
