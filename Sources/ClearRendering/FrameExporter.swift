import ClearCore
import TouchInput

/// The moments at which frames are taken from a run, at a fixed rate on the event clock.
///
/// Frame k is at `startMicroseconds + k · 1 000 000 / framesPerSecond` (rounded to the
/// microsecond), so frame times never drift however long the run.
public struct FrameClock: Hashable, Sendable {
    public let startMicroseconds: Int64
    public let framesPerSecond: Double
    /// The number of the next frame to take.
    public private(set) var nextFrameNumber: Int = 0

    public init(startMicroseconds: Int64, framesPerSecond: Double) {
        precondition(
            framesPerSecond > 0 && framesPerSecond.isFinite, "frames per second must be positive")
        self.startMicroseconds = startMicroseconds
        self.framesPerSecond = framesPerSecond
    }

    /// The time of frame `number`.
    public func timeMicroseconds(ofFrame number: Int) -> Int64 {
        startMicroseconds + Int64((Double(number) * 1_000_000 / framesPerSecond).rounded())
    }

    /// The time of the next frame.
    public var nextFrameMicroseconds: Int64 { timeMicroseconds(ofFrame: nextFrameNumber) }

    /// Takes the next frame: returns its number and time and moves on.
    public mutating func takeFrame() -> (number: Int, timeMicroseconds: Int64) {
        defer { nextFrameNumber += 1 }
        return (nextFrameNumber, nextFrameMicroseconds)
    }
}

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

    /// Draws `presentation` and writes it to `path`.
    public func writeSnapshot(_ presentation: Presentation, toPath path: String) throws(CairoError)
    {
        renderer.render(presentation)
        try renderer.surface.writePNG(toPath: path)
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
