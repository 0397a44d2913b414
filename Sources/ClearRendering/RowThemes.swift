import ClearCore

extension RowPresentation {
    /// The theme a row is drawn in when it is not the presentation's: a Themes page row
    /// shows its own theme, named by its text (docs/product-decisions.md: the Themes page
    /// lists the themes, "each row drawn in its own theme"); nil for every other row.
    public func ownTheme(on level: Level) -> Theme? {
        guard level == .themes else { return nil }
        return Theme.named(text)
    }

    /// The row as drawn on `level`: a Themes page row in its own theme's top colour, its
    /// label in that theme's text colour; every other row as given, its label in
    /// `textColor` (the presentation's).
    public func drawnColors(on level: Level, textColor: RGBColor) -> (
        background: RGBColor, text: RGBColor
    ) {
        guard let theme = ownTheme(on: level) else { return (backgroundColor, textColor) }
        return (theme.top, theme.text)
    }
}
