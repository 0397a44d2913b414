import AllocationCounter
import ClearCore
import Foundation
import KioskApp
import ListStore
import Recordings
import Replay
import ToolSupport
import TouchInput
import TouchScript

/// A day of kiosk input through the real app loop (`cleartouch app --replay DAY --speed 0
/// --idle-seconds 300`, offscreen): resident memory and open files at the start (after a
/// warm-up), the middle and the end, which must stay flat (at most 2 MB of growth after
/// the warm-up), allocations per frame, log lines, and the saved list checked at the end.
func runSoakBenchmarks() {
    setenv("SDL_VIDEODRIVER", "offscreen", 0)
    let folder = NSTemporaryDirectory() + "cleartouch-soak-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tracePath = folder + "/day.trace"
    let listPath = folder + "/list.json"
    let visits: Int
    do {
        visits = try SoakDay.write(to: tracePath)
    } catch {
        print("soak: cannot write the day's recording: \(error)")
        return
    }
    // What the day must leave: `cleartouch replay` of the same recording (the core alone).
    var source = ReplaySource(path: tracePath)
    source.idleSeconds = SoakDay.idleSeconds
    let replayed: ReplayResult
    do {
        replayed = try ReplayHarness(source: source, keepListsAfterActions: false).run()
    } catch {
        print("soak: cannot replay the day's recording: \(error)")
        return
    }
    var options = KioskOptions(listPath: listPath)
    options.offscreen = true
    options.soundOn = false
    options.replayPath = tracePath
    options.replaySpeed = 0
    options.idleSeconds = SoakDay.idleSeconds
    options.keyboardMode = .off
    // After the day, a few turns of the idle loop (nothing to handle or draw).
    options.keepRunning = true
    var logLines = 0
    var saves = 0
    let app: KioskApp
    do {
        app = try KioskApp(
            options: options,
            log: { line in
                logLines += 1
                if line.hasPrefix("saved ") { saves += 1 }
            })
    } catch {
        print("soak: the app did not start: \(error)")
        return
    }
    _ = requireCountingAllocationCounter()
    var samples: [SoakSample] = []
    let marks = [SoakDay.warmUpShare, 0.5, 1.0]
    let day = Double(SoakDay.daySeconds) * 1e6
    let phases = PhaseAllocations()
    app.onPhase = { phases.enter($0) }
    var idleTurnsAfterDay = 0
    var savesAtWarmUp = 0
    var turnStart = SoakTurn(app)
    app.onReplayTurn = { elapsed, finished in
        phases.leavingOut {
            let progress = finished ? 1 : Double(elapsed) / day
            let turn = SoakTurn(app)
            let idle =
                samples.count > 0 && turn.events == turnStart.events
                && turn.frames == turnStart.frames
            phases.endTurn(
                idle: idle, frames: turn.frames - turnStart.frames,
                changes: turn.changes - turnStart.changes)
            turnStart = turn
            if finished && samples.count == marks.count && idle {
                idleTurnsAfterDay += 1
                // SDL turns it into the quit event the app stops on.
                if idleTurnsAfterDay == SoakDay.idleTurnsAfterDay { raise(SIGTERM) }
            }
            guard samples.count < marks.count, progress >= marks[samples.count] else { return }
            if samples.isEmpty {
                phases.reset()
                savesAtWarmUp = saves
            }
            samples.append(
                SoakSample(
                    share: progress, residentKilobytes: SoakSample.residentKilobytes(),
                    openFiles: SoakSample.openFileCount(), frames: app.framesDrawn,
                    turns: app.loopTurns, allocations: cleartouch_allocation_count(),
                    cpuNanoseconds: processCPUNanoseconds()))
            if samples.count == marks.count { phases.endDay() }
        }
    }
    let wallStart = MonotonicClock.nowNanoseconds()
    let status = app.run()
    let wallSeconds = Double(MonotonicClock.nowNanoseconds() - wallStart) / 1e9
    print(
        "soak: a day of kiosk input (\(visits) visits, idle \(SoakDay.idleSeconds) s) through the app loop (--replay --speed 0, offscreen), \(String(format: "%.1f", wallSeconds)) s, exit \(status)"
    )
    guard samples.count == marks.count else {
        print("  error: only \(samples.count) of \(marks.count) samples were taken")
        return
    }
    for (name, sample) in zip(["start (after warm-up)", "middle", "end"], samples) {
        print(
            "  \(name.padding(toLength: 22, withPad: " ", startingAt: 0)) VmRSS \(sample.residentKilobytes) kB, \(sample.openFiles) open files, \(sample.frames) frames"
        )
    }
    let growth = samples[2].residentKilobytes - samples[0].residentKilobytes
    let fileGrowth = samples[2].openFiles - samples[0].openFiles
    print(
        "  growth after warm-up: \(growth) kB (at most \(SoakDay.maximumGrowthKilobytes)): \(growth <= SoakDay.maximumGrowthKilobytes ? "met" : "NOT met"); open files \(fileGrowth >= 0 ? "+" : "")\(fileGrowth): \(fileGrowth <= 0 ? "met" : "NOT met")"
    )
    let frames = samples[2].frames - samples[0].frames
    let turns = samples[2].turns - samples[0].turns
    let allocations = samples[2].allocations - samples[0].allocations
    let cpu = samples[2].cpuNanoseconds - samples[0].cpuNanoseconds
    print(
        "  after warm-up: \(frames) frames in \(turns) loop turns, \(String(format: "%.1f", Double(allocations) / Double(max(frames, 1)))) allocations/frame (the whole process), \(String(format: "%.2f", Double(cpu) / Double(max(frames, 1)) / 1e6)) ms CPU/frame (drawing, saving, the core); \(logLines) log lines for the day"
    )
    phases.report(
        frames: frames, otherThreads: allocations - phases.dayTotal, saves: saves - savesAtWarmUp)
    do {
        let lists = try ListStore(path: listPath, clock: ListStore.systemClock).loadLists()
        let items = lists?.lists.flatMap(\.list.items) ?? []
        let valid =
            items.map(\.text) == replayed.items.map(\.text)
            && items.map(\.completed) == replayed.items.map(\.completed)
            && items.map(\.text) == TodoList.swiftTutorialSamples.map(\.text)
        let count = { (kind: ActionKind) in replayed.actions.filter { $0.kind == kind }.count }
        print(
            "  saved list: \(items.count) items, \(items.filter(\.completed).count) completed: \(valid ? "valid, the list replay gives (and the day's start)" : "NOT the list replay gives")"
                + "; the day: \(replayed.actions.count) actions (\(count(.sleep)) sleep, \(count(.wake)) wake, \(count(.add)) add, \(count(.delete)) delete)"
        )
    } catch {
        print("  saved list: NOT valid: \(error)")
    }
}

/// Allocations made on the loop's thread after the warm-up, by the part of the turn they
/// were made in (`KioskApp.onPhase`) and by who made them (Swift code, or a C library for
/// its own use), and those of turns with nothing to handle or draw.
private final class PhaseAllocations {
    /// All of them, and those of Swift code, by phase.
    private var counts = [UInt64](repeating: 0, count: LoopPhase.allCases.count)
    private var swiftCounts = [UInt64](repeating: 0, count: LoopPhase.allCases.count)
    private var dayCounts: [UInt64] = []
    private var daySwiftCounts: [UInt64] = []
    private var phase = LoopPhase.waiting
    private var mark = cleartouch_thread_allocation_count()
    private var swiftMark = cleartouch_thread_swift_allocation_count()
    private var processMark = cleartouch_allocation_count()
    private var turnAllocations: UInt64 = 0
    /// All of this turn's allocations on the loop's thread, by phase.
    private var turnAllByPhase = [UInt64](repeating: 0, count: LoopPhase.allCases.count)
    /// The loop thread's allocations in turns that change nothing but positions, by phase
    /// (C libraries' and Swift code's), and the other threads' during those turns.
    private var touchByPhase = [UInt64](repeating: 0, count: LoopPhase.allCases.count)
    private var touchOtherThreads: UInt64 = 0
    /// Other threads' allocations during idle turns.
    private var idleOtherThreads: UInt64 = 0
    /// Those of Swift code on our frame path in this turn.
    private var turnOurAllocations: UInt64 = 0
    private var turnOursByPhase = [UInt64](repeating: 0, count: LoopPhase.allCases.count)
    /// Our allocations in turns that change nothing but positions, by phase.
    private var unchangingByPhase = [UInt64](repeating: 0, count: LoopPhase.allCases.count)
    /// Other threads' allocations in this turn (the process's, less the loop thread's).
    private var turnOtherThreads: UInt64 = 0
    private var idleTurns = 0
    private var idleTurnAllocations: UInt64 = 0
    /// Turns that changed nothing but positions (no action, key, save or new row picture),
    /// the frames they drew and our allocations in them; the same of the other turns.
    private var unchangingTurns = 0
    private var unchangingFrames = 0
    private var unchangingAllocations: UInt64 = 0
    private var changingTurns = 0
    private var changingFrames = 0
    private var changingAllocations: UInt64 = 0
    private var changeCount = 0

    /// The loop enters `next`: what was allocated since the last call is `phase`'s.
    func enter(_ next: LoopPhase) {
        let now = cleartouch_thread_allocation_count()
        let swiftNow = cleartouch_thread_swift_allocation_count()
        counts[phase.rawValue] += now - mark
        swiftCounts[phase.rawValue] += swiftNow - swiftMark
        turnAllocations += now - mark
        turnAllByPhase[phase.rawValue] += now - mark
        if Self.ours.contains(where: { $0.phase == phase }) {
            turnOurAllocations += swiftNow - swiftMark
            turnOursByPhase[phase.rawValue] += swiftNow - swiftMark
        }
        mark = now
        swiftMark = swiftNow
        phase = next
    }

    /// Runs `body` (the benchmark's own bookkeeping) without counting what it allocates.
    func leavingOut(_ body: () -> Void) {
        enter(phase)
        let process = cleartouch_allocation_count()
        // The process's since the last turn ended, less the loop thread's in this turn.
        turnOtherThreads = (process - processMark) - min(turnAllocations, process - processMark)
        body()
        mark = cleartouch_thread_allocation_count()
        swiftMark = cleartouch_thread_swift_allocation_count()
        processMark = cleartouch_allocation_count()
    }

    /// A turn of the loop ended; `idle`: it handled no event and drew no frame; it drew
    /// `frames` and made `changes` (actions, keys typed, saves, row pictures drawn anew).
    func endTurn(idle: Bool, frames: Int, changes: Int) {
        if idle {
            idleTurns += 1
            idleTurnAllocations += turnAllocations
            idleOtherThreads += turnOtherThreads
        }
        if changes == 0 {
            for index in turnAllByPhase.indices { touchByPhase[index] += turnAllByPhase[index] }
            touchOtherThreads += turnOtherThreads
            unchangingTurns += 1
            unchangingFrames += frames
            unchangingAllocations += turnOurAllocations
            for index in turnOursByPhase.indices {
                unchangingByPhase[index] += turnOursByPhase[index]
            }
        } else {
            changingTurns += 1
            changingFrames += frames
            changingAllocations += turnOurAllocations
            changeCount += changes
        }
        turnAllocations = 0
        turnOtherThreads = 0
        turnOurAllocations = 0
        for index in turnOursByPhase.indices {
            turnOursByPhase[index] = 0
            turnAllByPhase[index] = 0
        }
    }

    /// The warm-up is over: counting starts.
    func reset() {
        for index in counts.indices {
            counts[index] = 0
            swiftCounts[index] = 0
        }
        idleTurns = 0
        idleTurnAllocations = 0
        idleOtherThreads = 0
        for index in touchByPhase.indices { touchByPhase[index] = 0 }
        touchOtherThreads = 0
        (unchangingTurns, unchangingFrames, unchangingAllocations) = (0, 0, 0)
        for index in unchangingByPhase.indices { unchangingByPhase[index] = 0 }
        (changingTurns, changingFrames, changingAllocations, changeCount) = (0, 0, 0, 0)
    }

    /// The day's end: its counts are kept apart from the idle turns after it.
    func endDay() {
        // Copies of their own: the counts go on changing in place after the day.
        dayCounts = counts.map { $0 }
        daySwiftCounts = swiftCounts.map { $0 }
        dayTurns = (unchangingTurns, unchangingFrames, unchangingAllocations)
        dayUnchangingByPhase = unchangingByPhase.map { $0 }
        dayChangingTurns = (changingTurns, changingFrames, changingAllocations, changeCount)
        dayTouchByPhase = touchByPhase.map { $0 }
        dayTouchOtherThreads = touchOtherThreads
    }
    private var dayTouchByPhase: [UInt64] = []
    private var dayTouchOtherThreads: UInt64 = 0
    private var dayTurns = (turns: 0, frames: 0, allocations: UInt64(0))
    private var dayUnchangingByPhase: [UInt64] = []
    private var dayChangingTurns = (turns: 0, frames: 0, allocations: UInt64(0), changes: 0)

    /// What the loop's thread allocated during the day, after the warm-up.
    var dayTotal: UInt64 { dayCounts.reduce(0, +) }

    /// Our frame path: everything but reading the recording and the present.
    private static let ours: [(name: String, phase: LoopPhase)] = [
        ("input", .input), ("time", .time), ("saving", .saving),
        ("presentation", .presentation), ("drawing", .drawing), ("loop", .waiting),
    ]

    func report(frames: Int, otherThreads: UInt64, saves: Int) {
        let perFrame = { (count: UInt64) in
            String(format: "%.1f", Double(count) / Double(max(frames, 1)))
        }
        let all = { (phase: LoopPhase) in self.dayCounts[phase.rawValue] }
        let swift = { (phase: LoopPhase) in self.daySwiftCounts[phase.rawValue] }
        let c = { (phase: LoopPhase) in all(phase) - swift(phase) }
        let ours = Self.ours.reduce(0) { $0 + swift($1.phase) }
        print(
            "  our frame path (Swift code, input to drawing) after warm-up: \(dayTurns.allocations) allocations in \(dayTurns.turns) turns that change nothing but positions (\(dayTurns.frames) frames: drags, animations, scrolling; idle turns): \(dayTurns.allocations == 0 ? "met" : "NOT met (" + Self.ours.filter { self.dayUnchangingByPhase[$0.phase.rawValue] > 0 }.map { "\($0.name) \(self.dayUnchangingByPhase[$0.phase.rawValue])" }.joined(separator: ", ") + ")")"
        )
        print(
            "    \(dayChangingTurns.allocations) in the \(dayChangingTurns.turns) turns (\(dayChangingTurns.frames) frames) that change what is shown or kept (\(dayChangingTurns.changes) actions, keys typed, saves, row pictures drawn anew): per change, not per frame; \(perFrame(ours)) per frame in all ("
                + Self.ours.map { "\($0.name) \(perFrame(swift($0.phase)))" }.joined(
                    separator: ", ")
                + ")"
        )
        print(
            "  inside C libraries: \(perFrame(c(.drawing))) drawing (Cairo, pixman, Pango), \(perFrame(all(.present))) in the present (SDL, Mesa's GL; \(perFrame(swift(.present))) of them Swift), "
                + "\(perFrame(Self.ours.filter { $0.phase != .drawing }.reduce(0) { $0 + c($1.phase) })) elsewhere on the loop; "
                + "\(perFrame(all(.readingRecording))) reading the recording (replay only); \(perFrame(otherThreads)) on other threads (the list writer's saves)"
        )
        print(
            "  idle: \(idleTurns) loop turns with no input and nothing to draw (\(SoakDay.idleTurnsAfterDay) of them after the day), \(idleTurnAllocations) allocations: \(idleTurnAllocations == 0 ? "met" : "NOT met")"
        )
        reportWholeProcess(otherThreads: otherThreads, saves: saves)
    }

    /// Per idle turn and per touch frame, the whole process: the loop's thread by part of
    /// the turn, and the other threads apart (the list writer saves per change).
    private func reportWholeProcess(otherThreads: UInt64, saves: Int) {
        let touchFrames = max(dayTurns.frames, 1)
        let perTouchFrame = { (count: UInt64) in
            String(format: "%.1f", Double(count) / Double(touchFrames))
        }
        let touch = { (phase: LoopPhase) in self.dayTouchByPhase[phase.rawValue] }
        let loopThread = dayTouchByPhase.reduce(0, +)
        let elsewhere = Self.ours.filter { $0.phase != .drawing }.reduce(0) { $0 + touch($1.phase) }
        print(
            "  per touch frame, the whole process (the \(dayTurns.frames) frames of turns that change nothing but positions): \(perTouchFrame(loopThread)) on the loop's thread: \(perTouchFrame(touch(.drawing))) drawing (Cairo, pixman, Pango), \(perTouchFrame(touch(.present))) in the present (SDL, Mesa's GL), \(perTouchFrame(elsewhere)) elsewhere on the loop, \(perTouchFrame(touch(.readingRecording))) reading the recording (replay only); \(perTouchFrame(dayTouchOtherThreads)) on other threads meanwhile (the list writer finishing saves)"
        )
        let idleAll = idleTurnAllocations + idleOtherThreads
        print(
            "  per idle turn, the whole process: \(idleAll) allocations in \(idleTurns) turns (\(idleOtherThreads) of them on other threads): \(idleAll == 0 ? "met" : "NOT met")"
        )
        print(
            "  the list writer's thread: \(otherThreads) allocations for \(saves) saves after warm-up, \(saves > 0 ? String(format: "%.0f", Double(otherThreads) / Double(saves)) : "-") per save: per change, not per frame"
        )
    }
}

/// What the app has done so far, at the end of a turn of its loop.
private struct SoakTurn {
    var events: Int
    var frames: Int
    var changes: Int

    init(_ app: KioskApp) {
        events = app.eventsHandled
        frames = app.framesDrawn
        changes = app.changes + app.rowPicturesDrawn
    }
}

/// Memory and files at one moment of the soak.
private struct SoakSample {
    var share: Double
    var residentKilobytes: Int
    var openFiles: Int
    var frames: Int
    var turns: Int
    var allocations: UInt64
    var cpuNanoseconds: Int64

    /// `VmRSS` of /proc/self/status, in kB.
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return -1 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }

    /// The entries of /proc/self/fd.
    static func openFileCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}

