import Foundation
import TestSupport
import Testing

/// The pathological sizes of issue 24 as scaling tests: each input is run at two sizes
/// by the built `cleartouch`, and the time and the peak memory of the larger are compared
/// with the smaller's as ratios (never absolute times). Linear work gives a time ratio
/// near the size ratio (less, as start-up is shared); the quadratic readers this guards
/// against gave the size ratio squared.
@Suite(
    .enabled(
        if: RequiredInput.runs(ifPresent: cleartouchExecutable() != nil), "cleartouch not built"),
    .serialized)
struct InputScalingTests {
    /// Wall time (seconds) and peak resident memory (kB) of one run.
    struct Cost {
        var seconds: Double
        var peakKilobytes: Int
        var status: Int32
    }

    /// Runs `cleartouch arguments` in a child and measures it (`wait4`'s rusage).
    static func cost(_ arguments: [String]) throws -> Cost {
        let executable = try #require(cleartouchExecutable())
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let started = ContinuousClock.now
        #expect(posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - started
        let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Cost(
            seconds: seconds, peakKilobytes: usage.ru_maxrss, status: (status >> 8) & 0xFF)
    }

    /// The costs at `small` and at `large` (the larger taken as the best of two runs, so
    /// that a busy machine does not make a linear reader look quadratic).
    static func ratios(_ make: (Int) throws -> [String], small: Int, large: Int) throws -> (
        time: Double, memory: Double, small: Cost, large: Cost
    ) {
        let smallCost = try cost(try make(small))
        let largeArguments = try make(large)
        var largeCost = try cost(largeArguments)
        let again = try cost(largeArguments)
        if again.seconds < largeCost.seconds { largeCost = again }
        return (
            largeCost.seconds / max(smallCost.seconds, 0.001),
            Double(largeCost.peakKilobytes) / Double(max(smallCost.peakKilobytes, 1)),
            smallCost, largeCost
        )
    }

    static let pinch = PackagePaths.root.path + "/Recordings/gestures-pinch-out-4.yml"

    /// A `libinput record` file with `lines` inserted after `ndevices: 1`.
    static func libinputRecord(_ folder: ScratchFolder, _ name: String, _ lines: String) throws
        -> String
    {
        let text = try String(contentsOfFile: pinch, encoding: .utf8)
            .replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\n" + lines)
        let path = folder.file(name)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    @Test(arguments: ["keys", "anchors"])
    func yamlTopLevelKeysAreLinear(shape: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let result = try Self.ratios(
            { count in
                let lines = (0..<count).map {
                    shape == "keys" ? "k\($0): 1\n" : "a\($0): &x\($0) 1\n"
                }.joined()
                return ["inspect", try Self.libinputRecord(folder, "\(count).yml", lines)]
            }, small: 10_000, large: 100_000)
        #expect(result.small.status == 0 && result.large.status == 0)
        // Ten times the keys: linear is at most 10 (start-up shared), quadratic 100.
        #expect(result.time < 30, "time ratio \(result.time): \(result)")
        #expect(result.memory < 15, "memory ratio \(result.memory)")
    }

    @Test func traceHeaderItemLinesAreLinear() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let trace = OutputFixture.trace
        let result = try Self.ratios(
            { count in
                let items = (0..<count).map { "item 0 row \($0)\n" }.joined()
                let path = folder.file("\(count).trace")
                let text = trace.replacingOccurrences(of: "item 0 one\n", with: items)
                #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
                return ["inspect", path]
            }, small: 10_000, large: 100_000)
        #expect(result.small.status == 0 && result.large.status == 0)
        #expect(result.time < 30, "time ratio \(result.time)")
    }

    /// Nesting 20,000 levels deep costs what 1,000 levels cost: the reader stops at its
    /// depth limit (no stack overflow, no work past the limit).
    @Test(arguments: ["[", "{a: ", "- ", "? "])
    func deepYAMLNestingStopsAtTheLimit(opener: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let closer = opener == "[" ? "]" : opener == "{a: " ? "}" : ""
        let result = try Self.ratios(
            { depth in
                let value =
                    String(repeating: opener, count: depth) + "1"
                    + String(repeating: closer, count: depth)
                let line =
                    opener == "- " || opener == "? "
                    ? "zz:\n" + value + "\n" : "zz: " + value + "\n"
                return ["replay", try Self.libinputRecord(folder, "\(depth).yml", line)]
            }, small: 1_000, large: 20_000)
        #expect(result.small.status == 2 && result.large.status == 2, "\(result)")
        #expect(result.time < 10, "time ratio \(result.time)")
        #expect(result.memory < 3, "memory ratio \(result.memory)")
    }

    /// A deep value where the reader skips values (an unknown key among the events) stops
    /// at the same depth limit: skipping 20,000 levels was quadratic inside libyaml.
    @Test func deepNestingInASkippedValueStopsAtTheLimit() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let text = try String(contentsOfFile: Self.pinch, encoding: .utf8)
        let anchor = "  events:\n"
        #expect(text.contains(anchor))
        let result = try Self.ratios(
            { depth in
                let deep =
                    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                let path = folder.file("skipped-\(depth).yml")
                let mutated = text.replacingOccurrences(
                    of: anchor, with: anchor + "  - extra: " + deep + "\n")
                #expect(FileManager.default.createFile(atPath: path, contents: Data(mutated.utf8)))
                return ["replay", path]
            }, small: 1_000, large: 20_000)
        #expect(result.small.status == 2 && result.large.status == 2, "\(result)")
        #expect(result.time < 10, "time ratio \(result.time)")
    }

    /// A 1 GB sparse list or expectation costs what a 32 MB one does: both fail from
    /// their size, before a byte is read.
    @Test(arguments: ["--list", "--expect"])
    func aHugeFileFailsBeforeItIsRead(option: String) throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let recording = OutputFixture.write(in: folder)
        let result = try Self.ratios(
            { megabytes in
                let path = folder.file("\(megabytes).json")
                #expect(FileManager.default.createFile(atPath: path, contents: nil))
                #expect(truncate(path, off_t(megabytes) << 20) == 0)
                return ["replay", recording, option, path]
            }, small: 32, large: 1024)
        #expect(result.small.status == 2 && result.large.status == 2)
        #expect(result.memory < 1.5, "memory ratio \(result.memory): \(result)")
        #expect(result.time < 5, "time ratio \(result.time)")
    }
}
