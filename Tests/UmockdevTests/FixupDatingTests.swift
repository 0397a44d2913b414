import Evdev
import Foundation
import TestSupport
import Testing
import Umockdev

/// How the fix-up preload dates the frames umockdev plays (docs/libinput-backend.md,
/// "Tests under umockdev"). A touchscreen's as they are sent, like the kernel, so a program
/// that falls behind (a busy app on a loaded machine) still sees them spaced as scripted:
/// dating them when read put the whole delay before the first frame read late, and a pan's
/// first move came half a second after its touch-down, a long press. A touchpad's when
/// they are read, so that libinput's tap and gesture timers, armed from event times, never
/// fire before frames that came first.
@Suite(
    .enabled(
        if: UmockdevHarness.runs,
        "\(UmockdevHarness.unavailableReason ?? "")"))
struct FixupDatingTests {
    static let python = "/usr/bin/python3"

    /// An emulated device and the session it plays.
    struct Played {
        var description: String
        var session: String
        static let touchscreen = Played(description: "touchscreen.evemu", session: "ts-pinch.evemu")
        static let touchpad = Played(description: "touchpad.evemu", session: "tp-pinch.evemu")
    }

    /// What `slow-reader.py` saw, in microseconds on CLOCK_MONOTONIC.
    struct SlowRead {
        /// From asking for the first frame to having it.
        var firstAsked: Int64
        var firstHad: Int64
        /// From having the first frame to reading again.
        var stall: Int64
        /// Each frame's time as read.
        var frameTimes: [Int64]

        init(_ output: String) throws {
            let lines = output.split(separator: "\n").map { $0.split(separator: " ") }
            try #require(lines.count == 3, "\(output)")
            try #require(lines[0].count == 3 && lines[0][0] == "first", "\(output)")
            try #require(lines[1].count == 2 && lines[1][0] == "stall", "\(output)")
            firstAsked = try #require(Int64(lines[0][1]))
            firstHad = try #require(Int64(lines[0][2]))
            stall = try #require(Int64(lines[1][1]))
            frameTimes = try lines[2].map { try #require(Int64($0)) }
        }
    }

    /// The scripted session's events and its frames' times.
    static func scripted(_ played: Played) throws -> (events: [EvdevEvent], frameTimes: [Int64]) {
        let (_, events) = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent(played.session).path)
        return (events, events.filter(\.isSynReport).map(\.timeMicroseconds))
    }

    /// Plays `played` to `slow-reader.py`. `readerOnly` puts the preload in the reader
    /// alone, not in umockdev-run, which plays the script.
    static func playToASlowReader(_ played: Played, readerOnly: Bool = false) throws -> SlowRead {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            try RequiredInput.missing("\(python) is not installed (tools/bootstrap installs it)")
        }
        let (events, frameTimes) = try scripted(played)
        let device = UmockdevHarness.Device(
            description: played.description, eventNumber: 50, session: played.session)
        let (directory, testbed) = try UmockdevHarness.prepare([device])
        defer { try? FileManager.default.removeItem(at: directory) }
        let reader = [
            python, UmockdevHarness.fixtures.appendingPathComponent("slow-reader.py").path,
            device.node, String(frameTimes.count), String(events.count),
        ]
        // umockdev-run gives its child LD_PRELOAD=libumockdev-preload; the preload goes first.
        let command =
            readerOnly
            ? [
                "/bin/sh", "-c", "LD_PRELOAD=\"$0 $LD_PRELOAD\" exec \"$@\"",
                UmockdevHarness.preload,
            ] + reader : reader
        let run = try runCommand(
            executable: UmockdevHarness.umockdevRun, arguments: testbed + ["--"] + command,
            environment: readerOnly ? [:] : UmockdevHarness.environment)
        try #require(run.status == 0, "\(run.standardError)")
        return try SlowRead(run.standardOutput)
    }

    /// Every frame read, the first dated while the reader waited for it, and no gap
    /// shorter than scripted (umockdev sends late, never early).
    static func expectScriptedSpacing(_ read: SlowRead, _ played: Played) throws {
        let scripted = try Self.scripted(played).frameTimes
        try #require(read.frameTimes.count == scripted.count)
        #expect(read.firstAsked <= read.frameTimes[0] && read.frameTimes[0] <= read.firstHad)
        for index in scripted.indices.dropFirst() {
            #expect(
                read.frameTimes[index] - read.frameTimes[index - 1]
                    >= scripted[index] - scripted[index - 1],
                "frame \(index)")
        }
    }

    @Test func aTouchscreensFramesAreDatedAsSentSoAReaderThatFallsBehindKeepsTheirSpacing()
        throws
    {
        let read = try Self.playToASlowReader(.touchscreen)
        try Self.expectScriptedSpacing(read, .touchscreen)
        // The reader stopped for the whole rest of the script, yet the next frame is dated
        // as it was sent, well within the stall; dated when read, it came after all of it.
        let firstGap = read.frameTimes[1] - read.frameTimes[0]
        #expect(firstGap < read.stall, "first gap \(firstGap) µs, stall \(read.stall) µs")
    }

    @Test func aTouchpadsFramesAreDatedWhenRead() throws {
        let read = try Self.playToASlowReader(.touchpad)
        try Self.expectScriptedSpacing(read, .touchpad)
        // The frame read after the stall is dated then: the gap holds all of the stall.
        #expect(read.frameTimes[1] - read.frameTimes[0] > read.stall)
    }

    @Test func withoutThePreloadInThePlayerATouchscreensFramesAreDatedWhenRead() throws {
        let read = try Self.playToASlowReader(.touchscreen, readerOnly: true)
        try Self.expectScriptedSpacing(read, .touchscreen)
        #expect(read.frameTimes[1] - read.frameTimes[0] > read.stall)
    }
}
