import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Recordings

/// The real evemu recordings in `../shared/corpus/` (skipped when the folder is absent).
enum Corpus {
    static let extensions = ["events", "event", "evemu", "desc", "device"]

    /// Every recording file, relative to the corpus folder.
    static var files: [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: TestFiles.corpus.path) else {
            return []
        }
        return enumerator.compactMap { $0 as? String }.filter {
            extensions.contains(($0 as NSString).pathExtension)
        }
        .sorted()
    }

    static func url(_ relative: String) -> URL { TestFiles.corpus.appendingPathComponent(relative) }

    static func hasDescription(_ relative: String) -> Bool {
        guard let text = try? String(contentsOf: url(relative), encoding: .isoLatin1) else {
            return false
        }
        return text.split(separator: "\n").contains { $0.hasPrefix("N:") }
    }

    /// The description of the same device for an events-only file: the `.desc` (or
    /// `.device`) in the same folder with the longest name that the file name starts with.
    static func pairedDescription(_ relative: String) -> String? {
        let folder = (relative as NSString).deletingLastPathComponent
        let name = (relative as NSString).lastPathComponent
        let candidates = files.filter {
            ($0 as NSString).deletingLastPathComponent == folder
                && ["desc", "device"].contains(($0 as NSString).pathExtension) && $0 != relative
        }
        return candidates.filter {
            name.hasPrefix((($0 as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
        .max { $0.count < $1.count }
    }

    static func open(_ relative: String) throws -> Recording {
        let desc = hasDescription(relative) ? nil : pairedDescription(relative).map { url($0).path }
        return try Recording.open(path: url(relative).path, descPath: desc)
    }

    static func summary(_ relative: String) throws -> RecordingSummary {
        let recording = try open(relative)
        var summary = RecordingSummary()
        while let event = try recording.next() { summary.add(event) }
        return summary
    }
}

@Suite(
    .enabled(
        if: TestFiles.corpusAvailable, "the corpus ../shared/corpus is absent: corpus tests skipped"
    ))
struct CorpusTests {
    @Test func everyCorpusFileReadsWithoutError() throws {
        let files = Corpus.files
        #expect(files.count >= 100)
        var unpaired: [String] = []
        for file in files {
            if !Corpus.hasDescription(file) && Corpus.pairedDescription(file) == nil {
                unpaired.append(file)
            }
            do {
                let recording = try Corpus.open(file)
                #expect(recording.format == .evemu, "\(file)")
                #expect(recording.header.devices.count == 1, "\(file)")
                _ = try readAll(recording)
            } catch {
                Issue.record("\(file): \(error)")
            }
        }
        // Every events-only file has a description of its device beside it.
        #expect(unpaired == [])
    }

    struct Expectation: Sendable, CustomTestStringConvertible {
        var file: String
        var kind: DeviceKind
        var contacts: Int
        var mostContacts: Int
        var mostFingers: Int
        var cancelled = 0
        var testDescription: String { file }
    }

    static let expectations: [Expectation] = [
        .init(
            file: "evemu-devices/touchscreens/Atmel maXTouch Touchscreen.4-finger-drag-down.events",
            kind: .touchscreen,
            contacts: 4, mostContacts: 4, mostFingers: 4),
        .init(
            file:
                "evemu-devices/touchscreens/Atmel maXTouch Touchscreen.2-fingers-touch-release.events",
            kind: .touchscreen, contacts: 2, mostContacts: 2, mostFingers: 2),
        .init(
            file: "evemu-devices/touchscreens/Atmel maXTouch Touchscreen.1-finger-fast-taps.events",
            kind: .touchscreen,
            contacts: 9, mostContacts: 1, mostFingers: 1),
        .init(
            file: "evemu-devices/touchscreens/EP0430M09.4-finger-drag-down.events",
            kind: .touchscreen,
            contacts: 4,
            mostContacts: 4, mostFingers: 4),
        // Protocol A, no slots: contacts matched frame to frame.
        .init(
            file: "evemu-data/ntrig-dell-xt2.event", kind: .touchscreen, contacts: 4,
            mostContacts: 4,
            mostFingers: 4),
        .init(
            file: "evemu-devices/touchscreens/N-Trig MultiTouch.2-fingers-touch-release.events",
            kind: .touchscreen,
            contacts: 2, mostContacts: 2, mostFingers: 2),
        // N-Trig sends BTN_TOOL_DOUBLETAP for one finger: a touchscreen ignores it.
        .init(
            file: "evemu-devices/touchscreens/N-Trig MultiTouch.1-finger-drag-NW-SE.events",
            kind: .touchscreen,
            contacts: 1, mostContacts: 1, mostFingers: 1),
        // Semi-MT, 2 slots: the third finger only shows in BTN_TOOL_TRIPLETAP.
        .init(
            file: "evemu-devices/touchpads/CyPS2 Cypress Trackpad.three_finger_tap.events",
            kind: .touchpad, contacts: 2,
            mostContacts: 2, mostFingers: 3),
        .init(
            file: "evemu-devices/touchpads/CyPS2 Cypress Trackpad.two_finger_tap.events",
            kind: .touchpad,
            contacts: 2,
            mostContacts: 2, mostFingers: 2),
        // Single-touch touchscreen (ABS_X/ABS_Y + BTN_TOUCH).
        .init(
            file: "evemu-devices/tablets/eGalax Inc. USB TouchController.events",
            kind: .touchscreen,
            contacts: 2,
            mostContacts: 1, mostFingers: 1),
        // Ends with a finger still down: cancelled at the end of the file.
        .init(
            file: "evemu-devices/touchpads/bcm5974.three-finger-click.events", kind: .touchpad,
            contacts: 4,
            mostContacts: 3, mostFingers: 3, cancelled: 1),
        .init(
            file: "evemu-devices/tablets/Wacom DTH2242 Finger.events", kind: .touchscreen,
            contacts: 66,
            mostContacts: 10, mostFingers: 10),
        .init(
            file: "evemu-devices/tablets/dell_canvas_touch.evemu", kind: .touchscreen, contacts: 12,
            mostContacts: 5,
            mostFingers: 5),
        .init(
            file: "evemu-devices/tablets/Wacom ISDv4 E6 Finger.2fg-tap.events", kind: .touchscreen,
            contacts: 2,
            mostContacts: 2, mostFingers: 2),
    ]

    @Test(arguments: expectations)
    func fileContentsAreWhatWasRecorded(_ expected: Expectation) throws {
        let recording = try Corpus.open(expected.file)
        #expect(recording.header.devices.first?.kind == expected.kind)
        var summary = RecordingSummary()
        while let event = try recording.next() { summary.add(event) }
        #expect(summary.contacts == expected.contacts)
        #expect(summary.mostContactsAtOnce == expected.mostContacts)
        #expect(summary.mostFingersAtOnce == expected.mostFingers)
        #expect(summary.perDevice.values.first?.cancelledContacts == expected.cancelled)
    }

    @Test func atmelPositionsAreInTheScreenAndMillimetresFromTheResolution() throws {
        let recording = try Corpus.open(
            "evemu-devices/touchscreens/Atmel maXTouch Touchscreen.4-finger-drag-down.events")
        let device = try #require(recording.header.devices.first)
        let axisX = try #require(device.axisX)
        let events = try readAll(recording)
        #expect(events.first == .deviceAdded(device, timeMicroseconds: 0))
        if case .deviceRemoved = events.last {} else { Issue.record("no deviceRemoved at the end") }
        for frame in touchFrames(events) {
            for contact in frame.contacts {
                #expect(contact.positionPixels.x >= 0 && contact.positionPixels.x < 1080)
                #expect(contact.positionPixels.y >= 0 && contact.positionPixels.y < 1920)
                if axisX.resolutionUnitsPerMillimetre > 0 {
                    let millimetres = try #require(contact.positionMillimetres)
                    let raw =
                        contact.positionPixels.x
                        * Double(Int(axisX.maximum) - Int(axisX.minimum) + 1) / 1080
                    #expect(
                        abs(millimetres.x - raw / Double(axisX.resolutionUnitsPerMillimetre)) < 1e-6
                    )
                }
            }
        }
        let times = touchFrames(events).map(\.timeMicroseconds)
        #expect(times == times.sorted())
    }

    @Test func versionsAreReadFromTheFirstLine() throws {
        #expect(try Corpus.open("evemu-data/ntrig-dell-xt2.event").header.formatVersion == "1.1")
        #expect(
            try Corpus.open("evemu-devices/tablets/dell_canvas_touch.evemu").header.formatVersion
                == "1.3"
        )
    }
}
