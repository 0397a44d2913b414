import TouchInput

/// What a key of the on-screen keyboard does. The names are those of `cleartouch keyboard
/// --json` (docs/product-decisions.md): the character typed, or `shift`, `backspace`, `space`, `return`,
/// `symbols`.
public enum KeyboardKeyAction: Hashable, Sendable {
    /// Types this character (one grapheme cluster); shift makes a letter upper case.
    case character(String)
    /// One tap: the next letter is upper case; two taps within
    /// `OnScreenKeyboard.shiftDoubleTapIntervalMicroseconds`: caps lock.
    case shift
    /// Deletes the last character; held, it repeats.
    case backspace
    /// Types a space.
    case space
    /// Ends editing, like the physical Return key.
    case `return`
    /// Switches between the letters and the digits-and-symbols layer.
    case symbols

    /// The special keys by their names in layout files and JSON.
    public static let namedKeys: [String: KeyboardKeyAction] = [
        "shift": .shift, "backspace": .backspace, "space": .space, "return": .return,
        "symbols": .symbols,
    ]

    /// The key's name: the character it types, or the special key's name.
    public var name: String {
        switch self {
        case .character(let character): character
        case .shift: "shift"
        case .backspace: "backspace"
        case .space: "space"
        case .return: "return"
        case .symbols: "symbols"
        }
    }

    /// The width of the key in key units (a letter is one unit); space takes what is
    /// left of its row.
    var widthUnits: Double {
        switch self {
        case .character: 1
        case .shift, .backspace, .symbols: 1.5
        case .return: 2
        case .space: 1
        }
    }
}

/// The two layers of the keyboard.
public enum KeyboardLayer: String, Hashable, Sendable, CaseIterable {
    /// Letters, shift, backspace, and the bottom row.
    case letters
    /// Digits and symbols (the `symbols` key switches).
    case symbols
}

/// One keyboard layout: its rows of keys for each layer and the accented variants a
/// long-press on a letter offers. Read from a layout file (docs/app.md "On-screen
/// keyboard" gives the format) by `KeyboardLayout.parse`.
public struct KeyboardLayout: Hashable, Sendable {
    /// The name `--keyboard-layout` and XKBLAYOUT use (`us`, `de`, `fr`).
    public var name: String
    /// The language shown on the space bar.
    public var title: String
    /// The rows of the letters layer, top first.
    public var letterRows: [[KeyboardKeyAction]]
    /// The rows of the digits-and-symbols layer, top first.
    public var symbolRows: [[KeyboardKeyAction]]
    /// The accented variants of a letter (lower case), in the order the popup shows them.
    public var accents: [String: [String]]

    /// A layout of its parts, as given.
    public init(
        name: String, title: String, letterRows: [[KeyboardKeyAction]],
        symbolRows: [[KeyboardKeyAction]], accents: [String: [String]]
    ) {
        self.name = name
        self.title = title
        self.letterRows = letterRows
        self.symbolRows = symbolRows
        self.accents = accents
    }

    /// The rows of `layer`.
    public func rows(_ layer: KeyboardLayer) -> [[KeyboardKeyAction]] {
        layer == .letters ? letterRows : symbolRows
    }
}

/// A layout file's problem, at its line (1-based).
public struct KeyboardLayoutError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line of the file, counted from 1.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// A problem at `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `LINE: message`; front ends put the file's path before it.
    public var description: String { "\(line): \(message)" }
}

extension KeyboardLayout {
    /// The most rows a layer may have, and the most keys a row may have.
    public static let maximumRowCount = 6
    /// The most keys one row may have.
    public static let maximumKeysPerRow = 16

