import TouchInput

/// `--sound on|off` (app, replay): whether the session makes its sounds (docs/sound.md).
package enum SoundOption {
    /// The value of `--sound`: true for on, false for off.
    package static func parse(_ option: String, from parser: inout OptionParser) throws(UsageError)
        -> Bool
    {
        let text = try parser.value(for: option)
        switch text {
        case "on": return true
        case "off": return false
        default: throw UsageError("--sound needs on or off, got '\(QuotedInput.cut(text))'")
        }
    }
}
