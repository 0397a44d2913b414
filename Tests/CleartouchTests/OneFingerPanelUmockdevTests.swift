import Foundation
import TestSupport
import Testing
import TouchInput

/// The one-finger panels live (docs/devices.md), under umockdev with the udev properties
/// input_id gives them: real libinput where it takes the device (the PenMount, an absolute
/// pointer; a pen tablet), the direct path where it does not (the eGalax), by node and
/// from the seat. A swipe on each completes a row.
@Suite(.enabled(if: UmockdevHarness.runs, "\(UmockdevHarness.unavailableReason ?? "")"))
struct OneFingerPanelUmockdevTests {
    static let penmount = UmockdevHarness.Device.penmountSwipe
    static let egalax = UmockdevHarness.Device.egalaxSwipe
    static let egalaxLate = UmockdevHarness.Device.egalaxSwipeLate
    static var pen: UmockdevHarness.Device {
        UmockdevHarness.Device(
            description: "pen-tablet.evemu", eventNumber: 62, session: "pen-swipe.evemu")
    }

    static func debugGestures(_ devices: [UmockdevHarness.Device], nodes: [String]) throws
        -> UmockdevHarness.Run
    {
        try DebugGesturesUmockdevTests.debugGestures(devices, arguments: nodes)
    }

    static func actions(_ run: UmockdevHarness.Run) -> [String] {
        run.lines.filter { $0.hasPrefix("     action") }.map {
            $0.split(separator: " ").prefix(3).dropFirst().joined(separator: " ")
        }
    }

    @Test func aPenMountIsAnAbsolutePointerLibinputTakesAndItsSwipeCompletesARow() throws {
        let run = try Self.debugGestures([Self.penmount], nodes: [Self.penmount.node])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.lines.contains(
                "path event60 DIALOGUE INC PenMount USB: libinput (absolute pointer)"),
            "\(run.standardOutput)")
        #expect(Self.actions(run) == ["complete 2"], "\(run.standardOutput)")
    }

    @Test func anEGalaxNamedByNodeIsReadDirectlyAndItsSwipeCompletesARow() throws {
        let run = try Self.debugGestures([Self.egalax], nodes: [Self.egalax.node])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.lines.contains(
                "path event61 eGalax Inc. USB TouchController Touchscreen: direct (libinput refused it; tablet-class touch panel)"
            ), "\(run.standardOutput)")
        #expect(Self.actions(run) == ["complete 2"], "\(run.standardOutput)")
    }

    /// The kernel dropped events mid-swipe: libevdev resynchronises from the device's
    /// state (the emulated device says nothing is down), so the contact ends there; the
    /// next swipe works as ever.
    @Test func afterSynDroppedTheDirectPathResynchronisesAndGoesOn() throws {
        let dropped = UmockdevHarness.Device(
            description: "egalax.evemu", eventNumber: 61, session: "egalax-dropped.evemu")
        let run = try Self.debugGestures([dropped], nodes: [dropped.node])
        #expect(run.status == 0, "\(run.standardError)")
        let frames = run.lines.filter { $0.contains("TOUCH_FRAME") }
        // Two contacts, each down once and up once: the first lifted by the resync.
        #expect(frames.filter { $0.contains(" down ") }.count == 2, "\(run.standardOutput)")
        #expect(frames.filter { $0.contains(" up ") }.count == 2, "\(run.standardOutput)")
        #expect(Self.actions(run).last == "complete 2", "\(run.standardOutput)")
    }

    @Test func fromTheSeatEachPanelTakesItsPathAndBothSwipesComplete() throws {
        let run = try Self.debugGestures([Self.penmount, Self.egalaxLate], nodes: [])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.lines.contains(
                "path event60 DIALOGUE INC PenMount USB: libinput (absolute pointer)"),
            "\(run.standardOutput)")
        #expect(
            run.lines.contains(
                "path event61 eGalax Inc. USB TouchController Touchscreen: direct (libinput ignores it; tablet-class touch panel)"
            ), "\(run.standardOutput)")
        // Both swipes cross the third row: the first completes it, the second un-completes it.
        #expect(Self.actions(run) == ["complete 2", "uncomplete 2"], "\(run.standardOutput)")
    }

    @Test func aPenTabletsStrokeIsNoFinger() throws {
        let run = try Self.debugGestures([Self.pen], nodes: [Self.pen.node])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.lines.contains("path event62 ClearTouch Mock Pen: libinput (pen tablet)"),
            "\(run.standardOutput)")
        #expect(Self.actions(run).isEmpty, "\(run.standardOutput)")
        #expect(!run.lines.contains { $0.contains("TOUCH_FRAME") }, "\(run.standardOutput)")
    }

    @Test func aStylusPanelLibinputTakesAsATabletIsOneFinger() throws {
        let panel = UmockdevHarness.Device(
            description: "stylus-panel.evemu", eventNumber: 63, session: "stylus-panel-swipe.evemu")
        let run = try Self.debugGestures([panel], nodes: [panel.node])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.lines.contains(
                "path event63 ClearTouch Mock Stylus Panel: libinput (tablet-class touch panel)"),
            "\(run.standardOutput)")
        #expect(Self.actions(run) == ["complete 2"], "\(run.standardOutput)")
    }
}
