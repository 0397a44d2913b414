import ClearRendering
import Foundation
import JSON

/// `cleartouch replay` and `cleartouch render`, as functions the command and the tests
/// call: arguments in, text out, an exit status back.
public enum ReplayCommandRunner {
    /// Output streams, injectable for tests.
    public struct Output {
        public var standardOutput: (String) -> Void
        public var standardError: (String) -> Void

        public init(
            standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void
        ) {
            self.standardOutput = standardOutput
            self.standardError = standardError
        }

        public static var process: Output {
            Output(
                standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
                standardError: { FileHandle.standardError.write(Data($0.utf8)) })
        }
    }

    /// Runs `cleartouch replay ARGUMENTS`; returns 0, 1 (expectation not met) or 2.
    /// `pictures` draws `--frames` and `--snapshot` (the command passes its cairo writer);
    /// `viaLibinput` opens the input for `--via-libinput` (the command passes one that runs
    /// real libinput under umockdev).
    public static func replay(
        _ arguments: [String], output: Output = .process,
        pictures: PresentationPictureWriter? = nil,
        viaLibinput: ((ReplaySource) throws(ReplayError) -> ReplayInput)? = nil
    ) -> Int32 {
        let options: ReplayOptions
        switch parse(
            "replay", ReplayOptions.usage, output,
            { () throws(UsageError) in try ReplayOptions.parse(arguments) })
        {
        case .exit(let status): return status
        case .run(let parsed): options = parsed
        }
        if options.help { return 0 }
        do throws(ReplayError) {
            var expectation: Expectation?
            if let path = options.expectPath {
                let text = try TextFile.read(path)
                do {
                    expectation = try Expectation.parse(text, path: path)
                } catch {
                    throw ReplayError(error.description)
                }
            }
            var harness = ReplayHarness(
                source: options.source, keepListsAfterActions: !options.json)
            if options.viaLibinput {
                guard let viaLibinput else {
                    throw ReplayError(
                        "cleartouch replay: --via-libinput is not available in this program")
                }
                harness.openInput = viaLibinput
            }
            var progress = ProgressBar(label: "replay")
            var pacer = options.speed.map { Pacer(speed: $0, clock: MonotonicClock()) }
            let (sampler, report) = try pictureSampler(options, pictures)
            let result = try harness.run(
                hook: { relative, fraction in
                    pacer?.wait(untilRecordingMicroseconds: relative)
                    if let fraction { progress.update(fraction: fraction) }
                }, sampler: sampler)
            progress.finish()
            if let report = report() { output.standardError(report) }
            output.standardOutput(
                options.json ? result.jsonText() : result.timelineText(title: options.source.path))
            if let path = options.writeExpectPath {
                let name = options.source.path.split(separator: "/").last.map(String.init)
                try TextFile.write(
                    Expectation(result: result, recording: name).jsonText(), to: path)
                output.standardError("wrote expectation \(path)\n")
            }
            if let expectation, let expectPath = options.expectPath {
                if let diff = expectation.mismatch(with: result) {
                    output.standardError(
                        "\(expectPath): expectation not met by \(options.source.path)\n\(diff)\n")
                    return 1
                }
                output.standardError("\(expectPath): expectation met\n")
            }
            return 0
        } catch {
            output.standardError("\(error.description)\n")
            return 2
        }
    }

    /// The sampler for `--frames` and `--snapshot`, and what to say once it has run.
    private static func pictureSampler(
        _ options: ReplayOptions, _ pictures: PresentationPictureWriter?
    ) throws(ReplayError) -> (PresentationSampler?, () -> String?) {
        guard options.framesDirectory != nil || options.snapshotPath != nil else {
            return (nil, { nil })
        }
        guard let pictures else {
            throw ReplayError("cleartouch replay: no picture writer for --frames/--snapshot")
        }
        var samplers: [PresentationSampler] = []
        var frames: FrameSampler?
        if let directory = options.framesDirectory {
            do {
                try FileManager.default.createDirectory(
                    atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ReplayError(
                    "\(directory):0: cannot create the folder: \(error.localizedDescription)")
            }
            let sampler = FrameSampler(framesPerSecond: options.framesPerSecond) {
                presentation, number throws(ReplayError) in
                try pictures.writeFrame(presentation, number: number, directory: directory)
            }
            frames = sampler
            samplers.append(sampler)
        }
        if let path = options.snapshotPath {
            samplers.append(
                SnapshotSampler(atMicroseconds: options.snapshotAtMicroseconds) {
                    presentation throws(ReplayError) in
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

    private enum Parsed<Options> {
        case run(Options)
        case exit(Int32)
    }

    /// Parses a command line; bad usage prints the usage on stderr (exit 2), `--help`
    /// prints it on stdout (the caller then exits 0).
    private static func parse<Options: CommandOptions>(
        _ name: String, _ usage: String, _ output: Output, _ parse: () throws(UsageError) -> Options
    ) -> Parsed<Options> {
        do {
            let options = try parse()
            if options.help { output.standardOutput(usage + "\n") }
            return .run(options)
        } catch {
            output.standardError("cleartouch \(name): \(error.message)\n\(usage)\n")
            return .exit(2)
        }
    }

    /// Runs `cleartouch render ARGUMENTS`; returns 0 or 2.
    public static func render(_ arguments: [String], output: Output = .process) -> Int32 {
        let options: RenderOptions
        switch parse(
            "render", RenderOptions.usage, output,
            { () throws(UsageError) in try RenderOptions.parse(arguments) })
        {
        case .exit(let status): return status
        case .run(let parsed): options = parsed
        }
        if options.help { return 0 }
        do throws(ReplayError) {
            let result = try ReplayHarness(
                source: options.source, keepTouchPaths: true, keepListsAfterActions: false
            ).run()
            let name =
                options.source.path.split(separator: "/").last.map(String.init)
                ?? options.source.path
            let svg: String
            do throws(CairoError) {
                svg = try RecordingPictureRenderer(picture: result.picture(title: name)).svg()
            } catch {
                throw ReplayError("\(options.outputPath):0: cannot draw the picture: \(error)")
            }
            try TextFile.write(svg, to: options.outputPath)
            output.standardOutput("wrote \(options.outputPath)\n")
            return 0
        } catch {
            output.standardError("\(error.description)\n")
            return 2
        }
    }
}
