import ClearCore
import ClearPictures
import GestureRecognition
import Replay
import TouchInput

extension TraceViewer {
    /// The gesture labels of the frames, taken in time order. A gesture joins the labels
    /// when it begins and leaves once its last report is final and has lingered
    /// `labelLingerMicroseconds`; each keeps its place in its reports. So a frame costs
    /// the gestures on screen, and each gesture and report counts once over the whole page
    /// (a pass over every gesture for every frame made `view` and the failure pages cost
    /// frames × gestures: four times the pans took nine times as long).
    struct LabelSweep {
        let result: ReplayResult
        let reports: [GestureID: [Report]]
        let caused: CausedActions
        /// Indices into `result.gestures` by start time; `entered` of them have begun.
        private let byStart: [Int]
        private var entered = 0
        /// The gestures that may show a label, in gesture order: an index into
        /// `result.gestures` and how many of its reports have come by the last frame.
        private var onScreen: [(gesture: Int, reached: Int)] = []
        private var lastTime = Int64.min
        /// The gestures looked at so far, frame by frame (the page's cost, for its tests).
        private(set) var gesturesExamined = 0

        init(result: ReplayResult, reports: [GestureID: [Report]]) {
            self.result = result
            self.reports = reports
            caused = CausedActions(result)
            byStart = result.gestures.indices.sorted {
                (result.gestures[$0].startMicroseconds, $0)
                    < (result.gestures[$1].startMicroseconds, $1)
            }
        }

        /// The labels at `time`, placed in gesture order (times never go back).
        mutating func labels(at time: Int64) -> [Label] {
            let texts = shown(at: time)
            let font = Double(result.screen.widthPixels) * TraceViewer.labelFontPerScreenWidth
            let wanted = texts.map { text, at, _ in
                RectPixels(
                    x: at.x + font * TraceViewer.labelOffsetPerFont.x,
                    y: at.y + font * TraceViewer.labelOffsetPerFont.y,
                    width: Double(text.count) * font * TraceViewer.labelCharacterWidthPerFont
                        + 2 * font * TraceViewer.labelPaddingPerFont,
                    height: font * TraceViewer.labelHeightPerFont)
            }
            let screen = RectPixels(
                x: 0, y: 0, width: Double(result.screen.widthPixels),
                height: Double(result.screen.heightPixels))
            let placed = LabelPlacement.place(wanted, within: screen)
            return zip(texts, placed).map { Label(text: $0.0, box: $1, color: $0.2) }
        }

        /// The labels at `time` before they are placed: text, where the finger was, colour.
        mutating func shown(at time: Int64) -> [(text: String, at: Point, color: RGBAColor)] {
            precondition(time >= lastTime, "label times go back")
            lastTime = time
            var joined = false
            while entered < byStart.count,
                result.gestures[byStart[entered]].startMicroseconds <= time
            {
                let gesture = byStart[entered]
                entered += 1
                // A gesture without reports never shows a label.
                guard reports[result.gestures[gesture].id]?.isEmpty == false else { continue }
                onScreen.append((gesture, 0))
                joined = true
            }
            if joined { onScreen.sort { $0.gesture < $1.gesture } }
            var texts: [(text: String, at: Point, color: RGBAColor)] = []
            var kept = 0
            for index in onScreen.indices {
                gesturesExamined += 1
                var (gesture, reached) = onScreen[index]
                let replayed = result.gestures[gesture]
                let list = reports[replayed.id] ?? []
                while reached < list.count, list[reached].timeMicroseconds <= time { reached += 1 }
                let report = reached > 0 ? list[reached - 1] : nil
                if let report, report.state.isFinal,
                    time - report.timeMicroseconds > TraceViewer.labelLingerMicroseconds,
                    reached == list.count
                {
                    continue  // its last report has lingered: gone for good
                }
                onScreen[kept] = (gesture, reached)
                kept += 1
                if let report,
                    !report.state.isFinal
                        || time - report.timeMicroseconds <= TraceViewer.labelLingerMicroseconds
                {
                    texts.append(label(of: replayed, report: report))
                }
            }
            onScreen.removeLast(onScreen.count - kept)
            return texts
        }

        /// A gesture's label text, where it goes and its colour, at `report`.
        func label(of gesture: ReplayedGesture, report: Report) -> (
            text: String, at: Point, color: RGBAColor
        ) {
            var text = "\(gesture.kind.rawValue) \(gesture.label) \(report.state.rawValue)"
            var color = RGBAColor(.white)
            if report.state.isFinal {
                let caused = caused.of(gesture)
                if report.state == .cancelled {
                    color = RecordingPicture.cancelledColor
                } else if caused.isEmpty {
                    color = RecordingPicture.noActionColor
                } else {
                    text += " → " + caused.joined(separator: ", ")
                    color = RecordingPicture.actionColor
                }
            }
            return (text, report.locationPixels, color)
        }
    }

    /// What each gesture caused: the actions reported at its end (`delete 3`), found by
    /// time in a table made once (not by a pass over every action per gesture).
    struct CausedActions {
        private let byTime: [Int64: [String]]

        init(_ result: ReplayResult) {
            var byTime: [Int64: [String]] = [:]
            for action in result.actions {
                byTime[action.timeMicroseconds, default: []].append(
                    "\(action.kind.rawValue) \(action.index)")
            }
            self.byTime = byTime
        }

        /// The actions `gesture` caused; none unless it was recognized.
        func of(_ gesture: ReplayedGesture) -> [String] {
            guard gesture.outcome == .recognized else { return [] }
            return byTime[gesture.endMicroseconds] ?? []
        }
    }
}
