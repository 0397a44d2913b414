import Foundation
import TestSupport

/// The real graph of the package and of DeveloperTools/: each target's folder, kind and
/// declared dependencies as `swift package dump-package` reads them from the manifests,
/// and the modules each of its source files imports.
struct PackageGraph {
    struct Target {
        let name: String
        /// `regular`, `executable`, `test`, `system`, `plugin`.
        let kind: String
        /// The target's folder, relative to the repository root.
        let folder: String
        /// Targets it depends on; for a DeveloperTools target, the targets of the
        /// ClearTouch products it depends on.
        let dependencies: [String]
        /// The name `import` uses (`cleartouch-devices` is `cleartouch_devices`).
        var moduleName: String { name.replacingOccurrences(of: "-", with: "_") }
    }

    /// One `import` line of a source file.
    struct Import {
        /// The file, relative to the repository root.
        let file: String
        let line: Int
        let module: String
    }

    /// Modules of the toolchain, which are in no layer.
    static let toolchainModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationXML", "FoundationNetworking", "Glibc",
        "Musl", "Dispatch", "Synchronization", "Testing", "XCTest", "PackagePlugin",
        "_Concurrency",
    ]

    let targets: [Target]

    /// Both packages' manifests as SwiftPM reads them.
    static func load() throws -> PackageGraph {
        let root = PackagePaths.root.path
        let main = try dump(root)
        var productTargets: [String: [String]] = [:]
        for product in main["products"] as? [[String: Any]] ?? [] {
            if let name = product["name"] as? String {
                productTargets[name] = product["targets"] as? [String] ?? []
            }
        }
        let tools = try dump(root + "/DeveloperTools")
        return PackageGraph(
            targets: targets(of: main, under: "", productTargets: productTargets)
                + targets(of: tools, under: "DeveloperTools/", productTargets: productTargets))
    }

    /// `swift package dump-package` of the package at `folder`, with a scratch folder of
    /// its own (no wait on the lock of a build, such as `swift test`'s own).
    private static func dump(_ folder: String) throws -> [String: Any] {
        guard let swift = PackagePaths.swiftExecutable() else {
            throw GraphError(message: "no swift on PATH")
        }
        let scratch = TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let run = try runCommand(
            executable: swift,
            arguments: [
                "package", "--package-path", folder, "--scratch-path", scratch, "dump-package",
            ])
        guard run.status == 0,
            let json = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
                as? [String: Any]
        else {
            throw GraphError(message: "dump-package of \(folder) failed: \(run.standardError)")
        }
        return json
    }

    private static func targets(
        of manifest: [String: Any], under prefix: String, productTargets: [String: [String]]
    ) -> [Target] {
        (manifest["targets"] as? [[String: Any]] ?? []).map { target in
            let name = target["name"] as? String ?? ""
            let kind = target["type"] as? String ?? ""
            let defaultFolder =
                kind == "test"
                ? "Tests/" + name : kind == "plugin" ? "Plugins/" + name : "Sources/" + name
            var dependencies: [String] = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for (form, value) in dependency {
                    guard let name = (value as? [Any])?.first as? String else { continue }
                    dependencies += form == "product" ? productTargets[name] ?? [] : [name]
                }
            }
            return Target(
                name: name, kind: kind,
                folder: prefix + (target["path"] as? String ?? defaultFolder),
                dependencies: dependencies)
        }
    }

    /// The imports of every Swift file in `target`'s folder, read from each file's head
    /// (where Swift's imports are: comments, `#if` and imports, up to the first other line).
    static func imports(of target: Target) -> [Import] {
        let root = PackagePaths.root.path + "/"
        guard
            let files = FileManager.default.enumerator(atPath: root + target.folder)?
                .compactMap({ $0 as? String }).filter({ $0.hasSuffix(".swift") })
        else { return [] }
        var found: [Import] = []
        for file in files.sorted() {
            let path = target.folder + "/" + file
            guard let text = try? String(contentsOfFile: root + path, encoding: .utf8) else {
                continue
            }
            var inBlockComment = false
            for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                let line = rawLine.trimmingCharacters(in: .whitespaces)
                if inBlockComment {
                    inBlockComment = !line.contains("*/")
                    continue
                }
                if line.hasPrefix("/*") {
                    inBlockComment = !line.contains("*/")
                    continue
                }
                if line.isEmpty || line.hasPrefix("//") || line.hasPrefix("#") { continue }
                guard let module = importedModule(line) else { break }
                found.append(Import(file: path, line: index + 1, module: module))
            }
        }
        return found
    }

    /// The module an import declaration names (`@testable import X`, `import struct X.Y`),
    /// or nil for a line that is not one.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(separator: " ").map(String.init)
        while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
        guard words.first == "import", words.count >= 2 else { return nil }
        let kinds: Set<String> = [
            "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
        ]
        let path = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
        return path.split(separator: ".").first.map(String.init)
    }
}

struct GraphError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
