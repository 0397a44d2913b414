import CLibInput

#if canImport(Glibc)
    import Glibc
#endif

/// How important a message from libinput is (`enum libinput_log_priority`).
public enum LibInputLogPriority: Int, Comparable, Sendable {
    case debug = 10
    case info = 20
    case error = 30

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    init(_ priority: libinput_log_priority) {
        self = LibInputLogPriority(rawValue: Int(priority.rawValue)) ?? .error
    }

    var cValue: libinput_log_priority { libinput_log_priority(rawValue: UInt32(rawValue)) }
}

/// Where libinput's messages go: a ClearTouch logging closure.
public typealias LibInputLogger = (LibInputLogPriority, String) -> Void

/// The default ClearTouch logger: one line on stderr, prefixed with `libinput:`.
public func logToStandardError(_ priority: LibInputLogPriority, _ message: String) {
    var line = "libinput: " + message
    if !line.hasSuffix("\n") { line += "\n" }
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Stored as libinput's user data so the C log callback can find the context's logger.
final class LibInputUserData {
    var logger: LibInputLogger
    init(logger: @escaping LibInputLogger) { self.logger = logger }
}

/// libinput's log callback: `va_list` arrives as `CVaListPointer?`, so it is formatted
/// with vsnprintf and handed to the logger found in the context's user data.
let libInputLogHandler: libinput_log_handler = { libinput, priority, format, arguments in
    guard let libinput, let format, let arguments,
        let userData = libinput_get_user_data(libinput)
    else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let message = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    Unmanaged<LibInputUserData>.fromOpaque(userData).takeUnretainedValue()
        .logger(LibInputLogPriority(priority), message)
}
