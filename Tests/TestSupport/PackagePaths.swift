import Foundation

/// Where the package and its built products are, for tests that read package files or run
/// the built executables.
public enum PackagePaths {
    /// The package root: three levels up from `Tests/TestSupport/PackagePaths.swift`.
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The debug build folder, `.build/debug` below the package root.
    public static var debugBuildFolder: URL { root.appendingPathComponent(".build/debug") }

    /// The path of the executable `name` in the debug build folder (which may not exist).
    public static func debugExecutable(_ name: String) -> String {
        debugBuildFolder.appendingPathComponent(name).path
    }

    /// The built executable `name`, beside the running test bundle or else in the debug
    /// build folder; nil when neither is there.
    public static func builtExecutable(_ name: String) -> String? {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0])
            .deletingLastPathComponent().appendingPathComponent(name).path
        return [besideTests, debugExecutable(name)].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The `swift` driver on PATH (the tests' own toolchain), or nil.
    public static func swiftExecutable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swift" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The build folder of the running test bundle: the nearest folder above the running
    /// executable (`/proc/self/exe`) that holds `product` (such as `cleartouch`).
    public static func productsFolder(containing product: String) -> URL {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // .build/<triple>/debug/ClearTouchPackageTests.xctest (a file on Linux)
        while !FileManager.default.fileExists(
            atPath: directory.appendingPathComponent(product).path),
            directory.pathComponents.count > 1
        {
            directory.deleteLastPathComponent()
        }
        return directory
    }
}
