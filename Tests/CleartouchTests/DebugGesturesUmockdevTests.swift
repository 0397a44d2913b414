import Foundation
import TestSupport
import Testing

/// Real libinput under umockdev, seen through `cleartouch debug-gestures`.
@Suite(
    .enabled(
        if: UmockdevHarness.runs,
        "\(UmockdevHarness.unavailableReason ?? "")"))
struct DebugGesturesUmockdevTests {
    /// Lines of `gesture` reports: (kind, state) pairs in order, plus the whole lines.
    static func gestureReports(_ run: UmockdevHarness.Run) -> [(
        kind: String, state: String, line: Substring
    )] {
        run.lines.compactMap { line in
            let fields = line.split(separator: " ")
            guard fields.count >= 4, fields[0] == "gesture" else { return nil }
            return (String(fields[2]), String(fields[3]), line)
        }
    }

    /// `cleartouch debug-gestures ARGUMENTS` on `devices`, until 2 s without input.
    static func debugGestures(_ devices: [UmockdevHarness.Device], arguments: [String]) throws
        -> UmockdevHarness.Run
    {
        try UmockdevHarness.run(
            devices,
            command: [
                UmockdevHarness.cleartouch, "debug-gestures", "--duration",
                "20",
            ]
                + arguments)
    }

    @Test func touchpadPinchSwipeAndScrollArriveAsLibinputGesturesAndMapToClearGestures() throws {
        let run = try Self.debugGestures(
            [.init(description: "touchpad.evemu", eventNumber: 51, session: "tp-session.evemu")],
            arguments: ["/dev/input/event51"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        let lines = run.lines
        // libinput itself decided these (the touchpad is not ours to interpret).
        #expect(lines.contains { $0.contains("GESTURE_PINCH_BEGIN") && $0.contains("fingers 2") })
        #expect(lines.contains { $0.contains("GESTURE_SWIPE_BEGIN") && $0.contains("fingers 3") })
        #expect(lines.filter { $0.contains("POINTER_SCROLL_FINGER") }.count > 20)
        #expect(lines.contains { $0.contains("POINTER_MOTION") })
        // The documented mapping: horizontal two-finger scroll → pan; vertical (downward,
        // list at top) → pull; pinch → pinch; three-finger swipe upward → scroll.
        let reports = Self.gestureReports(run).filter { $0.state != "changed" }
        #expect(
            reports.map { "\($0.kind) \($0.state)" } == [
                "pan began", "pan ended", "pull began", "pull ended", "pinch began", "pinch ended",
                "scroll began", "scroll ended",
            ], "\(run.standardOutput)")
        // The pinch spread the pretend touches by more than a row (169 px at 1080 wide).
        let pinchEnd = try #require(reports.first { $0.kind == "pinch" && $0.state == "ended" })
        let gap = try #require(Self.value(after: "gap", in: pinchEnd.line))
        #expect(gap > 169)
        // The row pan went past Clear's threshold (complete), the pull past H (add at the top,
        // then editing it).
        let actions = lines.filter { $0.hasPrefix("     action") }.map {
            String($0.split(separator: " ")[1])
        }
        #expect(
            Array(actions.prefix(3)) == ["complete", "add", "edit-begin"], "\(run.standardOutput)")
    }

