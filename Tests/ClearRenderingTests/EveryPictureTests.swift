import ClearCore
import ClearPictures
import ClearRendering
import Glibc
import TestSupport
import Testing
import TouchInput

/// Every picture at every size (the product's decision for fit and finish, issue 36): each
/// scene of `PictureScenes` (the cues armed and not, every placeholder, the keyboard, the
/// levels, every theme), reached through the real core and drawn at every size a kiosk
/// uses, upright and turned, is looked at pixel by pixel:
/// - a swipe cue is one glyph: one connected blob of ink of the glyph's size beside the
///   row, not an ellipsis's three dots;
/// - no label is cut: the ink of each whole row's label, of the placeholder's and of each
///   key's stays off the edges of what shows them, and a row's label ends before its
///   right inset (no ellipsis where the text fits), apart from its count.
///
/// With `CLEARTOUCH_PICTURES_DIR` set, each picture is also written to
/// `DIR/WxH/NAME.png` (`tools/pictures` makes docs/pictures so).
@Suite struct EveryPictureTests {
    @Test(arguments: PictureScenes.sizes.indices)
    func everySceneAtThisSizeIsWhole(sizeIndex: Int) throws {
        let screen = PictureScenes.sizes[sizeIndex]
        let scenes = PictureScenes.all(at: screen)
        #expect(scenes.map(\.name) == PictureScenes.names)
        Self.expectScenesShowWhatTheirNamesSay(scenes, at: screen)
        let renderer = try PresentationRenderer(
            width: screen.widthPixels, height: screen.heightPixels)
        for scene in scenes {
            renderer.render(scene.presentation)
            let frame = InkFrame(renderer.surface)
            let where_ = "\(screen) \(scene.name)"
            PictureChecks.cuesAreOneGlyph(scene.presentation, frame, where_)
            PictureChecks.rowLabelsAreWhole(scene.presentation, frame, where_)
            PictureChecks.placeholderLabelIsWhole(scene.presentation, frame, where_)
            PictureChecks.keyLabelsAreWhole(scene.presentation, frame, where_)
            if let folder = getenv("CLEARTOUCH_PICTURES_DIR").map({ String(cString: $0) }) {
                let sizeFolder = "\(folder)/\(screen.widthPixels)x\(screen.heightPixels)"
                mkdir(folder, 0o755)
                mkdir(sizeFolder, 0o755)
                try renderer.surface.writePNG(toPath: "\(sizeFolder)/\(scene.name).png")
            }
        }
    }

    /// The cue's glyph at 32·W/320 px is wider than its 50 px box from W = 603 on (its
    /// advance, 0.84 of the font hinted to whole pixels, is 51 px there: laid out in the
    /// box, Pango cut it to an ellipsis): a little below and above, and far above, it is one
    /// glyph, armed and not, on both sides.
    @Test(arguments: [600, 606, 1440])
    func theCuesAreOneGlyphJustBelowAndAboveTheirBox(widthPixels: Int) throws {
        let screen = ScreenSize(widthPixels: widthPixels, heightPixels: widthPixels * 16 / 9)
        let renderer = try PresentationRenderer(
            width: screen.widthPixels, height: screen.heightPixels)
        let half = Double(widthPixels) / 2
        for x in [half - 1, half + 1, -half + 1, -half - 1] {
            let driver = PictureSessionDriver(screen: screen)
            driver.holdRowOne(atX: x)
            let presentation = driver.presentation
            try #require(presentation.cues != nil)
            renderer.render(presentation)
            PictureChecks.cuesAreOneGlyph(
                presentation, InkFrame(renderer.surface), "\(screen), row at \(x)")
        }
    }

