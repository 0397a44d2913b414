import ClearCore
import ClearPictures
import Testing
import TouchInput

@testable import ClearRendering

/// An opaque picture copied into a frame line by line (`PictureLines`, issue 22): each
/// line's colour written out, only its ink read from the picture. The frame must be the
/// one pixman's copy leaves, to the bit, wherever the picture lands; and the renderer's
/// frames must stay those drawn without it when a row's text, its dim level, the theme or
/// the row size changes.
@Suite struct PictureLinesTests {
    static let width = 40
    static let height = 20
    /// Where `picture()` puts its ink: columns 10 up to 25 of lines 5 up to 9.
    static let inkColumns = 10..<25
    static let inkLines = 5..<9

    /// An opaque picture whose every line has a colour of its own, with ink at
    /// `inkColumns` × `inkLines`, one pixel of ink at the left edge of line 12 and one at
    /// the right edge of line 13.
    static func picture() throws -> ImageSurface {
        let image = try ImageSurface(width: width, height: height, opaque: true)
        let context = try GraphicsContext(surface: image)
        for y in 0..<height {
            context.fillRectangle(
                x: 0, y: Double(y), width: Double(width), height: 1,
                with: RGBAColor(
                    red: Double(y) / Double(height), green: 0.5, blue: 1 - Double(y) / 40,
                    alpha: 1))
        }
        let ink = RGBAColor(red: 1, green: 1, blue: 1, alpha: 1)
        for x in inkColumns {
            for y in inkLines {
                // A different shade in each pixel, as a glyph's edge has.
                context.fillRectangle(
                    x: Double(x), y: Double(y), width: 1, height: 1,
                    with: RGBAColor(red: 1, green: Double(x) / 40, blue: Double(y) / 20, alpha: 1))
            }
        }
        context.fillRectangle(x: 0, y: 12, width: 1, height: 1, with: ink)
        context.fillRectangle(x: Double(width - 1), y: 13, width: 1, height: 1, with: ink)
        context.flush()
        // An RGB24 pixel's top byte is unused and holds whatever was stored last (Cairo's
        // fills leave 255, pixman's general path 0): 0 on every other line here, so the
        // copy must set alpha 255 itself, as pixman's does.
        image.withPixelData { data in
            let pixels = UnsafeMutableRawPointer(mutating: data.baseAddress!)
            for y in stride(from: 0, to: height, by: 2) {
                for x in 0..<width {
                    pixels.storeBytes(
                        of: 0, toByteOffset: y * image.strideBytes + x * 4 + 3, as: UInt8.self)
                }
            }
        }
        return image
    }