private func processCPUNanoseconds() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
}

/// The day: every `visitIntervalSeconds` someone comes by (the first touch wakes the
/// kiosk and does nothing else), completes a row and makes it active again, adds an item
/// by a pull and types it, deletes it, taps a row and ends the edit, and scrolls; then
/// the kiosk sleeps again. The list ends as it began, so any growth is the program's.
/// Written to the trace one visit at a time (never the whole day in memory).
enum SoakDay {
    static let idleSeconds = 300
    static let visitIntervalSeconds: Int64 = 900
    /// A day; `CLEARTOUCH_SOAK_HOURS` shortens it (a quick look while working on the loop).
    static let daySeconds: Int64 =
        ProcessInfo.processInfo.environment["CLEARTOUCH_SOAK_HOURS"].flatMap(Int64.init).map {
            max(1, $0) * 3600
        } ?? 86_400
    /// Turns of the idle loop after the day (the idle wait is 250 ms each).
    static let idleTurnsAfterDay = 8
    static let warmUpShare = 0.1
    static let maximumGrowthKilobytes = 2048
    /// A quarter of the 1080×1920 kiosk's pixels: the day is about the loop's memory, and
    /// a full-size frame per animation step would make it a render benchmark of minutes.
    static let screen = ScreenSize(widthPixels: 540, heightPixels: 960)
    /// round(540 · 50 / 320).
    static let rowHeightPixels = 84

