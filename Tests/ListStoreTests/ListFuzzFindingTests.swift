import Foundation
import TestSupport
import Testing

@testable import ListStore

/// Inputs the list-file fuzz target (tools/fuzz list) reported, kept as tests. Each also
/// stays in the seed corpus (Tests/Fuzz/corpus/list/), so every fuzz run replays it.
@Suite struct ListFuzzFindingTests {
    static func finding(_ name: String) throws -> Data {
        try #require(
            FileManager.default.contents(
                atPath: TestPaths.packageRoot + "/Tests/Fuzz/corpus/list/" + name))
    }

    /// Reported as a 10 s timeout while the machine's load average was 21 on 2 cores; it
    /// reads in about 17 ms (ASan build). A malformed key far into a 4 KB list: the
    /// reader stops at its line.
    @Test func aMalformedKeyDeepInALongListIsRejectedOnItsLine() throws {
        let data = try Self.finding("finding-timeout-under-load.json")
        #expect(throws: ListStore.DecodeFailure.self) { try ListStore.decode(data) }
        do {
            _ = try ListStore.decode(data)
        } catch {
            #expect("\(error)" == "line 36: expected ':' after key \"tet\"")
        }
    }
}
