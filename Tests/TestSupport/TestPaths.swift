import Foundation

/// Paths of the package's recordings, the real-device corpus and the built command.
public enum TestPaths {
    public static let packageRoot: String = PackagePaths.root.path

    public static var recordings: String { packageRoot + "/Recordings" }
    /// The real-device recordings kept in the repository (`Tests/Corpus`).
    public static var corpus: String { PackagePaths.corpus.path }
    public static var cleartouchBinary: String { PackagePaths.debugExecutable("cleartouch") }

    public static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "replay-tests-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every bundled recording's file name (traces, evemu files, `libinput record` YAML).
    public static let bundledRecordings: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []
        return names.filter {
            $0.hasSuffix(".trace") || $0.hasSuffix(".evemu") || $0.hasSuffix(".yml")
        }.sorted()
    }()

    /// Recordings/*.expect.json with the recording each one is for.
    public static func expectationFiles() -> [(expectation: String, recording: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: recordings)) ?? []
        return names.filter { $0.hasSuffix(".expect.json") }.sorted().compactMap { name in
            let base = String(name.dropLast(".expect.json".count))
            for ext in ["trace", "evemu", "yml"] where names.contains("\(base).\(ext)") {
                return (recordings + "/" + name, recordings + "/\(base).\(ext)")
            }
            return (recordings + "/" + name, recordings + "/\(base).missing")
        }
    }
}
