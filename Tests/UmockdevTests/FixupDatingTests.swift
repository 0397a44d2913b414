import Evdev
import Foundation
import TestSupport
import Testing
import Umockdev

/// How the fix-up preload dates the frames umockdev plays (docs/libinput-backend.md,
/// "Tests under umockdev"): as they are sent, like the kernel, so a program that falls
/// behind (a busy app on a loaded machine) still sees them spaced as scripted. Dating them
/// when read instead put the whole delay before the first frame read late: a pan's first
/// move came half a second after its touch-down, a long press.
@Suite(
    .enabled(
        if: UmockdevHarness.runs,
        "\(UmockdevHarness.unavailableReason ?? "")"))
struct FixupDatingTests {
    static let python = "/usr/bin/python3"
    static let session = "ts-pinch.evemu"

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
    static func scripted() throws -> (events: [EvdevEvent], frameTimes: [Int64]) {
        let (_, events) = try UmockdevTestbed.parseFile(
            UmockdevHarness.fixtures.appendingPathComponent(session).path)
        return (events, events.filter(\.isSynReport).map(\.timeMicroseconds))
    }

    /// Plays the session on an emulated touchscreen to `slow-reader.py`. `readerOnly` puts
    /// the preload in the reader alone, not in umockdev-run, which plays the script.
    static func playToASlowReader(readerOnly: Bool) throws -> SlowRead {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            try RequiredInput.missing("\(python) is not installed (tools/bootstrap installs it)")
        }
        let (events, frameTimes) = try scripted()
        let device = UmockdevHarness.Device(
            description: "touchscreen.evemu", eventNumber: 50, session: session)
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

    @Test func framesAreDatedAsSentSoAReaderThatFallsBehindSeesTheScriptedSpacing() throws {
        let read = try Self.playToASlowReader(readerOnly: false)
        let scripted = try Self.scripted().frameTimes
        try #require(read.frameTimes.count == scripted.count)
        // On CLOCK_MONOTONIC: the first frame is dated while the reader waited for it.
        #expect(read.firstAsked <= read.frameTimes[0] && read.frameTimes[0] <= read.firstHad)
        // The reader stopped for the whole rest of the script, yet the next frame is dated
        // as it was sent, well within the stall; dated when read, it came after all of it.
        let firstGap = read.frameTimes[1] - read.frameTimes[0]
        #expect(firstGap < read.stall, "first gap \(firstGap) µs, stall \(read.stall) µs")
        // Never closer than scripted: umockdev sends late, never early.
        for index in scripted.indices.dropFirst() {
            #expect(
                read.frameTimes[index] - read.frameTimes[index - 1]
                    >= scripted[index] - scripted[index - 1],
                "frame \(index)")
        }
    }

    @Test func withoutThePreloadInThePlayerFramesAreDatedWhenRead() throws {
        let read = try Self.playToASlowReader(readerOnly: true)
        let scripted = try Self.scripted().frameTimes
        try #require(read.frameTimes.count == scripted.count)
        #expect(read.firstAsked <= read.frameTimes[0] && read.frameTimes[0] <= read.firstHad)
        // The frame read after the stall is dated then: the gap holds all of the stall.
        #expect(read.frameTimes[1] - read.frameTimes[0] > read.stall)
        for index in scripted.indices.dropFirst() {
            #expect(
                read.frameTimes[index] - read.frameTimes[index - 1]
                    >= scripted[index] - scripted[index - 1],
                "frame \(index)")
        }
    }
}
