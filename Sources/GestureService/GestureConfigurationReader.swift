import ToolSupport
import TouchInput
import YAML

extension GestureServiceConfiguration {
    /// The keys of one binding, in the order the documentation lists them.
    static let bindingKeys = [
        "name", "gesture", "fingers", "direction", "edge", "distance_mm", "command",
    ]
    /// The largest `distance_mm`: a metre is more than any screen.
    static let maximumDistanceMillimetres = 1000.0

    /// Reads the YAML text `bytes` of the file `path`.
    public static func parse(bytes: [UInt8], path: String) throws(Diagnostic)
        -> GestureServiceConfiguration
    {
        if bytes.contains(0) {
            throw Diagnostic(path: path, line: 1, message: "not a text file (a NUL byte)")
        }
        guard let document = try YAMLNode.document(bytes: bytes, path: path), !document.isNull
        else {
            throw Diagnostic(
                path: path, line: 1,
                message: "empty: a gesture configuration has a `gestures:` list")
        }
        guard case .mapping(let pairs, _) = document else {
            throw Diagnostic(
                path: path, line: document.line,
                message: "expected a mapping with a `gestures:` list")
        }
        for (key, value) in pairs where key != "gestures" {
            throw Diagnostic(
                path: path, line: keyLine(value),
                message: "unknown key `\(QuotedInput.cut(key))` (expected `gestures`)")
        }
        guard let list = document["gestures"] else {
            throw Diagnostic(path: path, line: document.line, message: "missing `gestures:`")
        }
        var bindings: [GestureBinding] = []
        switch list {
        case .sequence(let items, _):
            for item in items {
                let binding = try parseBinding(item, path: path)
                if let first = bindings.first(where: { $0.name == binding.name }) {
                    throw Diagnostic(
                        path: path, line: binding.line,
                        message:
                            "duplicate name `\(QuotedInput.cut(binding.name))` (first at line \(first.line))"
                    )
                }
                if let first = bindings.first(where: {
                    $0.matches(
                        binding.kind, fingers: binding.fingers, direction: binding.direction,
                        edge: binding.edge)
                }) {
                    throw Diagnostic(
                        path: path, line: binding.line,
                        message:
                            "`\(QuotedInput.cut(binding.name))` is the same gesture as `\(QuotedInput.cut(first.name))` (line \(first.line)); one gesture has one binding"
                    )
                }
                bindings.append(binding)
            }
        case .scalar(_, _, true):
            break  // `gestures:` with nothing: no bindings
        default:
            throw Diagnostic(
                path: path, line: list.line, message: "`gestures` must be a list of gestures")
        }
        return GestureServiceConfiguration(path: path, bindings: bindings)
    }

    private static func keyLine(_ value: YAMLNode) -> Int { value.line }

