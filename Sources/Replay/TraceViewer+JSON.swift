import ClearCore
import ClearRendering
import JSON
import TouchInput

/// The page's data: compact JSON arrays (the page's script reads them by position; the
/// layout is written down in `TraceViewer+Page.swift`'s script header). Strings are kept
/// once in `texts` and named by index. Lengths are rounded to 0.1 px, times are in ms.
extension TraceViewer {
    static func json(_ contents: Contents, framesPerSecond: Double) -> String {
        var texts: [String] = []
        var textIndex: [String: Int] = [:]
        func text(_ string: String) -> JSONValue {
            if let index = textIndex[string] { return .integer(index) }
            textIndex[string] = texts.count
            texts.append(string)
            return .integer(texts.count - 1)
        }
        func length(_ value: Double) -> JSONValue {
            guard value.isFinite else { return .integer(0) }
            return .number(JSONNumber((value * 10).rounded() / 10))
        }
        func fraction(_ value: Double) -> JSONValue {
            guard value.isFinite else { return .integer(0) }
            return .number(JSONNumber((value * 1000).rounded() / 1000))
        }
        func rect(_ r: RectPixels) -> [JSONValue] {
            [length(r.x), length(r.y), length(r.width), length(r.height)]
        }
        func time(_ microseconds: Int64) -> JSONValue { .number(.milliseconds(microseconds)) }

        let result = contents.result
        let frames = contents.frames.map { frame -> JSONValue in
            let p = frame.presentation
            var fields: [(key: String, value: JSONValue)] = [
                ("t", time(frame.timeMicroseconds)),
                (
                    "rows",
                    .array(
                        p.rows.map { row in
                            let flags =
                                (row.completed ? 1 : 0) | (row.strikethrough ? 2 : 0)
                                | (row.isEditing ? 4 : 0)
                            return .array(
                                [.integer(row.modelIndex), text(row.text)] + rect(row.framePixels)
                                    + [
                                        fraction(row.alpha), .integer(hex(row.backgroundColor)),
                                        .integer(flags),
                                    ]
                                    // A list row's open-item count, 9th, only on list rows.
                                    + (row.openItemCount.map { [.integer($0)] } ?? []))
                        })
                ),
                (
                    "labels",
                    .array(
                        frame.labels.map { label in
                            .array(
                                rect(label.box) + [text(label.text), .integer(hex(label.color))])
                        })
                ),
                ("anim", .bool(p.isAnimating)),
            ]
            // The level, only away from the items (older pages' data stays the same).
            if p.level != .items { fields.append(("level", .string(p.level.rawValue))) }
            if let cues = p.cues {
                fields.append(
                    (
                        "cues",
                        .array(
                            rect(cues.tickFramePixels) + [.integer(hex(cues.tickColor))]
                                + rect(cues.crossFramePixels) + [
                                    .integer(hex(cues.crossColor)), fraction(cues.alpha),
                                ])
                    ))
            }
            if let placeholder = p.placeholder {
                fields.append(
                    (
                        "ph",
                        .array(
                            rect(placeholder.framePixels) + [
                                fraction(placeholder.scaleY), fraction(placeholder.alpha),
                                text(placeholder.label), .integer(hex(placeholder.backgroundColor)),
                            ])
                    ))
            }
            if let editing = p.editing {
                fields.append(
                    (
                        "edit",
                        .array([
                            .integer(editing.modelIndex), text(editing.text),
                            .integer(editing.caretCharacterOffset),
                        ])
                    ))
            }
            if let keyboard = p.keyboard {
                // Each key: x y w h label flags (1 pressed, 2 shift on); the accent popup's
                // cells follow as pressed keys, the choice a lift would type marked 1.
                var keys: [JSONValue] = keyboard.keys.map { key in
                    .array(
                        rect(key.framePixels) + [
                            text(key.label),
                            .integer((key.isPressed ? 1 : 0) | (key.isActive ? 2 : 0)),
                        ])
                }
                if let popup = keyboard.popup {
                    for (index, cell) in popup.cellsPixels.enumerated()
                    where index < popup.labels.count {
                        keys.append(
                            .array(
                                rect(cell) + [
                                    text(popup.labels[index]),
                                    .integer(index == popup.selectedIndex ? 1 : 4),
                                ]))
                    }
                }
                fields.append(("kb", .array(keys)))
            }
            return .object(fields: fields)
        }
        let phases: [TouchPhase: Int] = [.down: 0, .move: 1, .up: 2, .cancel: 3]
        let touches = result.touchPaths.map { path -> JSONValue in
            .array(
                [.integer(path.seatSlot)]
                    + path.samples.map { sample in
                        .array([
                            time(sample.timeMicroseconds), length(sample.positionPixels.x),
                            length(sample.positionPixels.y), .integer(phases[sample.phase] ?? 1),
                        ])
                    })
        }
        let gestures = result.gestures.map { gesture -> JSONValue in
            let caused = TraceViewer.actions(causedBy: gesture, in: result)
            let color =
                gesture.outcome == .cancelled
                ? RecordingPictureRenderer.cancelledColor
                : (caused.isEmpty
                    ? RecordingPictureRenderer.noActionColor : RecordingPictureRenderer.actionColor)
            return .array([
                text("\(gesture.kind.rawValue) \(gesture.label)"),
                .string(gesture.outcome.rawValue), time(gesture.startMicroseconds),
                time(gesture.endMicroseconds), text(caused.joined(separator: ", ")),
                .integer(hex(color)),
            ])
        }
        func list(_ items: [ExpectedItem]) -> JSONValue {
            .array(items.map { .array([text($0.text), .bool($0.completed)]) })
        }
        let actions = result.actions.map { action -> JSONValue in
            .array([
                time(action.timeMicroseconds), text("\(action.kind.rawValue) \(action.index)"),
                list(action.itemsAfter),
            ])
        }
        let root = JSONValue.object(fields: [
            (
                "screen",
                .array([.integer(result.screen.widthPixels), .integer(result.screen.heightPixels)])
            ),
            ("rowHeight", length(result.rowHeightPixels)),
            ("fps", .number(JSONNumber(framesPerSecond))),
            ("events", .integer(result.eventCount)),
            ("duration", time(result.durationMicroseconds)),
            ("labelFont", length(Double(result.screen.widthPixels) * labelFontPerScreenWidth)),
            (
                "labelPadding",
                length(
                    Double(result.screen.widthPixels) * labelFontPerScreenWidth
                        * labelPaddingPerFont)
            ),
            ("frames", .array(frames)),
            ("touches", .array(touches)),
            ("gestures", .array(gestures)),
            ("actions", .array(actions)),
            ("initialItems", list(result.initialItems)),
            ("texts", .array(texts.map(JSONValue.string))),
        ])
        return root.encoded()
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