    /// A pull's placeholder, partly shown above the list until the pull is H, shows its
    /// label whole at every pull: from a quarter of H to just below H, at H and just above.
    @Test func aPullsPlaceholderShowsItsLabelWholeAtEveryPull() throws {
        let screen = PictureScenes.sizes[2]
        let renderer = try PresentationRenderer(
            width: screen.widthPixels, height: screen.heightPixels)
        let rowHeight = ClearLayout(screen: screen).rowHeightPixels
        for share in [0.25, 0.4, 0.6, 0.8, 0.99, 1.0, 1.01] {
            let driver = PictureSessionDriver(screen: screen)
            driver.holdPull(share * rowHeight)
            let presentation = driver.presentation
            let placeholder = try #require(presentation.placeholder)
            renderer.render(presentation)
            let looked = PictureChecks.placeholderLabelIsWhole(
                presentation, InkFrame(renderer.surface),
                "pulled \(share)H (its frame at y \(placeholder.framePixels.y))")
            #expect(looked, "pulled \(share)H: its label was looked at")
        }
    }

    /// The scenes reach what their names say (else a check would look at nothing).
    static func expectScenesShowWhatTheirNamesSay(_ list: [PictureScene], at screen: ScreenSize) {
        let scenes = Dictionary(uniqueKeysWithValues: list.map { ($0.name, $0.presentation) })
        let green = RGBColor.pureGreen
        let red = RGBColor.pureRed
        #expect(scenes["02-tick-not-armed"]?.cues.map { $0.tickColor != green } == true)
        #expect(scenes["03-tick-armed"]?.cues?.tickColor == green)
        #expect(scenes["04-cross-not-armed"]?.cues.map { $0.crossColor != red } == true)
        #expect(scenes["05-cross-armed"]?.cues?.crossColor == red)
        let labels: [(String, String)] = [
            ("06-pull-to-add", ClearController.pullLabel),
            ("07-release-to-add", ClearController.releaseLabel),
            ("09-lists-pull-to-add", ClearController.pullToAddListLabel),
            ("10-pull-to-clear", ClearController.pullToClearLabel),
            ("11-release-to-clear", ClearController.releaseToClearLabel),
            ("12-pinch-apart", ClearController.pinchLabel),
            ("18-menu-pull-to-go-back", ClearController.pullToGoBackLabel),
        ]
        for (name, label) in labels {
            #expect(scenes[name]?.placeholder?.label == label, "\(screen) \(name)")
        }
        // Partly shown: above the screen's top, below its bottom.
        #expect(scenes["06-pull-to-add"]?.placeholder.map { $0.framePixels.minY < 0 } == true)
        #expect(
            scenes["10-pull-to-clear"]?.placeholder.map {
                $0.framePixels.maxY > Double(screen.heightPixels)
            } == true)
        // Past 4H where a finger can pull that far (docs/pictures/README.md).
        let pullAt4H = scenes["08-pull-at-4H"]?.placeholder?.label
        let rowHeight = ClearLayout(screen: screen).rowHeightPixels
        #expect(
            pullAt4H
                == (5 * rowHeight < Double(screen.heightPixels)
                    ? ClearController.releaseToCloseListLabel : ClearController.releaseLabel))
        #expect(scenes["13-keyboard"]?.keyboard != nil)
        #expect(scenes["14-lists"]?.level == .lists)
        #expect(scenes["15-menu"]?.level == .menu)
        #expect(scenes["16-themes-page"]?.level == .themes)
        #expect(scenes["17-settings-page"]?.level == .settings)
    }

    /// docs/pictures holds every scene at every size (`tools/pictures` makes them).
    @Test func thePicturesFolderHoldsEveryPicture() {
        for screen in PictureScenes.sizes {
            for name in PictureScenes.names {
                let path =
                    "\(TestPaths.packageRoot)/docs/pictures/\(screen.widthPixels)x\(screen.heightPixels)/\(name).png"
                #expect(access(path, R_OK) == 0, "\(path) is missing: run tools/pictures")
            }
        }
    }
}

/// A frame's pixels, read once (opaque: the background is painted everywhere).
struct InkFrame {
    let width: Int
    let height: Int
    private let words: [UInt32]

    init(_ surface: ImageSurface) {
        width = surface.width
        height = surface.height
        words = surface.withPixelData { data in
            var words = [UInt32](repeating: 0, count: surface.width * surface.height)
            words.withUnsafeMutableBytes { copy in
                for y in 0..<surface.height {
                    copy.baseAddress!.advanced(by: y * surface.width * 4).copyMemory(
                        from: data.baseAddress!.advanced(by: y * surface.strideBytes),
                        byteCount: surface.width * 4)
                }
            }
            return words
        }
    }

