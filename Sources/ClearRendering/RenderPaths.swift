/// The fast paths a frame may be drawn through (issue 22): each leaves the pixels Cairo
/// and pixman would, and each can be taken out, so that the tests draw reference frames
/// without it and compare. `PresentationRenderer.paths` holds which are allowed (all of
/// them but in those tests); each frame takes those its picture permits
/// (`forFrame(atScreenSize:fadingColors:)`) and hands that one value to the painters and
/// to `GraphicsContext`.
struct RenderPaths: OptionSet, Hashable, Sendable {
    let rawValue: UInt8

    /// Rows that are not being edited (and the placeholder) drawn once into pictures and
    /// then composited; translucent rows alone in their band copied from pictures of
    /// themselves blended over the background. Only at screen size (a picture is exact
    /// only there) and outside a theme's cross-fade (every row's colour is new each frame,
    /// so a picture would be drawn once and never reused).
    static let rowPictures = RenderPaths(rawValue: 1 << 0)
    /// The background left out under the bands opaque rows cover, and filled just before
    /// a translucent row alone in its band (`PresentationRenderer.opaqueBands`); only at
    /// screen size.
    static let backgroundAroundRows = RenderPaths(rawValue: 1 << 1)
    /// The on-screen keyboard at rest copied from a picture of its panel and keys
    /// (`KeyboardPainter`); only at screen size.
    static let keyboardPicture = RenderPaths(rawValue: 1 << 2)
    /// Pictures keep their lines (`PictureLines`), so that a copy into the frame writes
    /// each line's colour and reads only its ink.
    static let picturesByLine = RenderPaths(rawValue: 1 << 3)
    /// A translucent row over the band of background just filled under it blended line by
    /// line (`GraphicsContext.drawImageOverBand`).
    static let overBandByLine = RenderPaths(rawValue: 1 << 4)
    /// The gloss blended over a row's fill once per line
    /// (`GraphicsContext.fillRectangle(x:y:with:under:)`).
    static let glossByLine = RenderPaths(rawValue: 1 << 5)
    /// A stretched picture (a folding row) copied line by line (`StretchedLines`).
    static let stretchByLine = RenderPaths(rawValue: 1 << 6)

    /// Every fast path.
    static let all: RenderPaths = [
        .rowPictures, .backgroundAroundRows, .keyboardPicture, .picturesByLine,
        .overBandByLine, .glossByLine, .stretchByLine,
    ]
    /// The paths that hold only when one presentation pixel is one surface pixel.
    static let atScreenSizeOnly: RenderPaths = [
        .rowPictures, .backgroundAroundRows, .keyboardPicture,
    ]

    /// These paths but those a frame drawn at another size than its presentation's
    /// (`atScreenSize` false) or during a theme's cross-fade cannot take.
    func forFrame(atScreenSize: Bool, fadingColors: Bool) -> RenderPaths {
        var paths = self
        if !atScreenSize { paths.subtract(Self.atScreenSizeOnly) }
        if fadingColors { paths.remove(.rowPictures) }
        return paths
    }
}