    /// Parses a layout file. One directive per line, words separated by spaces; blank
    /// lines and lines starting with `#` are ignored:
    ///
    ///     name us                      the layout's name (required)
    ///     title English (US)           shown on the space bar (default: the name)
    ///     letters q w e r t y u i o p  a row of the letters layer, top first
    ///     symbols 1 2 3 4 5 6 7 8 9 0  a row of the digits-and-symbols layer
    ///     accent e è é ê ë             a letter's accented variants, for the long-press
    ///
    /// A key is one character, or a special key's name (`shift`, `backspace`, `space`,
    /// `return`, `symbols`). Each layer needs `backspace`, `space`, `return` and
    /// `symbols`; the letters layer needs `shift`.
    public static func parse(_ text: String) throws(KeyboardLayoutError) -> KeyboardLayout {
        var name: String?
        var title: String?
        var letters: [[KeyboardKeyAction]] = []
        var symbols: [[KeyboardKeyAction]] = []
        var accents: [String: [String]] = [:]
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let directive = words.first, !directive.hasPrefix("#") else { continue }
            let arguments = Array(words.dropFirst())
            func fail(_ message: String) -> KeyboardLayoutError {
                KeyboardLayoutError(line: lineNumber, message: message)
            }
            switch directive {
            case "name":
                guard name == nil else { throw fail("a second `name` line") }
                guard arguments.count == 1, isValidName(arguments[0]) else {
                    throw fail("bad name (expected `name NAME`, letters, digits, - and _)")
                }
                name = arguments[0]
            case "title":
                guard !arguments.isEmpty else { throw fail("`title` needs a text") }
                title = arguments.joined(separator: " ")
            case "letters", "symbols":
                guard !arguments.isEmpty else { throw fail("an empty row") }
                guard arguments.count <= maximumKeysPerRow else {
                    throw fail("\(arguments.count) keys in a row (at most \(maximumKeysPerRow))")
                }
                var row: [KeyboardKeyAction] = []
                for word in arguments {
                    guard let key = key(named: word) else {
                        throw fail(
                            "bad key `\(QuotedInput.cut(word))` (one character, or shift, backspace, space, return, symbols)"
                        )
                    }
                    row.append(key)
                }
                if directive == "letters" { letters.append(row) } else { symbols.append(row) }
                guard letters.count <= maximumRowCount, symbols.count <= maximumRowCount else {
                    throw fail("more than \(maximumRowCount) rows in the \(directive) layer")
                }
            case "accent":
                guard arguments.count >= 2 else {
                    throw fail("`accent` needs a letter and at least one variant")
                }
                let letter = arguments[0]
                guard letter.count == 1 else { throw fail("bad accent letter `\(letter)`") }
                guard accents[letter] == nil else {
                    throw fail("a second `accent` line for `\(letter)`")
                }
                for variant in arguments.dropFirst() where variant.count != 1 {
                    throw fail("bad accented variant `\(QuotedInput.cut(variant))` (one character)")
                }
                accents[letter] = Array(arguments.dropFirst())
            default:
                throw fail(
                    "unknown directive `\(QuotedInput.cut(directive))` (name, title, letters, symbols, accent)"
                )
            }
        }
        let end = lineNumber
        guard let name else {
            throw KeyboardLayoutError(line: end, message: "no `name` line")
        }
        try check(layer: "letters", letters, requiring: [.shift], end: end)
        try check(layer: "symbols", symbols, requiring: [], end: end)
        let letterKeys = Set(letters.joined())
        for letter in accents.keys.sorted() where !letterKeys.contains(.character(letter)) {
            throw KeyboardLayoutError(
                line: end, message: "`accent \(letter)`: no `\(letter)` key in the letters layer")
        }
        return KeyboardLayout(
            name: name, title: title ?? name, letterRows: letters, symbolRows: symbols,
            accents: accents)
    }

    private static func check(
        layer: String, _ rows: [[KeyboardKeyAction]], requiring extra: [KeyboardKeyAction],
        end: Int
    ) throws(KeyboardLayoutError) {
        guard !rows.isEmpty else {
            throw KeyboardLayoutError(line: end, message: "no `\(layer)` rows")
        }
        let keys = Set(rows.joined())
        for required in [KeyboardKeyAction.backspace, .space, .return, .symbols] + extra
        where !keys.contains(required) {
            throw KeyboardLayoutError(
                line: end, message: "the \(layer) layer has no `\(required.name)` key")
        }
    }

    private static func key(named word: String) -> KeyboardKeyAction? {
        if let named = KeyboardKeyAction.namedKeys[word] { return named }
        guard word.count == 1 else { return nil }
        return .character(word)
    }

    private static func isValidName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || $0 == "-" || $0 == "_"
            }
    }
}
