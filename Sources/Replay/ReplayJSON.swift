import ClearCore
import ClearSound
import JSON

extension ReplayResult {
    /// The JSON object of docs/product-decisions.md's command-line contract: gestures,
    /// actions, items, editing, plus the event count and duration, and last the sound
    /// setting and the sounds.
    public func jsonText() -> String {
        let gestureValues = gestures.map { gesture in
            JSONValue.object(fields: [
                ("kind", .string(gesture.kind.rawValue)),
                ("outcome", .string(gesture.outcome.rawValue)),
                ("start_ms", .number(.milliseconds(gesture.startMicroseconds))),
                ("end_ms", .number(.milliseconds(gesture.endMicroseconds))),
            ])
        }
        let root = JSONValue.object(fields: [
            ("events", .integer(eventCount)),
            ("duration_ms", .number(.milliseconds(durationMicroseconds))),
            (
                "screen",
                .object(fields: [
                    ("width", .integer(screen.widthPixels)),
                    ("height", .integer(screen.heightPixels)),
                ])
            ),
            ("row_height", .number(JSONNumber(rowHeightPixels))),
            ("gestures", .array(gestureValues)),
            ("actions", Self.json(actions)),
            ("items", Self.json(items)),
            ("editing", editing.map(JSONValue.integer) ?? .null),
            // The levels' keys, then the theme and the sound (product decisions, "Replay
            // JSON"); after the older ones so their output stays a prefix.
            ("level", .string(level.rawValue)),
            ("open_list", openList.map(JSONValue.integer) ?? .null),
            ("lists", Self.json(lists)),
            ("theme", .string(themeName)),
            ("sound", .bool(soundOn)),
            ("sounds", Self.json(sounds)),
        ])
        return root.encoded(.indented) + "\n"
    }

    package static func json(_ actions: [ReplayedAction]) -> JSONValue {
        .array(
            actions.map { action in
                var fields: [(key: String, value: JSONValue)] = [
                    ("t_ms", .number(.milliseconds(action.timeMicroseconds))),
                    ("action", .string(action.kind.rawValue)),
                ]
                // docs/product-decisions.md: {"action": "move", "index": FROM, "to": TO} and
                // {"action": "clear-completed", "count": N}.
                switch action.kind {
                case .clearCompleted:
                    fields.append(("count", .integer(action.count ?? 0)))
                case .move:
                    fields.append(("index", .integer(action.index)))
                    fields.append(("to", .integer(action.to ?? action.index)))
                case .openPage, .theme, .sound:
                    switch action.detail {
                    case .page(let page): fields.append(("page", .string(page)))
                    case .themeName(let name): fields.append(("name", .string(name)))
                    case .soundOn(let on): fields.append(("on", .bool(on)))
                    case nil: break
                    }
                default:
                    if action.kind.hasIndex { fields.append(("index", .integer(action.index))) }
                }
                // docs/product-decisions.md: a list row's action carries "on": "lists".
                if let on = action.on { fields.append(("on", .string(on.rawValue))) }
                return .object(fields: fields)
            })
    }

    package static func json(_ sounds: [SoundCue]) -> JSONValue {
        .array(
            sounds.map { cue in
                .object(fields: [
                    ("t_ms", .number(.milliseconds(cue.timeMicroseconds))),
                    ("sound", .string(cue.sound.rawValue)),
                ])
            })
    }

    package static func json(_ items: [ExpectedItem]) -> JSONValue {
        .array(
            items.map { item in
                .object(fields: [
                    ("text", .string(item.text)), ("completed", .bool(item.completed)),
                ])
            })
    }
}

extension ReplayResult {
    package static func json(_ lists: [ExpectedList]) -> JSONValue {
        .array(
            lists.map { list in
                .object(fields: [
                    ("title", .string(list.title)), ("completed", .bool(list.completed)),
                    ("items", json(list.items)),
                ])
            })
    }
}
