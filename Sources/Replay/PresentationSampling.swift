import ClearCore

/// Receives what was on screen at chosen moments of a replay (for pictures).
/// Moments count from the recording's first event.
public protocol PresentationSampler: AnyObject {
    /// The next moment wanted, or nil when no more are.
    var nextSampleMicroseconds: Int64? { get }
    /// The presentation at `nextSampleMicroseconds`; the sampler then moves on.
    func take(_ presentation: Presentation, atMicroseconds relative: Int64) throws(ReplayError)
    /// The replay has settled at `relative` with `presentation` on screen.
    func finish(_ presentation: Presentation, atMicroseconds relative: Int64) throws(ReplayError)
    /// Throws when the moments wanted before `relative` are too many to take (checked
    /// before any of them is drawn).
    func check(before relative: Int64) throws(ReplayError)
}

extension PresentationSampler {
    /// Any number of moments is fine.
    public func check(before relative: Int64) throws(ReplayError) {}
}

/// Draws presentations as PNG files. The `cleartouch` command provides one (cairo, in
/// ClearRendering); the Replay module itself draws nothing.
public protocol PresentationPictureWriter {
    func writeFrame(_ presentation: Presentation, number: Int, directory: String)
        throws(ReplayError)
    func writeSnapshot(_ presentation: Presentation, path: String) throws(ReplayError)
}

/// Frames at a fixed rate on the recording's clock: frame k at k / fps seconds after the
/// first event, up to the first frame at or after the moment the replay has settled (so
/// the last frame shows the settled screen, and every frame before it what was on screen
/// at its moment, animations included).
public final class FrameSampler: PresentationSampler {
    public let framesPerSecond: Double
    public private(set) var framesTaken = 0
    /// The folder the frames go to, as errors name it.
    public var outputPath = "--frames"
    private let write: (Presentation, Int) throws(ReplayError) -> Void

    public init(
        framesPerSecond: Double, write: @escaping (Presentation, Int) throws(ReplayError) -> Void
    ) {
        self.framesPerSecond = framesPerSecond
        self.write = write
    }

    /// Frame k's time, rounded to the microsecond (no drift however long the replay).
    public func timeMicroseconds(ofFrame number: Int) -> Int64 {
        Self.timeMicroseconds(ofFrame: number, framesPerSecond: framesPerSecond)
    }

    /// Frame k's time at `framesPerSecond`.
    public static func timeMicroseconds(ofFrame number: Int, framesPerSecond: Double) -> Int64 {
        let time = (Double(number) * 1_000_000 / framesPerSecond).rounded()
        return time < 9e18 ? Int64(time) : Int64.max
    }

    public var nextSampleMicroseconds: Int64? { timeMicroseconds(ofFrame: framesTaken) }

    /// The most frames one replay writes: a recording whose events lie far apart (times
    /// may span thousands of years) must not fill the disk or run for ever.
    public static let maximumFrames = 100_000

    public func check(before relative: Int64) throws(ReplayError) {
        let frames = Double(relative) * framesPerSecond / 1_000_000
        guard frames < Double(Self.maximumFrames) else {
            throw ReplayError(
                path: outputPath, line: 0,
                message:
                    "the replay would need more than \(Self.maximumFrames) frames at \(framesPerSecond) per second; use a lower --fps"
            )
        }
    }

    public func take(_ presentation: Presentation, atMicroseconds relative: Int64)
        throws(ReplayError)
    {
        try write(presentation, framesTaken)
        framesTaken += 1
    }

    public func finish(_ presentation: Presentation, atMicroseconds relative: Int64)
        throws(ReplayError)
    {
        // Nothing moves after `relative`: a later frame shows `presentation`.
        if framesTaken == 0 || timeMicroseconds(ofFrame: framesTaken - 1) < relative {
            try take(presentation, atMicroseconds: timeMicroseconds(ofFrame: framesTaken))
        }
    }
}

/// One picture: at a moment, or of the settled end when no moment is given (or the
/// moment is after the end).
public final class SnapshotSampler: PresentationSampler {
    public let atMicroseconds: Int64?
    public private(set) var taken = false
    private let write: (Presentation) throws(ReplayError) -> Void

    public init(atMicroseconds: Int64?, write: @escaping (Presentation) throws(ReplayError) -> Void)
    {
        self.atMicroseconds = atMicroseconds
        self.write = write
    }

    public var nextSampleMicroseconds: Int64? { taken ? nil : atMicroseconds }

    public func take(_ presentation: Presentation, atMicroseconds relative: Int64)
        throws(ReplayError)
    {
        try write(presentation)
        taken = true
    }

    public func finish(_ presentation: Presentation, atMicroseconds relative: Int64)
        throws(ReplayError)
    {
        if !taken { try take(presentation, atMicroseconds: relative) }
    }
}

/// Several samplers on one replay: each gets the moments it asks for.
public final class CombinedSampler: PresentationSampler {
    public let samplers: [PresentationSampler]

    public init(_ samplers: [PresentationSampler]) { self.samplers = samplers }

    public var nextSampleMicroseconds: Int64? {
        samplers.compactMap(\.nextSampleMicroseconds).min()
    }

    public func take(_ presentation: Presentation, atMicroseconds relative: Int64)
        throws(ReplayError)
    {
        for sampler in samplers where sampler.nextSampleMicroseconds == relative {
            try sampler.take(presentation, atMicroseconds: relative)
        }
    }

    public func finish(_ presentation: Presentation, atMicroseconds relative: Int64)
        throws(ReplayError)
    {
        for sampler in samplers { try sampler.finish(presentation, atMicroseconds: relative) }
    }

    public func check(before relative: Int64) throws(ReplayError) {
        for sampler in samplers { try sampler.check(before: relative) }
    }
}
