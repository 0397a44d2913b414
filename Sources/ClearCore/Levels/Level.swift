/// Where the kiosk is among real Clear's levels (docs/clear-core.md, Levels): one list's
/// items, the lists, the menu, or one of the menu's pages. Raw values are the JSON names.
public enum Level: String, Hashable, Sendable, CaseIterable {
    /// One list's items (the only level before levels existed).
    case items
    /// The lists, one row each.
    case lists
    /// The menu: `My Lists`, `Themes`, `Settings`.
    case menu
    /// The Themes page: one row per theme.
    case themes
    /// The Settings page: one row, `Sound`.
    case settings

    /// The level a pull past 4H or a pinch together goes to, before `allowed` has its say.
    var above: Level? {
        switch self {
        case .items: .lists
        case .lists: .menu
        case .menu: .lists
        case .themes, .settings: .menu
        }
    }
}

/// Which levels a kiosk may reach (`--levels items|lists|all`, default all).
public enum AllowedLevels: String, Hashable, Sendable, CaseIterable {
    /// One list only: no close-list, no lists, no menu.
    case items
    /// The lists and their items, not the menu.
    case lists
    /// Every level.
    case all

    /// True when `level` may be shown.
    public func allows(_ level: Level) -> Bool {
        switch self {
        case .items: level == .items
        case .lists: level == .items || level == .lists
        case .all: true
        }
    }
}

/// The fixed rows of the menu and the Settings page (docs/product-decisions.md).
public enum MenuRows {
    /// The menu's rows, top to bottom: row 0 goes back to the lists.
    public static let menu = ["My Lists", "Themes", "Settings"]
    /// The Settings page's one row.
    public static let settings = ["Sound"]
    /// The Themes page's rows when a session is given none: every built-in theme, in
    /// `Theme.builtIn` order (heat, today's look, first).
    public static let defaultThemeNames = Theme.builtIn.map(\.name)
    /// The menu row that opens each page.
    static let pageRows: [Int: Level] = [1: .themes, 2: .settings]
}
