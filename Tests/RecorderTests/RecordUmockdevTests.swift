import ClearCore
import Foundation
import GestureRecognition
import Recordings
import TestSupport
import Testing
import TouchInput

/// `cleartouch record` on real libinput under umockdev.
@Suite(
    .enabled(
        if: UmockdevHarness.runs,
        "\(UmockdevHarness.unavailableReason ?? "")"))
struct RecordUmockdevTests {
    static let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)

    static func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-\(UUID().uuidString)-\(name)"
        ).path
    }

    static func readAll(_ path: String, descPath: String? = nil) throws -> (Recording, [InputEvent])
    {
        let recording = try Recording.open(path: path, descPath: descPath, screen: screen)
        var events: [InputEvent] = []
        while let event = try recording.next() { events.append(event) }
        return (recording, events)
    }

    static func frames(_ events: [InputEvent]) -> [TouchFrame] {
        events.compactMap { if case .touchFrame(let frame) = $0 { frame } else { nil } }
    }

    /// The actions and final list a Clear session reaches on these events (arena → controller).
    static func clearOutcome(_ events: [InputEvent]) -> (actions: [String], items: [String]) {
        var arena = GestureArena()
        // One list only (`--levels items`): the fixture's 860 px pull is past 4H, and the
        // session was written for the pull that adds.
        let controller = ClearController(
            lists: TodoLists(), layout: ClearLayout(screen: screen), allowed: .items)
        for event in events {
            controller.advance(toMicroseconds: event.timeMicroseconds)
            arena.pull = controller.pullAvailability
            switch event {
            case .deviceAdded(let device, _): arena.deviceAdded(device)
            case .deviceRemoved(let id, let time): arena.deviceRemoved(id, timeMicroseconds: time)
            case .touchFrame(let frame): arena.handle(frame)
            default: continue
            }
            for report in arena.events { controller.handle(report) }
        }
        return (
            controller.actions.map { "\($0.kind.rawValue) \($0.index)" },
            controller.items.map { "\($0.completed ? "[x]" : "[ ]") \($0.text)" }
        )
    }

    @Test func aTouchscreenSessionThroughLibinputRecordsTheSourceFramesAndTheSameClearOutcome()
        throws
    {
        let output = Self.temporaryPath("session.trace")
        defer { unlink(output) }
        let run = try UmockdevHarness.recordClearSession(
            to: output, options: ["--screen", "1080x1920"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError.contains(
                "device 0: ClearTouch Mock Touchscreen (touchscreen 315.0x177.2 mm)"))

        let (recording, recorded) = try Self.readAll(output)
        #expect(recording.warnings.isEmpty)
        #expect(recording.header.devices.map(\.name) == ["ClearTouch Mock Touchscreen"])
        let source = UmockdevHarness.fixtures.appendingPathComponent("ts-clear-session.evemu").path
        let description = UmockdevHarness.fixtures.appendingPathComponent("touchscreen.evemu").path
        let (_, decoded) = try Self.readAll(source, descPath: description)

        // Frame for frame: the same contacts, phases, slots and positions (libinput maps
        // with (v − min)·W/(max − min + 1), as the evemu decoder does).
        let got = Self.frames(recorded)
        let want = Self.frames(decoded)
        #expect(got.count == want.count)
        for (recordedFrame, sourceFrame) in zip(got, want) {
            #expect(recordedFrame.contacts.count == sourceFrame.contacts.count)
            for (a, b) in zip(recordedFrame.contacts, sourceFrame.contacts) {
                #expect(a.phase == b.phase)
                #expect(a.seatSlot == b.seatSlot)
                #expect(abs(a.positionPixels.x - b.positionPixels.x) < 0.01)
                #expect(abs(a.positionPixels.y - b.positionPixels.y) < 0.01)
            }
        }
        // Frame spacing: the preload dates a frame "now" as umockdev sends it but never earlier
        // than its scripted spacing allows, so an interval can stretch when umockdev sends late
        // (it drifts about 1 ms per frame, more under load) but never shrinks.
        if got.count == want.count {
            for index in got.indices.dropFirst() {
                let recorded = got[index].timeMicroseconds - got[index - 1].timeMicroseconds
                let source = want[index].timeMicroseconds - want[index - 1].timeMicroseconds
                #expect(
                    recorded >= source - 1_000,
                    "frame \(index): \(recorded) µs after the last, source \(source) µs")
            }
        }
        // Replaying either gives the same Clear actions and final list.
        let fromTrace = Self.clearOutcome(recorded)
        let fromSource = Self.clearOutcome(decoded)
        #expect(fromTrace.actions == fromSource.actions)
        #expect(fromTrace.items == fromSource.items)
        // Pan right completes row 2, pan left deletes row 4, the pull adds at the top, the tap
        // ends that empty item's editing (so it goes), the pinch adds between rows 6 and 7.
        #expect(
            fromTrace.actions == [
                "complete 2", "delete 4", "add 0", "edit-begin 0", "edit-end 0", "delete 0",
                "add 7",
                "edit-begin 7",
            ])
    }

    /// `record --rotate 180 --calibration "-1 0 1 0 1 0"`: libinput calibrates the device
    /// (set through libinput_device_config_calibration_set_matrix), the recorder turns the
    /// touches upright, and the trace's header says both, so a replay applies neither again.
    @Test func aRotatedCalibratedRecordingSaysSoAndHoldsTransformedPositions() throws {
        let output = Self.temporaryPath("turned.trace")
        defer { unlink(output) }
        let mirrored = CalibrationMatrix(a: -1, b: 0, c: 1, d: 0, e: 1, f: 0)
        let run = try UmockdevHarness.recordClearSession(
            to: output,
            options: ["--screen", "1080x1920", "--rotate", "180", "--calibration", "-1 0 1 0 1 0"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("ClearTouch Mock Touchscreen: calibration -1 0 1 0 1 0"))
        let text = try String(contentsOfFile: output, encoding: .utf8)
        #expect(text.hasPrefix("cleartouch-trace 2\n"))
        #expect(text.contains("\ncalibration -1 0 1 0 1 0\n"))
        #expect(text.contains("\nrotation 180\n"))
        let (recording, recorded) = try Self.readAll(output)
        #expect(recording.header.appliedCalibration == mirrored)
        #expect(recording.header.appliedRotation == .clockwise180)
        let source = UmockdevHarness.fixtures.appendingPathComponent("ts-clear-session.evemu").path
        let description = UmockdevHarness.fixtures.appendingPathComponent("touchscreen.evemu").path
        let (_, decoded) = try Self.readAll(source, descPath: description)
        let transform = TouchTransform(
            calibration: mirrored, rotation: .clockwise180, uprightScreen: Self.screen)
        let got = Self.frames(recorded)
        let want = Self.frames(decoded)
        #expect(got.count == want.count)
        for (recordedFrame, sourceFrame) in zip(got, want) {
            for (a, b) in zip(recordedFrame.contacts, sourceFrame.contacts) where b.phase != .up {
                let expected = transform.uprightPixels(b.positionPixels, deviceScreen: Self.screen)
                // libinput calibrates in single precision.
                #expect(
                    abs(a.positionPixels.x - expected.x) < 0.6, "\(a.positionPixels) \(expected)")
                #expect(abs(a.positionPixels.y - expected.y) < 0.6)
            }
        }
    }

    @Test func aRecorderKilledMidSessionLeavesAPrivateReadableFileWithoutKeyCodes() throws {
        let output = Self.temporaryPath("killed.trace")
        defer { unlink(output) }
        let devices: [UmockdevHarness.Device] = [
            .init(
                description: "touchscreen.evemu", eventNumber: 50,
                session: "ts-tap-then-long-drag.evemu"),
            .init(description: "keyboard.evemu", eventNumber: 53, session: "kbd-typing.evemu"),
        ]
        let process = try UmockdevHarness.start(
            devices,
            command: [
                UmockdevHarness.cleartouch, "record", "-o", output, "--duration", "20",
                "/dev/input/event50",
                "/dev/input/event53",
            ])
        // Kill the recorder (umockdev-run's child) once the drag is under way: 30 frames written.
        let killed = UmockdevHarness.signal(
            SIGKILL, whenFileHas: 30, output: output, process: process)
        process.waitUntilExit()
        #expect(killed)

        var status = stat()
        #expect(stat(output, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let (recording, events) = try Self.readAll(output)
        // At most the last line can be cut short; everything before it reads.
        #expect(recording.warnings.count <= 1)
        let frames = Self.frames(events)
        #expect(frames.count >= 30)
        // The file is the start of the session, frame for frame: the tap with its lift,
        // then the drag up to where the kill landed (never lifted: killed mid-drag).
        let source = UmockdevHarness.fixtures.appendingPathComponent("ts-tap-then-long-drag.evemu")
            .path
        let description = UmockdevHarness.fixtures.appendingPathComponent("touchscreen.evemu").path
        let want = Self.frames(try Self.readAll(source, descPath: description).1)
        #expect(frames.count <= want.count)
        for (index, (got, expected)) in zip(frames, want).enumerated() {
            #expect(
                got.contacts.map(\.phase) == expected.contacts.map(\.phase), "frame \(index)")
            for (a, b) in zip(got.contacts, expected.contacts) {
                #expect(abs(a.positionPixels.x - b.positionPixels.x) < 0.01, "frame \(index)")
                #expect(abs(a.positionPixels.y - b.positionPixels.y) < 0.01, "frame \(index)")
            }
        }
        #expect(frames.contains { $0.contacts.contains { $0.phase == .up } }, "the tap's lift")
        #expect(frames.last?.contacts.map(\.phase) == [.move], "killed mid-drag")
        let keys = events.compactMap { if case .key(let key) = $0 { key } else { nil } }
        #expect(!keys.isEmpty)
        #expect(keys.allSatisfy { $0.obfuscated })
        // H, E, L, O never reach the file; Return (not text) keeps its code.
        #expect(Set(keys.map(\.code)).isSubset(of: [30, KeyboardKey.returnCode]))
        #expect(keys.contains { $0.code == 30 })
    }

    @Test func sigtermStopsTheRecorderCleanly() throws {
        let output = Self.temporaryPath("terminated.trace")
        defer { unlink(output) }
        let errors = Pipe()
        let process = try UmockdevHarness.start(
            [
                .init(
                    description: "touchscreen.evemu", eventNumber: 50, session: "ts-long-drag.evemu"
                )
            ],
            command: [
                UmockdevHarness.cleartouch, "record", "-o", output, "--duration", "20",
                "/dev/input/event50",
            ], errors: errors)
        let signalled = UmockdevHarness.signal(
            SIGTERM, whenFileHas: 10, output: output, process: process)
        let messages = String(
            decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(signalled)
        #expect(process.terminationStatus == 0, "\(messages)")
        #expect(messages.contains("terminated"))
        let (recording, events) = try Self.readAll(output)
        #expect(recording.warnings.isEmpty)
        #expect(Self.frames(events).count >= 10)
    }

    @Test func recordingWithShowKeycodesKeepsTheRealCodes() throws {
        let output = Self.temporaryPath("keys.trace")
        defer { unlink(output) }
        let run = try UmockdevHarness.run(
            [.init(description: "keyboard.evemu", eventNumber: 53, session: "kbd-typing.evemu")],
            command: [
                UmockdevHarness.cleartouch, "record", "-o", output, "--show-keycodes",
                "--duration", "20",
                "/dev/input/event53",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        #expect(run.standardError.contains("WARNING: key codes are recorded"))
        let (_, events) = try Self.readAll(output)
        let pressed = events.compactMap {
            if case .key(let key) = $0, key.pressed { key.code } else { nil }
        }
        #expect(pressed == [35, 18, 38, 38, 24, 28])
    }
}

/// `cleartouch record` errors that need no device.
struct RecordCommandErrorTests {
    func runCleartouch(_ arguments: [String]) throws -> UmockdevHarness.Run {
        try runCommand(executable: UmockdevHarness.cleartouch, arguments: arguments)
    }

    @Test func refusesToOverwriteAnExistingFileWithoutForce() throws {
        let path = RecordUmockdevTests.temporaryPath("exists.trace")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
        defer { unlink(path) }
        let run = try runCleartouch(["record", "-o", path, "/dev/input/event0"])
        #expect(run.status == 2)
        #expect(run.standardError.contains("exists") && run.standardError.contains("--force"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }

    @Test func aMissingDeviceSaysWhatToDo() throws {
        let run = try runCleartouch([
            "record", "-o", RecordUmockdevTests.temporaryPath("x"), "/dev/input/event-none",
        ])
        #expect(run.status == 2)
        #expect(run.standardError.contains("/dev/input/event-none: no such device node"))
    }

    @Test func badOptionsAreUsageErrors() throws {
        #expect(try runCleartouch(["record", "--screen", "wide"]).status == 2)
        #expect(try runCleartouch(["record", "--duration", "-1"]).status == 2)
        #expect(try runCleartouch(["record", "--help"]).status == 0)
    }
}

/// Without a device, `record` takes every touch-capable device of the udev seat.
@Suite(
    .enabled(
        if: UmockdevHarness.runs,
        "\(UmockdevHarness.unavailableReason ?? "")"))
struct RecordSeatUmockdevTests {
    @Test func withoutDevicesEveryTouchDeviceOfTheSeatIsRecordedAndNothingElse() throws {
        let output = RecordUmockdevTests.temporaryPath("seat.trace")
        defer { unlink(output) }
        let run = try UmockdevHarness.run(
            [
                .init(description: "touchscreen.evemu", eventNumber: 50, session: "ts-drag.evemu"),
                .init(description: "touchpad.evemu", eventNumber: 51, session: nil),
                .init(description: "keyboard.evemu", eventNumber: 53, session: "kbd-typing.evemu"),
            ],
            command: [
                UmockdevHarness.cleartouch, "record", "-o", output, "--duration", "20",
            ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.endedWithTheScripts, "\(run.standardError)")
        let (recording, events) = try RecordUmockdevTests.readAll(output)
        #expect(Set(recording.header.devices.map(\.kind)) == [.touchscreen, .touchpad])
        #expect(run.standardError.contains("ClearTouch Mock Touchscreen"))
        #expect(!run.standardError.contains("Keyboard"))
        #expect(!RecordUmockdevTests.frames(events).isEmpty)
        #expect(!events.contains { if case .key = $0 { true } else { false } })
    }

    @Test func aSeatWithoutTouchDevicesIsAnErrorThatSaysWhatToDo() throws {
        let output = RecordUmockdevTests.temporaryPath("none.trace")
        let record = try UmockdevHarness.run(
            [.init(description: "keyboard.evemu", eventNumber: 53, session: nil)],
            command: [UmockdevHarness.cleartouch, "record", "-o", output, "--duration", "20"])
        #expect(record.status == 2)
        #expect(
            record.standardError.contains("no touch device found on seat0"),
            "\(record.standardError)")
        #expect(access(output, F_OK) != 0, "no empty file is left behind")

        let debug = try UmockdevHarness.run(
            [], command: [UmockdevHarness.cleartouch, "debug-gestures", "--duration", "20"])
        #expect(debug.status == 2)
        #expect(
            debug.standardError.contains("no input device found on seat0"), "\(debug.standardError)"
        )
    }
}