    private static func parseBinding(_ node: YAMLNode, path: String) throws(Diagnostic)
        -> GestureBinding
    {
        guard case .mapping(let pairs, let line) = node else {
            throw Diagnostic(
                path: path, line: node.line,
                message: "a gesture is a mapping (`- name: …`, `gesture: …`)")
        }
        for (key, value) in pairs where !bindingKeys.contains(key) {
            throw Diagnostic(
                path: path, line: value.line,
                message:
                    "unknown key `\(QuotedInput.cut(key))` (expected \(bindingKeys.map { "`\($0)`" }.joined(separator: ", ")))"
            )
        }
        func fail(_ key: String, _ message: String) -> Diagnostic {
            Diagnostic(path: path, line: node[key]?.line ?? line, message: message)
        }
        func text(_ key: String) throws(Diagnostic) -> String? {
            guard let value = node[key] else { return nil }
            guard case .scalar(let text, _, let null) = value, !null, !text.isEmpty else {
                throw fail(key, "`\(QuotedInput.cut(key))` needs a value")
            }
            return text
        }
        guard let name = try text("name") else {
            throw Diagnostic(path: path, line: line, message: "missing `name`")
        }
        guard let kindText = try text("gesture") else {
            throw Diagnostic(
                path: path, line: line, message: "`\(QuotedInput.cut(name))`: missing `gesture`")
        }
        guard let kind = ServiceGestureReport.Kind(rawValue: kindText) else {
            throw fail(
                "gesture",
                "`\(QuotedInput.cut(name))`: unknown gesture `\(QuotedInput.cut(kindText))` (expected \(ServiceGestureReport.Kind.allCases.map(\.rawValue).joined(separator: ", ")))"
            )
        }
        let fewestFingers = kind == .pinch ? 2 : 1
        guard let fingerText = try text("fingers") else {
            throw Diagnostic(
                path: path, line: line, message: "`\(QuotedInput.cut(name))`: missing `fingers`")
        }
        guard let fingers = Int(fingerText), (fewestFingers...5).contains(fingers) else {
            throw fail(
                "fingers",
                "`\(QuotedInput.cut(name))`: `fingers` must be a whole number from \(fewestFingers) to 5, got `\(QuotedInput.cut(fingerText))`"
            )
        }
        let direction = try parseDirection(try text("direction"), kind: kind, name: name) {
            message in fail("direction", message)
        }
        if direction == nil && kind != .tap && kind != .longPress {
            throw Diagnostic(
                path: path, line: line,
                message: "`\(QuotedInput.cut(name))`: a \(kind.rawValue) needs `direction`")
        }
        var edge: ServiceGestureReport.Edge?
        if let edgeText = try text("edge") {
            guard kind == .edgeSwipe else {
                throw fail(
                    "edge",
                    "`\(QuotedInput.cut(name))`: `edge` goes only with `gesture: edge-swipe`")
            }
            guard let parsed = ServiceGestureReport.Edge(rawValue: edgeText) else {
                throw fail(
                    "edge",
                    "`\(QuotedInput.cut(name))`: unknown edge `\(QuotedInput.cut(edgeText))` (expected top, bottom, left, right)"
                )
            }
            edge = parsed
        }
        if kind == .edgeSwipe {
            guard let edge else {
                throw Diagnostic(
                    path: path, line: line,
                    message: "`\(QuotedInput.cut(name))`: an edge-swipe needs `edge`")
            }
            let away = awayDirection(from: edge)
            guard direction == away else {
                throw fail(
                    "direction",
                    "`\(QuotedInput.cut(name))`: an edge swipe from the \(edge.rawValue) edge moves \(away.rawValue)"
                )
            }
        }
        var distance: Double?
        if let distanceText = try text("distance_mm") {
            guard kind != .tap && kind != .longPress else {
                throw fail(
                    "distance_mm",
                    "`\(QuotedInput.cut(name))`: a \(kind.rawValue) has no `distance_mm`")
            }
            guard let value = Double(distanceText), value.isFinite, value > 0,
                value <= maximumDistanceMillimetres
            else {
                throw fail(
                    "distance_mm",
                    "`\(QuotedInput.cut(name))`: `distance_mm` must be a number of millimetres above 0 and at most \(Int(maximumDistanceMillimetres)), got `\(QuotedInput.cut(distanceText))`"
                )
            }
            distance = value
        }
        let command = try parseCommand(node["command"], name: name, path: path)
        return GestureBinding(
            name: name, kind: kind, fingers: fingers, direction: direction, edge: edge,
            distanceMillimetres: distance, command: command, line: line)
    }

    private static func parseDirection(
        _ text: String?, kind: ServiceGestureReport.Kind, name: String,
        _ fail: (String) -> Diagnostic
    ) throws(Diagnostic) -> ServiceGestureReport.Direction? {
        guard let text else { return nil }
        let allowed: [ServiceGestureReport.Direction]
        switch kind {
        case .swipe, .edgeSwipe: allowed = [.up, .down, .left, .right]
        case .pinch: allowed = [.in, .out]
        case .tap, .longPress:
            throw fail("`\(QuotedInput.cut(name))`: a \(kind.rawValue) has no `direction`")
        }
        guard let direction = ServiceGestureReport.Direction(rawValue: text),
            allowed.contains(direction)
        else {
            throw fail(
                "`\(QuotedInput.cut(name))`: a \(kind.rawValue) goes \(allowed.map(\.rawValue).joined(separator: ", ")), not `\(QuotedInput.cut(text))`"
            )
        }
        return direction
    }

    private static func parseCommand(_ node: YAMLNode?, name: String, path: String)
        throws(Diagnostic) -> [String]?
    {
        guard let node else { return nil }
        guard case .sequence(let items, _) = node, !items.isEmpty else {
            throw Diagnostic(
                path: path, line: node.line,
                message:
                    "`\(QuotedInput.cut(name))`: `command` is a list of arguments, run without a shell: [\"program\", \"argument\", …]"
            )
        }
        var arguments: [String] = []
        for item in items {
            guard case .scalar(let text, _, let null) = item, !null else {
                throw Diagnostic(
                    path: path, line: item.line,
                    message: "`\(QuotedInput.cut(name))`: every `command` argument is a string")
            }
            arguments.append(text)
        }
        if arguments[0].isEmpty {
            throw Diagnostic(
                path: path, line: node.line,
                message: "`\(QuotedInput.cut(name))`: the command's program is empty")
        }
        return arguments
    }

    /// The direction an edge swipe from `edge` moves.
    static func awayDirection(from edge: ServiceGestureReport.Edge)
        -> ServiceGestureReport
        .Direction
    {
        switch edge {
        case .top: .down
        case .bottom: .up
        case .left: .right
        case .right: .left
        }
    }
}
