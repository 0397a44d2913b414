import ClearCore
import TouchInput

/// `--theme NAME` (app, replay, render): one of the built-in themes (docs/themes.md).
package enum ThemeOption {
    /// The built-in theme `name`; a usage error (exit 2) naming the known ones otherwise.
    package static func theme(named name: String) throws(UsageError) -> Theme {
        guard let theme = Theme.named(name) else {
            throw UsageError(
                "--theme: unknown theme '\(QuotedInput.cut(name))' (known: \(Theme.builtInNames))")
        }
        return theme
    }
}
