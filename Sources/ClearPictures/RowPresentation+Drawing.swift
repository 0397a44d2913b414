import ClearCore

extension RowPresentation {
    /// The colour the row's label is drawn in: its own (a Themes page row's theme's text),
    /// else the presentation's `textColor`.
    public func labelColor(presentationText textColor: RGBColor) -> RGBColor {
        ownTextColor ?? textColor
    }

    /// What a row shows right-aligned and small after its label: a list row's count of
    /// open items, a Settings row's `On` or `Off`; nil for every other row.
    public var trailingLabel: String? {
        switch detail {
        case .openItemCount(let count): String(count)
        case .setting(let on): on ? "On" : "Off"
        case nil: nil
        }
    }
}
