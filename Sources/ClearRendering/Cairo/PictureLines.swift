import CCairo

/// An opaque picture seen line by line: each line one colour but for one stretch of
/// columns, its ink (issue 22).
///
/// A row's picture is its fill under the gloss, which changes only from line to line, and
/// the label, strikethrough or count over it: most of its lines are one colour throughout,
/// and the others are one colour beside their text. Copying such a picture into a frame
/// as each line's colour written out and only its ink read from the picture gives the same
/// pixels as the copy pixman makes, while reading a fraction of them: the row pictures
/// read from memory every frame were most of a frame's time (docs/performance.md).
///
/// Made from a finished picture (`ImageSurface.keepLines()`): drawing into the picture
/// afterwards would leave it out of date.
struct PictureLines {
    /// One line: its colour as pixman writes it into an ARGB32 frame (alpha 255), and its
    /// ink, the columns from its first to its last pixel not of that colour (none when
    /// `inkStart == inkEnd`).
    struct Line: Equatable {
        var color: UInt32
        var inkStart: Int
        var inkEnd: Int
    }
    /// The picture's lines, top to bottom.
    let lines: [Line]

    /// The alpha byte pixman sets when it copies an RGB24 pixel into an ARGB32 frame (the
    /// RGB24 pixel's own top byte is unused, whatever it holds).
    static let opaqueAlpha: UInt32 = 0xFF00_0000

    /// The lines of `surface` (an opaque picture, drawn and flushed); nil for a picture with
    /// alpha, whose copy is a blend.
    init?(of surface: ImageSurface) {
        guard surface.isOpaque, surface.width > 0, surface.height > 0 else { return nil }
        var lines: [Line] = []
        lines.reserveCapacity(surface.height)
        let width = surface.width
        surface.withPixelData { data in
            for y in 0..<surface.height {
                let line = data.baseAddress!.advanced(by: y * surface.strideBytes)
                    .assumingMemoryBound(to: UInt32.self)
                let color = line[0] | Self.opaqueAlpha
                var start = 0
                while start < width && line[start] | Self.opaqueAlpha == color { start += 1 }
                var end = width
                while end > start && line[end - 1] | Self.opaqueAlpha == color { end -= 1 }
                lines.append(Line(color: color, inkStart: start, inkEnd: end))
            }
        }
        self.lines = lines
    }

    /// How many pixels are ink (read from the picture by `copy`), for the tests.
    var inkPixels: Int {
        lines.reduce(0) { $0 + $1.inkEnd - $1.inkStart }
    }

    /// Writes `picture` (the surface these are the lines of), its top-left corner at
    /// (`x`, `y`) of a target's pixels (`targetData`, an ARGB32 image's, being written
    /// directly: `ImageSurface.writingPixels`), into the target's rectangle `drawn`
    /// (inside both): the pixels pixman's copy of it would leave (each RGB24 pixel with
    /// alpha 255).
    func copy(
        _ picture: ImageSurface, x: Int, y: Int, into targetData: UnsafeMutableRawPointer,
        strideBytes targetStride: Int, _ drawn: DeviceRectangle
    ) {
        copy(picture, x: x, into: targetData, strideBytes: targetStride, drawn) { $0 - y }
    }

    /// `copy`, each of the target's lines showing the picture's line `sourceLine(line)`
    /// (a picture stretched vertically, sampled nearest: `StretchedLines`).
    func copy(
        _ picture: ImageSurface, x: Int, into targetData: UnsafeMutableRawPointer,
        strideBytes targetStride: Int, _ drawn: DeviceRectangle, sourceLine: (Int) -> Int
    ) {
        guard let sourceData = cairo_image_surface_get_data(picture.pointer) else { return }
        let sourceStride = picture.strideBytes
        let (left, top, right, bottom) = (drawn.left, drawn.top, drawn.right, drawn.bottom)
        for targetLine in top..<bottom {
            let line = sourceLine(targetLine)
            let color = lines[line].color
            let frameLine = UnsafeMutableRawPointer(targetData + targetLine * targetStride)
                .assumingMemoryBound(to: UInt32.self)
            let inkLeft = min(max(lines[line].inkStart + x, left), right)
            let inkRight = max(min(lines[line].inkEnd + x, right), inkLeft)
            Self.fill(frameLine + left, color, count: inkLeft - left)
            if inkRight > inkLeft {
                let source =
                    UnsafeRawPointer(sourceData + line * sourceStride)
                    .assumingMemoryBound(to: UInt32.self) + (inkLeft - x)
                let destination = frameLine + inkLeft
                for column in 0..<(inkRight - inkLeft) {
                    destination[column] = source[column] | Self.opaqueAlpha
                }
            }
            Self.fill(frameLine + inkRight, color, count: right - inkRight)
        }
    }

