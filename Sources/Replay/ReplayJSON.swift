import ClearCore

extension ReplayResult {
    /// The JSON object of product.md's command-line contract: gestures, actions,
    /// items, editing, plus the event count and duration.
    public func jsonText() -> String {
        var out = "{\n"
        out += "  \"events\": \(eventCount),\n"
        out += "  \"duration_ms\": \(JSONText.milliseconds(durationMicroseconds)),\n"
        out +=
            "  \"screen\": {\"width\": \(screen.widthPixels), \"height\": \(screen.heightPixels)},\n"
        out += "  \"row_height\": \(JSONText.number(rowHeightPixels)),\n"
        out += "  \"gestures\": ["
        out += gestures.map { gesture in
            "\n    {\"kind\": \(JSONText.quoted(gesture.kind.rawValue)), "
                + "\"outcome\": \(JSONText.quoted(gesture.outcome.rawValue)), "
                + "\"start_ms\": \(JSONText.milliseconds(gesture.startMicroseconds)), "
                + "\"end_ms\": \(JSONText.milliseconds(gesture.endMicroseconds))}"
        }.joined(separator: ",")
        out += gestures.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"actions\": " + Self.actionsJSON(actions, indent: "  ") + ",\n"
        out += "  \"items\": " + Self.itemsJSON(items, indent: "  ") + ",\n"
        out += "  \"editing\": \(editing.map(String.init) ?? "null")\n"
        out += "}\n"
        return out
    }

    static func actionsJSON(_ actions: [ReplayedAction], indent: String) -> String {
        if actions.isEmpty { return "[]" }
        return "["
            + actions.map { action in
                "\n\(indent)  {\"t_ms\": \(JSONText.milliseconds(action.timeMicroseconds)), "
                    + "\"action\": \(JSONText.quoted(action.kind.rawValue)), \"index\": \(action.index)}"
            }.joined(separator: ",") + "\n\(indent)]"
    }

    static func itemsJSON(_ items: [ExpectedItem], indent: String) -> String {
        if items.isEmpty { return "[]" }
        return "["
            + items.map { item in
                "\n\(indent)  {\"text\": \(JSONText.quoted(item.text)), \"completed\": \(item.completed)}"
            }.joined(separator: ",") + "\n\(indent)]"
    }
}

extension JSONText {
    /// A number without a needless fraction (`169`, `52.5`).
    public static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return String(value)
    }
}
