import RegressionSuites
import Replay
import ToolSupport

/// Checks a gesture expectation: `gestures --expect` and a `replay --expect` whose golden
/// file pins the gesture service's output.
package enum GestureExpectationCheck {
    /// Replays `source` as `expectation` says and compares: 0 met, 1 not. `openInput`
    /// replaces the reader (`--via-libinput`: what real libinput reported).
    package static func check(
        _ expectation: GestureExpectation, expectationPath: String, source: ReplaySource,
        openInput: ((ReplaySource) throws(ReplayError) -> ReplayInput)?, json: Bool,
        output: CommandOutput
    ) throws(Diagnostic) -> Int32 {
        let result = try expectation.replay(
            source, expectationPath: expectationPath, openInput: openInput)
        for warning in result.warnings { output.printError("warning: \(warning)") }
        if json {
            output.standardOutput(result.jsonText())
        } else {
            output.printText(result.text(title: source.path))
        }
        return output.expectationReport(
            expectation.mismatch(with: result), expectation: expectationPath,
            recording: source.path)
    }
}
