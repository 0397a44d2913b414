import Foundation
import TestSupport
import Testing

/// Every markdown document a file of the project cites is in the repository: a fresh
/// clone holds the rules the code follows (issue 19). Checked: relative links and paths
/// (`docs/clear-rules.md`, resolved from the citing file's folder, then from the package
/// root), bare names (`replay.md`: some file of that name), and section citations (a word
/// followed by ` §`, which names the markdown file of that name).
@Suite struct DocumentReferenceTests {
    /// A citation that names no file of the repository.
    struct Dangling: CustomStringConvertible, Equatable {
        var file: String
        var line: Int
        var cited: String
        var description: String { "\(file):\(line): cites \(cited), not in the repository" }
    }

    /// The package's files, relative to its root: git's tracked and untracked-not-ignored
    /// files in a checkout, otherwise every file outside hidden folders and `.build`.
    static func repositoryFiles() throws -> [String] {
        let root = TestPaths.packageRoot
        if let listed = try? runProgram(
            "/usr/bin/git",
            ["-C", root, "ls-files", "--cached", "--others", "--exclude-standard"])
        {
            return listed.split(separator: "\n").map(String.init)
                .filter { FileManager.default.fileExists(atPath: root + "/" + $0) }
        }
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(
            at: PackagePaths.root, includingPropertiesForKeys: [.isRegularFileKey],
            options: [.skipsHiddenFiles])
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.count + 1))
            if relative.hasPrefix(".build") {
                enumerator?.skipDescendants()
                continue
            }
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                files.append(relative)
            }
        }
        return files
    }

    /// The citations of markdown documents in `text` (the file `path`) that name no file
    /// in `files`.
    static func dangling(in text: String, path: String, files: Set<String>) -> [Dangling] {
        let names = Set(files.map { String($0.split(separator: "/").last ?? "") })
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        func exists(_ cited: String) -> Bool {
            let target = cited.split(separator: "#").first.map(String.init) ?? cited
            if !target.contains("/") { return names.contains(target) }
            return [folder, ""].contains { files.contains(normalized($0, target)) }
        }
        var found: [Dangling] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            guard line.contains(".md") || line.contains("§") else { continue }
            for (word, next) in pathWords(line) {
                var cited = word
                while cited.hasSuffix(".") || cited.hasSuffix(":") { cited.removeLast() }
                if cited.hasSuffix(".md"), cited.count > 3, !isOutsideAddress(cited) {
                    if !exists(cited) {
                        found.append(Dangling(file: path, line: number + 1, cited: cited))
                    }
                } else if next == " §", cited.first?.isLetter == true,
                    !cited.contains("."), !names.contains(cited + ".md")
                {
                    // A section of the markdown file of that name.
                    found.append(Dangling(file: path, line: number + 1, cited: cited + ".md"))
                }
            }
        }
        return found
    }

    /// The characters of a path as the docs write one.
    static func isPathCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || "_.-/:".contains(c))
    }

    /// The runs of path characters in `line`, each with the two characters after it.
    static func pathWords(_ line: Substring) -> [(String, String)] {
        var words: [(String, String)] = []
        var index = line.startIndex
        while index < line.endIndex {
            guard isPathCharacter(line[index]) else {
                index = line.index(after: index)
                continue
            }
            let start = index
            while index < line.endIndex, isPathCharacter(line[index]) {
                index = line.index(after: index)
            }
            words.append((String(line[start..<index]), String(line[index...].prefix(2))))
        }
        return words
    }

    /// A web address (`https://…`, `github.com/…/README.md`): not a file of this package.
    static func isOutsideAddress(_ cited: String) -> Bool {
        if cited.contains("://") { return true }
        guard cited.contains("/"), let first = cited.split(separator: "/").first else {
            return false
        }
        return first.contains(".") && first != "." && first != ".."
    }

    /// `relative` read from `folder`, `..` and `.` resolved; "" when it leaves the package.
    static func normalized(_ folder: String, _ relative: String) -> String {
        var parts = folder.split(separator: "/").map(String.init)
        for part in relative.split(separator: "/").map(String.init) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return "" }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }

    @Test func noFileCitesADocumentOutsideTheRepository() throws {
        let files = try Self.repositoryFiles()
        try #require(files.contains("docs/clear-rules.md"))
        let known = Set(files)
        var found: [Dangling] = []
        for file in files {
            guard
                let data = FileManager.default.contents(
                    atPath: TestPaths.packageRoot + "/" + file),
                !data.contains(0), let text = String(data: data, encoding: .utf8)
            else { continue }
            found += Self.dangling(in: text, path: file, files: known)
        }
        #expect(found.isEmpty, "\(found.map(\.description).joined(separator: "\n"))")
    }

    /// The checker itself, on citations just inside and just outside the repository.
    @Test func theCheckerTellsPresentFromMissing() {
        let files: Set<String> = ["docs/replay.md", "docs/clear-rules.md", "README.md"]
        func cited(_ text: String, from path: String = "docs/" + "notes" + ".md") -> [String] {
            Self.dangling(in: text, path: path, files: files).map(\.cited)
        }
        #expect(cited("see [replay](replay.md#options) and README.md") == [])
        #expect(cited("docs/clear-rules.md §1.3", from: "Sources/A/B.swift") == [])
        #expect(
            cited("[rules](../docs/\("clear-rules" + ".md"))", from: "Recordings/README.md") == [])
        let missing = "spec" + ".md"
        #expect(cited("see \(missing)") == [missing])
        #expect(cited("(\("../shared/docs/" + missing))") == ["../shared/docs/" + missing])
        #expect(cited("[x](../../\("docs/replay" + ".md"))") == ["../../docs/replay.md"])
        #expect(cited("the rules (clear-spec" + " §2)") == ["clear-spec" + ".md"])
        #expect(cited("https://example.org/notes/\(missing)") == [])
    }
}
