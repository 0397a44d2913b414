import ClearCore
import GestureService
import Replay
import ToolSupport

/// Another way into a suite's recordings than reading their files: `cleartouch test
/// --via-libinput` plays each one through real libinput under umockdev (the command
/// builds the player from Recorder's `ViaLibinputReplay`; this layer does not know it).
public struct RecordingPlayer: Sendable {
    /// Plays the recording `source` names, with the settings its expectation records;
    /// `.cannotPlay` skips the recording (docs/replay.md, "Suites through libinput").
    public var play: @Sendable (ReplaySource) throws(RecordingPlayerError) -> EventListInput

    /// A player that plays with `play`.
    public init(
        play: @escaping @Sendable (ReplaySource) throws(RecordingPlayerError) -> EventListInput
    ) {
        self.play = play
    }
}

extension RecordingPlayer {
    /// `play` as a replay's input: a recording it cannot play is an error saying why,
    /// the reason also noted in `refusal`.
    package func input(for source: ReplaySource, noting refusal: PlayerRefusal?) throws(ReplayError)
        -> ReplayInput
    {
        do throws(RecordingPlayerError) {
            return try play(source)
        } catch {
            switch error {
            case .failed(let diagnostic): throw diagnostic
            case .cannotPlay(let reason):
                refusal?.reason = reason
                throw Diagnostic(path: source.path, line: 0, message: reason)
            }
        }
    }
}

/// Where a case's player said it cannot play the recording (set at most once, on the
/// thread running the case).
package final class PlayerRefusal: @unchecked Sendable {
    var reason: String?
}

/// Why a player gave no events for a recording.
public enum RecordingPlayerError: Error {
    /// The recording cannot go this way (a trace, a device libinput refuses): the reason.
    case cannotPlay(String)
    /// It should have played and did not.
    case failed(Diagnostic)
}

/// Times of a replay through umockdev: they come late, by a lateness that starts near 0 at
/// the first input frame and never shrinks (umockdev plays in real time, and a frame it
/// delivers late stays late; ViaLibinputTests explains it), so no fixed tolerance is safe.
/// A replay keeps its expectation's timing when every gesture start and end and every
/// action, taken in recorded order, comes no earlier than recorded and no less late than
/// the one before (within the JSON's rounding to the microsecond).
public enum LateTiming {
    /// The JSON gives times in ms with 3 decimals.
    public static let roundingMicroseconds: Int64 = 1

    /// True when each `(recorded, played)` time pair keeps the shape above.
    public static func isLateInOrder(_ marks: [(recorded: Int64, played: Int64)]) -> Bool {
        var lateness = -roundingMicroseconds
        for mark in marks.sorted(by: { $0.recorded < $1.recorded }) {
            let late = mark.played - mark.recorded
            guard late >= lateness - roundingMicroseconds else { return false }
            lateness = max(lateness, late)
        }
        return true
    }

    /// `result` with its gesture and action times set to the expectation's when they keep
    /// the shape, so that only what happened is compared; unchanged otherwise (its late
    /// times then show in the differences). Gestures are aligned when they match the
    /// expectation's one for one in kind and outcome, actions when they match in all
    /// but their times.
    public static func aligned(_ result: ReplayResult, to expectation: Expectation)
        -> ReplayResult
    {
        var marks: [(recorded: Int64, played: Int64)] = []
        var aligned = result
        if let expected = expectation.gestures, expected.count == result.gestures.count,
            zip(expected, result.gestures).allSatisfy({
                $0.kind == $1.kind && $0.outcome == $1.outcome
            })
        {
            for (index, gesture) in expected.enumerated() {
                marks.append((gesture.startMicroseconds, result.gestures[index].startMicroseconds))
                marks.append((gesture.endMicroseconds, result.gestures[index].endMicroseconds))
                aligned.gestures[index].startMicroseconds = gesture.startMicroseconds
                aligned.gestures[index].endMicroseconds = gesture.endMicroseconds
            }
        }
        if expectation.actions.count == result.actions.count,
            zip(expectation.actions, result.actions).allSatisfy({ expected, played in
                var timed = played.action
                timed.timeMicroseconds = expected.timeMicroseconds
                return timed == expected
            })
        {
            for (index, action) in expectation.actions.enumerated() {
                marks.append((action.timeMicroseconds, result.actions[index].timeMicroseconds))
                aligned.actions[index].timeMicroseconds = action.timeMicroseconds
            }
        }
        return isLateInOrder(marks) ? aligned : result
    }

    /// The gesture service's result with its gesture times set to the expectation's,
    /// under the same rule.
    public static func aligned(
        _ result: GestureServiceReplayResult, to expectation: GestureExpectation
    ) -> GestureServiceReplayResult {
        let expected = expectation.gestures
        var aligned = result
        guard expected.count == result.gestures.count else { return result }
        var marks: [(recorded: Int64, played: Int64)] = []
        for (index, gesture) in expected.enumerated() {
            var timed = result.gestures[index].pinned
            timed.startMicroseconds = gesture.startMicroseconds
            timed.endMicroseconds = gesture.endMicroseconds
            guard timed == gesture else { return result }
            marks.append((gesture.startMicroseconds, result.gestures[index].startMicroseconds))
            marks.append((gesture.endMicroseconds, result.gestures[index].endMicroseconds))
            aligned.gestures[index].startMicroseconds = gesture.startMicroseconds
            aligned.gestures[index].endMicroseconds = gesture.endMicroseconds
        }
        return isLateInOrder(marks) ? aligned : result
    }
}
