import ClearCore
import ClearPictures
import Testing
import TouchInput

@testable import ClearRendering

/// An opaque picture stretched vertically (a folded or squeezed row) and copied line by
/// line (`StretchedLines`, `PictureLines`, issue 22): each line of the frame must be the
/// line Cairo's stretched copy samples, to the bit, at every height just below and above
/// the picture's, anywhere in the frame, clipped or not.
@Suite struct StretchedLinesTests {
    static let width = 40
    /// As tall as a row at the kiosk's size.
    static let pictureHeight = 169
    static let frameHeight = 1920
    /// The paths of the reference frames: every stretch left to Cairo.
    static let leftToCairo = RenderPaths.all.subtracting(.stretchByLine)

    /// An opaque picture whose every line has a colour of its own, with ink in lines 60 up
    /// to 110 (as a label's), one pixel of ink at the left edge of line 5 and one at the
    /// right edge of line 6.
    static func picture() throws -> ImageSurface {
        let image = try ImageSurface(width: width, height: pictureHeight, opaque: true)
        let context = try GraphicsContext(surface: image)
        for y in 0..<pictureHeight {
            context.fillRectangle(
                x: 0, y: Double(y), width: Double(width), height: 1,
                with: RGBAColor(
                    red: Double(y) / Double(pictureHeight), green: Double(y % 7) / 7,
                    blue: 1 - Double(y) / 400, alpha: 1))
        }
        for y in 60..<110 {
            for x in 12..<(12 + y % 20) {
                context.fillRectangle(
                    x: Double(x), y: Double(y), width: 1, height: 1,
                    with: RGBAColor(red: 1, green: Double(x) / 40, blue: 0.5, alpha: 1))
            }
        }
        let ink = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        context.fillRectangle(x: 0, y: 5, width: 1, height: 1, with: ink)
        context.fillRectangle(x: Double(width - 1), y: 6, width: 1, height: 1, with: ink)
        context.flush()
        return image
    }

    /// A frame of the picture's width, one colour with a translucent band.
    static func frame() throws -> (ImageSurface, GraphicsContext) {
        try DirectCompositeTests.frame(width: width, height: frameHeight)
    }

    /// Whether lines `lines` (inside the frame) of `a` and `b` hold the same bytes.
    static func sameLines(_ a: ImageSurface, _ b: ImageSurface, _ lines: Range<Int>) -> Bool {
        a.withPixelData { first in
            b.withPixelData { second in
                for line in lines {
                    for column in 0..<a.width {
                        let offset = line * a.strideBytes + column * 4
                        if first.load(fromByteOffset: offset, as: UInt32.self)
                            != second.load(fromByteOffset: offset, as: UInt32.self)
                        {
                            return false
                        }
                    }
                }
                return true
            }
        }
    }

    /// Whether the picture stretched to `height` lines at `y` (x 0), copied line by line,
    /// leaves the frame Cairo's stretch leaves; `prepare` sets both contexts up (a clip).
    static func leavesCairosFrame(
        y: Double, height: Double, prepare: (GraphicsContext) -> Void = { _ in }
    ) throws -> Bool {
        let withLines = try picture()
        withLines.keepLines()
        let plain = try picture()
        let (byLine, byLineContext) = try frame()
        let (reference, referenceContext) = try frame()
        prepare(byLineContext)
        prepare(referenceContext)
        let rect = (x: 0.0, y: y, width: Double(width), height: height)
        byLineContext.drawImage(withLines, in: rect, alpha: 1, paths: .all)
        referenceContext.drawImage(plain, in: rect, alpha: 1, paths: Self.leftToCairo)
        byLineContext.flush()
        referenceContext.flush()
        let lines = max(0, Int(y) - 2)..<min(frameHeight, Int(y + height) + 2)
        return sameLines(byLine, reference, lines)
    }

    /// Heights just below and above the picture's and of a deep fold; the same heights
    /// near the frame's top and bottom edges (clipped by them) and all down the frame
    /// (pixman's fixed-point sampling depends on the place).
    static let heights: [Double] = [1, 2, 3, 42, 84, 85, 167, 168, 170, 338]

