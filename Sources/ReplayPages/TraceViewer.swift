import ClearCore
import ClearPictures
import GestureRecognition
import GestureService
import JSON
import Replay
import TouchInput

/// `cleartouch view`: a replay as one self-contained web page (docs/replay.md, "The trace
/// viewer"). The replay is sampled at a frame rate on the recording's clock, up to the
/// settled end; each frame keeps what the presentation showed and where the gesture labels
/// go (placed in Swift by `LabelPlacement`, so no two overlap). The page embeds the frames
/// as JSON and draws them with inline script: no outside resource, works from `file://`.
public struct TraceViewer {
    /// Frames per second of recording time when none is given.
    public static let defaultFramesPerSecond = 30.0
    /// A gesture's label stays this long after the gesture ended or was cancelled.
    public static let labelLingerMicroseconds: Int64 = 700_000
    /// Labels are this fraction of the screen's width high (36 px on a 1080 px screen).
    static let labelFontPerScreenWidth = 1.0 / 30
    /// A label's box: characters are at most this many font sizes wide (a monospaced font;
    /// the page also squeezes text into its box), plus padding on each side.
    static let labelCharacterWidthPerFont = 0.62
    /// Padding left and right of a label's text, in font sizes.
    static let labelPaddingPerFont = 0.3
    /// A label's box height, in font sizes.
    static let labelHeightPerFont = 1.5
    /// Where a label wants to be, from the finger: right of it and above.
    static let labelOffsetPerFont = (x: 1.0, y: -2.0)

    /// What is replayed, and how.
    public var source: ReplaySource
    /// Shown at the top of the page (the recording's name).
    public var title: String
    /// Frames per second of recording time.
    public var framesPerSecond: Double
    /// With a gesture configuration (`view --gesture-config FILE`, a gesture expectation's
    /// failure page), the page is the gesture service's: its gestures (fingers, kind,
    /// direction, edge, progress, binding) drawn over the touches, not the to-do list.
    public var gestureConfiguration: GestureServiceConfiguration?
    /// Where the events come from instead of the file (a failure page of
    /// `test --via-libinput`).
    public var openInput: ((ReplaySource) throws(ReplayError) -> ReplayInput)?
    /// The page's path, as errors about it name it (too many frames).
    public var outputPath = "view"

    /// A viewer of `source`.
    public init(
        source: ReplaySource, title: String, framesPerSecond: Double = defaultFramesPerSecond
    ) {
        self.source = source
        self.title = title
        self.framesPerSecond = framesPerSecond
    }

    /// One frame of the page: the presentation at a moment and the labels over it.
    public struct Frame: Hashable, Sendable {
        /// From the recording's first event.
        public var timeMicroseconds: Int64
        /// What was on screen.
        public var presentation: Presentation
        /// The gesture labels, placed: none overlaps another.
        public var labels: [Label]
    }

    /// A gesture's label: its kind, id and state, and the action it caused once ended.
    public struct Label: Hashable, Sendable {
        /// What it says (`pan #2 changed`, `pan #2 ended → delete 3`).
        public var text: String
        /// Its box in screen pixels.
        public var box: RectPixels
        /// Its colour: in progress, action, no action, cancelled.
        public var color: RGBAColor
    }

    /// One gesture report as the page follows it.
    public struct Report: Hashable, Sendable {
        /// From the recording's first event.
        public var timeMicroseconds: Int64
        /// The report's state.
        public var state: GestureState
        /// Where it was.
        public var locationPixels: Point
    }

    /// Everything the page shows.
    public struct Contents: Hashable, Sendable {
        /// The replay (gestures, actions, paths, final list).
        public var result: ReplayResult
        /// The frames, every 1/fps seconds from the first event up to the settled end.
        public var frames: [Frame]
        /// Every report of each gesture, in order, by gesture id.
        public var reports: [GestureID: [Report]]
        /// What the gesture service reports for the recording, with `gestureConfiguration`.
        public var service: GestureServiceReplayResult?
        /// The gestures the service ended, with `gestureConfiguration`.
        public var serviceGestures: [ServiceGestureSummary]? { service?.gestures }
    }

