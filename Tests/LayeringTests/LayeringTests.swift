import TestSupport
import Testing

/// The layering of `Layers.all` against the real graph: every target in the table, no
/// dependency and no import going up a layer, every import declared, the product in
/// Sources/ and test code outside it.
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
}
