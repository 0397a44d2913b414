import ClearCore
import ClearRendering
import Replay

/// `cleartouch replay FILE ...`: see `ReplayOptions.usage` and docs/replay.md.
enum ReplayCommand {
  static func run(arguments: [String]) -> Int32 {
    if arguments.contains(ViaLibinputReplayCommand.flag) {
      return ViaLibinputReplayCommand.run(arguments: arguments)
    }
    return ReplayCommandRunner.replay(arguments, pictures: CairoPictureWriter())
  }
}

/// Draws `--frames` and `--snapshot` with the app's renderer (ClearRendering), at the
/// presentation's screen size.
final class CairoPictureWriter: PresentationPictureWriter {
  private var exporter: FrameExporter?

  private func exporter(for presentation: Presentation) throws(ReplayError) -> FrameExporter {
    if let exporter, exporter.renderer.surface.width == presentation.screen.widthPixels,
      exporter.renderer.surface.height == presentation.screen.heightPixels
    {
      return exporter
    }
    do {
      let made = try FrameExporter(screen: presentation.screen)
      exporter = made
      return made
    } catch {
      throw ReplayError("cleartouch replay: cannot draw: \(error)")
    }
  }

  func writeFrame(_ presentation: Presentation, number: Int, directory: String) throws(ReplayError)
  {
    let exporter = try exporter(for: presentation)
    do {
      try exporter.writeFrame(presentation, number: number, directory: directory)
    } catch {
      throw ReplayError("\(directory):0: cannot write frame \(number): \(error)")
    }
  }

  func writeSnapshot(_ presentation: Presentation, path: String) throws(ReplayError) {
    let exporter = try exporter(for: presentation)
    do {
      try exporter.writeSnapshot(presentation, toPath: path)
    } catch {
      throw ReplayError("\(path):0: cannot write the picture: \(error)")
    }
  }
}
