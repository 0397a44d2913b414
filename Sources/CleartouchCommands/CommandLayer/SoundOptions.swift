import TouchInput

/// `--sound on|off` (app, replay): whether the session makes its sounds (docs/sound.md).
package enum SoundOption {
    /// The help line of the option.
    package static let help = """
          --sound on|off   the sound of every action and the threshold ticks (default on);
                           off: silent, whatever the Settings page's Sound says
        """

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
