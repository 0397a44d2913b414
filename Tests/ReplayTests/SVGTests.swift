import ClearPictures
import ClearRendering
import Foundation
import TestSupport
import Testing
import TouchInput

@testable import Replay

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The pictures of `cleartouch render` are well-formed SVG and show the decisions.
///
/// Cairo's SVG surface writes text as glyph outlines, so what a picture shows is read
/// from what the renderer drew (`RecordingPictureRenderer.Contents`), checked against
/// the same picture drawn in pixels, and from the SVG's own elements.
@Suite struct SVGTests {
    /// One recording drawn three ways: the SVG document, the record of what was drawn,
    /// and the same drawing in pixels.
    struct Drawn {
        var svg: String
        var contents: RecordingPictureRenderer.Contents
        var image: ImageSurface
        /// The document's size as its root element gives it.
        var svgWidth: String
        var svgHeight: String
        var rowHeightPixels: Double

        /// The drawn texts.
        var texts: [String] { contents.texts.map(\.text) }

        /// Whether a pixel within `reach` of `point` has `color` (to 8 levels a channel).
        func hasInk(_ color: RGBAColor, near point: Point, reach: Int = 3) -> Bool {
            let x0 = Int(point.x.rounded())
            let y0 = Int(point.y.rounded())
            for y in (y0 - reach)...(y0 + reach) {
                for x in (x0 - reach)...(x0 + reach) {
                    if let pixel = image.pixel(x: x, y: y), Self.matches(pixel, color) {
                        return true
                    }
                }
            }
            return false
        }

        /// Whether `text` was drawn and some pixel of its line has its colour.
        func showsText(where predicate: (String) -> Bool) -> Bool {
            contents.texts.contains { text in
                guard predicate(text.text) else { return false }
                let fontPixels = text.fontPixels
                var x = text.xPixels
                while x <= text.xPixels + text.widthPixels {
                    if hasInk(
                        text.color,
                        near: Point(x: x, y: text.baselinePixels - fontPixels * 0.3), reach: 4)
                    {
                        return true
                    }
                    x += 4
                }
                return false
            }
        }

        static func matches(_ pixel: Pixel, _ color: RGBAColor) -> Bool {
            func close(_ channel: UInt8, _ value: Double) -> Bool {
                abs(Int(channel) - Int((value * 255).rounded())) <= 8
            }
            return pixel.alpha == 255 && close(pixel.red, color.red)
                && close(pixel.green, color.green) && close(pixel.blue, color.blue)
        }
    }

    static func draw(_ name: String) throws -> Drawn {
        let result = try ReplayHarness(
            source: ReplaySource(path: TestPaths.recordings + "/" + name), keepTouchPaths: true,
            keepListsAfterActions: false
        ).run()
        let renderer = RecordingPictureRenderer(picture: result.picture(title: name))
        let image = try ImageSurface(
            width: Int(renderer.widthPixels), height: Int(renderer.heightPixels))
        let contents = renderer.draw(in: try GraphicsContext(surface: image))
        return Drawn(
            svg: try renderer.svg(), contents: contents, image: image,
            svgWidth: "\(Int((renderer.widthPixels / 2).rounded(.up)))px",
            svgHeight: "\(Int((renderer.heightPixels / 2).rounded(.up)))px",
            rowHeightPixels: result.rowHeightPixels)
    }

    /// The elements of an SVG document with their attributes, read by a real XML parser.
    final class SVGElements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []
        let parsed: Bool
        let error: String

        init(_ text: String) {
            let parser = XMLParser(data: Data(text.utf8))
            let collector = Collector()
            parser.delegate = collector
            parsed = parser.parse()
            error = parser.parserError.map { "\($0)" } ?? ""
            elements = collector.elements
        }

        private final class Collector: NSObject, XMLParserDelegate {
            var elements: [(name: String, attributes: [String: String])] = []
            func parser(
                _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
            ) {
                elements.append((elementName, attributeDict))
            }
        }

