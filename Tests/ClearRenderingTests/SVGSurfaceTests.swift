import ClearPictures
import ClearRendering
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Cairo's SVG surface through the wrapper: a well-formed document of the asked size,
/// holding what was drawn.
@Suite struct SVGSurfaceTests {
    final class Elements: NSObject, XMLParserDelegate {
        var found: [(name: String, attributes: [String: String])] = []
        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
        ) {
            found.append((elementName, attributeDict))
        }
    }

    @Test func aFilledRectangleIsWrittenAsAWellFormedDocument() throws {
        let surface = try SVGSurface(width: 40, height: 20)
        let context = try GraphicsContext(surface: surface)
        context.fillRectangle(
            x: 5, y: 5, width: 10, height: 10, with: RGBAColor(red: 1, green: 0, blue: 0))
        let text = try surface.finish()
        #expect(text.hasPrefix("<?xml"))

        let parser = XMLParser(data: Data(text.utf8))
        let elements = Elements()
        parser.delegate = elements
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        let root = try #require(elements.found.first)
        #expect(root.name == "svg")
        #expect(root.attributes["width"] == "40px" && root.attributes["height"] == "20px")
        #expect(
            elements.found.contains {
                ($0.attributes["style"] ?? "").contains("fill:rgb(100%,0%,0%)")
            })
        // Finishing twice returns the same document.
        #expect(try surface.finish() == text)
    }
}