    /// The pixel at (x, y) as 8-bit red, green and blue.
    func color(_ x: Int, _ y: Int) -> (Int, Int, Int) {
        let word = words[y * width + x]
        return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
    }

    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        abs(a.0 - b.0) + abs(a.1 - b.1) + abs(a.2 - b.2)
    }

    static func bytes(_ color: RGBColor, alpha: Double = 1, over under: RGBColor = .black) -> (
        Int, Int, Int
    ) {
        func channel(_ value: Double, _ below: Double) -> Int {
            Int(((value * alpha + below * (1 - alpha)) * 255).rounded())
        }
        return (
            channel(color.red, under.red), channel(color.green, under.green),
            channel(color.blue, under.blue)
        )
    }

    /// The ink of `ink` in lines `lines` and columns `columns`: pixels further from their
    /// line's fill (the colour at column `fillColumn` of that line) than half the way to
    /// `ink`. Nil when `ink` is too close to the fills to tell.
    func ink(
        _ ink: (Int, Int, Int), lines: Range<Int>, columns: Range<Int>, fillColumn: Int
    ) -> [(x: Int, y: Int)]? {
        var found: [(x: Int, y: Int)] = []
        for y in lines {
            let fill = color(fillColumn, y)
            let contrast = Self.distance(ink, fill)
            guard contrast >= 90 else { return nil }
            for x in columns where Self.distance(color(x, y), fill) * 2 > contrast {
                found.append((x, y))
            }
        }
        return found
    }
}

/// The checks of `EveryPictureTests`, each on one drawn scene.
enum PictureChecks {
    /// The cue beside a panned row is one glyph (✓ or ✗: one connected blob at least 0.4 of
    /// the cue font's size in each direction), wherever it is on screen at full alpha.
    static func cuesAreOneGlyph(_ presentation: Presentation, _ frame: InkFrame, _ where_: String) {
        guard let cues = presentation.cues, cues.alpha >= 0.99 else { return }
        let fontPixels = ClearStyle(widthPixels: Double(presentation.screen.widthPixels))
            .cueFontPixels
        let reach = Int(2.5 * fontPixels)
        let gap = Int(ClearController.cueMarginPixels / 2)
        let tick = cues.tickFramePixels
        let cross = cues.crossFramePixels
        let lines = max(0, Int(tick.minY))..<min(frame.height, Int(tick.maxY))
        var looked = 0
        if Int((tick.x + tick.width)) - Int(fontPixels) > 0 {
            let columns =
                max(0, Int((tick.x + tick.width)) - reach)..<(Int((tick.x + tick.width)) + gap)
            looked += 1
            expectOneGlyph(
                frame, InkFrame.bytes(cues.tickColor), lines: lines, columns: columns,
                fillColumn: columns.lowerBound, fontPixels: fontPixels, "\(where_): the tick")
        }
        if Int(cross.x) + Int(fontPixels) < frame.width {
            let columns = (Int(cross.x) - gap)..<min(frame.width, Int(cross.x) + reach)
            looked += 1
            expectOneGlyph(
                frame, InkFrame.bytes(cues.crossColor), lines: lines, columns: columns,
                fillColumn: columns.upperBound - 1, fontPixels: fontPixels,
                "\(where_): the cross")
        }
        #expect(looked == 1, "\(where_): one cue on screen")
    }

