import Testing

@testable import Evdev

/// udev's view of a device (kernel bitmaps and `ID_INPUT_*`) read back into a description,
/// and classified as from its capabilities.
@Suite struct InputIDTests {
    @Test func kernelBitmapsAreLongsMostSignificantFirst() {
        #expect(EvdevDevice.kernelBitmapNumbers("3") == [0, 1])
        #expect(EvdevDevice.kernelBitmapNumbers("1 0") == [64])
        #expect(EvdevDevice.kernelBitmapNumbers("10000 0 0 0 0") == [16 + 256])
        #expect(EvdevDevice.kernelBitmapNumbers("") == [])
        #expect(EvdevDevice.kernelBitmapNumbers("zz 1") == [0], "an unreadable word counts as 0")
        #expect(EvdevDevice.kernelBitmapNumbers("8000000000000000") == [63])
    }

    /// A PenMount as udev lists it: `ABS_X`/`ABS_Y`, `BTN_LEFT`, `MSC_SCAN`.
    @Test func aDeviceFromUdevPropertiesIsClassifiedLikeItsDescription() {
        let penmount = EvdevDevice(
            name: "DIALOGUE INC PenMount USB",
            udevCapabilities: ["EV": "1b", "KEY": "10000 0 0 0 0", "ABS": "3", "MSC": "10"],
            udevProperties: ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1", "ID_SEAT": "seat0"])
        #expect(penmount.has(.key, .btnLeft))
        #expect(penmount.has(.abs, .absY))
        #expect(penmount.eventTypes == [.syn, .key, .abs, .msc])
        #expect(penmount.udev == ["ID_INPUT": "1", "ID_INPUT_MOUSE": "1"])
        #expect(penmount.inputIDTags == [.input, .mouse])
        #expect(penmount.deviceClass == .absolutePointer)
        // Without udev's tags the rules give the same.
        var bare = penmount
        bare.udev = [:]
        #expect(bare.deviceClass == .absolutePointer)
    }

    @Test func tagsNameTheirUdevProperties() {
        let tags: InputIDTags = [.input, .tablet, .key]
        #expect(tags.udevPropertyNames == ["ID_INPUT", "ID_INPUT_TABLET", "ID_INPUT_KEY"])
        #expect(
            InputIDTags(udevProperties: ["ID_INPUT_TABLET": "1", "ID_INPUT": "1"]) == [
                .input, .tablet,
            ])
        #expect(InputIDTags(udevProperties: ["ID_INPUT_TABLET": "0"]) == [])
    }

    @Test func moreInputIDRules() {
        func device(
            keys: [UInt16] = [], abs: [UInt16] = [], properties: Set<Int> = [], bus: Int = 3
        )
            -> EvdevDevice
        {
            var device = EvdevDevice()
            device.bustype = bus
            device.codes[.key] = Set(keys.map { EventCode(rawValue: $0) })
            device.codes[.abs] = Set(abs.map { EventCode(rawValue: $0) })
            device.eventTypes = [.syn, .key, .abs]
            device.properties = properties
            return device
        }
        // No keys, X/Y/Z: an accelerometer, nothing else.
        var accelerometer = device(abs: [0, 1, 2])
        accelerometer.eventTypes = [.syn, .abs]
        accelerometer.codes[.key] = nil
        #expect(accelerometer.inputIDTags == [.input, .accelerometer])
        // Joystick: X/Y + BTN_TRIGGER (0x120).
        #expect(device(keys: [0x120], abs: [0, 1]).inputIDTags.contains(.joystick))
        // A tablet with BTN_0 (0x100) and a stylus but no pen: a tablet pad too.
        #expect(device(keys: [0x100, 0x14b], abs: [0, 1]).inputIDTags.contains(.tabletPad))
        // Mouse buttons without axes on the I2C bus (0x18): a pointing stick.
        #expect(device(keys: [0x110]).inputIDTags == [.input, .mouse])
        #expect(device(keys: [0x110], bus: 0x18).inputIDTags.contains(.pointingStick))
        // MT axes claiming ABS_MT_SLOT - 1 (every axis): not multi-touch.
        #expect(
            !device(keys: [0x14a], abs: [0x2e, 0x2f, 0x35, 0x36]).inputIDTags.contains(.touchscreen)
        )
        #expect(device(keys: [0x14a], abs: [0x2f, 0x35, 0x36]).inputIDTags.contains(.touchscreen))
        // Keys: KEY_ESC…KEY_D make a keyboard; one missing leaves a key device.
        let full = device(keys: Array(1...31))
        #expect(full.inputIDTags == [.input, .key, .keyboard])
        #expect(device(keys: Array(1...30)).inputIDTags == [.input, .key])
    }
}
