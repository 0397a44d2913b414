import ClearCore
import ClearRendering
import Foundation
import Recorder
import Recordings
import Replay
import TouchInput

/// `cleartouch replay FILE ...`: see `ReplayOptions.usage` and docs/replay.md.
enum ReplayCommand {
    static func run(arguments: [String]) -> Int32 {
        ReplayCommandRunner.replay(
            arguments, pictures: CairoPictureWriter(), viaLibinput: throughLibinput)
    }

    /// `--via-libinput`: plays an evdev recording (evemu or `libinput record`) through
    /// real libinput under umockdev (`ViaLibinputReplay`, Recorder) and replays what
    /// libinput reported.
    static func throughLibinput(_ source: ReplaySource) throws(ReplayError) -> ReplayInput {
        var format: RecordingFormat? = source.format.flatMap(RecordingFormat.init(rawValue:))
        if format == nil {
            do throws(RecordingError) {
                format = try RecordingFormat.detect(path: source.path)
            } catch {
                throw ReplayError(error.description)
            }
        }
        guard format == .evemu || format == .libinput else {
            throw ReplayError(
                "\(source.path):1: --via-libinput plays evdev recordings (evemu or `libinput record`) through libinput; this is a \(format?.rawValue ?? "different") file"
            )
        }
        do throws(ViaLibinputError) {
            let environment = try ViaLibinputReplay.discover()
            FileHandle.standardError.write(
                Data(
                    "cleartouch replay: playing \(source.path) through libinput in real time …\n"
                        .utf8))
            let (header, events) = try ViaLibinputReplay.run(
                path: source.path, descPath: source.descPath, format: format,
                screen: source.screen ?? .defaultKiosk,
                environment: environment)
            return EventListInput(header: header, events: events)
        } catch {
            // Its errors name a file and line when they concern one; the others (umockdev
            // missing, …) concern the whole replay of FILE.
            let message = error.description
            let namesAFile = message.range(of: #"^[^ ]+:\d+: "#, options: .regularExpression) != nil
            throw ReplayError(namesAFile ? message : "\(source.path):0: \(message)")
        }
    }
}

/// Draws `--frames` and `--snapshot` with the app's renderer (ClearRendering), at the
/// presentation's screen size.
final class CairoPictureWriter: PresentationPictureWriter {
    private var exporter: FrameExporter?

    private func exporter(for presentation: Presentation) throws(ReplayError) -> FrameExporter {
        if let exporter, exporter.renderer.surface.width == presentation.screen.widthPixels,
            exporter.renderer.surface.height == presentation.screen.heightPixels
        {
            return exporter
        }
        do {
            let made = try FrameExporter(screen: presentation.screen)
            exporter = made
            return made
        } catch {
            throw ReplayError("cleartouch replay: cannot draw: \(error)")
        }
    }

    func writeFrame(_ presentation: Presentation, number: Int, directory: String)
        throws(ReplayError)
    {
        let exporter = try exporter(for: presentation)
        do {
            try exporter.writeFrame(presentation, number: number, directory: directory)
        } catch {
            throw ReplayError("\(directory):0: cannot write frame \(number): \(error)")
        }
    }

    func writeSnapshot(_ presentation: Presentation, path: String) throws(ReplayError) {
        let exporter = try exporter(for: presentation)
        do {
            try exporter.writeSnapshot(presentation, toPath: path)
        } catch {
            throw ReplayError("\(path):0: cannot write the picture: \(error)")
        }
    }
}
