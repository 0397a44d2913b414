import TouchInput

/// The one option parser of the command layer. It walks a command line and tells
/// options from operands; the subcommands say what each option means.
///
/// - `--name value` and `--name=value` both give a value to an option that takes one;
///   `--flag=value` for an option that takes none is an error.
/// - `--` ends the options: everything after it is an operand.
/// - `-` alone is an operand (standard input or output, where a command allows it).
/// - `--help` and `-h` are answered before any parsing (`asksForHelp`).
package struct OptionParser {
    /// One item of the command line.
    package enum Argument: Hashable {
        /// `--name` or `-n` (without any `=value`).
        case option(String)
        /// A file or device, or anything after `--`.
        case operand(String)

        /// The argument as it was written (without any `=value`).
        package var text: String {
            switch self {
            case .option(let text), .operand(let text): text
            }
        }
    }

    private let arguments: [String]
    private var index = 0
    private var optionsEnded = false
    /// The option just returned and the value given with `=`, not yet taken.
    private var pending: (option: String, value: String)?

    /// A parser over `arguments` (those after the subcommand's name).
    package init(_ arguments: [String]) { self.arguments = arguments }

    /// Whether `--help` or `-h` comes before any `--`: it wins over everything else.
    package static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
        }
        return false
    }

    /// The next option or operand; nil at the end.
    package mutating func next() throws(UsageError) -> Argument? {
        if let pending {
            throw UsageError(
                "\(QuotedInput.cut(pending.option)) does not take a value (got '=\(QuotedInput.cut(pending.value))')"
            )
        }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
            return .operand(argument)
        }
        if argument == "--" {
            optionsEnded = true
            return try next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            let option = String(argument[..<equals])
            pending = (option, String(argument[argument.index(after: equals)...]))
            return .option(option)
        }
        return .option(argument)
    }

    /// The value of `option`, just returned by `next`: after `=`, or the next argument.
    package mutating func value(for option: String) throws(UsageError) -> String {
        if let pending {
            self.pending = nil
            return pending.value
        }
        guard index < arguments.count else { throw UsageError("\(option) needs a value") }
        index += 1
        return arguments[index - 1]
    }

    /// The value of `option` as a number in `range`; `what` names the unit in the error.
    package mutating func number(
        for option: String, in range: ClosedRange<Double>, what: String
    ) throws(UsageError) -> Double {
        let text = try value(for: option)
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError("\(option): '\(QuotedInput.cut(text))' is not \(what)")
        }
        return number
    }
}
