import Foundation
import TestSupport
import Testing

@testable import Replay
@testable import ReplayPages

/// The viewer page built into the program is `Resources/trace-viewer/` as it is.
@Suite struct TraceViewerPageFileTests {
    static let folder = PackagePaths.root.appendingPathComponent("Resources/trace-viewer")

    @Test func theEmbeddedPageIsTheFilesOfResources() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasPrefix(".") }.sorted()
        #expect(TraceViewer.embeddedPageFiles.map(\.fileName) == names)
        #expect(names == ["failure.css", "failure.js", "viewer.css", "viewer.html", "viewer.js"])
        for name in names {
            let file = try String(
                contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
            #expect(
                TraceViewer.pageFile(name) == file, "\(name) differs: run tools/embed-viewer-page")
        }
    }

    /// Only the template's placeholders are filled: a value that holds one stays as it is.
    @Test func placeholdersInValuesAreLeftAlone() {
        let page = HTMLPage.substituted(
            "<h1>{{TITLE}}</h1>{{DATA}}", ["TITLE": "{{DATA}}", "DATA": "[1]"])
        #expect(page == "<h1>{{DATA}}</h1>[1]")
        #expect(HTMLPage.substituted("a {{UNKNOWN}} b", [:]) == "a {{UNKNOWN}} b")
        #expect(HTMLPage.filled("<h1>{{T}}</h1>", texts: ["T": "{{T}}"]) == "<h1>{{T}}</h1>")
    }
}
