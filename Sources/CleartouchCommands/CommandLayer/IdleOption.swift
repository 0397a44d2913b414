import ClearCore
import TouchInput

/// `--idle-seconds N` of `app` and `replay`: sleep after N seconds with no input (0 never).
package enum IdleOption {
    /// The help lines of the option (app's column).
    package static let help = """
          --idle-seconds N the screen goes dark (backlight 0 where writable) after N seconds
                           with no touch, and the next touch wakes it, doing nothing else
                           (0 to 604800; default 0, never)
        """

    /// The value of `--idle-seconds`: whole seconds, 0 to a week.
    package static func parse(_ option: String, from parser: inout OptionParser) throws(UsageError)
        -> Int
    {
        let text = try parser.value(for: option)
        guard let seconds = Int(text), (0...IdleSleep.maximumIdleSeconds).contains(seconds) else {
            throw UsageError(
                "\(option): '\(QuotedInput.cut(text))' is not a whole number of seconds from 0 to \(IdleSleep.maximumIdleSeconds)"
            )
        }
        return seconds
    }
}
