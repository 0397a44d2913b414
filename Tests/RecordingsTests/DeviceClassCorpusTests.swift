import Evdev
import Foundation
import TestSupport
import Testing
import TouchInput

@testable import EvdevDecoding
@testable import Recordings

/// Every device description in the corpus and the fixtures, classified by the `input_id`
/// rules (docs/devices.md), and the pen rule at its boundaries.
@Suite struct DeviceClassTests {
    static let kioskFixtures = UmockdevHarness.fixtures

    static func description(_ url: URL) throws -> EvdevDevice? {
        try EvemuParser.read(path: url.path).0
    }

    static func fixture(_ name: String) throws -> EvdevDevice {
        try #require(try description(kioskFixtures.appendingPathComponent(name)))
    }

    /// The corpus, by folder: what input_id says and the class that follows.
    @Test func everyCorpusDescriptionHasTheClassOfItsFolder() throws {
        var seen = 0
        for file in Corpus.files where Corpus.hasDescription(file) {
            guard let device = try Self.description(Corpus.url(file)) else { continue }
            seen += 1
            let tags = device.inputIDTags
            let name = (file as NSString).lastPathComponent
            switch (file as NSString).deletingLastPathComponent {
            case "evemu-devices/touchpads":
                #expect(tags == [.input, .touchpad], "\(file)")
                #expect(device.deviceClass == .touchpad, "\(file)")
            case "evemu-devices/tablets" where name.hasPrefix("eGalax Inc. USB TouchController"):
                // BTN_TOOL_PEN + BTN_TOUCH, no resolution: a touch panel udev calls a tablet.
                #expect(tags == [.input, .tablet], "\(file)")
                #expect(device.deviceClass == .tabletTouchPanel, "\(file)")
            case "evemu-devices/tablets" where name.hasPrefix("Wacom Serial Penabled 2FG"):
                #expect(tags == [.input, .tablet], "\(file)")
                #expect(device.deviceClass == .tabletTouchPanel, "\(file)")
            case "evemu-devices/tablets"
            where name.contains("Bamboo") || name.contains("Intuos5"):
                // The finger halves of pen tablets are indirect: touchpads.
                #expect(tags == [.input, .touchpad], "\(file)")
                #expect(device.deviceClass == .touchpad, "\(file)")
            default:
                // touchscreens/, evemu-data/ and the display tablets' finger devices.
                #expect(tags == [.input, .touchscreen], "\(file)")
                #expect(device.deviceClass == .multiTouchscreen, "\(file)")
            }
            // Classes never change what the readers reported before them.
            #expect(device.kind == device.legacyKind, "\(file)")
        }
        #expect(seen >= 50)
    }

    @Test func theFixturesHaveTheirClasses() throws {
        let expected: [(String, InputIDTags, InputDeviceClass)] = [
            ("touchscreen.evemu", [.input, .touchscreen], .multiTouchscreen),
            ("touchscreen2.evemu", [.input, .touchscreen], .multiTouchscreen),
            ("touchpad.evemu", [.input, .touchpad], .touchpad),
            ("keyboard.evemu", [.input, .key, .keyboard], .keyboard),
            ("egalax.evemu", [.input, .tablet], .tabletTouchPanel),
            ("penmount.evemu", [.input, .mouse], .absolutePointer),
            ("pen-tablet.evemu", [.input, .tablet], .penTablet),
            ("stylus-panel.evemu", [.input, .tablet], .tabletTouchPanel),
        ]
        for (name, tags, deviceClass) in expected {
            let device = try Self.fixture(name)
            #expect(device.inputIDTags == tags, "\(name)")
            #expect(device.deviceClass == deviceClass, "\(name)")
        }
        #expect(try Self.fixture("egalax.evemu").kind == .touchscreen)
        #expect(try Self.fixture("penmount.evemu").kind == .touchscreen)
        #expect(try Self.fixture("pen-tablet.evemu").kind == .other)
    }

