import Glibc
import ToolSupport
import Umockdev

/// The path of `name` in this benchmark's own folder (the release build's products),
/// nil when there is none.
func siblingExecutable(_ name: String) -> String? {
    let executable = UmockdevTestbed.runningExecutable()
    guard let slash = executable.lastIndex(of: "/") else { return nil }
    let path = String(executable[..<slash]) + "/" + name
    return access(path, X_OK) == 0 ? path : nil
}

/// A new empty folder under the system's temporary folder.
func temporaryDirectory(_ prefix: String) -> String {
    let base = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
    return template.withUnsafeMutableBufferPointer { buffer in
        mkdtemp(buffer.baseAddress!).map { String(cString: $0) } ?? base
    }
}

/// Starts `arguments` with its stderr on a pipe and returns the wall time from the start
/// until it writes a line containing `marker`; then stops it (SIGTERM) and reaps it. Nil
/// when it exits, or says nothing for `timeoutMilliseconds`, before the marker.
func timeUntilLogLine(
    _ marker: String, arguments: [String], timeoutMilliseconds: Int32 = 20_000
) -> Int64? {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = MonotonicClock.nowNanoseconds()
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else { return nil }
    defer {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
    var text: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        var descriptor = pollfd(fd: pipeEnds[0], events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return nil }
        let count = read(pipeEnds[0], &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { return nil }
        text += buffer[..<count]
        if String(decoding: text, as: UTF8.self).contains(marker) {
            return MonotonicClock.nowNanoseconds() - start
        }
    }
}

/// Runs `arguments` to its end with stdout on /dev/null and stderr on `standardErrorPath`
/// (/dev/null unless given); returns its CPU time
/// (user + system, every thread; `wait4`'s usage) in seconds, its wall time from the spawn
/// to its end (a replay that reads on a second thread takes less wall than CPU time), and
/// its exit status, or nil when it cannot be started.
func childProcessCPUSeconds(_ arguments: [String], standardErrorPath: String = "/dev/null") -> (
    seconds: Double, wallSeconds: Double, status: Int32
)? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(
        &actions, 2, standardErrorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    var argv = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = MonotonicClock.nowNanoseconds()
    guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let wallSeconds = Double(MonotonicClock.nowNanoseconds() - start) / 1e9
    let seconds =
        Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    // WEXITSTATUS, which Glibc's Swift overlay does not import.
    return (seconds, wallSeconds, (status >> 8) & 0xFF)
}
