/// One `cleartouch` command as `cleartouch --help` lists it.
package struct CommandEntry: Hashable, Sendable {
    /// The word after `cleartouch`.
    package var name: String
    /// Its line in `cleartouch --help`.
    package var summary: String
}

/// Every command, named once: the lean front lists (and hands over) the commands it
/// does not run itself, and each command's `Subcommand` takes its name and summary
/// from here, so both executables print the same `--help`.
package enum CommandCatalog {
    package static let app = CommandEntry(
        name: "app", summary: "the kiosk app: Clear on this screen")
    package static let record = CommandEntry(
        name: "record", summary: "record live input to a trace")
    package static let debugGestures = CommandEntry(
        name: "debug-gestures", summary: "print gestures recognized from live input")
    package static let inspect = CommandEntry(name: "inspect", summary: "describe a recording")
    package static let convert = CommandEntry(
        name: "convert", summary: "convert a recording to another format")
    package static let replay = CommandEntry(
        name: "replay", summary: "replay a recording into the to-do core")
    package static let render = CommandEntry(
        name: "render", summary: "draw a recording as an SVG picture")
    package static let view = CommandEntry(
        name: "view", summary: "write a recording's replay as a self-contained web page")
    package static let calibrate = CommandEntry(
        name: "calibrate", summary: "calibrate a touch panel (five targets, least-squares fit)")
    package static let keyboard = CommandEntry(
        name: "keyboard", summary: "describe or draw the on-screen keyboard")
    package static let test = CommandEntry(
        name: "test",
        summary: "replay every recording that has a NAME.expect.json, as a test suite")
    package static let themes = CommandEntry(
        name: "themes", summary: "list the built-in themes and their colours")
    package static let gestures = CommandEntry(
        name: "gestures",
        summary: "recognize gestures for every program: commands and D-Bus signals")

    /// Every command, in the order `cleartouch --help` lists them.
    package static let all: [CommandEntry] = [
        app, record, debugGestures, inspect, convert, replay, render, view, calibrate,
        keyboard, test, themes, gestures,
    ]
}
