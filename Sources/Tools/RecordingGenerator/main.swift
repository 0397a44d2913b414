// cleartouch-make-recordings: writes the bundled recordings of Recordings/ from the
// scripts in Scenarios.swift (see Recordings/README.md). Deterministic: the same
// program writes the same bytes. Usage: cleartouch-make-recordings [OUTPUT-DIR]
import Foundation
import TouchScript

let outputDirectory = CommandLine.arguments.dropFirst().first ?? "Recordings"
func comment(_ scenario: Scenario) -> String {
    "ClearTouch recording \(scenario.name), made by cleartouch-make-recordings (tools/make-recordings).\n"
        + "\(scenario.summary). Screen 1080x1920, row height 169 px; see Recordings/README.md."
}

do {
    try FileManager.default.createDirectory(
        atPath: outputDirectory, withIntermediateDirectories: true)
    for scenario in scenarios + keyboardScenarios + levelScenarios + gestureScenarios
        + idleScenarios
    {
        for other in ["trace", "evemu", "yml", "getevent"] {
            try? FileManager.default.removeItem(
                atPath: "\(outputDirectory)/\(scenario.name).\(other)")
        }
        let path: String
        switch scenario.format {
        case .trace:
            path = "\(outputDirectory)/\(scenario.name).trace"
            try SyntheticTrace.write(
                scenario.script.events, list: scenario.list, keyboard: scenario.keyboard, to: path)
        case .evemu:
            precondition(
                scenario.list == nil, "\(scenario.name): only traces carry a starting list")
            path = "\(outputDirectory)/\(scenario.name).evemu"
            try SyntheticTouchscreen.evemuText(scenario.script.events, comment: comment(scenario))
                .write(
                    toFile: path, atomically: true, encoding: .utf8)
        case .libinput:
            precondition(
                scenario.list == nil, "\(scenario.name): only traces carry a starting list")
            path = "\(outputDirectory)/\(scenario.name).yml"
            try SyntheticTouchscreen.libinputRecordText(
                scenario.script.events, comment: comment(scenario)
            ).write(
                toFile: path, atomically: true, encoding: .utf8)
        case .geteventLabelled, .geteventNumbers:
            precondition(
                scenario.list == nil, "\(scenario.name): only traces carry a starting list")
            path = "\(outputDirectory)/\(scenario.name).getevent"
            try SyntheticTouchscreen.geteventText(
                scenario.script.events, comment: comment(scenario),
                labels: scenario.format == .geteventLabelled
            ).write(toFile: path, atomically: true, encoding: .utf8)
        }
        print("wrote \(path)")
    }
} catch {
    FileHandle.standardError.write(Data("cleartouch-make-recordings: \(error)\n".utf8))
    exit(2)
}