    @Test(arguments: heights)
    func aStretchCopiedByLineLeavesTheFrameCairosWould(height: Double) throws {
        var places = Array(stride(from: 0.0, to: 1900, by: 53))
        places += [-1, -height / 2, -height + 1, Double(Self.frameHeight) - height / 2]
        places += [Double(Self.frameHeight) - 1, Double(Self.frameHeight) - height + 1]
        for y in places {
            let place = y.rounded()
            #expect(
                try Self.leavesCairosFrame(y: place, height: height),
                "\(height) lines at y \(place)")
        }
    }

    /// Inside a clip of whole pixels (the list above the keyboard) and a translation:
    /// the rows through the clip's bottom and top.
    @Test(arguments: [84.0, 168, 170])
    func aStretchInsideAClipAndATranslationIsCairos(height: Double) throws {
        for y in [90.0, 95, 990, 1000, 1001 - height, 1000 - height / 2] {
            let same = try Self.leavesCairosFrame(y: y, height: height) { context in
                context.translate(x: 0, y: 7)
                context.addRectangle(x: 0, y: 93, width: Double(Self.width), height: 900)
                context.clip()
            }
            #expect(same, "\(height) lines at y \(y)")
        }
    }

    /// Not a whole-pixel stretch of an opaque picture with lines at full alpha reaching
    /// column 0: left to Cairo, the same frame.
    @Test func otherStretchesAreCairos() throws {
        let withLines = try Self.picture()
        withLines.keepLines()
        let plain = try Self.picture()
        let rects: [(x: Double, y: Double, width: Double, height: Double)] = [
            (0, 100.5, 40, 84), (0, 100, 40, 84.5), (3, 100, 40, 84), (0, 100, 39, 84),
        ]
        for (rect, alpha) in rects.map({ ($0, 1.0) }) + [((0, 100, 40, 84), 0.5)] {
            let (byLine, byLineContext) = try Self.frame()
            let (reference, referenceContext) = try Self.frame()
            byLineContext.drawImage(withLines, in: rect, alpha: alpha, paths: .all)
            referenceContext.drawImage(plain, in: rect, alpha: alpha, paths: Self.leftToCairo)
            #expect(Self.sameLines(byLine, reference, 90..<200), "\(rect) at alpha \(alpha)")
        }
    }

    /// Into an opaque (RGB24) image, as a squeezed placeholder's picture is: copied by line,
    /// the colours Cairo's stretch leaves (RGB24 reads no alpha byte), at heights just below
    /// and above the picture's, through the image's top and bottom edges. The copy by line
    /// is taken: a picture whose line 0 was painted over after its lines were kept still
    /// shows its kept colour there (Cairo's stretch would read the paint).
    @Test(arguments: [1.0, 84, 168, 170])
    func aStretchIntoAnOpaqueImageIsCairos(height: Double) throws {
        let withLines = try Self.picture()
        withLines.keepLines()
        let plain = try Self.picture()
        let imageHeight = 400
        for y in [-height / 2, 0, 100, Double(imageHeight) - height / 2].map({ $0.rounded() }) {
            let (byLine, byLineContext) = try DirectCompositeTests.frame(
                width: Self.width, height: imageHeight, opaque: true)
            let (reference, referenceContext) = try DirectCompositeTests.frame(
                width: Self.width, height: imageHeight, opaque: true)
            let rect = (x: 0.0, y: y, width: Double(Self.width), height: height)
            byLineContext.drawImage(withLines, in: rect, alpha: 1, paths: .all)
            referenceContext.drawImage(plain, in: rect, alpha: 1, paths: Self.leftToCairo)
            byLineContext.flush()
            referenceContext.flush()
            let same = (0..<imageHeight).allSatisfy { line in
                (0..<Self.width).allSatisfy {
                    byLine.pixel(x: $0, y: line) == reference.pixel(x: $0, y: line)
                }
            }
            #expect(same, "\(height) lines at y \(y)")
        }
        let kept = try #require(withLines.pixel(x: 20, y: 0))
        let painted = try GraphicsContext(surface: withLines)
        painted.fillRectangle(
            x: 0, y: 0, width: Double(Self.width), height: 1,
            with: RGBAColor(red: 0, green: 1, blue: 0, alpha: 1))
        painted.flush()
        let (witness, witnessContext) = try DirectCompositeTests.frame(
            width: Self.width, height: imageHeight, opaque: true)
        witnessContext.drawImage(
            withLines, in: (0, 0, Double(Self.width), Double(Self.pictureHeight)), alpha: 1,
            paths: .all)
        witnessContext.flush()
        #expect(witness.pixel(x: 20, y: 0) == kept, "copied by line, from the kept lines")
    }

    // MARK: The renderer's frames

    /// The sample list with rows 2 to 5 folded to `height`, stacked from row 2's top, and
    /// the last rows through the screen's bottom; with `keyboard`, under a keyboard's panel
    /// from line 1200.
    static func folded(height: Double, keyboard: Bool = false) -> Presentation {
        var frame = Fixture.list()
        var y = 0.0
        frame.rows = frame.rows.enumerated().map { index, row in
            var changed = row
            changed.framePixels.y = y
            changed.framePixels.height = (2...5).contains(index) ? height : Fixture.rowHeight
            y += changed.framePixels.height
            return changed
        }
        if keyboard {
            frame.keyboard = KeyboardPresentation(
                layoutName: "us",
                framePixels: RectPixels(x: 0, y: 1200, width: Fixture.width, height: 720),
                keys: [], layer: .letters, isCapsLocked: false, popup: nil)
        }
        return frame
    }

    /// Whether `frame` drawn by a renderer copying stretches by line is the frame of one
    /// leaving every stretch to Cairo, to the bit.
    static func isCairosFrame(_ frame: Presentation) throws -> Bool {
        let byLine = try PresentationRenderer(width: 1080, height: 1920)
        let reference = try PresentationRenderer(width: 1080, height: 1920)
        reference.paths.remove(.stretchByLine)
        byLine.render(frame)
        reference.render(frame)
        return DirectCompositeTests.bytes(byLine.surface)
            == DirectCompositeTests.bytes(reference.surface)
    }

    @Test(arguments: [1, 2, Fixture.rowHeight / 2, Fixture.rowHeight - 1, Fixture.rowHeight + 1])
    func theRenderersFoldedRowsAreCairosStretches(height: Double) throws {
        for keyboard in [false, true] {
            let frame = Self.folded(height: height.rounded(), keyboard: keyboard)
            #expect(
                try Self.isCairosFrame(frame), "rows \(height) tall, keyboard \(keyboard)")
        }
    }

    /// The sample list pulled down `pull` px, its placeholder above row 0 partly shown (below
    /// H) and squeezed into the lines it shows; with `fromBottom`, the placeholder below the
    /// screen's bottom instead (a pull up's cue).
    static func squeezed(pull: Double, fromBottom: Bool = false) -> Presentation {
        var frame = Fixture.list()
        let height = Fixture.rowHeight
        frame.rows = frame.rows.map { row in
            var moved = row
            moved.framePixels.y += fromBottom ? -pull : pull
            return moved
        }
        let y = fromBottom ? Double(Fixture.screen.heightPixels) - pull : pull - height
        frame.placeholder = PlaceholderPresentation(
            framePixels: RectPixels(x: 0, y: y, width: Fixture.width, height: height),
            scaleY: 1, alpha: min(1, pull / height), label: "Pull to add item",
            backgroundColor: .pureRed)
        return frame
    }

    /// A placeholder squeezed into the part of the list it shows is stretched into a picture
    /// of its own and composited at its alpha: copied by line or by Cairo, the same frames,
    /// at pulls of 1 and 2 px, a quarter and half of H (between pixels), just below H.
    @Test func theRenderersSqueezedPlaceholderIsCairosStretch() throws {
        let height = Fixture.rowHeight
        for fromBottom in [false, true] {
            for pull in [1, 2, height / 4, height / 2 + 0.3, height - 1, height - 0.4] {
                #expect(
                    try Self.isCairosFrame(Self.squeezed(pull: pull, fromBottom: fromBottom)),
                    "pulled \(pull) px, from the bottom \(fromBottom)")
            }
        }
    }
}