    /// One glyph of `ink` in `lines` and `columns`, over the background read at `fillColumn`
    /// (the side away from the row).
    private static func expectOneGlyph(
        _ frame: InkFrame, _ ink: (Int, Int, Int), lines: Range<Int>, columns: Range<Int>,
        fillColumn: Int, fontPixels: Double, _ what: String
    ) {
        guard let pixels = frame.ink(ink, lines: lines, columns: columns, fillColumn: fillColumn)
        else {
            Issue.record("\(what): its colour is the background's")
            return
        }
        let blobs = Blobs(pixels)
        #expect(blobs.count == 1, "\(what): \(blobs.count) blobs of ink, not one glyph")
        guard let largest = blobs.largest else { return }
        #expect(
            Double(largest.height) >= 0.4 * fontPixels && Double(largest.width) >= 0.4 * fontPixels,
            "\(what): ink \(largest.width)x\(largest.height) px, the font \(fontPixels) px")
    }

    /// Each row drawn whole on screen (opaque, unscaled, not panned, inside the list) shows
    /// its label whole: ink, none on its first or last line, and, where no count or switch
    /// shares the row, none from its right inset on (where an ellipsis or a cut text ends).
    /// With a count, a gap of half the inset parts the label from it.
    static func rowLabelsAreWhole(
        _ presentation: Presentation, _ frame: InkFrame, _ where_: String
    ) {
        let width = Double(presentation.screen.widthPixels)
        let inset = ClearStyle(widthPixels: width).labelInsetPixels
        let listBottom = presentation.keyboard.map { $0.framePixels.minY } ?? Double(frame.height)
        for row in presentation.rows
        where row.alpha >= 1 && row.scale == 1 && row.shadowOpacity <= 0 && !row.isLeaving
            && row.framePixels.x == 0 && row.framePixels.width == width
            && row.framePixels.minY >= 0 && row.framePixels.maxY <= listBottom
            && abs(row.framePixels.height - presentation.rowHeightPixels) < 0.5
            && !row.text.isEmpty
        {
            let lines = Int(row.framePixels.minY.rounded())..<Int(row.framePixels.maxY.rounded())
            let ink = InkFrame.bytes(row.labelColor(presentationText: presentation.textColor))
            let what = "\(where_): row \(row.modelIndex) '\(row.text)'"
            guard
                let pixels = frame.ink(
                    ink, lines: lines, columns: 1..<frame.width, fillColumn: 1)
            else { continue }
            expectWhole(pixels, lines: lines, what)
            guard let right = pixels.map(\.x).max(), let left = pixels.map(\.x).min() else {
                continue
            }
            if row.trailingLabel == nil {
                #expect(
                    Double(right) < width - inset,
                    "\(what): its ink reaches \(right), past the right inset (cut or ellipsized)")
            } else {
                #expect(
                    widestGap(pixels.map { $0.x }, from: left, to: right) >= Int(inset / 2),
                    "\(what): its label runs into its count")
            }
        }
    }

    /// The placeholder's label is whole in the part of the list the placeholder shows in
    /// (its frame, scaled about its centre, cut to the list): ink, none on its first or
    /// last line.
    /// False when there was nothing to look at (no placeholder, or too faint to tell).
    @discardableResult
    static func placeholderLabelIsWhole(
        _ presentation: Presentation, _ frame: InkFrame, _ where_: String
    ) -> Bool {
        guard let placeholder = presentation.placeholder, placeholder.alpha >= 0.2,
            placeholder.scaleY > 0
        else { return false }
        let listBottom = presentation.keyboard.map { $0.framePixels.minY } ?? Double(frame.height)
        let scaled = placeholder.framePixels.height * placeholder.scaleY
        let top = placeholder.framePixels.midY - scaled / 2
        let lines =
            Int(max(0, top).rounded())..<Int(min(listBottom, top + scaled).rounded())
        guard lines.count >= 4 else { return false }
        let alpha = min(1, placeholder.alpha)
        let ink = InkFrame.bytes(
            presentation.textColor, alpha: alpha, over: presentation.backgroundColor)
        let what = "\(where_): the placeholder '\(placeholder.label)'"
        guard
            let pixels = frame.ink(ink, lines: lines, columns: 1..<frame.width, fillColumn: 1)
        else { return false }
        expectWhole(pixels, lines: lines, what)
        return true
    }

    /// The least height of a one-character key label's ink, as a share of its key's height
    /// (a letter's x-height is about 0.23 of it).
    static let smallestSymbolShareOfKey = 0.2

    /// Each key's label is whole inside its key: ink, none on the key's edges; a label of one
    /// character (a letter, ⇧, ⌫) at least `smallestSymbolShareOfKey` of the key's height.
    static func keyLabelsAreWhole(
        _ presentation: Presentation, _ frame: InkFrame, _ where_: String
    ) {
        guard let keyboard = presentation.keyboard else { return }
        for key in keyboard.keys where !key.label.isEmpty && !key.isPressed {
            let box = key.framePixels
            let lines = max(0, Int(box.minY.rounded()))..<min(frame.height, Int(box.maxY.rounded()))
            let columns =
                max(0, Int(box.x.rounded()))..<min(frame.width, Int((box.x + box.width).rounded()))
            guard lines.count > 2, columns.count > 2 else { continue }
            let ink = InkFrame.bytes(key.isActive ? .black : .white)
            let what = "\(where_): key '\(key.label)'"
            guard
                let pixels = frame.ink(
                    ink, lines: lines, columns: columns, fillColumn: columns.lowerBound)
            else { continue }
            expectWhole(pixels, lines: lines, what)
            // One character (a letter, ⇧, ⌫): readable, as tall as a letter's x-height at least.
            if key.label.count == 1, let top = pixels.map({ $0.y }).min(),
                let bottom = pixels.map({ $0.y }).max()
            {
                #expect(
                    Double(bottom - top + 1) >= Self.smallestSymbolShareOfKey * box.height,
                    "\(what): its ink is \(bottom - top + 1) px tall in a key \(box.height) px tall"
                )
            }
            let xs = pixels.map { $0.x }
            #expect(
                xs.allSatisfy { $0 > columns.lowerBound && $0 < columns.upperBound - 1 },
                "\(what): its ink touches the key's side")
        }
    }

    /// Ink, none of it on the first or last of `lines`.
    private static func expectWhole(
        _ pixels: [(x: Int, y: Int)], lines: Range<Int>, _ what: String
    ) {
        #expect(!pixels.isEmpty, "\(what): no label drawn")
        let top = pixels.filter { $0.y == lines.lowerBound }.count
        let bottom = pixels.filter { $0.y == lines.upperBound - 1 }.count
        #expect(
            top == 0 && bottom == 0,
            "\(what): ink on its edge (\(top) px top, \(bottom) px bottom): cut")
    }

    /// The widest run of columns without ink between `left` and `right`.
    private static func widestGap(_ xs: [Int], from left: Int, to right: Int) -> Int {
        var inked = [Bool](repeating: false, count: right - left + 1)
        for x in xs { inked[x - left] = true }
        var widest = 0
        var run = 0
        for isInked in inked {
            run = isInked ? 0 : run + 1
            widest = max(widest, run)
        }
        return widest
    }
}

