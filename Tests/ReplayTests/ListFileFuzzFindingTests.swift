import Foundation
import TestSupport
import Testing

@testable import Replay

/// Inputs the list-file fuzz target (tools/fuzz list) reported, read as `replay --list`
/// starting lists (ListStoreTests' ListFuzzFindingTests reads them as the app's file).
@Suite struct ListFileFuzzFindingTests {
    /// Reported as a timeout under a load average of 21; reads in milliseconds.
    @Test func aMalformedKeyDeepInALongListIsRejectedOnItsLine() throws {
        let path = TestPaths.packageRoot + "/Tests/Fuzz/corpus/list/finding-timeout-under-load.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            throws: ReplayError(path: path, line: 36, message: "expected ':' after key \"tet\"")
        ) {
            try ListFile.parse(text, path: path)
        }
    }
}
