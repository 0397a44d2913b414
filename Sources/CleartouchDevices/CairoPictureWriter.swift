import ClearCore
import ClearRendering
import CleartouchCommands
import DescriptorIO
import Replay
import ToolSupport

/// Draws `--frames` and `--snapshot` with the app's renderer (ClearRendering), at the
/// presentation's screen size.
final class CairoPictureWriter: PresentationPictureWriter {
    private var exporter: FrameExporter?
    /// The most pixels a `--snapshot` or `--frames` picture has (256 MiB of pixels).
    static let largestPicturePixels = 8192 * 8192
    /// The longest side of a picture (Cairo's limit).
    static let longestPictureSidePixels = 32767

    /// The replay's input files, which no picture may replace.
    let protectedInputs: [String]

    init(protecting inputs: [String]) { protectedInputs = inputs }

    private func exporter(for presentation: Presentation, path: String) throws(Diagnostic)
        -> FrameExporter
    {
        if let exporter, exporter.renderer.surface.width == presentation.screen.widthPixels,
            exporter.renderer.surface.height == presentation.screen.heightPixels
        {
            return exporter
        }
        let screen = presentation.screen
        guard screen.widthPixels * screen.heightPixels <= Self.largestPicturePixels,
            screen.widthPixels <= Self.longestPictureSidePixels,
            screen.heightPixels <= Self.longestPictureSidePixels
        else {
            throw Diagnostic(
                path: path, line: 0,
                message:
                    "a \(screen) screen is too large to draw (at most 8192x8192 pixels in area, \(Self.longestPictureSidePixels) a side)"
            )
        }
        do {
            let made = try FrameExporter(screen: presentation.screen)
            exporter = made
            return made
        } catch {
            throw Diagnostic(path: path, line: 0, message: "cannot draw: \(error)")
        }
    }

    func writeFrame(_ presentation: Presentation, number: Int, directory: String)
        throws(Diagnostic)
    {
        let path =
            (directory.hasSuffix("/") ? directory : directory + "/")
            + FrameExporter.frameFileName(number)
        try writeSnapshot(presentation, path: path)
    }

    func writeSnapshot(_ presentation: Presentation, path: String) throws(Diagnostic) {
        let exporter = try exporter(for: presentation, path: path)
        let png: [UInt8]
        do {
            png = try exporter.snapshotPNG(presentation)
        } catch {
            throw Diagnostic(path: path, line: 0, message: "cannot draw the picture: \(error)")
        }
        try OutputFile.write(png, to: path, protecting: protectedInputs)
    }
}
