import Glibc

/// The process's environment variables, read from `environ` (Foundation's
/// `ProcessInfo.processInfo.environment` without Foundation, which the gesture service
/// does not load). A variable named twice keeps its first value, as `getenv` finds it.
public enum ProcessEnvironment {
    /// Every `NAME=VALUE` of the environment, by name.
    public static var variables: [String: String] {
        var variables: [String: String] = [:]
        var index = 0
        while let entry = environ[index] {
            index += 1
            let text = String(cString: entry)
            guard let equals = text.firstIndex(of: "=") else { continue }
            let name = String(text[..<equals])
            if variables[name] == nil {
                variables[name] = String(text[text.index(after: equals)...])
            }
        }
        return variables
    }
}
