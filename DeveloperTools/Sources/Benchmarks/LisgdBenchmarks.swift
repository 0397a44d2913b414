import Evdev
import Foundation
import Umockdev

#if canImport(Glibc)
    import Glibc
#endif

/// The gesture service beside its peer (issue 35): the same 30 s of real 4-finger drags
/// (the corpus's Atmel maXTouch `4-finger-drag-down`, 40 times, one every 750 ms) played
/// through the real libinput under umockdev into Debian's `lisgd` and into `cleartouch
/// gestures` as the package's unit runs it (the static cleartouch-gestures beside the
/// front, started directly), at the same time, each in a testbed of its own. Each
/// binds the 4-finger swipe down to a command (lisgd `echo`, through its shell; the service
/// `true`) and the service publishes on a private `dbus-daemon`. The fix-up preload releases
/// each program's barrier at its first wait for input and ends it at its first wait after
/// the last frame, writing its own CPU time (user + system) and peak resident set
/// (`getrusage`) first: the figures are the program's alone, start-up included, neither
/// umockdev-run's (which plays the frames) nor the commands'. The preload is the plain C
/// build `make bench` makes (CLEARTOUCH_BENCH_PRELOAD): SwiftPM's links the Swift runtime,
/// which would count in both programs' peaks (3 MiB of lisgd's 7.8; docs/performance.md).
/// Then each program's floor: its peak when it starts and exits at once.
func runLisgdBenchmarks() {
    print("## The gesture service beside lisgd (30 s of real 4-finger drags through libinput)")
    fflush(nil)
    let peer = PeerBenchmark()
    guard let problem = peer.missing else {
        peer.run(rounds: 3)
        peer.printFloors()
        return
    }
    print("skipped: \(problem)")
}

private struct PeerBenchmark {
    static let lisgd = "/usr/bin/lisgd"
    static let umockdevRun = "/usr/bin/umockdev-run"
    static let time = "/usr/bin/time"
    static let repetitions = 40
    static let periodMicroseconds: Int64 = 750_000
    static let screen = (widthPixels: 800, heightPixels: 480)
    static let recording = "Tests/Corpus/evemu-devices/touchscreens/Atmel maXTouch Touchscreen"

