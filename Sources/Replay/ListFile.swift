import ClearCore
import JSON
import ListStore
import ToolSupport

/// A golden or list file that cannot be read, at a 1-based line: the shared `Diagnostic`.
public typealias ExpectationFileError = Diagnostic

/// Reads the starting list given with `--list LIST.json`: the same reader as the app's
/// list file (`ListStore.decode`), so `replay --list` and `app --list` read one format
/// (docs/list-file.md): the app's own file, an object with `"items"`, or a plain array;
/// an item is `{"text": "...", "completed": false}` (`completed`, `id` optional) or a
/// string.
public enum ListFile {
    /// The items of the list file text `text`, read from `path`.
    public static func parse(_ text: String, path: String) throws(ExpectationFileError)
        -> [ExpectedItem]
    {
        do {
            return try ListStore.decode(text).map {
                ExpectedItem(text: $0.text, completed: $0.completed)
            }
        } catch {
            throw ExpectationFileError(path: path, line: error.line, message: error.reason)
        }
    }

    /// The lists of the list file text `text` (a version-1 file, an object with
    /// `"items"` or a plain array is one list `To Do`), read from `path`.
    public static func parseLists(_ text: String, path: String) throws(ExpectationFileError)
        -> TodoLists
    {
        do {
            return try ListStore.decodeLists(text)
        } catch {
            throw ExpectationFileError(path: path, line: error.line, message: error.reason)
        }
    }

    package static func items(from value: JSONValue, line: Int, path: String)
        throws(ExpectationFileError)
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
