// libFuzzer entry for the expectation reader (tools/fuzz expectation): `Expectation.parse`,
// which reads every golden file of `replay --expect`, `gestures --replay --expect` and
// `cleartouch test` (Clear's expectations and gesture expectations, their settings),
// compiled together with RegressionSuites' sources so internal API is visible.
import ClearCore

// Properties: never crashes or hangs; an error names this file and a line of the input;
// an expectation read, written again as `--update` writes it (`jsonText`), reads back
// equal; the diff of its lines against the same lines changed (`LineDiff`, with a small
// limit so that the cut is reached) gives both lists back when it is not cut.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpectation(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    let path = "fuzz.expect.json"
    let expectation: Expectation
    do {
        expectation = try Expectation.parse(text, path: path)
    } catch {
        precondition(error.path == path)
        precondition(error.line >= 1 && error.line <= lines + 1, "line \(error.line) of \(lines)")
        return 0
    }
    let written = expectation.jsonText()
    guard let reread = try? Expectation.parse(written, path: path) else {
        fatalError("a written expectation does not read back:\n\(written)")
    }
    precondition(reread == expectation, "expectation round trip differs:\n\(written)")
    let expected =
        expectation.actions.map(Expectation.line(for:))
        + expectation.items.map(Expectation.line(for:))
        + (expectation.gestures ?? []).map(Expectation.line(for:))
        + (expectation.service?.gestures ?? []).map { $0.json.encoded() }
    // Every other line, and the same lines reversed.
    for actual in [
        expected.enumerated().filter { $0.offset % 2 == 0 }.map(\.element), expected.reversed(),
    ] {
        let diff = LineDiff.render(expected: expected, actual: actual, limit: 16)
        let shown = diff.split(separator: "\n", omittingEmptySubsequences: false)
        guard !shown.contains(where: { $0.hasPrefix("  … ") }) else { continue }
        precondition(
            shown.filter { !$0.hasPrefix("  + ") }.map { String($0.dropFirst(4)) } == expected
                || expected.isEmpty && actual.isEmpty,
            "the diff loses expected lines")
        precondition(
            shown.filter { !$0.hasPrefix("  - ") }.map { String($0.dropFirst(4)) } == actual
                || expected.isEmpty && actual.isEmpty,
            "the diff loses replayed lines")
    }
    return 0
}