    /// The static front `make bench` builds (CLEARTOUCH_BENCH_FRONT), else the release
    /// build beside the benchmark; cleartouch-gestures must be beside it.
    let front =
        getenv("CLEARTOUCH_BENCH_FRONT").map { String(cString: $0) }
        ?? siblingExecutable("cleartouch")
    /// The gesture service as its unit starts it: cleartouch-gestures beside the front.
    var service: String? {
        front.map {
            String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) + "/cleartouch-gestures"
        }
    }
    /// The plain C fix-up `make bench` builds (CLEARTOUCH_BENCH_PRELOAD), else SwiftPM's.
    let preload =
        getenv("CLEARTOUCH_BENCH_PRELOAD").map { String(cString: $0) }
        ?? siblingPath("libUmockdevFixup.so")
    let corpusPrefix = repositoryPath(recording)

    var missing: String? {
        if access(Self.lisgd, X_OK) != 0 {
            return "\(Self.lisgd) is not installed (tools/bootstrap)"
        }
        if access(Self.umockdevRun, X_OK) != 0 { return "umockdev-run is not installed" }
        guard let front, let service else {
            return "no release cleartouch (make bench builds it)"
        }
        if access(service, X_OK) != 0 {
            return "no cleartouch-gestures beside \(front) (make bench builds it)"
        }
        guard let preload, access(preload, R_OK) == 0 else {
            return "the fix-up preload is not built (make bench builds it)"
        }
        if corpusPrefix == nil { return "the corpus's \(Self.recording) is not found" }
        return nil
    }

    /// One program's figures: CPU seconds (user and system), peak resident set in KiB, the
    /// gestures it recognized.
    struct Usage {
        var userSeconds: Double
        var systemSeconds: Double
        var peakKiB: Int
        var recognized: Int
        var cpuSeconds: Double { userSeconds + systemSeconds }

        var summary: String {
            "CPU \(seconds(cpuSeconds)) s (user \(seconds(userSeconds)), system \(seconds(systemSeconds))), peak RSS \(megabytes(peakKiB)) MiB"
        }
    }

    /// What each program's peak is when it starts and exits at once (no device): lisgd
    /// with no screen size and no display, the service's `--version`, and the front's,
    /// which a service started as `cleartouch gestures` runs first (the peak survives
    /// exec). GNU time measures it from a parent of its own: a child this process spawned
    /// would carry its peak (spawn shares this process's memory until exec).
    func printFloors() {
        guard let front, let service else { return }
        guard access(Self.time, X_OK) == 0 else {
            print("floors skipped: \(Self.time) is not installed (tools/bootstrap)")
            return
        }
        let folder = temporaryDirectory("cleartouch-bench-floor")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let errors = folder + "/time.err"
        for (name, arguments) in [
            ("lisgd, no screen given", [Self.lisgd]),
            ("cleartouch-gestures --version", [service, "--version"]),
            ("cleartouch --version (the front)", [front, "--version"]),
        ] {
            var leastKiB: Int?
            for _ in 0..<5 {
                guard
                    childProcessCPUSeconds(
                        [Self.time, "-f", "%M"] + arguments, standardErrorPath: errors) != nil,
                    let peak = readText(errors).split(separator: "\n").last.flatMap({ Int($0) })
                else { break }
                leastKiB = min(leastKiB ?? .max, peak)
            }
            guard let leastKiB else {
                print("floor: \(name) could not be measured")
                continue
            }
            print("floor: \(name): peak RSS \(megabytes(leastKiB)) MiB")
        }
    }

    func run(rounds: Int) {
        guard let service, let preload, let corpusPrefix,
            let drag = try? UmockdevTestbed.parseFile(corpusPrefix + ".4-finger-drag-down.events")
                .1,
            !drag.isEmpty, let device = try? UmockdevTestbed.parseFile(corpusPrefix + ".desc").0,
            let daemon = PrivateBusDaemon()
        else {
            print("skipped: the recording, its description or a dbus-daemon failed")
            return
        }
        defer { daemon.stop() }
        let events = Self.repeated(drag)
        let seconds = Double(events.last!.timeMicroseconds - events[0].timeMicroseconds) / 1e6
        print(
            "input: \(Self.repetitions) × Atmel maXTouch 4-finger-drag-down, \(String(format: "%.1f", seconds)) s, \(events.count) evdev events; screen \(Self.screen.widthPixels)x\(Self.screen.heightPixels); \(rounds) rounds, both programs at once"
        )
        print("service: \(service) (as its unit starts it); preload: \(preload)")
        var best: (lisgd: Usage, service: Usage)?
        for round in 1...rounds {
            guard
                let (lisgd, service) = runSideBySide(
                    device: device, events: events, service: service, preload: preload,
                    busAddress: daemon.address)
            else {
                print("round \(round): a program failed (see above)")
                return
            }
            print(
                "round \(round): lisgd \(lisgd.summary), \(lisgd.recognized) swipes; cleartouch gestures \(service.summary), \(service.recognized) swipes"
            )
            best = (
                Self.better(best?.lisgd, lisgd), Self.better(best?.service, service)
            )
        }
        guard let best else { return }
        let cpuRatio = best.service.cpuSeconds / best.lisgd.cpuSeconds
        let memoryRatio = Double(best.service.peakKiB) / Double(best.lisgd.peakKiB)
        print(
            "best round each: lisgd \(best.lisgd.summary); cleartouch gestures \(best.service.summary)"
        )
        print(
            "ratios (service / lisgd): CPU \(String(format: "%.2f", cpuRatio))× (target <= 1: \(cpuRatio <= 1 ? "met" : "NOT met")), peak memory \(String(format: "%.2f", memoryRatio))× (target <= 1.5: \(memoryRatio <= 1.5 ? "met" : "NOT met"))"
        )
    }

    /// The round of least CPU time, with the least peak of the rounds (the machine is
    /// shared: the figure wanted is the program's own cost, not what others made it wait).
    static func better(_ old: Usage?, _ new: Usage) -> Usage {
        guard let old else { return new }
        var best = old.cpuSeconds <= new.cpuSeconds ? old : new
        best.peakKiB = min(old.peakKiB, new.peakKiB)
        best.recognized = new.recognized
        return best
    }

    /// The drag `repetitions` times, one every `periodMicroseconds`.
    static func repeated(_ drag: [EvdevEvent]) -> [EvdevEvent] {
        let origin = drag[0].timeMicroseconds
        var events: [EvdevEvent] = []
        events.reserveCapacity(drag.count * repetitions)
        for repetition in 0..<repetitions {
            let shift = Int64(repetition) * periodMicroseconds - origin
            for var event in drag {
                event.timeMicroseconds += shift
                events.append(event)
            }
        }
        return events
    }

    /// Runs lisgd and the service at once, each in a testbed of its own; nil when one
    /// fails.
    func runSideBySide(
        device: EvdevDevice, events: [EvdevEvent], service: String, preload: String,
        busAddress: String
    ) -> (Usage, Usage)? {
        let folder = temporaryDirectory("cleartouch-bench-lisgd")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let configuration = folder + "/gestures.yaml"
        guard
            writeText(
                "gestures:\n  - name: drag\n    gesture: swipe\n    fingers: 4\n    direction: down\n    command: [\"true\"]\n",
                to: configuration)
        else { return nil }
        let node = "/dev/input/event50"
        let lisgdArguments = [
            Self.lisgd, "-d", node, "-w", String(Self.screen.widthPixels), "-h",
            String(Self.screen.heightPixels), "-g", "4,UD,*,*,R,echo lisgd 4 UD",
        ]
        let serviceArguments = [
            service, "gestures", "--config", configuration, "--bus-address", busAddress,
            "--screen", "\(Self.screen.widthPixels)x\(Self.screen.heightPixels)", node,
        ]
        var children: [(pid: pid_t, name: String)] = []
        for (name, arguments) in [("lisgd", lisgdArguments), ("service", serviceArguments)] {
            let testbed = folder + "/" + name
            guard mkdir(testbed, 0o700) == 0,
                let testbedArguments = try? UmockdevTestbed.write(
                    [.init(description: device, eventNumber: 50, events: events)], into: testbed),
                let pid = spawn(
                    [Self.umockdevRun] + testbedArguments + ["--"] + arguments,
                    environment: [
                        "LD_PRELOAD": preload, "CLEARTOUCH_FIXUP_RELEASE_ON_WAIT": "1",
                        "CLEARTOUCH_FIXUP_EXIT_AFTER_END": "1",
                        "CLEARTOUCH_FIXUP_RUSAGE": folder + "/\(name).rusage",
                    ], output: folder + "/\(name).out")
            else {
                for child in children { kill(child.pid, SIGTERM) }
                return nil
            }
            children.append((pid, name))
        }
        var failed = false
        for child in children {
            var status: Int32 = 0
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            if status != 0 {
                print(
                    "\(child.name) ended with status \(status): \(readText(folder + "/\(child.name).out"))"
                )
                failed = true
            }
        }
        guard !failed,
            var lisgd = Self.usage(readText(folder + "/lisgd.rusage")),
            var service = Self.usage(readText(folder + "/service.rusage"))
        else { return nil }
        lisgd.recognized =
            readText(folder + "/lisgd.out").split(separator: "\n")
            .filter { $0 == "lisgd 4 UD" }.count
        service.recognized =
            readText(folder + "/service.out").split(separator: "\n")
            .filter { $0.contains(" swipe recognized fingers 4 direction down binding drag") }.count
        return (lisgd, service)
    }

    /// The fix-up's `user_us system_us maxrss_kib`.
    static func usage(_ text: String) -> Usage? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap {
            Int($0)
        }
        guard fields.count == 3 else { return nil }
        return Usage(
            userSeconds: Double(fields[0]) / 1e6, systemSeconds: Double(fields[1]) / 1e6,
            peakKiB: fields[2], recognized: 0)
    }
}

