import ClearCore
import Foundation
import TestSupport
import Testing
import TouchInput

@Suite struct KeyboardLayoutFileTests {
    static let folder = PackagePaths.root.appendingPathComponent("Resources/keyboard-layouts")

    @Test func theEmbeddedLayoutsAreTheFilesOfResources() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".layout") }.sorted()
        #expect(KeyboardLayout.embeddedFiles.map(\.fileName) == names)
        for (name, text) in KeyboardLayout.embeddedFiles {
            let file = try String(
                contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            // A multi-line literal drops the file's last line break.
            #expect(file == text + "\n", "\(name) differs: run tools/embed-keyboard-layouts")
        }
    }

    @Test func everyEmbeddedLayoutParsesAndNamesItsFile() throws {
        for (fileName, text) in KeyboardLayout.embeddedFiles {
            let layout = try KeyboardLayout.parse(text)
            #expect(layout.name + ".layout" == fileName)
        }
        #expect(KeyboardLayout.embeddedNames == ["de", "fr", "us"])
        #expect(KeyboardLayout.embedded(named: KeyboardLayout.defaultName) != nil)
    }

    @Test func usHasItsRowsAndAccents() throws {
        let us = KeyboardLayout.embedded(named: "us")!
        #expect(us.letterRows[0].map(\.name).joined() == "qwertyuiop")
        #expect(us.letterRows[3] == [.symbols, .space, .return])
        #expect(us.accents["a"]?.prefix(4) == ["à", "á", "â", "ä"])
    }

    private func error(_ text: String) -> KeyboardLayoutError? {
        do {
            _ = try KeyboardLayout.parse(text)
            return nil
        } catch {
            return error
        }
    }

    private let minimal = """
        name t
        letters a shift backspace
        letters symbols space return
        symbols 1 backspace
        symbols symbols space return
        """

    @Test func theMinimalLayoutParses() throws {
        let layout = try KeyboardLayout.parse(minimal)
        #expect(layout.title == "t")
        #expect(layout.symbolRows.count == 2)
    }

    @Test func malformedFilesSayTheirLine() {
        #expect(
            error(minimal + "\nletters ab")
                == KeyboardLayoutError(
                    line: 6,
                    message:
                        "bad key `ab` (one character, or shift, backspace, space, return, symbols)")
        )
        #expect(error("# c\n\nfoo bar")?.line == 3)
        #expect(error("# c\n\nfoo bar")?.message.hasPrefix("unknown directive `foo`") == true)
        #expect(error("name a b")?.line == 1)
        #expect(error("name us\nname de")?.message == "a second `name` line")
        #expect(error(minimal + "\naccent a")?.line == 6)
        #expect(
            error(minimal + "\naccent z ź")?.message
                == "`accent z`: no `z` key in the letters layer")
        #expect(error(minimal + "\naccent a àà")?.line == 6)
        #expect(error(minimal + "\nletters")?.message == "an empty row")
        #expect(error("letters a")?.message == "no `name` line")
        #expect(
            error("name t\nletters a shift backspace space return")?.message
                == "the letters layer has no `symbols` key")
        #expect(
            error("name t\nletters a symbols shift backspace space return")?.message
                == "no `symbols` rows")
        #expect(error("")?.line == 1)
    }

    @Test func geometryKeepsKeysApartAndOnTheScreen() {
        for layout in KeyboardLayout.embedded {
            for screen in [
                ScreenSize(widthPixels: 1080, heightPixels: 1920),
                ScreenSize(widthPixels: 1920, heightPixels: 1080),
                ScreenSize(widthPixels: 320, heightPixels: 480),
            ] {
                let geometry = KeyboardGeometry(
                    layout: layout, screen: screen, reservedTopPixels: 300)
                #expect(geometry.heightPixels <= Double(screen.heightPixels) - 300)
                for layer in KeyboardLayer.allCases {
                    let keys = geometry.keys(layer)
                    for (i, a) in keys.enumerated() {
                        let f = a.framePixels
                        #expect(f.x >= 0 && f.x + f.width <= Double(screen.widthPixels) + 0.5)
                        #expect(f.y >= 0 && f.maxY <= geometry.heightPixels)
                        for b in keys[(i + 1)...] {
                            let g = b.framePixels
                            let apartX: Bool = f.x + f.width <= g.x || g.x + g.width <= f.x
                            let apartY: Bool = f.maxY <= g.y || g.maxY <= f.y
                            let overlaps = !(apartX || apartY)
                            #expect(!overlaps, "\(layout.name) \(screen) \(a.action) \(b.action)")
                        }
                    }
                }
            }
        }
    }
}