    /// Blends `picture` (the surface these are the lines of), its top-left corner at
    /// (`x`, `y`) of a target's pixels (as `copy`'s), at the 8-bit alpha `mask` into the
    /// target's rectangle `drawn` (inside both), where each of its lines is one colour (a
    /// band just filled): the pixels pixman's `OVER` of the RGB24 picture through a solid
    /// mask leaves, each line's colour blended once and only its ink pixel by pixel.
    func blend(
        _ picture: ImageSurface, x: Int, y: Int, mask: UInt32,
        into targetData: UnsafeMutableRawPointer, strideBytes targetStride: Int,
        _ drawn: DeviceRectangle
    ) {
        guard let sourceData = cairo_image_surface_get_data(picture.pointer) else { return }
        let sourceStride = picture.strideBytes
        let (left, top, right, bottom) = (drawn.left, drawn.top, drawn.right, drawn.bottom)
        for targetLine in top..<bottom {
            let line = targetLine - y
            let frameLine = UnsafeMutableRawPointer(targetData + targetLine * targetStride)
                .assumingMemoryBound(to: UInt32.self)
            let under = frameLine[left]
            let color = Self.inOver(lines[line].color, mask: mask, under)
            let inkLeft = min(max(lines[line].inkStart + x, left), right)
            let inkRight = max(min(lines[line].inkEnd + x, right), inkLeft)
            Self.fill(frameLine + left, color, count: inkLeft - left)
            if inkRight > inkLeft {
                let source =
                    UnsafeRawPointer(sourceData + line * sourceStride)
                    .assumingMemoryBound(to: UInt32.self) + (inkLeft - x)
                let destination = frameLine + inkLeft
                for column in 0..<(inkRight - inkLeft) {
                    destination[column] = Self.inOver(source[column], mask: mask, under)
                }
            }
            Self.fill(frameLine + inkRight, color, count: right - inkRight)
        }
    }

    /// An RGB24 pixel (alpha 255) through the 8-bit `mask`, over `destination`
    /// (premultiplied ARGB32), as pixman computes it: each channel s·m/255 + d·(255 − m)/255,
    /// both products rounded as pixman rounds them ((x + 128)·257 >> 16), the sum saturated.
    static func inOver(_ source: UInt32, mask: UInt32, _ destination: UInt32) -> UInt32 {
        let opaque = source | opaqueAlpha
        return inOverChannel(opaque, mask, destination, 0)
            | inOverChannel(opaque, mask, destination, 8)
            | inOverChannel(opaque, mask, destination, 16)
            | inOverChannel(opaque, mask, destination, 24)
    }

    /// The channel at `shift` of `inOver`, in place.
    @inline(__always)
    private static func inOverChannel(
        _ source: UInt32, _ mask: UInt32, _ destination: UInt32, _ shift: UInt32
    ) -> UInt32 {
        let masked = multipliedAsPixman((source >> shift) & 0xFF, mask)
        let kept = multipliedAsPixman((destination >> shift) & 0xFF, 255 - mask)
        return min(255, masked + kept) << shift
    }

    /// `a`·`b`/255 for two 8-bit values, rounded as pixman rounds it: (a·b + 128)·257 >> 16.
    @inline(__always)
    static func multipliedAsPixman(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a * b + 0x80) * 0x101) >> 16
    }

    /// `count` pixels of `color` from `start`.
    private static func fill(_ start: UnsafeMutablePointer<UInt32>, _ color: UInt32, count: Int) {
        guard count > 0 else { return }
        start.update(repeating: color, count: count)
    }
}
