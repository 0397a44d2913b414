import Foundation
import Recordings
import TestSupport
import Testing
import TouchInput
import Umockdev

/// Hot-plug of a panel libinput ignores, read directly (docs/devices.md): `record` from the
/// seat opens the eGalax when it appears, records its touches, and cancels the finger on
/// it when it is unplugged mid-press. `umockdev-run` cannot add or remove a device while
/// the program runs, so a small C program on libumockdev's own API
/// (`Tests/Fixtures/umockdev/hotplug/umockdev-hotplug.c`, built here) holds the testbed.
@Suite(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
struct HotplugUmockdevTests {
    static let egalaxNode = "/dev/input/event61"
    static let egalaxName = "eGalax Inc. USB TouchController Touchscreen"

    @Test func aPanelPluggedInWhileRecordingIsReadDirectlyAndUnpluggingItCancelsTheFinger()
        throws
    {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let helper = try HotplugTestbed.buildHelper(in: folder)
        let prefixes = try HotplugTestbed.writePenmountAndEgalaxPress(in: folder)
        let syspath = try HotplugTestbed.syspath(ofFirstDeviceIn: prefixes.egalax + ".umockdev")
        let output = folder.file("hotplug.trace")
        let errors = folder.file("record.log")

        let testbed = try HotplugTestbed(
            helper: helper, initialPrefix: prefixes.penmount, initialNode: "/dev/input/event60",
            command: [
                UmockdevHarness.cleartouch, "record", "-o", output, "--screen", "1080x1920",
                "--duration", "120",
            ], errorsPath: errors)
        defer { testbed.abandon() }
        #expect(waitUntil { Self.read(errors).contains("key codes are") }, "\(Self.read(errors))")

        // Plugged in: the press plays out (it never lifts).
        #expect(try testbed.send("add \(prefixes.egalax) \(Self.egalaxNode) \(syspath)") == "ok")
        let want = try Self.pressFrames()
        let pressed = waitUntil {
            Self.frameLines(of: 1, in: Self.read(output)) >= want.count
        }
        #expect(pressed, "\(Self.read(output))\n\(Self.read(errors))")

        // Unplugged under the finger, then the recorder is stopped.
        #expect(try testbed.send("remove \(syspath)") == "ok")
        #expect(waitUntil { Self.read(output).contains(" removed 1") }, "\(Self.read(output))")
        #expect(try testbed.send("stop") == "exit 0", "\(Self.read(errors))")
        // The recorder says what came and went, and which way the panel is read.
        let log = Self.read(errors)
        #expect(
            log.contains(
                "cleartouch record: device 1 added: \(Self.egalaxName) (touchscreen), event61 \(Self.egalaxName): direct (libinput ignores it; tablet-class touch panel)"
            ), "\(log)")
        #expect(log.contains("cleartouch record: device 1 removed"), "\(log)")

        let recording = try Recording.open(path: output)
        var events: [InputEvent] = []
        while let event = try recording.next() { events.append(event) }
        #expect(recording.warnings.isEmpty)
        let added = events.compactMap { event -> DeviceDescription? in
            if case .deviceAdded(let device, _) = event { device } else { nil }
        }
        #expect(added.map(\.name) == ["DIALOGUE INC PenMount USB", Self.egalaxName])
        #expect(added.last?.kind == .touchscreen)

        // Frame for frame what the decoder reads from the fixture, then the cancel.
        let frames = events.compactMap { event -> TouchFrame? in
            if case .touchFrame(let frame) = event, frame.device == DeviceID(1) {
                frame
            } else {
                nil
            }
        }
        #expect(frames.count == want.count + 1, "\(frames)")
        for (got, expected) in zip(frames, want) {
            #expect(got.contacts.map(\.phase) == expected.contacts.map(\.phase))
            for (a, b) in zip(got.contacts, expected.contacts) {
                #expect(abs(a.positionPixels.x - b.positionPixels.x) < 0.01)
                #expect(abs(a.positionPixels.y - b.positionPixels.y) < 0.01)
            }
        }
        let cancel = try #require(frames.last)
        #expect(cancel.contacts.map(\.phase) == [.cancel])
        // Where the finger last was (traces keep 3 decimals).
        let last = try #require(want.last?.contacts.first?.positionPixels)
        let cancelled = try #require(cancel.contacts.first?.positionPixels)
        #expect(abs(cancelled.x - last.x) < 0.01 && abs(cancelled.y - last.y) < 0.01)
        // Removed after the cancel, and nothing from it afterwards.
        let removed = try #require(
            events.firstIndex {
                if case .deviceRemoved(let id, _) = $0 { id == DeviceID(1) } else { false }
            })
        let cancelIndex = try #require(
            events.firstIndex {
                if case .touchFrame(let frame) = $0 {
                    frame.contacts.first?.phase == .cancel
                } else {
                    false
                }
            })
        #expect(cancelIndex < removed)
        #expect(
            !events[(removed + 1)...].contains {
                if case .touchFrame(let frame) = $0 { frame.device == DeviceID(1) } else { false }
            })
    }

    // MARK: - helpers

    /// The eGalax press's frames as the evemu decoder reads them, without the cancel the
    /// reader adds at the end of the file for the finger still down.
    static func pressFrames() throws -> [TouchFrame] {
        let recording = try Recording.open(
            path: UmockdevHarness.fixtures.appendingPathComponent("egalax-press.evemu").path,
            descPath: UmockdevHarness.fixtures.appendingPathComponent("egalax.evemu").path,
            screen: ScreenSize(widthPixels: 1080, heightPixels: 1920))
        var frames: [TouchFrame] = []
        while let event = try recording.next() {
            if case .touchFrame(let frame) = event,
                !frame.contacts.contains(where: { $0.phase == .cancel })
            {
                frames.append(frame)
            }
        }
        return frames
    }

    static func read(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    /// The number of `frame` lines of device `id` in a trace's text.
    static func frameLines(of id: Int, in text: String) -> Int {
        text.split(separator: "\n").filter {
            let words = $0.split(separator: " ")
            return words.count >= 3 && words[1] == "frame" && words[2] == Substring(String(id))
        }.count
    }
}
