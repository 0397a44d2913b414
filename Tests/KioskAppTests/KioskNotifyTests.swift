import Foundation
import Glibc
import TestSupport
import Testing

/// systemd's side of `sd_notify`: a unix datagram socket the app is told about with
/// `NOTIFY_SOCKET`, each message kept with the time it came.
final class NotifySocket {
    let path: String
    private let descriptor: Int32
    private(set) var messages: [(text: String, seconds: Double)] = []

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw ProgramFailure(description: "socket: \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw ProgramFailure(description: "\(path): too long for a unix socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw ProgramFailure(description: "bind \(path): \(errno)") }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Receives what comes within `seconds` (waiting on the other process, not timing
    /// logic); returns the texts received.
    @discardableResult
    func receive(forSeconds seconds: Double) -> [String] {
        let end = Date().addingTimeInterval(seconds)
        var received: [String] = []
        while true {
            let left = end.timeIntervalSinceNow
            guard left > 0 else { break }
            var pollDescriptor = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&pollDescriptor, 1, Int32(left * 1000) + 1) == 1 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { continue }
            let text = String(decoding: buffer[..<count], as: UTF8.self)
            received.append(text)
            messages.append((text, Date().timeIntervalSinceReferenceDate))
        }
        return received
    }

    /// Receives until `condition` holds on everything received (or the hang guard).
    func receive(until condition: ([String]) -> Bool) -> Bool {
        waitUntil {
            receive(forSeconds: 0.05)
            return condition(messages.map(\.text))
        }
    }
}

/// `READY=1`, `WATCHDOG=1` and `STOPPING=1` to systemd (docs/app.md, "Running for months"),
/// from the app offscreen with `NOTIFY_SOCKET` and `WATCHDOG_USEC` set as systemd sets them.
@Suite(.serialized) struct KioskNotifyTests {
    /// systemd's `WatchdogSec=` for these runs: 1 s.
    static let watchdogMicroseconds = 1_000_000

    let folder = ScratchFolder("notify")

    func startApp(_ socket: NotifySocket, extra: [String] = []) throws -> AppProcess {
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        return try AppProcess(
            command: [
                executable, "app", "--offscreen", "--window-input", "--sound", "off", "--list",
                folder.file("list.json"),
            ] + extra,
            environment: [
                "NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": String(Self.watchdogMicroseconds),
            ], logPath: folder.file("app.log"))
    }

    @Test func readyAfterTheFirstFrameThenPingsTwicePerPeriodAndStoppingOnSigterm() throws {
        let socket = try NotifySocket(path: folder.file("notify"))
        let app = try startApp(socket)
        #expect(socket.receive { $0.contains("READY=1") }, "\(app.log)")
        #expect(app.log.contains("ready"))
        #expect(socket.messages.first?.text == "READY=1")
        // Three periods of an idle app: at least two pings in each.
        socket.receive(forSeconds: 3 * Double(Self.watchdogMicroseconds) / 1e6)
        let pings = socket.messages.filter { $0.text == "WATCHDOG=1" }.map(\.seconds)
        #expect(pings.count >= 6, "\(pings.count) pings in 3 s")
        let gaps = zip(pings.dropFirst(), pings).map { $0 - $1 }
        #expect(
            (gaps.max() ?? .infinity) < Double(Self.watchdogMicroseconds) / 1e6,
            "longest gap \(gaps.max() ?? 0) s")
        app.kill(signal: SIGTERM)
        #expect(app.process.terminationStatus == 0)
        socket.receive(forSeconds: 0.1)
        #expect(socket.messages.last?.text == "STOPPING=1")
    }

    /// The pings come from the loop itself: a loop that stops turning (the test hook
    /// `--freeze-when`) stops them, so systemd would restart the app.
    @Test func aFrozenLoopStopsThePings() throws {
        let socket = try NotifySocket(path: folder.file("notify"))
        let trigger = folder.file("freeze")
        let app = try startApp(socket, extra: ["--freeze-when", trigger])
        #expect(
            socket.receive { $0.filter { $0 == "WATCHDOG=1" }.count >= 2 }, "\(app.log)")
        FileManager.default.createFile(atPath: trigger, contents: nil)
        #expect(app.waitForLog("frozen"), "\(app.log)")
        socket.receive(forSeconds: 0.05)  // what was sent before the freeze
        let late = socket.receive(forSeconds: 2 * Double(Self.watchdogMicroseconds) / 1e6)
        #expect(late.isEmpty, "messages after the freeze: \(late)")
        #expect(app.process.isRunning)
    }
}
