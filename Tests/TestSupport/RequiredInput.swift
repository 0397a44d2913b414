import Foundation
import Testing

/// What a test needs from outside its own code (a tool, a library, a file that is
/// generated): no test passes without running. A missing input skips the test visibly
/// (Swift Testing's `.enabled(if:)` lists it as skipped with the reason) on a developer's
/// machine, and fails it under CI (`CI=true`), where the test runs anyway and its
/// `#require` of the input records the failure.
///
/// ```swift
/// @Suite(.enabled(if: RequiredInput.runs(ifPresent: Tool.available), "tool missing"))
/// struct ToolTests {
///     @Test func works() throws {
///         try #require(Tool.available, "tool missing")
///         ...
/// ```
public enum RequiredInput {
    /// True under CI (`CI=true`, as CI systems set it): a missing input is a failure.
    public static var underCI: Bool {
        ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
    }

    /// Whether a test needing an input runs: when the input is `present`, and always
    /// under CI (where the missing input then fails it).
    public static func runs(ifPresent present: Bool) -> Bool { present || underCI }

    /// Ends a test whose input is missing: a failure under CI, a visible skip (the test
    /// is cancelled with `reason`) elsewhere.
    public static func missing(
        _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Never {
        try #require(
            !underCI, "a missing input fails under CI: \(reason)", sourceLocation: sourceLocation)
        try Test.cancel(Comment(rawValue: "skipped: \(reason)"), sourceLocation: sourceLocation)
    }
}

extension PackagePaths {
    /// The real-device recordings kept in the repository (`Tests/Corpus`: evemu-devices,
    /// MIT, and one evemu test file, LGPL-3.0; see its README).
    public static var corpus: URL { root.appendingPathComponent("Tests/Corpus") }
}
