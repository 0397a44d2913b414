import ClearCore
import Foundation
import ToolSupport
import TouchInput

/// `--keyboard on|off|auto` and `--keyboard-layout NAME` (app, replay, render, keyboard),
/// and where the layout comes from when none is named.
package struct KeyboardOptions {
    /// `--keyboard`; nil when not given (each command has its own default).
    package var mode: OnScreenKeyboardMode?
    /// `--keyboard-layout`; nil when not given.
    package var layoutName: String?

    /// Neither option given.
    package init() {}

    /// The most bytes a layout file (and the keyboard defaults file) may have.
    package static let maximumLayoutFileBytes = 1 << 20

    /// The console keyboard settings of Debian (`XKBLAYOUT`), read on a kiosk.
    package static let keyboardDefaultsPath = "/etc/default/keyboard"

    /// The help lines of the two options.
    package static let help = """
          --keyboard MODE  the on-screen keyboard while a row is edited: on, off, or auto (shown
                           when no physical keyboard is attached)
          --keyboard-layout NAME
                           its layout: \(KeyboardLayout.embeddedNames.joined(separator: ", ")), or a layout FILE
                           (a path with a /); default XKBLAYOUT of /etc/default/keyboard when
                           known, else us
        """

    /// Takes `--keyboard` or `--keyboard-layout`; false for any other option.
    package mutating func parse(_ option: String, from parser: inout OptionParser)
        throws(UsageError)
        -> Bool
    {
        switch option {
        case "--keyboard":
            let text = try parser.value(for: option)
            guard let value = OnScreenKeyboardMode(rawValue: text) else {
                throw UsageError("--keyboard needs on, off or auto, got '\(QuotedInput.cut(text))'")
            }
            mode = value
        case "--keyboard-layout":
            layoutName = try parser.value(for: option)
        default:
            return false
        }
        return true
    }

    /// `--keyboard-layout FILE`: the file read (an input), nil for a layout's name.
    package var layoutFilePath: String? { layoutName.flatMap { $0.contains("/") ? $0 : nil } }

    /// The layout named by `--keyboard-layout`, else `fallback` (a name).
    /// An unknown name or a malformed file is a usage error (exit 2).
    package func layout(fallback: String = KeyboardLayout.defaultName) throws(UsageError)
        -> KeyboardLayout
    {
        try Self.layout(named: layoutName ?? fallback)
    }

    /// The layout called `name`, or read from the file `name` when it contains a `/`.
    package static func layout(named name: String) throws(UsageError) -> KeyboardLayout {
        if name.contains("/") {
            let text: String
            do throws(Diagnostic) {
                text = try InputFile.text(name, limitBytes: maximumLayoutFileBytes)
            } catch {
                throw UsageError("--keyboard-layout: \(error)")
            }
            do {
                return try KeyboardLayout.parse(text)
            } catch {
                throw UsageError(
                    "\(QuotedInput.cut(name, maximumScalars: QuotedInput.maximumPathScalars)):\(error.line): \(error.message)"
                )
            }
        }
        guard let layout = KeyboardLayout.embedded(named: name) else {
            throw UsageError(
                "unknown keyboard layout '\(QuotedInput.cut(name))' (known: "
                    + KeyboardLayout.embeddedNames.joined(separator: ", ") + ")")
        }
        return layout
    }

    /// The kiosk's layout: `XKBLAYOUT` of `/etc/default/keyboard` when it names a
    /// built-in layout (the first of a list such as `de,us`), else `us`.
    package static func systemLayoutName(defaultsPath: String = keyboardDefaultsPath) -> String {
        guard let text = try? InputFile.text(defaultsPath, limitBytes: maximumLayoutFileBytes),
            let name = xkbLayout(inKeyboardDefaults: text),
            KeyboardLayout.embedded(named: name) != nil
        else { return KeyboardLayout.defaultName }
        return name
    }

    /// The first layout of the `XKBLAYOUT=` line of a keyboard defaults file (shell
    /// syntax: the value may be quoted), or nil.
    package static func xkbLayout(inKeyboardDefaults text: String) -> String? {
        var found: String?
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("XKBLAYOUT=") else { continue }
            var value = trimmed.dropFirst("XKBLAYOUT=".count)
            if let quote = value.first, quote == "\"" || quote == "'" {
                value = value.dropFirst()
                if let end = value.firstIndex(of: quote) { value = value[..<end] }
            }
            let first = value.split(separator: ",").first.map(String.init)?
                .trimmingCharacters(in: .whitespaces)
            found = first?.isEmpty == false ? first : nil
        }
        return found
    }
}
