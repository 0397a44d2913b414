// libFuzzer entry for the list files (tools/fuzz list): ListStore's own file (decode) and
// the starting list of `cleartouch replay --list` (Replay's ListFile), compiled together
// with both sources so internal API is visible.
import ClearCore
import Foundation
import JSON

// Properties: never crashes or hangs; a list ListStore reads, written again, reads back
// equal, and so do the lists (version 2) it reads; the list reader and the starting-list reader both accept or reject UTF-8 text
// without crashing, and a starting list written as JSON reads back equal.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    if let items = try? ListStore.decode(bytes) {
        let again = ListStore.encode(items)
        guard let reread = try? ListStore.decode(again) else {
            fatalError("a written list does not read back")
        }
        precondition(reread == items, "list round trip differs")
    }
    if let lists = try? ListStore.decodeLists(bytes) {
        guard let reread = try? ListStore.decodeLists(ListStore.encodeLists(lists)) else {
            fatalError("written lists do not read back")
        }
        precondition(reread == lists, "lists round trip differs")
    }
    guard let text = String(data: bytes, encoding: .utf8) else { return 0 }
    if let items = try? ListFile.parse(text, path: "fuzz.json") {
        let written = JSONValue.array(
            items.map {
                .object(fields: [("text", .string($0.text)), ("completed", .bool($0.completed))])
            }
        ).encoded()
        guard let reread = try? ListFile.parse(written, path: "again.json") else {
            fatalError("a written starting list does not read back")
        }
        precondition(reread == items, "starting list round trip differs")
    }
    return 0
}
