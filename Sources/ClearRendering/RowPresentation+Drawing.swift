import ClearCore

extension RowPresentation {
    /// The row as drawn: a Themes page row (its `ownTheme` set) in its own theme's top
    /// colour, its label in that theme's text colour; every other row as given, its label
    /// in `textColor` (the presentation's).
    public func drawnColors(textColor: RGBColor) -> (background: RGBColor, text: RGBColor) {
        guard let theme = ownTheme else { return (backgroundColor, textColor) }
        return (theme.top, theme.text)
    }

    /// What a row shows right-aligned and small after its label: a list row's count of
    /// open items, a Settings row's `On` or `Off`; nil for every other row.
    public var trailingLabel: String? {
        if let openItemCount { return String(openItemCount) }
        if let settingOn { return settingOn ? "On" : "Off" }
        return nil
    }
}