    @Test func aDeviceRemovedMidGestureCancelsIt() throws {
        let run = try Self.debugGestures(
            [
                .init(
                    description: "touchscreen.evemu", eventNumber: 50, session: "ts-long-drag.evemu"
                )
            ],
            arguments: [
                "--unplug-after-events", "30",
                "/dev/input/event50",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        let lines = run.lines
        let unplug = try #require(lines.firstIndex { $0.hasPrefix("unplugging") })
        // The drag was under way (a pan began) before the unplug …
        let reports = Self.gestureReports(run)
        #expect(reports.contains { $0.kind == "pan" && $0.state == "began" })
        // … and the removal cancels the touch, then the gesture; nothing ends normally.
        let after = lines[unplug...]
        #expect(after.contains { $0.contains("TOUCH_FRAME") && $0.contains("cancel 0/0") })
        #expect(after.contains { $0.contains("DEVICE_REMOVED") })
        #expect(reports.contains { $0.kind == "pan" && $0.state == "cancelled" })
        #expect(!reports.contains { $0.state == "ended" })
        #expect(!lines.contains { $0.contains("action") }, "nothing may be committed")
        // No frame arrives from the device after it is gone.
        let removed = try #require(lines.firstIndex { $0.contains("DEVICE_REMOVED") })
        #expect(!lines[removed...].contains { $0.contains("TOUCH_FRAME") })
    }

    @Test func aTouchpadRemovedMidPinchCancelsThePinch() throws {
        let run = try Self.debugGestures(
            [.init(description: "touchpad.evemu", eventNumber: 51, session: "tp-pinch.evemu")],
            arguments: ["--unplug-after-events", "36", "/dev/input/event51"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        let lines = run.lines
        let unplug = try #require(lines.firstIndex { $0.hasPrefix("unplugging") })
        // The fingers had spread the seam past a row: an end now would add an item.
        let lastChange = try #require(lines[..<unplug].last { $0.contains("pinch changed") })
        #expect(try #require(Self.value(after: "gap", in: lastChange)) > 169)
        // libinput ends the pinch normally when the device goes; ClearTouch cancels it.
        #expect(
            lines[unplug...].contains {
                $0.contains("GESTURE_PINCH_END") && $0.contains("cancelled")
            })
        #expect(lines.contains { $0.contains("pinch cancelled") })
        #expect(!lines.contains { $0.contains("pinch ended") })
        #expect(!lines.contains { $0.hasPrefix("     action") }, "nothing may be committed")
    }

    @Test func aTouchpadRemovedMidScrollCancelsThePan() throws {
        let run = try Self.debugGestures(
            [.init(description: "touchpad.evemu", eventNumber: 51, session: "tp-scroll.evemu")],
            arguments: ["--unplug-after-events", "30", "/dev/input/event51"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        let lines = run.lines
        let unplug = try #require(lines.firstIndex { $0.hasPrefix("unplugging") })
        // A two-finger horizontal scroll was panning the row under the pointer …
        #expect(lines[..<unplug].contains { $0.contains("pan changed") })
        // … libinput stops the scroll normally when the device goes; ClearTouch cancels the pan.
        #expect(lines[unplug...].contains { $0.contains("DEVICE_REMOVED") })
        #expect(lines.contains { $0.contains("pan cancelled") })
        #expect(!lines.contains { $0.contains("pan ended") })
        #expect(!lines.contains { $0.hasPrefix("     action") }, "nothing may be committed")
    }

    @Test func twoTouchscreensAtOnceKeepTheirContactsApart() throws {
        let run = try Self.debugGestures(
            [
                .init(description: "touchscreen.evemu", eventNumber: 50, session: "ts-pinch.evemu"),
                .init(description: "touchscreen2.evemu", eventNumber: 52, session: "ts-drag.evemu"),
            ],
            arguments: [
                "/dev/input/event50",
                "/dev/input/event52",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        // "down SEAT/DEVICE" per contact, per device id.
        var seatSlots: [String: Set<String>] = [:]
        var deviceSlots: [String: Set<String>] = [:]
        for line in run.lines where line.contains("TOUCH_FRAME") {
            let device = String(line.split(separator: " ")[0])
            for part in line.split(separator: ";") {
                let words = part.split(separator: " ")
                guard let down = words.firstIndex(of: "down"), down + 1 < words.count else {
                    continue
                }
                let slots = words[down + 1].split(separator: "/")
                seatSlots[device, default: []].insert(String(slots[0]))
                deviceSlots[device, default: []].insert(String(slots[1]))
            }
        }
        #expect(deviceSlots["0"] == ["0", "1"])
        #expect(deviceSlots["1"] == ["0"])
        // Both devices use device slot 0 at the same time, but seat slots never collide.
        #expect(seatSlots["0"]!.isDisjoint(with: seatSlots["1"]!), "\(run.standardOutput)")
        #expect(run.lines.contains { $0.contains("gesture") && $0.contains("pinch began") })
    }

    @Test func aRestingFingersLongPressAppearsWhileItRests() throws {
        let run = try Self.debugGestures(
            [.init(description: "touchscreen.evemu", eventNumber: 50, session: "ts-rest.evemu")],
            arguments: ["/dev/input/event50"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        let lines = run.lines
        // The finger sends nothing between its down and its lift frame (912 ms later); the
        // long-press begins 500 ms after the down, from the clock. Whether the printed
        // line comes before the lift's depends on the 50 ms tick landing in time, so the
        // order is checked without a clock (GestureDebugViewTests); here, the times the
        // events carry.
        let down = try #require(
            lines.first { $0.contains("TOUCH_FRAME") && $0.contains("down 0/0") },
            "\(run.standardOutput)")
        let began = try #require(
            lines.first { $0.contains("long-press began") }, "\(run.standardOutput)")
        let lift = try #require(
            lines.first { $0.contains("TOUCH_FRAME") && $0.contains("up 0/0") })
        let ended = try #require(lines.first { $0.contains("long-press ended") })
        let downTime = try #require(Self.milliseconds(in: down))
        #expect(Self.milliseconds(in: began).map { $0 - downTime } == 500, "\(began)")
        // libinput dates a frame when umockdev delivers it, never earlier than scripted:
        // the rest lasts at least its 912 ms, and the long-press ends with the lift.
        let liftTime = try #require(Self.milliseconds(in: lift))
        #expect(liftTime - downTime >= 912, "\(lift)")
        #expect(Self.milliseconds(in: ended) == liftTime, "\(ended)")
        #expect(lines.filter { $0.contains("TOUCH_FRAME") }.count == 2)
    }

    /// The time a line shows (`+1.234s`), in milliseconds.
    static func milliseconds(in line: Substring) -> Int? {
        for word in line.split(separator: " ") where word.hasPrefix("+") && word.hasSuffix("s") {
            let parts = word.dropFirst().dropLast().split(separator: ".")
            if parts.count == 2, let seconds = Int(parts[0]), let milliseconds = Int(parts[1]) {
                return seconds * 1000 + milliseconds
            }
        }
        return nil
    }

    static func value(after label: String, in line: Substring) -> Double? {
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: Substring(label)), index + 1 < words.count else {
            return nil
        }
        return Double(words[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: "px()")))
    }
}
