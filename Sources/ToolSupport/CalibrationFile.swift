import DescriptorIO
import Glibc
import TouchInput

/// The per-device calibrations `cleartouch calibrate` saves and the app and the tools
/// read: `$XDG_CONFIG_HOME/cleartouch/calibration.conf` (default `~/.config/...`).
///
/// One line per device: `matrix a b c d e f DEVICE NAME` (the name runs to the end of
/// the line). `#` starts a comment line; blank lines are ignored. A file that cannot be
/// read, or any bad line, is reported as `FILE:LINE: what is wrong`; the reader then
/// carries on uncalibrated.
public struct CalibrationFile: Hashable, Sendable {
    /// The matrix of each device, by the name the kernel gives it.
    public var matrices: [String: CalibrationMatrix] = [:]
    /// The device names in the order of the file (so a rewrite keeps the order).
    public private(set) var deviceNames: [String] = []

    /// An empty file.
    public init() {}

    /// The file name under the configuration folder.
    public static let fileName = "calibration.conf"

    /// `$XDG_CONFIG_HOME/cleartouch/calibration.conf`, else `$HOME/.config/cleartouch/...`.
    public static func defaultPath(environment: [String: String]) -> String {
        let base: String
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            base = config
        } else {
            base = (environment["HOME"] ?? ".") + "/.config"
        }
        return base + "/cleartouch/" + fileName
    }

    /// The matrix saved for `deviceName`, if any.
    public func matrix(for deviceName: String) -> CalibrationMatrix? { matrices[deviceName] }

    /// True when `deviceName` survives a line of the file: not empty, no control character
    /// (a newline would start a line of its own), no space or tab first (fields are
    /// separated by them). A kernel device name may hold anything; others get only the
    /// udev rule.
    public static func canStore(deviceName: String) -> Bool {
        guard let first = deviceName.unicodeScalars.first, first != " ", first != "\t" else {
            return false
        }
        return !deviceName.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// Sets (or replaces) the matrix of `deviceName`.
    public mutating func set(_ matrix: CalibrationMatrix, for deviceName: String) {
        if matrices[deviceName] == nil { deviceNames.append(deviceName) }
        matrices[deviceName] = matrix
    }

    /// Parses the text of the file at `path` (for messages).
    public static func parse(_ text: String, path: String) throws(Diagnostic) -> CalibrationFile {
        var file = CalibrationFile()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            var fields = trimmed.split(
                maxSplits: 7, omittingEmptySubsequences: true,
                whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.first == "matrix" else {
                throw Diagnostic(
                    path: path, line: index + 1,
                    message: "expected `matrix a b c d e f DEVICE NAME`")
            }
            fields.removeFirst()
            guard fields.count == 7 else {
                throw Diagnostic(
                    path: path, line: index + 1,
                    message: "expected six numbers and a device name after `matrix`")
            }
            let numbers = fields[0..<6].joined(separator: " ")
            switch CalibrationMatrix.parse(numbers) {
            case .success(let matrix): file.set(matrix, for: String(fields[6]))
            case .failure(let error):
                throw Diagnostic(path: path, line: index + 1, message: error.description)
            }
        }
        return file
    }

    /// The most bytes a calibration file may have: a line per device is a few hundred
    /// bytes; a 1 GB file fails at once (it once delayed the app by 93 s).
    public static let maximumFileBytes = 1 << 20

    /// Reads the file at `path` (at most `maximumFileBytes`); a file that does not exist
    /// is empty.
    public static func read(path: String) throws(Diagnostic) -> CalibrationFile {
        guard FileCall.exists(path) else { return CalibrationFile() }
        return try parse(InputFile.text(path, limitBytes: maximumFileBytes), path: path)
    }

    /// The file's text.
    public var text: String {
        var lines =
            "# cleartouch calibrate: matrix a b c d e f DEVICE NAME (libinput's convention)\n"
        for name in deviceNames {
            lines += "matrix \(matrices[name]!) \(name)\n"
        }
        return lines
    }

    /// Writes the file at `path` through `OutputFile` (atomically; a link is written
    /// through; mode 0644 less the umask for a new file), creating its folder and the
    /// folder above it when missing (`$XDG_CONFIG_HOME/cleartouch/`, as XDG asks).
    public func write(path: String) throws(Diagnostic) {
        let folder = Self.parent(of: path)
        let configHome = Self.parent(of: folder)
        if !configHome.isEmpty { try OutputFile.createFolder(configHome, naming: path) }
        if !folder.isEmpty { try OutputFile.createFolder(folder, naming: path) }
        // The file it replaces is its own earlier version, read on purpose: no input.
        try OutputFile.write(text, to: path, newFileMode: Self.newFileMode, protecting: [])
    }

    /// The folder part of `path` (`NSString.deletingLastPathComponent`, without
    /// Foundation, which the gesture service does not load): "" for a bare name, "/" at
    /// the root.
    static func parent(of path: String) -> String {
        var trimmed = path[...]
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var folder = trimmed[..<slash]
        while folder.count > 1 && folder.hasSuffix("/") { folder = folder.dropLast() }
        return String(folder)
    }

    /// The mode of a new calibration file: the matrices are no secret.
    static let newFileMode: mode_t = 0o644

    /// The calibration of each device by name: `explicit` for every device, else the
    /// line for it in the file at `path`. A file that cannot be read: `warn` hears
    /// `FILE:LINE: what is wrong; carrying on uncalibrated`, and no device is calibrated.
    public static func lookup(
        explicit: CalibrationMatrix?, path: String?, warn: (String) -> Void
    ) -> (String) -> CalibrationMatrix? {
        if let explicit { return { _ in explicit } }
        guard let path else { return { _ in nil } }
        do throws(Diagnostic) {
            let file = try read(path: path)
            return { file.matrix(for: $0) }
        } catch {
            warn("warning: \(error); carrying on uncalibrated")
            return { _ in nil }
        }
    }
}
