import JSON
import ToolSupport

extension ReplayResult {
    /// The readable timeline: every gesture's begin and end, every action with the
    /// list right after it, then the final list. Item texts and the title are escaped for
    /// the terminal (`TerminalText`).
    public func timelineText(title: String) -> String {
        enum Entry {
            case began(ReplayedGesture)
            case ended(ReplayedGesture)
            case action(ReplayedAction)

            var time: Int64 {
                switch self {
                case .began(let g): g.startMicroseconds
                case .ended(let g): g.endMicroseconds
                case .action(let a): a.timeMicroseconds
                }
            }
            /// At the same time: begins, then ends, then what the ends caused.
            var rank: Int {
                switch self {
                case .began: 0
                case .ended: 1
                case .action: 2
                }
            }
        }
        var entries: [Entry] = []
        entries.reserveCapacity(gestures.count * 2 + actions.count)
        for gesture in gestures {
            if gesture.kind != .tap { entries.append(.began(gesture)) }
            entries.append(.ended(gesture))
        }
        entries += actions.map(Entry.action)
        // Stable: equal keys keep the order above (gestures by id, actions in order).
        let ordered = entries.enumerated().sorted {
            ($0.element.time, $0.element.rank, $0.offset) < (
                $1.element.time, $1.element.rank, $1.offset
            )
        }.map(\.element)

        var out =
            "\(TerminalText.escaped(title)): \(eventCount) events, \(JSONNumber.milliseconds(durationMicroseconds)) ms, "
        out += "screen \(screen), row height \(JSONNumber(rowHeightPixels)) px\n"
        out +=
            "start list (\(initialItems.count) items):\n"
            + Self.listText(initialItems, indent: "    ")
        let width = 12
        func time(_ us: Int64) -> String {
            let text = JSONNumber.milliseconds(us).text + " ms"
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        for entry in ordered {
            switch entry {
            case .began(let g):
                out += "\(time(g.startMicroseconds))  \(g.kind.rawValue) \(g.label) began\n"
            case .ended(let g):
                let verb =
                    g.outcome == .cancelled
                    ? "cancelled" : (g.kind == .tap ? "recognized" : "ended")
                out += "\(time(g.endMicroseconds))  \(g.kind.rawValue) \(g.label) \(verb)\n"
            case .action(let a):
                out += "\(time(a.timeMicroseconds))  → \(a.summary)\n"
                out += Self.listText(a.itemsAfter, indent: String(repeating: " ", count: width + 6))
            }
        }
        out += "final list (\(items.count) items)"
        if let editing { out += ", editing \(editing)" }
        out += ":\n" + Self.listText(items, indent: "    ")
        return out
    }

    static func listText(_ items: [ExpectedItem], indent: String) -> String {
        var out = ""
        for (index, item) in items.enumerated() {
            out +=
                "\(indent)\(index) \(item.completed ? "[x]" : "[ ]") \(TerminalText.escaped(item.text))\n"
        }
        return out
    }
}