    /// The classes built from capabilities alone, one rule at a time.
    @Test func inputIDRules() {
        func device(
            keys: [EventCode] = [], abs: [EventCode] = [], rel: [EventCode] = [],
            properties: Set<Int> = []
        ) -> EvdevDevice {
            var device = EvdevDevice()
            device.codes[.key] = Set(keys)
            device.codes[.abs] = Set(abs)
            device.codes[.rel] = Set(rel)
            device.eventTypes = [.syn]
            if !keys.isEmpty { device.eventTypes.insert(.key) }
            if !abs.isEmpty { device.eventTypes.insert(.abs) }
            if !rel.isEmpty { device.eventTypes.insert(.rel) }
            device.properties = properties
            for code in abs { device.absinfo[code] = AbsoluteAxisInfo(minimum: 0, maximum: 1000) }
            return device
        }
        // Single-touch touchscreen: ABS_X/ABS_Y + BTN_TOUCH, no MT …
        let single = device(keys: [.btnTouch], abs: [.absX, .absY])
        #expect(single.inputIDTags == [.input, .touchscreen])
        #expect(single.deviceClass == .singleTouchscreen)
        // … or INPUT_PROP_DIRECT without BTN_TOUCH.
        let direct = device(keys: [.btnToolFinger], abs: [.absX, .absY], properties: [1])
        #expect(direct.deviceClass == .singleTouchscreen)
        // BTN_TOOL_FINGER without DIRECT: a touchpad.
        #expect(device(keys: [.btnToolFinger], abs: [.absX, .absY]).deviceClass == .touchpad)
        // Absolute axes + BTN_LEFT: an absolute pointer (input_id: ID_INPUT_MOUSE).
        let absolute = device(keys: [.btnLeft], abs: [.absX, .absY])
        #expect(absolute.inputIDTags == [.input, .mouse])
        #expect(absolute.deviceClass == .absolutePointer)
        // BTN_LEFT wins over BTN_TOUCH in input_id's order.
        #expect(
            device(keys: [.btnLeft, .btnTouch], abs: [.absX, .absY]).deviceClass == .absolutePointer
        )
        // A relative mouse stays a mouse, even with absolute axes beside.
        let mouse = device(keys: [.btnLeft], rel: [.relX, .relY])
        #expect(mouse.inputIDTags == [.input, .mouse])
        #expect(mouse.deviceClass == .mouse)
        #expect(mouse.kind == .pointer)
        // Axes without any button: nothing input_id recognises.
        #expect(device(abs: [.absX, .absY]).deviceClass == .other)
        // Relative axes without buttons: not a mouse.
        #expect(device(rel: [.relX, .relY]).deviceClass == .other)
        // MT axes + BTN_TOUCH: a multi-touch touchscreen.
        #expect(
            device(keys: [.btnTouch], abs: [.absX, .absY, .absMTPositionX, .absMTPositionY])
                .deviceClass == .multiTouchscreen)
    }

    /// The pen rule: stylus buttons, pressure and a resolution make a pen tablet; without
    /// any one of them the device is a touch panel, one finger.
    @Test func thePenRuleAtItsBoundaries() throws {
        let pen = try Self.fixture("pen-tablet.evemu")
        #expect(InputDeviceClass.isPenTablet(pen))
        var noStylus = pen
        noStylus.codes[.key]?.remove(.btnStylus)
        #expect(noStylus.deviceClass == .tabletTouchPanel)
        var noPressure = pen
        noPressure.codes[.abs]?.remove(.absPressure)
        noPressure.absinfo[.absPressure] = nil
        #expect(noPressure.deviceClass == .tabletTouchPanel)
        for axis in [EventCode.absX, .absY] {
            var unresolved = pen
            unresolved.absinfo[axis]?.resolution = 0
            #expect(unresolved.deviceClass == .tabletTouchPanel)
            var barely = pen
            barely.absinfo[axis]?.resolution = 1
            #expect(barely.deviceClass == .penTablet)
        }
        // The eGalax gains a resolution (hwdb) and BTN_STYLUS: still no pressure, a panel.
        var egalax = try Self.fixture("egalax.evemu")
        egalax.codes[.key]?.insert(.btnStylus)
        egalax.absinfo[.absX]?.resolution = 10
        egalax.absinfo[.absY]?.resolution = 10
        #expect(egalax.deviceClass == .tabletTouchPanel)
    }

    /// udev properties recorded in the file (`libinput record`) win over the rules.
    @Test func recordedUdevPropertiesWin() throws {
        var penmount = try Self.fixture("penmount.evemu")
        penmount.udev = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]
        #expect(penmount.deviceClass == .singleTouchscreen)
        penmount.udev = ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"]
        #expect(penmount.deviceClass == .absolutePointer)
        penmount.udev = ["LIBINPUT_DEVICE_GROUP": "3/14e1/6000"]
        #expect(penmount.deviceClass == .absolutePointer)
    }
}

/// The one-finger panels in `libinput record` files, with the udev properties input_id
/// gives them: one finger down, moving, up; a pen tablet gives nothing.
@Suite struct OneFingerPanelLibinputRecordTests {
    static func record(_ description: String, _ session: String) throws -> [InputEvent] {
        var device = try DeviceClassTests.fixture(description)
        device.udev = Dictionary(
            uniqueKeysWithValues: device.inputIDTags.udevPropertyNames.map { ($0, "1") })
        let events = try EvemuParser.read(
            path: DeviceClassTests.kioskFixtures.appendingPathComponent(session).path
        ).1
        var frames: [[EvdevEvent]] = [[]]
        for event in events {
            frames[frames.count - 1].append(event)
            if event.isSynReport { frames.append([]) }
        }
        let text =
            LibinputRecordWriter.header(device: device, node: "/dev/input/event5", comment: "test")
            + LibinputRecordWriter.events(frames.filter { !$0.isEmpty })
        let path = TestFiles.scratch(text, name: "panel.yml")
        let recording = try Recording.open(path: path)
        #expect(recording.format == .libinput)
        #expect(
            recording.header.devices.first?.kind
                == (description == "pen-tablet.evemu" ? .other : .touchscreen))
        return try readAll(recording)
    }

    @Test(arguments: [
        ("egalax.evemu", "egalax-swipe.evemu"), ("penmount.evemu", "penmount-swipe.evemu"),
    ])
    func aSwipeIsOneFinger(description: String, session: String) throws {
        let frames = touchFrames(try Self.record(description, session))
        let phases = frames.flatMap(\.contacts).map(\.phase)
        #expect(phases.first == .down)
        #expect(phases.last == .up)
        #expect(phases.filter { $0 == .move }.count == 20)
        #expect(mostContactsAtOnce(try Self.record(description, session)) == 1)
    }

    @Test func aPenStrokeIsNoFinger() throws {
        #expect(touchFrames(try Self.record("pen-tablet.evemu", "pen-swipe.evemu")).isEmpty)
    }
}
