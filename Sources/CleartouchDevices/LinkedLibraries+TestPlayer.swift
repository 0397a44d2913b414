import CleartouchCommands
import Recorder
import Recordings
import RegressionSuites
import Replay
import ToolSupport

extension LinkedLibraries {
    /// `--via-libinput`: a player that plays each evdev recording through the real
    /// libinput under umockdev (`ViaLibinputReplay`, as `replay --via-libinput` does for
    /// one), its devices through libinput only; nil, having said why, when umockdev or the
    /// fix-up preload is missing.
    static func libinputPlayer(_ output: CommandOutput) -> RecordingPlayer? {
        let environment: ViaLibinputReplay.Environment
        do throws(ViaLibinputError) {
            environment = try ViaLibinputReplay.discover()
        } catch {
            output.printError("cleartouch test: --via-libinput: \(error.message)")
            return nil
        }
        return RecordingPlayer { source throws(RecordingPlayerError) in
            // libinput applies neither; a replay through it would not be the one the
            // expectation pins.
            if source.calibration != nil || source.rotation != .none {
                throw .cannotPlay(
                    "its expectation replays it with a calibration or a rotation, which a replay through libinput does not apply"
                )
            }
            do throws(ViaLibinputFailure) {
                let (header, events) = try ViaLibinputReplay.play(
                    path: source.path, descPath: source.descPath,
                    format: source.format.flatMap(RecordingFormat.init(rawValue:)),
                    screen: source.screen ?? .defaultKiosk, environment: environment,
                    libinputOnly: true)
                return EventListInput(header: header, events: events)
            } catch {
                switch error {
                case .notThroughLibinput(let reason): throw .cannotPlay(reason)
                case .failed(let diagnostic): throw .failed(diagnostic)
                }
            }
        }
    }
}
