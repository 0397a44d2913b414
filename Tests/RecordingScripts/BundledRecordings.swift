import Foundation
import TouchScript

/// The bundled recordings of Recordings/, written from their scripts (Scenarios.swift and
/// the other scenario files; Recordings/README.md). Deterministic: the same scripts write
/// the same bytes. `cleartouch-make-recordings` (DeveloperTools/, tools/make-recordings)
/// writes them into Recordings/; RecordingScriptsTests checks that they are the files
/// there.
public enum BundledRecordings {
    /// Writes every bundled recording into `outputDirectory` (made when missing), each
    /// replacing a recording of the same name in another format; the paths written, in
    /// order.
    public static func write(into outputDirectory: String) throws -> [String] {
        try FileManager.default.createDirectory(
            atPath: outputDirectory, withIntermediateDirectories: true)
        var written: [String] = []
        for scenario in scenarios + keyboardScenarios + levelScenarios + gestureScenarios
            + idleScenarios
        {
            for other in ["trace", "evemu", "yml"] {
                try? FileManager.default.removeItem(
                    atPath: "\(outputDirectory)/\(scenario.name).\(other)")
            }
            let path: String
            switch scenario.format {
            case .trace:
                path = "\(outputDirectory)/\(scenario.name).trace"
                try SyntheticTrace.write(
                    scenario.script.events, list: scenario.list, keyboard: scenario.keyboard,
                    to: path)
            case .evemu:
                precondition(
                    scenario.list == nil, "\(scenario.name): only traces carry a starting list")
                path = "\(outputDirectory)/\(scenario.name).evemu"
                try SyntheticTouchscreen.evemuText(
                    scenario.script.events, comment: comment(scenario)
                ).write(toFile: path, atomically: true, encoding: .utf8)
            case .libinput:
                precondition(
                    scenario.list == nil, "\(scenario.name): only traces carry a starting list")
                path = "\(outputDirectory)/\(scenario.name).yml"
                try SyntheticTouchscreen.libinputRecordText(
                    scenario.script.events, comment: comment(scenario)
                ).write(toFile: path, atomically: true, encoding: .utf8)
            }
            written.append(path)
        }
        return written
    }

    static func comment(_ scenario: Scenario) -> String {
        "ClearTouch recording \(scenario.name), made by cleartouch-make-recordings (tools/make-recordings).\n"
            + "\(scenario.summary). Screen 1080x1920, row height 169 px; see Recordings/README.md."
    }
}
