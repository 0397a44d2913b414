import ClearCore
import TouchInput

/// Writes presentations as PNG files: numbered frames into a directory, or single snapshots.
public final class FrameExporter {
    public let renderer: PresentationRenderer

    /// An exporter drawing `width` × `height` pictures.
    public init(width: Int, height: Int) throws(CairoError) {
        renderer = try PresentationRenderer(width: width, height: height)
    }

    /// An exporter at the presentation's own screen size.
    public convenience init(screen: ScreenSize) throws(CairoError) {
        try self.init(width: screen.widthPixels, height: screen.heightPixels)
    }

    /// The file name of frame `number`: `frame-000042.png`.
    public static func frameFileName(_ number: Int) -> String {
        let digits = String(number)
        return "frame-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
    }

    /// True for a name `frameFileName` makes (`frame-` six or more digits `.png`).
    public static func isFrameFileName(_ name: String) -> Bool {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return false }
        let digits = name.dropFirst("frame-".count).dropLast(".png".count)
        return digits.count >= 6 && digits.allSatisfy { $0 >= "0" && $0 <= "9" }
    }

    /// Draws `presentation` and writes it to `path`.
    public func writeSnapshot(_ presentation: Presentation, toPath path: String) throws(CairoError)
    {
        renderer.render(presentation)
        try renderer.surface.writePNG(toPath: path)
    }

    /// Draws `presentation` and returns it as the bytes of a PNG file.
    public func snapshotPNG(_ presentation: Presentation) throws(CairoError) -> [UInt8] {
        renderer.render(presentation)
        return try renderer.surface.pngBytes()
    }

    /// Draws `presentation` as frame `number` in `directory`; returns the file's path.
    @discardableResult
    public func writeFrame(_ presentation: Presentation, number: Int, directory: String)
        throws(CairoError) -> String
    {
        let path =
            (directory.hasSuffix("/") ? directory : directory + "/") + Self.frameFileName(number)
        try writeSnapshot(presentation, toPath: path)
        return path
    }
}