private func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
private func megabytes(_ kibibytes: Int) -> String {
    String(format: "%.1f", Double(kibibytes) / 1024)
}

/// Starts `arguments` with `environment` added to this process's, its standard output
/// and error into the file `output`; its pid, nil when it cannot be started.
private func spawn(_ arguments: [String], environment: [String: String], output: String)
    -> pid_t?
{
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    var variables: [String] = []
    var index = 0
    while let entry = environ[index] {
        let text = String(cString: entry)
        let name = String(text.prefix(while: { $0 != "=" }))
        if environment[name] == nil { variables.append(text) }
        index += 1
    }
    variables += environment.map { "\($0.key)=\($0.value)" }
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = variables.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp) == 0 else { return nil }
    return pid
}

/// `name` in the benchmark's own folder, nil when the folder is unknown.
private func siblingPath(_ name: String) -> String? {
    let executable = UmockdevTestbed.runningExecutable()
    guard let slash = executable.lastIndex(of: "/") else { return nil }
    return String(executable[..<slash]) + "/" + name
}

/// `relative` in the repository, found from the benchmark's place below it
/// (DeveloperTools/.build/<triple>/release/cleartouch-bench); nil when it is not there.
private func repositoryPath(_ relative: String) -> String? {
    var directory = UmockdevTestbed.runningExecutable()
    for _ in 0..<6 {
        directory = String(directory[..<(directory.lastIndex(of: "/") ?? directory.startIndex)])
        if access(directory + "/" + relative + ".desc", R_OK) == 0 {
            return directory + "/" + relative
        }
    }
    return nil
}

private func writeText(_ text: String, to path: String) -> Bool {
    (try? text.write(toFile: path, atomically: false, encoding: .utf8)) != nil
}

private func readText(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
}
