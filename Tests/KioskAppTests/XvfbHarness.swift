import ClearPictures
import ClearRendering
import Foundation
import TestSupport
import Testing

/// An X server of its own for one test: `Xvfb -displayfd` picks a free display number.
final class VirtualDisplay {
    let process = Process()
    let display: String
    let width: Int
    let height: Int

    struct StartFailure: Error {
        var reason: String
    }

    /// Starts Xvfb with a `width`×`height` screen, or says why it cannot.
    init(width: Int = 800, height: Int = 1000) throws(StartFailure) {
        self.width = width
        self.height = height
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw StartFailure(reason: "Xvfb is not installed (Debian package xvfb)")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = [
            "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-cc", "4", "-nolisten",
            "tcp",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartFailure(reason: "Xvfb did not start: \(error)")
        }
        // Xvfb writes the display number once it accepts connections.
        var number = ""
        var byte: UInt8 = 0
        let descriptor = output.fileHandleForReading.fileDescriptor
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            number.append(Character(UnicodeScalar(byte)))
        }
        guard !number.isEmpty, Int(number) != nil else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            throw StartFailure(
                reason: "Xvfb did not start (exit status \(process.terminationStatus))")
        }
        display = ":" + number
    }

    deinit {
        // SIGKILL: a server spawned from a dispatch thread inherits its blocked SIGTERM.
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A screenshot of the whole screen (`xwd -root`).
    func screenshot() throws -> XWDImage {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-\(UUID().uuidString).xwd"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try runProgram(
            "/usr/bin/xwd", ["-root", "-silent", "-out", path], environment: ["DISPLAY": display])
        return try XWDImage(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Runs `xdotool` on this display; returns its output.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        try runProgram("/usr/bin/xdotool", arguments, environment: ["DISPLAY": display])
    }
}

/// `cleartouch app` running in the background, its diagnostics in a file.
final class AppProcess {
    let process = Process()
    let logPath: String

    /// `cleartouch app ARGUMENTS` on `display`.
    convenience init(executable: String, arguments: [String], display: String, logPath: String)
        throws
    {
        try self.init(
            command: [executable, "app"] + arguments, environment: ["DISPLAY": display],
            logPath: logPath)
    }

    /// Any command (such as `umockdev-run … -- cleartouch app …`), its stderr in `logPath`.
    init(command: [String], environment: [String: String], logPath: String) throws {
        self.logPath = logPath
        guard FileManager.default.createFile(atPath: logPath, contents: nil) else {
            throw ProgramFailure(description: "\(logPath): cannot create the app's log")
        }
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
    }

    deinit {
        if process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Waits until the log has a line containing `text`.
    func waitForLog(_ text: String, seconds: Double = hangGuardSeconds) -> Bool {
        waitUntil(seconds: seconds) { log.contains(text) || !process.isRunning }
            && log.contains(text)
    }

    /// Sends `signal` and waits for the app to exit (SIGKILL after `hangGuardSeconds`,
    /// then the test fails).
    func kill(signal: Int32) {
        Glibc.kill(process.processIdentifier, signal)
        if !waitUntil({ !process.isRunning }) {
            Issue.record("the app did not exit on signal \(signal)")
            Glibc.kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
    }

    /// Stops an app that runs as umockdev-run's child: SIGTERM to the app first, so it
    /// saves and exits cleanly, then to umockdev-run (`kill(signal:)`).
    func terminateUnderUmockdev() {
        let children =
            (try? String(
                contentsOfFile:
                    "/proc/\(process.processIdentifier)/task/\(process.processIdentifier)/children",
                encoding: .utf8)) ?? ""
        for child in children.split(separator: " ").compactMap({
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }) {
            Glibc.kill(child, SIGTERM)
        }
        kill(signal: SIGTERM)
    }
}

/// An X window dump (`xwd` format, ZPixmap, true colour, as Xvfb at depth 24 gives).
struct XWDImage {
    let width: Int
    let height: Int
    private let bytes: [UInt8]
    private let offset: Int
    private let bytesPerLine: Int
    private let bytesPerPixel: Int
    private let leastSignificantFirst: Bool
    private let masks: (red: UInt32, green: UInt32, blue: UInt32)

    init(_ data: Data) throws {
        // One copy (a byte-by-byte one takes seconds in a debug build).
        let bytes = data.withUnsafeBytes { Array($0) }
        func field(_ index: Int) -> Int {
            // The header is 25 big-endian 32-bit fields.
            let start = index * 4
            guard start + 4 <= bytes.count else { return 0 }
            return Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2])
                << 8
                | Int(bytes[start + 3])
        }
        // Version 7, ZPixmap, 24 or 32 bits per pixel (lines may be padded).
        width = field(4)
        height = field(5)
        bytesPerLine = field(12)
        bytesPerPixel = field(11) / 8
        guard field(1) == 7, field(2) == 2, [3, 4].contains(bytesPerPixel),
            bytesPerLine >= width * bytesPerPixel
        else {
            throw CocoaError(.fileReadCorruptFile)
        }
        leastSignificantFirst = field(7) == 0
        masks = (UInt32(field(14)), UInt32(field(15)), UInt32(field(16)))
        offset = field(0) + field(19) * 12
        guard offset + bytesPerLine * height <= bytes.count else {
            throw CocoaError(.fileReadCorruptFile)
        }
        self.bytes = bytes
    }

    func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let start = offset + y * bytesPerLine + x * bytesPerPixel
        let b = (0..<4).map { $0 < bytesPerPixel ? UInt32(bytes[start + $0]) : 0 }
        let word =
            leastSignificantFirst
            ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24
            : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
        func channel(_ mask: UInt32) -> UInt8 {
            guard mask != 0 else { return 0 }
            return UInt8(truncatingIfNeeded: (word & mask) >> UInt32(mask.trailingZeroBitCount))
        }
        return Pixel(
            red: channel(masks.red), green: channel(masks.green), blue: channel(masks.blue))
    }
}
