import ClearRendering
import CleartouchCommands
import DescriptorIO
import Glibc
import JSON
import Recorder
import Recordings
import Replay
import ToolSupport
import TouchInput

/// `replay` and `test` with pictures and libinput.
typealias ReplayCommand = ReplayCommandOf<LinkedLibraries>
typealias TestCommand = TestCommandOf<LinkedLibraries>

/// What `replay` and `test` take from the libraries only cleartouch-devices links: Cairo
/// for pictures, libinput under umockdev for `--via-libinput`.
enum LinkedLibraries: DeviceLibraries {
    static var areLinked: Bool { true }

    /// Removes the frames of an earlier run from `--frames DIR` (files named as frames
    /// are, nothing else), so that the folder holds this run's frames only, never the
    /// tail of a longer one (docs/output-files.md). An input is never removed.
    static func removeStaleFrames(in directory: String, protecting inputs: [String])
        throws(Diagnostic)
    {
        let names = FileCall.folderEntries(directory) ?? []
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        for name in names where FrameExporter.isFrameFileName(name) {
            let path = prefix + name
            try OutputFile.refuseInputs(path: path, inputs: inputs)
            guard let status = FileCall.linkStatus(path), (status.st_mode & S_IFMT) == S_IFREG
            else { continue }
            guard FileCall.unlink(path) == 0 else {
                throw Diagnostic(
                    path: path, line: 0,
                    message: "cannot remove an earlier frame: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The sampler for `--frames` and `--snapshot`, and what to say once it has run.
    static func pictureSampler(_ options: ReplayOptions) throws(Diagnostic)
        -> (PresentationSampler?, () -> String?)
    {
        let pictures = CairoPictureWriter(protecting: options.source.inputPaths)
        var samplers: [PresentationSampler] = []
        var frames: FrameSampler?
        if let directory = options.framesDirectory {
            try OutputFile.createFolder(directory, naming: directory)
            try removeStaleFrames(in: directory, protecting: options.source.inputPaths)
            let sampler = FrameSampler(framesPerSecond: options.framesPerSecond) {
                presentation, number throws(Diagnostic) in
                try pictures.writeFrame(presentation, number: number, directory: directory)
            }
            sampler.outputPath = directory
            frames = sampler
            samplers.append(sampler)
        }
        if let path = options.snapshotPath {
            samplers.append(
                SnapshotSampler(atMicroseconds: options.snapshotAtMicroseconds) {
                    presentation throws(Diagnostic) in
                    try pictures.writeSnapshot(presentation, path: path)
                })
        }
        let report = { () -> String? in
            var lines = ""
            if let frames, let directory = options.framesDirectory {
                lines +=
                    "wrote \(frames.framesTaken) frames (\(JSONNumber(frames.framesPerSecond)) per second) to \(directory)\n"
            }
            if let path = options.snapshotPath { lines += "wrote \(path)\n" }
            return lines
        }
        return (samplers.count == 1 ? samplers[0] : CombinedSampler(samplers), report)
    }

    /// `--via-libinput`: plays an evdev recording (evemu or `libinput record`) through
    /// real libinput under umockdev (`ViaLibinputReplay`, Recorder) and replays what
    /// libinput reported.
    static func throughLibinput(_ source: ReplaySource, output: CommandOutput) throws(Diagnostic)
        -> ReplayInput
    {
        let format: RecordingFormat
        if let given = source.format.flatMap(RecordingFormat.init(rawValue:)) {
            format = given
        } else {
            format = try RecordingFormat.detect(path: source.path)
        }
        guard format != .trace else {
            throw Diagnostic(
                path: source.path, line: 1,
                message:
                    "--via-libinput plays evdev recordings (evemu, `libinput record` or getevent) through libinput; this is a \(format.rawValue) file"
            )
        }
        let environment: ViaLibinputReplay.Environment
        do throws(ViaLibinputError) {
            environment = try ViaLibinputReplay.discover()
        } catch {
            // The tools are missing: this replay of FILE cannot run.
            throw Diagnostic(path: source.path, line: 0, message: error.message)
        }
        output.printError(
            "cleartouch replay: playing \(source.path) through libinput in real time …")
        let (header, events) = try ViaLibinputReplay.run(
            path: source.path, descPath: source.descPath, format: format,
            screen: source.screen ?? .defaultKiosk, environment: environment)
        return EventListInput(header: header, events: events)
    }
}
