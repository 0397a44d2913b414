import Recordings
import RegressionSuites
import Replay
import ToolSupport

/// What `replay` and `test` take from the libraries the lean `cleartouch` does not load:
/// Cairo and Pango for `--frames` and `--snapshot`; libinput, udev and umockdev for
/// `--via-libinput` (docs/architecture.md, "Two executables"). cleartouch-devices links
/// them (its `LinkedLibraries`); the lean front has none (`HandedOver`) and hands a
/// command that needs them to cleartouch-devices (`DevicesProgram`), its arguments
/// unchanged.
package protocol DeviceLibraries {
    /// False in the lean front: a command that needs the libraries is handed over.
    static var areLinked: Bool { get }

    /// `--frames` and `--snapshot` (called only when one is given): the sampler that draws
    /// them, and what to say once it has run.
    static func pictureSampler(_ options: ReplayOptions) throws(Diagnostic)
        -> (PresentationSampler?, () -> String?)

    /// `--via-libinput`: plays an evdev recording through real libinput under umockdev
    /// and returns what libinput reported.
    static func throughLibinput(_ source: ReplaySource, output: CommandOutput)
        throws(Diagnostic) -> ReplayInput

    /// `test --via-libinput`: a player that plays each evdev recording through libinput;
    /// nil, having said why, when umockdev or the fix-up preload is missing.
    static func libinputPlayer(_ output: CommandOutput) -> RecordingPlayer?
}

extension DeviceLibraries {
    /// `--via-libinput` as a replay's reader: the events real libinput reports.
    package static func libinputInput(_ output: CommandOutput)
        -> (ReplaySource) throws(ReplayError) -> ReplayInput
    {
        { source throws(ReplayError) in try throughLibinput(source, output: output) }
    }
}

/// The lean front's libraries: none. Its commands hand every use of them to
/// cleartouch-devices before running (`Subcommand.handsOver`), so none of these runs.
package enum HandedOver: DeviceLibraries {
    package static var areLinked: Bool { false }

    package static func pictureSampler(_ options: ReplayOptions) throws(Diagnostic)
        -> (PresentationSampler?, () -> String?)
    {
        preconditionFailure("--frames and --snapshot are handed to cleartouch-devices")
    }

    package static func throughLibinput(_ source: ReplaySource, output: CommandOutput)
        throws(Diagnostic) -> ReplayInput
    {
        preconditionFailure("--via-libinput is handed to cleartouch-devices")
    }

    package static func libinputPlayer(_ output: CommandOutput) -> RecordingPlayer? {
        preconditionFailure("--via-libinput is handed to cleartouch-devices")
    }
}
