import ClearCore

/// Translucent rows over the plain background, kept as opaque pictures (issue 22).
///
/// A row at alpha a alone in its band over the background colour b shows
/// row·a + b·(1−a) in every pixel: an opaque picture of its own. Drawn once, with the very
/// fill and blend the frame would do, it is then copied (pixman's fast path) instead of
/// blended over 0.2 M pixels every frame, e.g. for every row dimmed while one is edited.
///
/// A picture is made when its row, alpha and background are asked for again within
/// `reuseWindowFrames`: while an alpha animates each value is asked for once (or again
/// only when a move repeats, much later), and the row is blended as before (a picture made
/// for one frame costs more than the blend). The pictures are bounded; the least recently
/// used goes first.
final class BlendedRowPictures {
    /// A row's picture blended at `alpha` over `background`.
    struct Key: Hashable {
        var row: PresentationRenderer.RowImageKey
        var alpha: Double
        var background: RGBColor
    }

    /// One and a half screens of rows at the kiosk's size (about 0.7 MB each at 1080 wide).
    static let defaultPictureLimit = 16
    /// A key asked for again at most this many frames later is held steady (a row dimmed
    /// every other frame still is).
    static let reuseWindowFrames = 2
    /// Keys asked for once are remembered up to this many (an animating alpha asks for a
    /// new one every frame); then they are forgotten all at once.
    static let seenOnceLimit = 256

    let pictureLimit: Int
    private var pictures: [Key: (image: ImageSurface, lastUsedFrame: Int)] = [:]
    /// The frame each key without a picture was last asked for in.
    private var seenOnce: [Key: Int] = [:]
    /// The frame being drawn (the renderer calls `nextFrame()` once per frame).
    private var frameNumber = 0

    /// How many pictures are kept.
    var count: Int { pictures.count }

    init(pictureLimit: Int = defaultPictureLimit) {
        self.pictureLimit = max(1, pictureLimit)
    }

    func nextFrame() { frameNumber &+= 1 }

    /// Forgets every picture (the style, and so every row picture, changed).
    func removeAll() {
        pictures.removeAll()
        seenOnce.removeAll()
    }

    /// Whether a picture for `key` is kept.
    func contains(_ key: Key) -> Bool { pictures[key] != nil }

    /// The kept picture for `key`; else, when `key` was asked for within
    /// `reuseWindowFrames`, the one `make` draws (kept, the least recently used one
    /// evicted at the limit); else nil, and the caller blends the row itself.
    func picture(for key: Key, make: () -> ImageSurface?) -> ImageSurface? {
        if let kept = pictures[key] {
            pictures[key] = (kept.image, frameNumber)
            return kept.image
        }
        guard let seen = seenOnce[key], frameNumber - seen <= Self.reuseWindowFrames else {
            // Its storage is kept: an animating alpha fills it again (no allocation).
            if seenOnce.count >= Self.seenOnceLimit { seenOnce.removeAll(keepingCapacity: true) }
            seenOnce[key] = frameNumber
            return nil
        }
        seenOnce[key] = nil
        guard let image = make() else { return nil }
        if pictures.count >= pictureLimit,
            let oldest = pictures.min(by: { $0.value.lastUsedFrame < $1.value.lastUsedFrame })
        {
            pictures[oldest.key] = nil
        }
        pictures[key] = (image, frameNumber)
        return image
    }
}
