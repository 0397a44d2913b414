import Recordings
import TouchInput

/// `cleartouch convert IN OUT [--desc DESC] [--format F] [--screen WxH]`: any readable
/// recording to a ClearTouch trace.
enum ConvertCommand {
  static let usage = """
    usage: cleartouch convert IN OUT [--desc DESC] [--format trace|evemu|libinput] [--screen WxH]

    Writes any readable recording (ClearTouch trace, evemu with --desc for an
    events-only file, `libinput record` YAML) as a ClearTouch trace (docs/trace-format.md).
    Touch positions of evdev recordings are mapped onto --screen (default 1080x1920).
    Exit status 0, or 2 for bad usage or an unreadable input (FILE:LINE: what is wrong).

    """

  static func run(arguments: [String]) -> Int32 {
    let options: RecordingOptions
    switch RecordingOptions.parse(
      arguments, command: "convert", usage: usage, allowJSON: false, fileCount: 2,
      fileNames: "IN and OUT")
    {
    case .success(let parsed): options = parsed
    case .failure(let exit): return exit.status
    }
    do {
      let recording = try Recording.open(
        path: options.files[0], descPath: options.descPath, format: options.format,
        screen: options.screen)
      let writer = try TraceWriter(path: options.files[1], flushesEveryCall: false)
      var header = recording.header
      header.format = .trace
      header.formatVersion = String(TraceWriter.formatVersion)
      try writer.writeHeader(header)
      while let event = try recording.next() { try writer.write(event) }
      try writer.close()
      for warning in recording.warnings { CommandLine2.printError("warning: \(warning)") }
    } catch {
      CommandLine2.printError(error.description)
      return 2
    }
    return 0
  }
}
