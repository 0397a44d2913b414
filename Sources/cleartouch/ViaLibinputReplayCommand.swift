import Recorder
import Replay
import TouchInput

#if canImport(Glibc)
  import Glibc
#endif

/// `cleartouch replay --via-libinput FILE ...`: first plays the evemu recording through the
/// real libinput under umockdev, in real time (ViaLibinputReplay), then replays what
/// libinput delivered like any trace, with the same options.
enum ViaLibinputReplayCommand {
  static let flag = "--via-libinput"

  static func run(arguments: [String]) -> Int32 {
    var rest = arguments.filter { $0 != flag }
    let options: ReplayOptions
    do {
      options = try ReplayOptions.parse(rest)
    } catch {
      // The ordinary replay prints the usage error.
      return ReplayCommand.run(arguments: rest)
    }
    if let format = options.source.format, format != "evemu" {
      printError(
        "cleartouch replay: \(flag) replays evemu recordings (--format evemu); got --format \(format)"
      )
      return 2
    }
    let environment: ViaLibinputReplay.Environment
    do throws(ViaLibinputError) {
      environment = try ViaLibinputReplay.discover()
    } catch {
      printError("cleartouch replay: \(flag): \(error)")
      return 2
    }
    var template = Array("/tmp/cleartouch-via-libinput-trace-XXXXXX".utf8CString)
    guard let directory = mkdtemp(&template).map({ String(cString: $0) }) else {
      printError("cleartouch replay: cannot create a temporary directory")
      return 2
    }
    let trace = directory + "/via-libinput.trace"
    defer {
      unlink(trace)
      rmdir(directory)
    }
    printError("cleartouch replay: playing \(options.source.path) through libinput in real time …")
    do throws(ViaLibinputError) {
      try ViaLibinputReplay.recordTrace(
        evemuPath: options.source.path, descPath: options.source.descPath,
        screen: options.source.screen ?? .defaultKiosk,
        environment: environment, tracePath: trace)
    } catch {
      printError("cleartouch replay: \(error)")
      return 2
    }
    // Replay the trace in place of the recording; its description went into the trace.
    var index = 0
    var replaced = false
    while index < rest.count {
      if rest[index] == "--desc" || rest[index] == "--format" {
        rest.removeSubrange(index..<min(index + 2, rest.count))
        continue
      }
      if !replaced && rest[index] == options.source.path {
        rest[index] = trace
        replaced = true
      }
      index += 1
    }
    return ReplayCommand.run(arguments: rest)
  }
}