    /// Replays the recording and samples it.
    public func contents() throws(ReplayError) -> Contents {
        var taken: [(time: Int64, presentation: Presentation)] = []
        let (result, reports) = try replay { taken.append(($1, $0)) }
        var labels = LabelSweep(result: result, reports: reports)
        let frames = taken.map { time, presentation in
            Frame(
                timeMicroseconds: time, presentation: presentation,
                labels: labels.labels(at: time))
        }
        return Contents(
            result: result, frames: frames, reports: reports,
            service: try serviceReplay())
    }

    /// Replays the recording, giving `take` each frame's presentation and time, and
    /// gathering every gesture report.
    func replay(sampling take: @escaping (Presentation, Int64) -> Void) throws(ReplayError) -> (
        result: ReplayResult, reports: [GestureID: [Report]]
    ) {
        var harness = ReplayHarness(source: source, keepTouchPaths: true)
        harness.openInput = openInput
        var reports: [GestureID: [Report]] = [:]
        harness.onGesture = { report, relative in
            reports[report.id, default: []].append(
                Report(
                    timeMicroseconds: relative, state: report.state,
                    locationPixels: RecordingPicture.location(of: report)))
        }
        let fps = framesPerSecond
        let frameSampler = FrameSampler(framesPerSecond: fps) {
            presentation, number throws(ReplayError) in
            take(
                presentation, FrameSampler.timeMicroseconds(ofFrame: number, framesPerSecond: fps))
        }
        frameSampler.outputPath = outputPath
        let result = try harness.run(sampler: frameSampler)
        return (result, reports)
    }

    /// What the gesture service reports, with a gesture configuration.
    func serviceReplay() throws(ReplayError) -> GestureServiceReplayResult? {
        guard let gestureConfiguration else { return nil }
        var replay = GestureServiceReplay(source: source, configuration: gestureConfiguration)
        replay.openInput = openInput
        return try replay.run()
    }

    /// The page: HTML with its style, script and data inline.
    ///
    /// The data is what `json(contents())` gives, built without keeping the frames'
    /// presentations (`pageData`).
    public func page() throws(ReplayError) -> String {
        // Without `extra` the data is always made.
        let data = try pageData { _ in [] } ?? ""
        return Self.page(title: title, data: data)
    }

    /// What the replay gave, for a page's own fields (a failure page's `failure`).
    struct Outcome {
        var result: ReplayResult
        /// What the gesture service reported, with `gestureConfiguration`.
        var service: GestureServiceReplayResult?
        var serviceGestures: [ServiceGestureSummary]? { service?.gestures }
        /// The last frame's time (nil when there is none).
        var lastFrameMicroseconds: Int64?
    }

    /// The page's data built frame by frame, keeping no presentation (one per frame, each
    /// with its texts: a long typed text made them quadratic in the trace): a first replay
    /// gives the result and the gesture reports the labels need, and `extra` the fields
    /// added at the end of the data (nil: no page, and no second replay); a second turns
    /// each frame into JSON as it is sampled. The replay is deterministic, so both see the
    /// same session.
    func pageData(extra: (Outcome) -> [(key: String, value: JSONValue)]?) throws(ReplayError)
        -> String?
    {
        var lastFrame: Int64?
        let (result, reports) = try replay { _, time in lastFrame = time }
        let service = try serviceReplay()
        guard
            let extra = extra(
                Outcome(result: result, service: service, lastFrameMicroseconds: lastFrame))
        else { return nil }
        var data = PageData()
        data.service = service != nil
        var labels = LabelSweep(result: result, reports: reports)
        _ = try replay { presentation, time in
            data.add(
                Frame(
                    timeMicroseconds: time, presentation: presentation,
                    labels: labels.labels(at: time)))
        }
        return data.finished(
            result: result, service: service, framesPerSecond: framesPerSecond,
            extra: extra)
    }
}
