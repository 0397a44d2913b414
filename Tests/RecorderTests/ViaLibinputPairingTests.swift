import Foundation
import Recordings
import TestSupport
import Testing

@testable import Recorder

/// `--via-libinput` pairs an events-only evemu file with its description as every other
/// reader does, and names the file once when there is none.
@Suite struct ViaLibinputPairingTests {
    static let touchpads = PackagePaths.corpus.appendingPathComponent("evemu-devices/touchpads")
        .path

    @Test func anEventsOnlyFileFindsItsDescription() throws {
        let events =
            Self.touchpads + "/SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-vertical.events"
        let devices = try ViaLibinputReplay.testbedDevices(path: events, descPath: nil, format: nil)
        let explicit = try ViaLibinputReplay.testbedDevices(
            path: events, descPath: Self.touchpads + "/SynPS2 Synaptics TouchPad.hp8470p.desc",
            format: nil)
        let generic = try ViaLibinputReplay.testbedDevices(
            path: events, descPath: Self.touchpads + "/SynPS2 Synaptics TouchPad.desc", format: nil)
        #expect(devices.count == 1)
        #expect(devices.first?.description == explicit.first?.description)
        #expect(devices.first?.description != generic.first?.description)
        #expect(devices.first?.description.name == "SynPS/2 Synaptics TouchPad")
    }

    @Test func withoutADescriptionTheErrorNamesTheFileOnce() throws {
        let folder = NSTemporaryDirectory() + "cleartouch-via-pairing-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/lonely.events"
        try "E: 0.000001 0003 0039 0005\nE: 0.000001 0000 0000 0000\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        do {
            _ = try ViaLibinputReplay.testbedDevices(path: path, descPath: nil, format: .evemu)
            Issue.record("no error")
        } catch {
            #expect(
                error.description
                    == "\(path):1: no device description (N:, I:, B:, A: lines); use --desc")
        }
    }
}
