import CSDL2

/// A failed SDL call, with SDL's own message (`SDL_GetError`).
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public var operation: String
    public var message: String

    init(_ operation: String) {
        self.operation = operation
        self.message = String(cString: SDL_GetError())
    }

    /// An error of `operation` saying `message` (not SDL's last error).
    init(_ operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    public var description: String { "\(operation): \(message)" }
}