    /// Writes the day's trace; returns the number of visits.
    static func write(to path: String) throws(RecordingError) -> Int {
        let writer = try TraceWriter(path: path, flushesEveryCall: false)
        var header = SyntheticTrace.header(keyboard: true, list: nil)
        header.screen = screen
        header.rowHeightPixels = Double(rowHeightPixels)
        try writer.writeHeader(header)
        // An empty frame at 0 starts the idle time, so the first visit finds the kiosk asleep.
        var start = Script()
        start.markStart()
        var events: [InputEvent] = []
        SyntheticTrace.inputEvents(start.events, into: &events)
        for event in events { try writer.write(event) }
        var time = visitIntervalSeconds * 1_000_000
        var visits = 0
        while time < daySeconds * 1_000_000 {
            var script = Script(startMicroseconds: time)
            visit(&script, number: visits)
            events.removeAll(keepingCapacity: true)
            SyntheticTrace.inputEvents(script.events, into: &events)
            for event in events { try writer.write(event) }
            visits += 1
            time += visitIntervalSeconds * 1_000_000
        }
        try writer.close()
        return visits
    }

    /// Row centre y for row i (H = 84; W/2 = 270, so a swipe of 300 px acts).
    private static func row(_ i: Int) -> Int { rowHeightPixels * i + rowHeightPixels / 2 }

