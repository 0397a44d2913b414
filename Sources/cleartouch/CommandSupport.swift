import Glibc
import Recordings
import TouchInput

/// Small helpers shared by the subcommands of this file's owner (inspect, convert).
enum CommandLine2 {
  static func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
  }

  static func printOut(_ text: String) {
    _ = text.withCString { write(1, $0, strlen($0)) }
  }
}

/// The options `inspect` and `convert` share: `--desc`, `--format`, `--screen`.
struct RecordingOptions {
  var files: [String] = []
  var descPath: String?
  var format: RecordingFormat?
  var screen: ScreenSize?
  var json = false
  var help = false

  /// Parses `arguments`; returns an error message for bad usage.
  static func parse(_ arguments: [String], allowJSON: Bool) -> Result<RecordingOptions, UsageError>
  {
    var options = RecordingOptions()
    var index = 0
    func value(_ flag: String) -> String? {
      index += 1
      return index < arguments.count ? arguments[index] : nil
    }
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "--help", "-h": options.help = true
      case "--desc":
        guard let path = value(argument) else { return .failure(UsageError("--desc needs a file")) }
        options.descPath = path
      case "--format":
        guard let text = value(argument), let format = RecordingFormat(rawValue: text) else {
          return .failure(UsageError("--format needs trace, evemu or libinput"))
        }
        options.format = format
      case "--screen":
        guard let text = value(argument), let screen = parseScreen(text) else {
          return .failure(UsageError("--screen needs WIDTHxHEIGHT in px, e.g. 1080x1920"))
        }
        options.screen = screen
      case "--json" where allowJSON: options.json = true
      default:
        if argument.hasPrefix("-") && argument.count > 1 {
          return .failure(UsageError("unknown option \(argument)"))
        }
        options.files.append(argument)
      }
      index += 1
    }
    return .success(options)
  }

  static func parseScreen(_ text: String) -> ScreenSize? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0,
      height > 0,
      width < 1 << 20, height < 1 << 20
    else { return nil }
    return ScreenSize(widthPixels: width, heightPixels: height)
  }
}

/// How a command ends before doing its work: `--help` (0) or bad usage (2).
struct EarlyExit: Error {
  var status: Int32
}

extension RecordingOptions {
  /// Parses the options of `command`, printing the usage for `--help` and for bad usage.
  static func parse(
    _ arguments: [String], command: String, usage: String, allowJSON: Bool, fileCount: Int,
    fileNames: String
  ) -> Result<RecordingOptions, EarlyExit> {
    switch parse(arguments, allowJSON: allowJSON) {
    case .failure(let error):
      CommandLine2.printError("cleartouch \(command): \(error.message)\n\(usage)")
      return .failure(EarlyExit(status: 2))
    case .success(let options):
      if options.help {
        CommandLine2.printOut(usage)
        return .failure(EarlyExit(status: 0))
      }
      guard options.files.count == fileCount else {
        CommandLine2.printError("cleartouch \(command): expected \(fileNames)\n\(usage)")
        return .failure(EarlyExit(status: 2))
      }
      return .success(options)
    }
  }
}

struct UsageError: Error {
  var message: String
  init(_ message: String) { self.message = message }
}
