import Evdev
import Foundation
import TestSupport
import Testing
import Umockdev

/// Emulated devices get the `ID_INPUT_*` properties udev's input_id gives them
/// (docs/devices.md), so libinput sees them as on a real system.
@Suite struct UmockdevUdevTests {
    static func properties(_ fixture: String) throws -> [String] {
        let (description, _) = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent(fixture).path)
        let file = UmockdevFiles.umockdevFile(description, eventNumber: 60, dmi: false)
        // The event node's block: the properties before the first blank line.
        let node = file.components(separatedBy: "\n\n")[0]
        return node.split(separator: "\n").filter { $0.hasPrefix("E: ID_INPUT") }.map {
            String($0.dropFirst(3))
        }
    }

    @Test func eachFixtureHasInputIDsProperties() throws {
        #expect(try Self.properties("egalax.evemu") == ["ID_INPUT=1", "ID_INPUT_TABLET=1"])
        #expect(try Self.properties("penmount.evemu") == ["ID_INPUT=1", "ID_INPUT_MOUSE=1"])
        #expect(try Self.properties("pen-tablet.evemu") == ["ID_INPUT=1", "ID_INPUT_TABLET=1"])
        #expect(
            try Self.properties("touchscreen.evemu") == ["ID_INPUT=1", "ID_INPUT_TOUCHSCREEN=1"])
        #expect(
            try Self.properties("touchpad.evemu") == [
                "ID_INPUT=1", "ID_INPUT_TOUCHPAD=1", "ID_INPUT_TOUCHPAD_INTEGRATION=internal",
            ])
        #expect(
            try Self.properties("keyboard.evemu") == [
                "ID_INPUT=1", "ID_INPUT_KEY=1", "ID_INPUT_KEYBOARD=1",
            ])
    }

    @Test func aKindForcesItsProperties() throws {
        let (description, _) = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent("egalax.evemu").path)
        let file = UmockdevFiles.umockdevFile(
            description, eventNumber: 60, kind: .touchscreen, dmi: false)
        #expect(file.contains("E: ID_INPUT_TOUCHSCREEN=1"))
        #expect(!file.contains("ID_INPUT_TABLET"))
        #expect(UmockdevFiles.kind(of: description) == .tablet)
    }
}