/// The connected blobs of a set of pixels (each pixel joined to its eight neighbours).
struct Blobs {
    struct Blob {
        var minX = Int.max
        var maxX = Int.min
        var minY = Int.max
        var maxY = Int.min
        var pixels = 0
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
    }
    private(set) var blobs: [Blob] = []
    var count: Int { blobs.count }
    var largest: Blob? { blobs.max { $0.pixels < $1.pixels } }

    init(_ pixels: [(x: Int, y: Int)]) {
        guard let minX = pixels.map(\.x).min(), let maxX = pixels.map(\.x).max(),
            let minY = pixels.map(\.y).min(), let maxY = pixels.map(\.y).max()
        else { return }
        let width = maxX - minX + 1
        let height = maxY - minY + 1
        var inked = [Bool](repeating: false, count: width * height)
        for pixel in pixels { inked[(pixel.y - minY) * width + pixel.x - minX] = true }
        var stack: [Int] = []
        for start in inked.indices where inked[start] {
            var blob = Blob()
            inked[start] = false
            stack.append(start)
            while let index = stack.popLast() {
                let x = index % width
                let y = index / width
                blob.pixels += 1
                blob.minX = min(blob.minX, x + minX)
                blob.maxX = max(blob.maxX, x + minX)
                blob.minY = min(blob.minY, y + minY)
                blob.maxY = max(blob.maxY, y + minY)
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx
                        let ny = y + dy
                        guard nx >= 0, nx < width, ny >= 0, ny < height else { continue }
                        let neighbour = ny * width + nx
                        if inked[neighbour] {
                            inked[neighbour] = false
                            stack.append(neighbour)
                        }
                    }
                }
            }
            blobs.append(blob)
        }
    }
}
