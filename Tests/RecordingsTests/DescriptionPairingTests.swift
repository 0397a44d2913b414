import Foundation
import TestSupport
import Testing

@testable import Recordings

/// Events-only evemu files find their description by the evemu-devices naming, the
/// same way in every reader (`EvemuDescriptionPairing`).
@Suite struct DescriptionPairingTests {
    static let touchpads = PackagePaths.corpus.appendingPathComponent("evemu-devices/touchpads")
        .path

    @Test(arguments: [
        (
            "SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-vertical.events",
            "SynPS2 Synaptics TouchPad.hp8470p.desc"
        ),
        ("SynPS2 Synaptics TouchPad.leftmove.events", "SynPS2 Synaptics TouchPad.desc"),
        ("SynPS2 Synaptics TouchPad-fdo23890.events", "SynPS2 Synaptics TouchPad-fdo23890.desc"),
        ("ETPS2 Elantech Touchpad.events", "ETPS2 Elantech Touchpad.desc"),
        (
            "AlpsPS2-ALPS-DualPoint-TouchPad-non-MT.tap.events",
            "AlpsPS2-ALPS-DualPoint-TouchPad.desc"
        ),
    ])
    func theLongestMatchingNameWins(events: String, description: String) {
        #expect(
            EvemuDescriptionPairing.descriptionPath(forEventsFile: Self.touchpads + "/" + events)
                == Self.touchpads + "/" + description)
    }

    @Test func namesThatDoNotPairAndEqualStems() {
        let names = ["a.b.desc", "a.desc", "a.device", "ab.events", "z.desc", "a.b.c.events"]
        #expect(EvemuDescriptionPairing.bestMatch(for: "a.b.c.events", among: names) == "a.b.desc")
        #expect(EvemuDescriptionPairing.bestMatch(for: "ab.events", among: names) == "a.desc")
        #expect(EvemuDescriptionPairing.bestMatch(for: "q.events", among: names) == nil)
        #expect(
            EvemuDescriptionPairing.bestMatch(for: "a.events", among: ["a.device"]) == "a.device")
        // A description never pairs with itself; other extensions are not descriptions.
        #expect(EvemuDescriptionPairing.bestMatch(for: "a.desc", among: ["a.desc"]) == nil)
        #expect(EvemuDescriptionPairing.bestMatch(for: "a.x.events", among: ["a.events"]) == nil)
        #expect(
            EvemuDescriptionPairing.descriptionPath(forEventsFile: "/nonexistent/a.events") == nil)
    }

    /// Opened with no description given, the hp8470p file reads the hp8470p pad (not the
    /// generic Synaptics one, whose name is a shorter prefix).
    @Test func recordingOpenPairsWithoutDesc() throws {
        let events =
            Self.touchpads + "/SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-vertical.events"
        let paired = try Recording.open(path: events)
        let explicit = try Recording.open(
            path: events, descPath: Self.touchpads + "/SynPS2 Synaptics TouchPad.hp8470p.desc")
        let generic = try Recording.open(
            path: events, descPath: Self.touchpads + "/SynPS2 Synaptics TouchPad.desc")
        #expect(paired.header == explicit.header)
        #expect(paired.header != generic.header)
        #expect(paired.header.devices.first?.name == "SynPS/2 Synaptics TouchPad")
        var count = 0
        while try paired.next() != nil { count += 1 }
        #expect(count > 100)
    }

    @Test func anUnpairedEventsFileSaysWhatIsMissingOnce() throws {
        let path = TestFiles.scratch(
            "E: 0.000001 0003 0039 0005\nE: 0.000001 0000 0000 0000\n", name: "lonely.events")
        do {
            _ = try Recording.open(path: path)
            Issue.record("no error")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "\(path):1: `E:` before any device description, and no NAME.desc beside the file"
                ), "\(error)")
            #expect(error.description.components(separatedBy: path).count == 2, "\(error)")
        }
    }
}
