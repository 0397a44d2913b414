/// A usage message (the command layer turns it into its exit-2 `UsageError`).
public struct UsageText: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
