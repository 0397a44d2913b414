import ClearCore
import CleartouchCommands
import GestureServiceCommand
import GestureRecognition
import LibInputBackend
import ToolSupport
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// `cleartouch debug-gestures`: a live view in the style of `libinput debug-events`:
/// every input event and every gesture report, one line each.
enum DebugGesturesCommand: Subcommand {
    static let name = CommandCatalog.debugGestures.name
    static let summary = CommandCatalog.debugGestures.summary
    static let usage = """
        usage: cleartouch debug-gestures [--screen WxH] [--seat NAME] [--calibration "a b c d e f"]
                                         [--duration S] [--until-idle S] [--until-events N]
                                         [--verbose] [DEVICE...]

        Shows live input as libinput delivers it and the gestures ClearTouch recognizes in it,
        one line each, until Ctrl-C. Touchscreen frames go through the gesture arena; touchpad
        input through the touchpad mapping (docs/libinput-backend.md). Gesture lines start with
        `gesture`: id, kind, state, then the gesture's values in screen pixels. The gestures
        drive a Clear list (the twelve sample items); each change they cause follows on an
        `action` line: kind, model index, item text.
        Touchpad gestures are numbered from \(ClearSession.touchpadGestureIDBase) up.

        """ + LiveInputOptions.help + "\n"
        + LiveInputOptions.testHooksHelp(
            """
              --unplug-after-events N  remove the first DEVICE after N input events, through
                                       libinput's own removal path (there is no other way
                                       to unplug an emulated device)

            """)

    /// What `debug-gestures` was asked to do.
    struct Options {
        var input = LiveInputOptions()
        /// `--unplug-after-events N` (test builds only; nil in others).
        var unplugAfterEvents: Int?
    }

    static func parse(_ parser: inout OptionParser) throws(UsageError) -> Options {
        var options = Options()
        while let argument = try parser.next() {
            if try options.input.parse(argument, from: &parser) { continue }
            #if CLEARTOUCH_TEST_HOOKS
                if argument == .option("--unplug-after-events") {
                    let text = try parser.value(for: argument.text)
                    guard let count = Int(text), count >= 0 else {
                        throw UsageError("--unplug-after-events needs a count and a DEVICE")
                    }
                    options.unplugAfterEvents = count
                    continue
                }
            #endif
            throw UsageError.unknownOption(argument.text)
        }
        if options.unplugAfterEvents != nil && options.input.devicePaths.isEmpty {
            throw UsageError("--unplug-after-events needs a count and a DEVICE")
        }
        return options
    }

    static func run(_ options: Options, output: CommandOutput) -> Int32 {
        let parsed = options.input
        let unplugAfterEvents = options.unplugAfterEvents
        func printError(_ line: String) { output.printError(line) }
        func printNow(_ line: String) { output.printLine(line) }
        let input: LiveInput
        do throws(LibInputError) {
            input = try parsed.openInput(warn: { printError("cleartouch debug-gestures: \($0)") })
        } catch {
            printError("cleartouch debug-gestures: \(error)")
            return 2
        }
        let view = GestureDebugView(screen: parsed.screen)
        let initial = input.readInitialEvents()
        guard initial.contains(where: { if case .deviceAdded = $0 { true } else { false } }) else {
            printError(
                "cleartouch debug-gestures: \(LiveInput.explainNoDevice(seat: parsed.seat, wanted: "input device"))"
            )
            return 2
        }
        // Which way each device's events come in (docs/devices.md).
        for route in input.deviceRoutes { printNow("path \(route)") }
        for event in initial {
            for line in view.handle(event) { printNow(line) }
        }
        var inputEvents = 0
        var handledInputEvents = 0
        let stop = input.loop.run(
            durationSeconds: parsed.durationSeconds, idleSeconds: parsed.idleSeconds,
            tickSeconds: GestureDebugView.tickSeconds,
            onTick: { now in
                for line in view.tick(nowMicroseconds: now) { printNow(line) }
                return true
            }
        ) {
            event, _ in
            for line in view.handle(event) { printNow(line) }
            if !isDeviceEvent(event) {
                handledInputEvents += 1
                if let limit = parsed.inputEventLimit, handledInputEvents >= limit { return false }
            }
            if let limit = unplugAfterEvents, !isDeviceEvent(event) {
                inputEvents += 1
                if inputEvents == limit, let first = input.pathDevices.first {
                    printNow("unplugging \(first.path)")
                    input.context.removeDevice(first.device)
                }
            }
            return true
        }
        switch stop {
        case .signal: printError("cleartouch debug-gestures: interrupted")
        case .emulatedInputEnded:
            printError("cleartouch debug-gestures: the emulated devices' scripts ended")
        default: break
        }
        return 0
    }
}

func isDeviceEvent(_ event: InputEvent) -> Bool {
    switch event {
    case .deviceAdded, .deviceRemoved: true
    default: false
    }
}

/// Formats input events and the gesture reports they cause, one line each.
final class GestureDebugView {
    /// Touch frames → arena, touchpad input → the session's touchpad mapping, reports → controller.
    let session: ClearSession
    private var firstTime: Int64? = nil
    private var pending: [String] = []
    private var itemsSeen: [TodoItem]

    init(screen: ScreenSize) {
        let layout = ClearLayout(screen: screen)
        session = ClearSession(items: TodoList.swiftTutorialSamples, layout: layout)
        session.keepsGestureHistory = false
        itemsSeen = session.controller.items
        session.onGesture = { [unowned self] report in self.reported(report) }
    }

    /// How often time passes without input (long-press timers), and how far behind the
    /// clock: an event is stamped before it is delivered, and session time only moves forward.
    static let tickSeconds = 0.05
    static let tickLagMicroseconds: Int64 = 50_000
    private var latestTime: Int64 = .min

