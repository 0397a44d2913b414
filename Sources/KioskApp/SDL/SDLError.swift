import CSDL2

/// A failed SDL call, with SDL's own message (`SDL_GetError`).
public struct SDLError: Error, CustomStringConvertible, Sendable {
    public var operation: String
    public var message: String

    init(_ operation: String) {
        self.operation = operation
        self.message = String(cString: SDL_GetError())
    }

    public var description: String { "\(operation): \(message)" }
}
