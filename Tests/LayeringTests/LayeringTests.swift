import Foundation
import TestSupport
import Testing

/// The layering of `Layers.all` against the real graph: every target in the table, no
/// dependency and no import going up a layer, every import declared, the product in
/// Sources/ and test code outside it; and against what is written of it, Package.swift's
/// header and docs/architecture.md's table.
@Suite struct LayeringTests {
    /// Both manifests, read once for the suite.
    static let graph: Result<PackageGraph, GraphError> = Result { try PackageGraph.load() }
        .mapError { GraphError(message: "\($0)") }

    /// Each target's layer: its index in `Layers.all` and its name.
    static let layerOf: [String: (index: Int, name: String)] = {
        var layers: [String: (Int, String)] = [:]
        for (index, layer) in Layers.all.enumerated() {
            for target in layer.targets { layers[target] = (index, layer.name) }
        }
        return layers
    }()

    static func loadedGraph() throws -> PackageGraph {
        do {
            return try graph.get()
        } catch {
            try RequiredInput.missing("the manifests cannot be read: \(error)")
        }
    }

    static func describe(_ target: String) -> String {
        guard let layer = layerOf[target] else { return "\(target) (in no layer)" }
        return "\(target) in layer \(layer.index + 1) '\(layer.name)'"
    }

    @Test func everyTargetIsInTheTableOnce() throws {
        let names = try Self.loadedGraph().targets.map(\.name)
        let listed = Layers.all.flatMap(\.targets)
        for name in names where !listed.contains(name) {
            Issue.record("target \(name) is in no layer of Tests/LayeringTests/Layers.swift")
        }
        for name in listed where !names.contains(name) {
            Issue.record("Layers.swift lists \(name), which is no target")
        }
        for name in Set(listed) where listed.filter({ $0 == name }).count > 1 {
            Issue.record("Layers.swift lists \(name) more than once")
        }
        #expect(names.count >= 70)
    }

    @Test func noDeclaredDependencyGoesUp() throws {
        for target in try Self.loadedGraph().targets {
            guard let layer = Self.layerOf[target.name] else { continue }
            for dependency in target.dependencies {
                guard let other = Self.layerOf[dependency], other.index > layer.index else {
                    continue
                }
                Issue.record(
                    "\(target.folder): \(target.name) depends on \(dependency): \(Self.describe(target.name)) cannot depend on \(Self.describe(dependency))"
                )
            }
        }
    }

    @Test func noImportGoesUpAndEveryImportIsDeclared() throws {
        let targets = try Self.loadedGraph().targets
        let byModule = Dictionary(uniqueKeysWithValues: targets.map { ($0.moduleName, $0) })
        var imports = 0
        for target in targets where target.kind != "system" {
            for found in PackageGraph.imports(of: target) {
                imports += 1
                let place = "\(found.file):\(found.line): import \(found.module)"
                if PackageGraph.toolchainModules.contains(found.module) { continue }
                guard let imported = byModule[found.module] else {
                    Issue.record("\(place): no target of the package nor of the toolchain")
                    continue
                }
                guard imported.name != target.name else { continue }
                if let from = Self.layerOf[target.name], let to = Self.layerOf[imported.name],
                    to.index > from.index
                {
                    Issue.record(
                        "\(place): \(Self.describe(target.name)) imports \(Self.describe(imported.name)), a layer above it"
                    )
                }
                if !target.dependencies.contains(imported.name) {
                    Issue.record(
                        "\(place): \(target.name) does not declare \(imported.name) in its manifest"
                    )
                }
            }
        }
        #expect(imports >= 1000)
    }

    /// What ships is in Sources/ (and the build plugin in Plugins/); what only tests and
    /// developers use is not, so no Sources target can depend on it.
    @Test func theProductIsInSourcesAndNothingElseIs() throws {
        let lastProduct = try #require(
            Layers.all.firstIndex { $0.name == Layers.lastProductLayer })
        for target in try Self.loadedGraph().targets {
            guard let layer = Self.layerOf[target.name] else { continue }
            let inProduct =
                target.folder.hasPrefix("Sources/") || target.folder.hasPrefix("Plugins/")
            if layer.index <= lastProduct && !inProduct {
                Issue.record("\(target.name) is in the product's layers but in \(target.folder)")
            } else if layer.index > lastProduct && inProduct {
                Issue.record(
                    "\(Self.describe(target.name)), not the product's, is in \(target.folder)")
            }
        }
    }

    /// `written` (a layer's name and targets, in order) against the table.
    static func check(_ written: [(name: String, targets: [String])], of place: String) {
        #expect(
            written.map(\.name) == Layers.all.map(\.name),
            "\(place) names the layers otherwise")
        for (layer, text) in zip(Layers.all, written) where Set(layer.targets) != Set(text.targets)
        {
            Issue.record(
                "\(place), layer '\(layer.name)': missing \(Set(layer.targets).subtracting(text.targets).sorted()), not in it \(Set(text.targets).subtracting(layer.targets).sorted())"
            )
        }
    }

    /// Its list of `//   N NAME: target, target,` lines (continued on indented lines).
    @Test func packageSwiftsHeaderIsTheTable() throws {
        let text = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var written: [(name: String, targets: [String])] = []
        for line in text.split(separator: "\n").prefix(while: { $0.hasPrefix("//") }) {
            let body = line.dropFirst(2)
            let words = body.split(separator: " ", maxSplits: 1)
            if let first = words.first, Int(first) != nil, words.count == 2,
                let colon = words[1].range(of: ": ")
            {
                written.append(
                    (String(words[1][..<colon.lowerBound]), names(words[1][colon.upperBound...])))
            } else if !written.isEmpty, body.hasPrefix("     ") {
                written[written.count - 1].targets += names(body)
            }
        }
        Self.check(written, of: "Package.swift's header")
    }

    /// The table of "Layers and folders": a row's first cell is the layer, its second the
    /// targets in backticks.
    @Test func theArchitectureDocsTableIsTheTable() throws {
        let text = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("docs/architecture.md"),
            encoding: .utf8)
        let section = try #require(
            text.components(separatedBy: "## Layers and folders").dropFirst().first)
        var written: [(name: String, targets: [String])] = []
        for line in section.split(separator: "\n").drop(while: { !$0.hasPrefix("|") })
            .prefix(while: { $0.hasPrefix("|") }).dropFirst(2)
        {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 3 else { continue }
            let targets = cells[2].split(separator: "`", omittingEmptySubsequences: false)
                .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            written.append((cells[1].trimmingCharacters(in: .whitespaces), targets))
        }
        Self.check(written, of: "docs/architecture.md's table")
    }
}

/// The names of a comma-separated list.
private func names(_ text: Substring) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty
    }
}