    /// Lets time pass while no input comes; returns the lines of what that caused.
    func tick(nowMicroseconds: Int64) -> [String] {
        let time = nowMicroseconds - Self.tickLagMicroseconds
        guard firstTime != nil, time > latestTime else { return [] }
        latestTime = time
        pending = []
        session.advance(toMicroseconds: time)
        appendNewActions()
        return pending
    }

    func handle(_ event: InputEvent) -> [String] {
        let time = event.timeMicroseconds
        latestTime = max(latestTime, time)
        if firstTime == nil { firstTime = time }
        pending = [describe(event, relativeMicroseconds: time - firstTime!)]
        session.handle(event)
        appendNewActions()  // changes that came from time passing (animations ending)
        return pending
    }

    /// A gesture report, after the controller applied it: the report and the actions it caused.
    private func reported(_ report: GestureEvent) {
        pending.append(describe(report, start: firstTime ?? report.timeMicroseconds))
        appendNewActions()
    }

    private func appendNewActions() {
        let controller = session.controller
        for action in controller.actions[actionsShown...] {
            // A deleted item is only in the list as it was before.
            let items = action.kind == .delete ? itemsSeen : controller.items
            let text = items.indices.contains(action.index) ? items[action.index].text : ""
            pending.append(
                "     action \(action.kind.rawValue) \(action.index) \"\(TerminalText.escaped(text))\""
            )
        }
        actionsShown = controller.actions.count
        itemsSeen = controller.items
    }

    private var actionsShown = 0

    private func describe(_ event: InputEvent, relativeMicroseconds: Int64) -> String {
        let time = seconds(relativeMicroseconds)
        func line(_ device: DeviceID, _ name: String, _ details: String) -> String {
            "\(pad(String(device.rawValue), 3, left: true))  \(pad(name, 24)) \(time)  \(details)"
        }
        switch event {
        case .deviceAdded(let device, _):
            let size =
                device.sizeMillimetres.map { " \(fixed($0.width, 1))x\(fixed($0.height, 1))mm" }
                ?? ""
            return line(
                device.id, "DEVICE_ADDED",
                "\"\(TerminalText.escaped(device.name))\" \(device.kind.rawValue)\(size)")
        case .deviceRemoved(let id, _):
            return line(id, "DEVICE_REMOVED", "")
        case .touchFrame(let frame):
            let contacts = frame.contacts.map { contact in
                "\(contact.phase.rawValue) \(contact.seatSlot)/\(contact.deviceSlot) "
                    + "(\(fixed(contact.positionPixels.x, 1)), \(fixed(contact.positionPixels.y, 1)))px"
            }
            return line(frame.device, "TOUCH_FRAME", contacts.joined(separator: "; "))
        case .touchpadGesture(let gesture):
            let name =
                "GESTURE_\(gesture.kind.rawValue.uppercased())_\(gesture.stage.rawValue.uppercased())"
            var details = "fingers \(gesture.fingerCount)"
            if gesture.stage == .update {
                details += " d(\(fixed(gesture.deltaX, 2)), \(fixed(gesture.deltaY, 2)))"
                if gesture.kind == .pinch { details += " scale \(fixed(gesture.scale, 3))" }
            }
            if gesture.stage == .end { details += gesture.cancelled ? " cancelled" : "" }
            return line(gesture.device, name, details)
        case .pointerMotion(let motion):
            return line(
                motion.device, "POINTER_MOTION",
                "d(\(fixed(motion.deltaX, 2)), \(fixed(motion.deltaY, 2)))"
            )
        case .pointerButton(let button):
            return line(
                button.device, "POINTER_BUTTON",
                "\(button.button) \(button.pressed ? "pressed" : "released")")
        case .pointerScroll(let scroll):
            return line(
                scroll.device, "POINTER_SCROLL_\(scroll.source.rawValue.uppercased())",
                "h \(fixed(scroll.horizontal, 2)) v \(fixed(scroll.vertical, 2))")
        case .key(let key):
            return line(
                key.device, "KEYBOARD_KEY", "\(key.code) \(key.pressed ? "pressed" : "released")")
        case .text(let text):
            return "     TEXT                     \(time)  \(TerminalText.escaped(text.text))"
        }
    }

    private func describe(_ report: GestureEvent, start: Int64) -> String {
        var details: String
        switch report.values {
        case .pan(let values), .scroll(let values):
            details = "at \(point(values.locationPixels)) moved \(point(values.translationPixels))"
        case .pull(let values):
            details =
                "at \(point(values.drag.locationPixels)) pulled \(fixed(values.pullDistancePixels, 1))px"
        case .pinch(let values):
            details =
                "centre \(point(values.centroidPixels)) gap \(fixed(values.gapPixels, 1))px scale \(fixed(values.scale, 3))"
        case .tap(let location), .longPress(let location):
            details = "at \(point(location))"
        }
        return
            "     gesture \(report.id) \(report.kind.rawValue) \(report.state.rawValue) \(seconds(report.timeMicroseconds - start))  \(details)"
    }

    private func point(_ point: Point) -> String { "(\(fixed(point.x, 1)), \(fixed(point.y, 1)))" }

    private func seconds(_ microseconds: Int64) -> String {
        let sign = microseconds < 0 ? "-" : "+"
        let magnitude = abs(microseconds)
        let milliseconds = String(magnitude % 1_000_000 / 1000)
        return
            "\(sign)\(magnitude / 1_000_000).\(String(repeating: "0", count: 3 - milliseconds.count))\(milliseconds)s"
    }

    private func pad(_ text: String, _ width: Int, left: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return left ? padding + text : text + padding
    }
}
