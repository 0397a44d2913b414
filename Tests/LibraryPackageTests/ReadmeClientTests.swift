import Foundation
import TestSupport
import Testing

/// The README's "Use the library in your own package" section, built and run as a client
/// package would be: its two code blocks are copied, unchanged, beside a clone of this
/// repository.
@Suite struct ReadmeClientTests {
    /// The two fenced Swift blocks of the README section, in order: the client's
    /// `Package.swift`, then its `main.swift`.
    static func readmeBlocks() throws -> (manifest: String, main: String) {
        let readme = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let heading = "## Use the library in your own package"
        let start = try #require(readme.range(of: heading), "README has no section \(heading)")
        let rest = readme[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        var blocks: [String] = []
        var current: [Substring]?
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            // ```swift run-by=ReadmeClientTests: DocsTests leaves these blocks to this suite.
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        #expect(blocks.count == 2, "the section must hold exactly two swift blocks")
        return (try #require(blocks.first), try #require(blocks.dropFirst().first))
    }

    @Test func theSectionDeclaresAnExecutableClientOfTheLibraryByPath() throws {
        let (manifest, main) = try Self.readmeBlocks()
        #expect(manifest.contains(".package(path: \"../ClearTouch\")"))
        #expect(manifest.contains(".executableTarget("))
        #expect(main.contains("import GestureRecognition"))
    }

    /// Clones the repository (with any uncommitted changes to tracked files), writes the
    /// client beside it, builds it with `swift build` and runs it.
    @Test(.timeLimit(.minutes(8))) func theReadmeClientBuildsAndPrintsTheSwipe() throws {
        let (manifest, main) = try Self.readmeBlocks()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-readme-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let clone = scratch.appendingPathComponent("ClearTouch")
        try cloneWorkingTree(into: clone)

        let client = scratch.appendingPathComponent("SwipeWatcher")
        let sources = client.appendingPathComponent("Sources/SwipeWatcher")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try manifest.write(
            to: client.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try main.write(
            to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        let swift = try #require(PackagePaths.swiftExecutable(), "no swift on PATH")
        let build = try runCommand(
            executable: swift, arguments: ["build", "--package-path", client.path])
        #expect(
            build.status == 0, "swift build failed:\n\(build.standardOutput)\(build.standardError)")
        guard build.status == 0 else { return }
        let run = try runCommand(
            executable: client.appendingPathComponent(".build/debug/SwipeWatcher").path)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "#1 pan began at 8000 µs", "\(lines)")
        #expect(lines.last == "#1 pan ended at 90000 µs", "\(lines)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("#1 pan changed at ") })
        #expect(lines.count >= 3)
    }

    /// `git clone --shared` of the repository at HEAD, then the working tree's uncommitted
    /// changes to tracked files (`git stash create`), so the test checks what is on disk.
    private func cloneWorkingTree(into clone: URL) throws {
        let git = "/usr/bin/git"
        let root = PackagePaths.root.path
        let cloned = try runCommand(
            executable: git, arguments: ["clone", "--quiet", "--shared", root, clone.path])
        try #require(cloned.status == 0, "git clone failed: \(cloned.standardError)")
        let stash = try runCommand(executable: git, arguments: ["-C", root, "stash", "create"])
        let work = stash.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        if stash.status == 0, !work.isEmpty {
            let checkout = try runCommand(
                executable: git, arguments: ["-C", clone.path, "checkout", "--quiet", work])
            try #require(checkout.status == 0, "git checkout failed: \(checkout.standardError)")
        }
    }
}
