import JSON

/// Reads the starting list given with `--list LIST.json`.
///
/// Accepted shapes: an array of items, or an object whose `"items"` key holds one.
/// An item is `{"text": "...", "completed": false}` (`completed` may be left out) or
/// just a string.
public enum ListFile {
    public static func parse(_ text: String, path: String) throws(ExpectationFileError)
        -> [ExpectedItem]
    {
        let root: JSONValue
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw ExpectationFileError(path: path, line: error.line, message: error.message)
        }
        if case .object = root {
            guard let items = root["items"] else {
                throw ExpectationFileError(
                    path: path, line: 1,
                    message: "a list file is an array of items or an object with \"items\"")
            }
            return try self.items(from: items, line: root.line(ofKey: "items") ?? 1, path: path)
        }
        return try items(from: root, line: 1, path: path)
    }

    static func items(from value: JSONValue, line: Int, path: String) throws(ExpectationFileError)
        -> [ExpectedItem]
    {
        guard case .array(let values) = value else {
            throw ExpectationFileError(
                path: path, line: line, message: "\"items\" must be an array of {text, completed}")
        }
        var items: [ExpectedItem] = []
        for value in values {
            switch value {
            case .string(let text):
                items.append(ExpectedItem(text: text))
            case .object:
                guard case .string(let text)? = value["text"] else {
                    throw ExpectationFileError(
                        path: path, line: value.line(ofKey: "text") ?? value.firstLine ?? line,
                        message: "an item needs \"text\" (a string)")
                }
                var completed = false
                if let flag = value["completed"] {
                    guard case .bool(let b) = flag else {
                        throw ExpectationFileError(
                            path: path, line: value.line(ofKey: "completed") ?? line,
                            message: "\"completed\" must be true or false")
                    }
                    completed = b
                }
                items.append(ExpectedItem(text: text, completed: completed))
            default:
                throw ExpectationFileError(
                    path: path, line: line,
                    message: "an item is {\"text\": ..., \"completed\": ...} or a string")
            }
        }
        return items
    }
}
