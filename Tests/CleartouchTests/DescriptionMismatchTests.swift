import Foundation
import TestSupport
import Testing

@testable import CleartouchCommands
@testable import cleartouch_devices

/// An events-only evemu file read with a description that does not match its events is a
/// warning naming the first such event's line (it once gave 0 contacts, exit 0, and
/// nothing said); with its own description there is none.
@Suite struct DescriptionMismatchTests {
    static let wrongDescriptions = [
        "N: Wrong device\nI: 0003 0001 0001 0001\nA: 00 0 100 0 0 0\nA: 01 0 100 0 0 0\n",
        "N: Keys only\nI: 0011 0001 0001 0001\n",
        "N: Pad\nI: 0011 0002 0000 0000\nA: 00 0 4095 0 0 16\nA: 01 0 2047 0 0 15\nA: 2f 0 1 0 0 0\n",
    ]

    @Test(arguments: [nil] + wrongDescriptions.map(Optional.some))
    func aDescriptionForAnotherDeviceIsAWarning(description: String?) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let whole = try String(
            contentsOfFile: PackagePaths.root.path + "/Recordings/palm-cancel.evemu",
            encoding: .utf8)
        let lines = whole.components(separatedBy: "\n")
        let firstEvent = try #require(lines.firstIndex { $0.hasPrefix("E:") })
        let own = lines[..<firstEvent].joined(separator: "\n") + "\n"
        let events = folder.file("session.events")
        #expect(
            FileManager.default.createFile(
                atPath: events, contents: Data(lines[firstEvent...].joined(separator: "\n").utf8)))
        let desc = folder.file("device.desc")
        #expect(
            FileManager.default.createFile(atPath: desc, contents: Data((description ?? own).utf8)))
        let (status, output) = ExtremeNumberTests.run(
            ReplayCommand.self, [events, "--desc", desc, "--screen", "200x300"])
        #expect(status == 0, "\(output.standardError)")
        let warned = output.standardError.contains("the device description does not declare")
        #expect(warned == (description != nil), "\(output.standardError)")
        if description != nil {
            #expect(output.standardError.contains("warning: \(events):"))
        }
    }
}