        /// The strokes of `<path>` elements: colour (0...1 channels) and opacity, from
        /// Cairo's `style="…;stroke:rgb(R%,G%,B%);stroke-opacity:A;…"`.
        var strokes: [(color: [Double], opacity: Double)] {
            elements.filter { $0.name == "path" }.compactMap { element in
                guard let style = element.attributes["style"] else { return nil }
                var properties: [String: String] = [:]
                for declaration in style.split(separator: ";") {
                    let parts = declaration.split(separator: ":", maxSplits: 1)
                    if parts.count == 2 { properties[String(parts[0])] = String(parts[1]) }
                }
                guard let stroke = properties["stroke"], stroke.hasPrefix("rgb("),
                    let opacity = properties["stroke-opacity"].flatMap(Double.init)
                else { return nil }
                let channels = stroke.dropFirst(4).dropLast().split(separator: ",").compactMap {
                    Double($0.replacingOccurrences(of: "%", with: "")).map { $0 / 100 }
                }
                return channels.count == 3 ? (channels, opacity) : nil
            }
        }
    }

    /// `text` with Cairo's surface ids (`surface197`, counted per process) renumbered
    /// in order of first appearance, so documents drawn by two processes compare equal.
    static func numberingSurfacesInOrder(_ text: String) -> String {
        let pattern = try! NSRegularExpression(pattern: "surface[0-9]+")
        var numbers: [String: Int] = [:]
        var out = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let range = Range(match.range, in: text)!
            let id = String(text[range])
            let number = numbers[id] ?? numbers.count
            numbers[id] = number
            out += text[last..<range.lowerBound] + "surface#\(number)"
            last = range.upperBound
        }
        return out + text[last...]
    }

    static func isPaletteColor(_ channels: [Double]) -> Int? {
        RecordingPictureRenderer.contactPalette.firstIndex { color in
            abs(color.red - channels[0]) < 0.002 && abs(color.green - channels[1]) < 0.002
                && abs(color.blue - channels[2]) < 0.002
        }
    }

    @Test(
        arguments: TestPaths.expectationFiles().map { ($0.recording as NSString).lastPathComponent }
    )
    func everyRecordingDrawsWellFormedSVG(name: String) throws {
        let drawn = try Self.draw(name)
        let svg = SVGElements(drawn.svg)
        #expect(svg.parsed, "\(name): \(svg.error)")
        let root = try #require(svg.elements.first)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == drawn.svgWidth)
        #expect(root.attributes["height"] == drawn.svgHeight)
        // The title and the panel's headings are drawn, in pixels too.
        #expect(drawn.showsText { $0 == name })
        #expect(drawn.showsText { $0 == "gestures" } && drawn.showsText { $0 == "final list" })
    }

    @Test func aCancelledSwipeIsMarkedAndExplained() throws {
        let drawn = try Self.draw("palm-cancel.evemu")
        #expect(drawn.showsText { $0 == "pan #0: cancelled" || $0 == "pan #1: cancelled" })
        // The cross at the palm, in its contact's colour.
        let cross = try #require(
            drawn.contents.marks.first {
                $0.kind == .cancelled && $0.note.hasSuffix("cancelled at 210.000 ms")
            })
        // Points 80 % along the arms (the cross is 1.8 dot radii from its centre).
        let radius = max(4, drawn.rowHeightPixels * 0.08) * 1.8 * 0.8
        let arms = [(-1.0, -1.0), (1, 1), (-1, 1), (1, -1)].filter { dx, dy in
            drawn.hasInk(
                cross.color,
                near: Point(
                    x: cross.centrePixels.x + dx * radius, y: cross.centrePixels.y + dy * radius))
        }
        #expect(arms.count >= 2, "the cross is drawn in its contact's colour")
    }

    @Test func pathsHaveOneColourPerContactAndFade() throws {
        let drawn = try Self.draw("pinch-add-above.trace")
        // Two fingers, two colours; each path fades from full opacity, in steps of the
        // scale from 1 at touch-down to 0.3 at lift (a finger that rests between its last
        // move and its lift keeps its last step's opacity to the end).
        let drawnColours = Set(
            drawn.contents.strokes.map { [$0.color.red, $0.color.green, $0.color.blue] })
        #expect(drawnColours.count == 2)
        for colour in drawnColours {
            let alphas = drawn.contents.strokes.filter {
                [$0.color.red, $0.color.green, $0.color.blue] == colour
            }.map(\.color.alpha)
            #expect(alphas.first == 1)
            #expect(alphas.count >= 2)
            #expect(zip(alphas, alphas.dropFirst()).allSatisfy { $0 > $1 })
            let scale = (0..<12).map { 1 - 0.7 * Double($0) / 11 }
            #expect(alphas.allSatisfy { alpha in scale.contains { abs($0 - alpha) < 1e-9 } })
        }
        // The SVG holds the same strokes.
        let paletteStrokes = SVGElements(drawn.svg).strokes.filter {
            Self.isPaletteColor($0.color) != nil
        }
        #expect(Set(paletteStrokes.compactMap { Self.isPaletteColor($0.color) }).count == 2)
        #expect(paletteStrokes.contains { abs($0.opacity - 1) < 1e-6 })
        for index in Set(paletteStrokes.compactMap { Self.isPaletteColor($0.color) }) {
            let opacities = paletteStrokes.filter { Self.isPaletteColor($0.color) == index }
                .map(\.opacity)
            #expect(opacities.contains { $0 < 1 }, "contact \(index) fades in the SVG")
        }
        #expect(drawn.showsText { $0 == "upper finger above: gap > H" })
        #expect(
            drawn.showsText {
                $0 == "pinch #0: add 4, edit-begin 4" || $0 == "pinch #1: add 4, edit-begin 4"
            })
    }

    @Test func pullShowsItsLineAndShortfall() throws {
        let drawn = try Self.draw("pull-below.yml")
        #expect(drawn.showsText { $0 == "pull past H adds at the top" })
        #expect(drawn.showsText { $0.contains("no action (167 px, needs > 169)") })
        // The list at the start, dimmed: the top row is Clear's red, at about 55 %.
        let top = try #require(drawn.image.pixel(x: 1070, y: Int(drawn.rowHeightPixels / 2)))
        #expect((120...170).contains(top.red) && top.green < 30 && top.blue < 30, "\(top)")
    }

    @Test func renderWritesAnSVGThatShowsTheDecision() throws {
        let dir = TestPaths.temporaryDirectory()
        let svg = dir + "/p.svg"
        // `cleartouch render`, the command, writes the same picture as drawn here.
        let run = try runCommand(
            executable: TestPaths.cleartouchBinary,
            arguments: ["render", TestPaths.recordings + "/pan-complete-below.yml", "-o", svg])
        #expect(run.status == 0, "\(run.standardError)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(text.hasPrefix("<?xml"))
        // Cairo writes text as glyphs: the file must be exactly the picture drawn here,
        // whose texts and strokes are read from what the renderer drew.
        let drawn = try Self.draw("pan-complete-below.yml")
        #expect(
            Self.numberingSurfacesInOrder(text) == Self.numberingSurfacesInOrder(drawn.svg))
        #expect(drawn.showsText { $0.contains("complete at W/2") })
        #expect(drawn.showsText { $0.contains("pan #") })
        #expect(drawn.showsText { $0.contains("no action (538 px, needs > 540)") })
        // The finger's path, in the file too.
        #expect(!drawn.contents.strokes.isEmpty)
        #expect(
            Self.SVGElements(text).strokes.contains { Self.isPaletteColor($0.color) != nil }
        )
    }
}