    @Test func aLinesInkIsFromItsFirstToItsLastPixelNotOfItsColour() throws {
        let image = try Self.picture()
        image.keepLines()
        let lines = try #require(image.lines).lines
        #expect(lines.count == Self.height)
        for (y, line) in lines.enumerated() {
            switch y {
            case Self.inkLines:
                #expect(line.inkStart == Self.inkColumns.lowerBound, "line \(y)")
                #expect(line.inkEnd == Self.inkColumns.upperBound, "line \(y)")
            case 12:
                // Column 0 is the ink: the line's colour is taken there, so the rest is ink.
                #expect(line.inkStart == 1 && line.inkEnd == Self.width)
            case 13:
                #expect(line.inkStart == Self.width - 1 && line.inkEnd == Self.width)
            default:
                #expect(line.inkStart == line.inkEnd, "line \(y) has no ink")
            }
            #expect(line.color >> 24 == 0xFF)
        }
        #expect(
            image.lines?.inkPixels
                == Self.inkColumns.count * Self.inkLines.count + (Self.width - 1) + 1)
    }

    @Test func aPictureWithAlphaKeepsNoLines() throws {
        let image = try ImageSurface(width: 4, height: 4)
        image.keepLines()
        #expect(image.lines == nil)
    }

    /// Inside; the ink just inside, then just outside, the left and right edges of the
    /// frame; over the bottom right corner; over the top edge; wholly outside.
    static let places: [(Double, Double)] = [
        (5, 7), (-10, 3), (-11, 3), (-25, 3), (-26, 3), (64 - 24, 3), (64 - 25, 3),
        (64 - 10, 3), (64 - 11, 3), (40, 35), (3, -6), (70, 3),
    ]

    /// Whether `picture()` with its lines kept, drawn at (`x`, `y`) and `alpha` into a
    /// frame `prepare` sets up, leaves the frame Cairo's own composite of it leaves.
    static func leavesCairosFrame(
        x: Double, y: Double, alpha: Double, prepare: (GraphicsContext) -> Void = { _ in }
    ) throws -> Bool {
        let withLines = try picture()
        withLines.keepLines()
        let plain = try picture()
        let (direct, directContext) = try DirectCompositeTests.frame()
        let (reference, referenceContext) = try DirectCompositeTests.frame()
        prepare(directContext)
        prepare(referenceContext)
        #expect(directContext.drawsImageDirectly(withLines, x: x, y: y))
        directContext.drawImage(withLines, x: x, y: y, alpha: alpha)
        referenceContext.drawImageWithCairo(plain, x: x, y: y, alpha: alpha)
        directContext.flush()
        referenceContext.flush()
        return DirectCompositeTests.bytes(direct) == DirectCompositeTests.bytes(reference)
    }

    @Test(arguments: places)
    func aCopyByLinesLeavesTheFramePixmansCopyWould(x: Double, y: Double) throws {
        for alpha in [1.0, 0.999, 0.5] {
            #expect(
                try Self.leavesCairosFrame(x: x, y: y, alpha: alpha),
                "at (\(x), \(y)), alpha \(alpha)")
        }
    }

    @Test func aClipOfWholePixelsAndATranslationAreKept() throws {
        let same = try Self.leavesCairosFrame(x: 4, y: 5, alpha: 1) { context in
            context.translate(x: 3, y: -2)
            // The clip's right edge cuts through the ink.
            context.addRectangle(x: 0, y: 0, width: 30, height: 15)
            context.clip()
        }
        #expect(same)
    }

    /// A copy into an opaque picture (a blended row's) is left to pixman.
    @Test func aCopyIntoAnOpaquePictureIsPixmans() throws {
        let withLines = try Self.picture()
        withLines.keepLines()
        let plain = try Self.picture()
        let direct = try ImageSurface(width: 64, height: 48, opaque: true)
        let reference = try ImageSurface(width: 64, height: 48, opaque: true)
        for (surface, image) in [(direct, withLines), (reference, plain)] {
            let context = try GraphicsContext(surface: surface)
            context.fillRectangle(
                x: 0, y: 0, width: 64, height: 48,
                with: RGBAColor(red: 0.2, green: 0.5, blue: 0.9, alpha: 1))
            context.drawImage(image, x: 5, y: 7, alpha: 1)
            context.flush()
        }
        #expect(DirectCompositeTests.bytes(direct) == DirectCompositeTests.bytes(reference))
    }

    // MARK: The renderer's frames

    /// `frames` drawn in turn by one renderer copying its pictures by line and by one
    /// leaving every copy to pixman: each frame must be the same in both.
    static func expectSameFrames(_ frames: [Presentation], _ comment: String) throws {
        let byLine = try PresentationRenderer(width: 1080, height: 1920)
        let reference = try PresentationRenderer(width: 1080, height: 1920)
        reference.paths.remove(.picturesByLine)
        for (index, frame) in frames.enumerated() {
            byLine.render(frame)
            reference.render(frame)
            let same =
                DirectCompositeTests.bytes(byLine.surface)
                == DirectCompositeTests.bytes(reference.surface)
            #expect(same, "\(comment), frame \(index)")
        }
    }

    /// The sample list with row 0 panned, the pull placeholder above it, and every row but
    /// row 2 at `alpha`, over `background`, in rows `rowHeight` tall.
    static func list(
        alpha: Double = 1, background: RGBColor = .black, rowHeight: Double = Fixture.rowHeight,
        rowText: String = "feed the cat"
    ) -> Presentation {
        var frame = Fixture.list()
        frame.backgroundColor = background
        frame.rowHeightPixels = rowHeight
        frame.rows = frame.rows.enumerated().map { index, row in
            var changed = row
            changed.alpha = index == 2 ? 1 : alpha
            changed.framePixels.y = Double(index) * rowHeight + 30.4
            changed.framePixels.height = rowHeight
            if index == 1 { changed.text = rowText }
            return changed
        }
        frame.rows[0].framePixels.x = -400
        frame.cues = Fixture.cues(forRowAt: -400)
        frame.placeholder = PlaceholderPresentation(
            framePixels: RectPixels(
                x: 0, y: 30 - rowHeight, width: Fixture.width, height: rowHeight),
            scaleY: 1, alpha: 1, label: "Pull to add item", backgroundColor: .pureRed)
        return frame
    }

    /// Each change drawn three times (its pictures made, then copied by line), after three
    /// frames of the list before it.
    static func expectSameAfterChange(to changed: Presentation, _ comment: String) throws {
        let before = Self.list(alpha: 0.3)
        try Self.expectSameFrames(
            Array(repeating: before, count: 3) + Array(repeating: changed, count: 3), comment)
    }

    @Test func theListsFramesAreTheSameOpaqueAndDimmed() throws {
        try Self.expectSameFrames(
            [
                Self.list(), Self.list(), Self.list(alpha: 0.3), Self.list(alpha: 0.3), Self.list(),
                Self.list(alpha: 0.3),
            ],
            "opaque and dimmed in turn")
    }

    @Test(arguments: ["feed the ca", "feed the cats", "Feed the cat"])
    func aRowsNewTextIsCopiedFromItsNewPicture(text: String) throws {
        try Self.expectSameAfterChange(to: Self.list(alpha: 0.3, rowText: text), "text \(text)")
    }

    @Test(arguments: [0.3 - 1.0 / 255, 0.3 + 1.0 / 255, 1])
    func aNewDimLevelIsCopiedFromItsNewPicture(alpha: Double) throws {
        try Self.expectSameAfterChange(to: Self.list(alpha: alpha), "alpha \(alpha)")
    }

    @Test(arguments: [RGBColor(red: 0, green: 0, blue: 1.0 / 255), .white])
    func aNewBackgroundIsCopiedFromItsNewPictures(background: RGBColor) throws {
        try Self.expectSameAfterChange(
            to: Self.list(alpha: 0.3, background: background), "\(background)")
    }

    @Test(arguments: [Fixture.rowHeight - 1, Fixture.rowHeight + 1])
    func aNewRowSizeIsCopiedFromItsNewPictures(rowHeight: Double) throws {
        try Self.expectSameAfterChange(
            to: Self.list(alpha: 0.3, rowHeight: rowHeight), "H \(rowHeight)")
    }

    @Test func aNewThemeIsCopiedFromItsNewPictures() throws {
        var themed = Self.list(alpha: 0.3, background: .white)
        themed.textColor = .black
        themed.rows = themed.rows.map { row in
            var changed = row
            changed.backgroundColor = RGBColor(
                red: 0, green: 0.3, blue: row.backgroundColor.green)
            return changed
        }
        try Self.expectSameAfterChange(to: themed, "a theme of its own")
    }
}