    private static func visit(_ s: inout Script, number: Int) {
        let target = number % 10
        s.tap(x: 270, y: 940)  // row 11: wakes the kiosk, nothing else
        s.wait(milliseconds: 800)
        s.drag(x: 150, y: row(target), dx: 300, dy: 0)  // complete
        s.wait(milliseconds: 800)
        s.drag(x: 150, y: row(target), dx: 300, dy: 0)  // active again
        s.wait(milliseconds: 800)
        s.drag(x: 270, y: 150, dx: 0, dy: 125, steps: 25)  // pull past H: add at 0, edit
        s.wait(milliseconds: 600)
        s.type("visit \(number)")
        s.key(KeyboardKey.returnCode)
        s.wait(milliseconds: 800)
        s.drag(x: 400, y: row(0), dx: -300, dy: 0)  // delete it again
        s.wait(milliseconds: 800)
        s.tap(x: 270, y: row(target))  // edit, then Return: unchanged
        s.wait(milliseconds: 600)
        s.key(KeyboardKey.returnCode)
        s.wait(milliseconds: 800)
        s.drag(x: 270, y: 800, dx: 0, dy: -150, steps: 25)  // scroll to the end and back
        s.wait(milliseconds: 1500)
        s.drag(x: 270, y: 450, dx: 0, dy: 150, steps: 25)
        s.wait(milliseconds: 1500)
    }
}
