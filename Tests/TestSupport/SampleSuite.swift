import Foundation

/// A regression suite's folder for the suite runner's and the failure pages' tests.
public enum SampleSuite {
    /// A folder with two passing cases (one nested), one failing (its golden file says
    /// the row was deleted), and one golden file without its recording.
    public static func makeFolder() throws -> String {
        let root = TestPaths.temporaryDirectory()
        let manager = FileManager.default
        try manager.createDirectory(
            atPath: root + "/nested/deeper", withIntermediateDirectories: true)
        for (name, folder) in [
            ("pull-below.yml", "/nested/deeper"), ("pan-complete-above.trace", ""),
        ] {
            let base = String(name.split(separator: ".").first!)
            try manager.copyItem(
                atPath: TestPaths.recordings + "/" + name, toPath: root + folder + "/" + name)
            try manager.copyItem(
                atPath: TestPaths.recordings + "/\(base).expect.json",
                toPath: root + folder + "/\(base).expect.json")
        }
        try manager.copyItem(
            atPath: TestPaths.recordings + "/pan-delete-above.evemu",
            toPath: root + "/nested/wrong.evemu")
        let golden = try String(
            contentsOfFile: TestPaths.recordings + "/pan-delete-above.expect.json", encoding: .utf8)
        try golden.replacingOccurrences(of: "\"delete\"", with: "\"complete\"").write(
            toFile: root + "/nested/wrong.expect.json", atomically: true, encoding: .utf8)
        // A recording without a golden file is not a test.
        try manager.copyItem(
            atPath: TestPaths.recordings + "/uncomplete.trace", toPath: root + "/lonely.trace")
        try "{\"actions\": [], \"items\": []}".write(
            toFile: root + "/orphan.expect.json", atomically: true, encoding: .utf8)
        return root
    }
}
