import ClearCore
import ClearPictures
import GestureService
import JSON
import Replay
import TouchInput

/// The page's data: keyed JSON objects (the fields are listed at the top of
/// `Resources/trace-viewer/viewer.js`). Strings are kept once in `texts` and named by index
/// (`PageTexts`: a long string one change away from one before it as that change); flags
/// are written only when true. Lengths are rounded to 0.1 px, times are in ms.
extension TraceViewer {
    /// `extra`: fields added at the end of the root object (a failure page's `failure`).
    static func json(
        _ contents: Contents, framesPerSecond: Double,
        extra: [(key: String, value: JSONValue)] = []
    ) -> String {
        var data = PageData()
        data.service = contents.service != nil
        for frame in contents.frames { data.add(frame) }
        return data.finished(
            result: contents.result, service: contents.service,
            framesPerSecond: framesPerSecond, extra: extra)
    }

    /// 0xRRGGBB.
    static func hex(_ color: RGBColor) -> Int {
        hex(RGBAColor(color))
    }

    /// 0xRRGGBB (the alpha is dropped).
    static func hex(_ color: RGBAColor) -> Int {
        func channel(_ value: Double) -> Int { Int((min(1, max(0, value)) * 255).rounded()) }
        return channel(color.red) << 16 | channel(color.green) << 8 | channel(color.blue)
    }
}

/// The page's data, built a frame at a time: a frame's presentation becomes JSON (its
/// strings in `texts`) as it is added, so `TraceViewer.page` keeps no presentation, and
/// memory stays linear in the trace.
struct PageData {
    var texts = PageTexts()
    var frames: [JSONValue] = []
    /// The gesture service's page: a frame is its time alone (the to-do list is not drawn).
    var service = false

    mutating func text(_ string: String) -> JSONValue { .integer(texts.index(of: string)) }
    func length(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .integer(0) }
        return .number(JSONNumber((value * 10).rounded() / 10))
    }
    func fraction(_ value: Double) -> JSONValue {
        guard value.isFinite else { return .integer(0) }
        return .number(JSONNumber((value * 1000).rounded() / 1000))
    }
    func rect(_ r: RectPixels) -> [(key: String, value: JSONValue)] {
        [
            ("x", length(r.x)), ("y", length(r.y)), ("width", length(r.width)),
            ("height", length(r.height)),
        ]
    }
    func flags(_ named: [(String, Bool)]) -> [(key: String, value: JSONValue)] {
        named.filter(\.1).map { ($0.0, JSONValue.bool(true)) }
    }
    func color(_ value: Int) -> (key: String, value: JSONValue) { ("color", .integer(value)) }
    func time(_ microseconds: Int64) -> JSONValue { .number(.milliseconds(microseconds)) }

    mutating func add(_ frame: TraceViewer.Frame) {
        guard !service else {
            frames.append(.object(fields: [("t", time(frame.timeMicroseconds))]))
            return
        }
        let p = frame.presentation
        let rows = p.rows.map { row -> JSONValue in
            // As the pictures draw it: a Themes page row in its own theme.
            let labelColor = row.labelColor(presentationText: p.textColor)
            return .object(
                fields: [("index", .integer(row.modelIndex)), ("text", text(row.text))]
                    + rect(row.framePixels) + [
                        ("alpha", fraction(row.alpha)), color(TraceViewer.hex(row.backgroundColor)),
                    ]
                    + flags([
                        ("completed", row.completed), ("strikethrough", row.strikethrough),
                        ("editing", row.isEditing),
                    ])
                    // A list row's open-item count, only on list rows.
                    + (row.openItemCount.map { [("count", .integer($0))] } ?? [])
                    // A Settings row's switch, only on that row.
                    + (row.settingOn.map { [("on", JSONValue.bool($0))] } ?? [])
                    // Its label's colour, only where it is not the frame's.
                    + (labelColor != p.textColor
                        ? [("textColor", .integer(TraceViewer.hex(labelColor)))] : []))
        }
        let labels = frame.labels.map { label -> JSONValue in
            .object(
                fields: rect(label.box) + [
                    ("text", text(label.text)), color(TraceViewer.hex(label.color)),
                ])
        }
        var fields: [(key: String, value: JSONValue)] =
            [("t", time(frame.timeMicroseconds))] + flags([("animating", p.isAnimating)])
            + [("rows", .array(rows)), ("labels", .array(labels))]
        // The level, only away from the items (older pages' data stays the same).
        if p.level != .items { fields.append(("level", .string(p.level.rawValue))) }
        // The theme's background and text, only when not black and white.
        if p.backgroundColor != .black {
            fields.append(("background", .integer(TraceViewer.hex(p.backgroundColor))))
        }
        if p.textColor != .white {
            fields.append(("textColor", .integer(TraceViewer.hex(p.textColor))))
        }
        if let cues = p.cues {
            fields.append(
                (
                    "cues",
                    .object(fields: [
                        (
                            "tick",
                            .object(
                                fields: rect(cues.tickFramePixels) + [
                                    color(TraceViewer.hex(cues.tickColor))
                                ])
                        ),
                        (
                            "cross",
                            .object(
                                fields: rect(cues.crossFramePixels) + [
                                    color(TraceViewer.hex(cues.crossColor))
                                ])
                        ),
                        ("alpha", fraction(cues.alpha)),
                    ])
                ))
        }
        if let placeholder = p.placeholder {
            fields.append(
                (
                    "placeholder",
                    .object(
                        fields: rect(placeholder.framePixels) + [
                            ("scaleY", fraction(placeholder.scaleY)),
                            ("alpha", fraction(placeholder.alpha)),
                            ("text", text(placeholder.label)),
                            color(TraceViewer.hex(placeholder.backgroundColor)),
                        ])
                ))
        }
        if let editing = p.editing {
            fields.append(
                (
                    "editing",
                    .object(fields: [
                        ("index", .integer(editing.modelIndex)), ("text", text(editing.text)),
                        ("caret", .integer(editing.caretCharacterOffset)),
                    ])
                ))
        }
        if let keyboard = p.keyboard {
            // The accent popup's cells follow the keys as accent keys, the choice a lift
            // would type pressed.
            var keys: [JSONValue] = keyboard.keys.map { key in
                .object(
                    fields: rect(key.framePixels) + [("text", text(key.label))]
                        + flags([("pressed", key.isPressed), ("shift", key.isActive)]))
            }
            if let popup = keyboard.popup {
                for (index, cell) in popup.cellsPixels.enumerated()
                where index < popup.labels.count {
                    let chosen = index == popup.selectedIndex
                    keys.append(
                        .object(
                            fields: rect(cell) + [("text", text(popup.labels[index]))]
                                + flags([("pressed", chosen), ("accent", !chosen)])))
                }
            }
            fields.append(("keyboard", .array(keys)))
        }
        frames.append(.object(fields: fields))
    }

    /// The whole data, once every frame is in.
    mutating func finished(
        result: ReplayResult, service: GestureServiceReplayResult?, framesPerSecond: Double,
        extra: [(key: String, value: JSONValue)] = []
    ) -> String {
        let touches = result.touchPaths.map { path -> JSONValue in
            .object(fields: [
                ("slot", .integer(path.seatSlot)),
                (
                    "samples",
                    .array(
                        path.samples.map { sample in
                            .object(fields: [
                                ("t", time(sample.timeMicroseconds)),
                                ("x", length(sample.positionPixels.x)),
                                ("y", length(sample.positionPixels.y)),
                                ("phase", .string(sample.phase.rawValue)),
                            ])
                        })
                ),
            ])
        }
        let causedActions = TraceViewer.CausedActions(result)
        let gestures = result.gestures.map { gesture -> JSONValue in
            let caused = causedActions.of(gesture)
            let rgb =
                gesture.outcome == .cancelled
                ? RecordingPicture.cancelledColor
                : (caused.isEmpty
                    ? RecordingPicture.noActionColor : RecordingPicture.actionColor)
            return .object(fields: [
                ("name", text("\(gesture.kind.rawValue) \(gesture.label)")),
                ("outcome", .string(gesture.outcome.rawValue)),
                ("start", time(gesture.startMicroseconds)), ("end", time(gesture.endMicroseconds)),
                ("caused", text(caused.joined(separator: ", "))), color(TraceViewer.hex(rgb)),
            ])
        }
        func list(_ items: [ExpectedItem]) -> JSONValue {
            .array(
                items.map {
                    .object(
                        fields: [("text", text($0.text))] + flags([("completed", $0.completed)]))
                })
        }
        let actions = result.actions.map { action -> JSONValue in
            .object(fields: [
                ("t", time(action.timeMicroseconds)),
                ("text", text("\(action.kind.rawValue) \(action.index)")),
                ("items", list(action.itemsAfter)),
            ])
        }
        // The gesture service's page: its gestures, not the to-do list's.
        let serviceGestures = service.map { serviceJSON($0) }
        var root = JSONValue.object(fields: [
            (
                "screen",
                .object(fields: [
                    ("width", .integer(result.screen.widthPixels)),
                    ("height", .integer(result.screen.heightPixels)),
                ])
            ),
            ("rowHeight", length(result.rowHeightPixels)),
            ("fps", .number(JSONNumber(framesPerSecond))),
            ("events", .integer(result.eventCount)),
            ("duration", time(result.durationMicroseconds)),
            (
                "labelFont",
                length(Double(result.screen.widthPixels) * TraceViewer.labelFontPerScreenWidth)
            ),
            (
                "labelPadding",
                length(
                    Double(result.screen.widthPixels) * TraceViewer.labelFontPerScreenWidth
                        * TraceViewer.labelPaddingPerFont)
            ),
            ("frames", .array(frames)),
            ("touches", .array(touches)),
            ("gestures", .array(service == nil ? gestures : [])),
            ("actions", .array(service == nil ? actions : [])),
            ("initialItems", service == nil ? list(result.initialItems) : .array([])),
            ("texts", .array(texts.entries)),
        ])
        if let serviceGestures, case .object(var fields) = root {
            fields.append((key: "service", value: serviceGestures, line: 0))
            root = .object(fields)
        }
        if case .object(var fields) = root, !extra.isEmpty {
            fields += extra.map { (key: $0.key, value: $0.value, line: 0) }
            root = .object(fields)
        }
        return root.encoded()

    }

    /// `{"gestures": [...]}`: every gesture the service began, in the order it began, with
    /// the line the timeline prints (`text`), its kind, fingers, direction, edge and binding,
    /// how it ended (`outcome`: recognized, cancelled, or none when the recording stopped
    /// first), its times, and `progress`: `[t, progress]` at each report (0 when it began,
    /// each update's, and at its end 1 when recognized).
    mutating func serviceJSON(_ service: GestureServiceReplayResult) -> JSONValue {
        let origin = service.originMicroseconds
        var order: [Int] = []
        var reports: [Int: [ServiceGestureReport]] = [:]
        for report in service.reports {
            if reports[report.id] == nil { order.append(report.id) }
            reports[report.id, default: []].append(report)
        }
        let gestures = order.compactMap { id -> JSONValue? in
            guard let all = reports[id], let first = all.first, let last = all.last else {
                return nil
            }
            let summary =
                ServiceGestureSummary(last, origin: origin)
                ?? ServiceGestureSummary(
                    kind: last.kind, fingers: last.fingers, direction: last.direction,
                    edge: last.edge, startMicroseconds: first.startMicroseconds &- origin,
                    endMicroseconds: last.timeMicroseconds &- origin, cancelled: false,
                    binding: last.binding, command: last.command)
            var outcome: JSONValue = .null
            let progress = all.map { report -> JSONValue in
                let value: Double
                switch report.phase {
                case .began: value = 0
                case .updated(let progress): value = progress
                case .ended(let cancelled):
                    outcome = .string(cancelled ? "cancelled" : "recognized")
                    value = cancelled ? 0 : 1
                }
                return .array([time(report.timeMicroseconds &- origin), fraction(value)])
            }
            var fields: [(key: String, value: JSONValue)] = [
                ("text", text(summary.text(withTimes: false))),
                ("kind", .string(summary.kind.rawValue)), ("fingers", .integer(summary.fingers)),
                ("outcome", outcome), ("start", time(summary.startMicroseconds)),
                ("end", time(summary.endMicroseconds)), ("progress", .array(progress)),
            ]
            if let direction = summary.direction {
                fields.append(("direction", .string(direction.rawValue)))
            }
            if let edge = summary.edge { fields.append(("edge", .string(edge.rawValue))) }
            if let binding = summary.binding { fields.append(("binding", text(binding))) }
            return .object(fields: fields)
        }
        return .object(fields: [("gestures", .array(gestures))])
    }
}
