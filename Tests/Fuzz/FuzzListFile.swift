// libFuzzer entry for the list files (tools/fuzz list): ListStore's one reader, which reads
// the app's file and the starting list of `cleartouch replay --list` (Replay's ListFile is
// a thin wrapper over `ListStore.decode`), compiled together with ListStore's sources so
// internal API is visible.
import ClearCore
import Foundation

// Properties: never crashes or hangs; a list ListStore reads, written again, reads back
// equal, and so do the lists (version 2) it reads; the UTF-8 text reader (the one
// `replay --list` calls) agrees with the bytes reader; lists and items added after
// whatever ids were read (up to 2^64 - 1) get ids of their own, so the file written then
// reads back (no id saved twice).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzListFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Data(bytes: data, count: size)
    let items = try? ListStore.decode(bytes)
    if let items {
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
        var grown = lists
        for step in 0..<3 {
            grown.insertList(title: "added \(step)", at: step)
            var items = grown[step].list
            for item in 0..<3 { items.insert(text: "item \(item)", at: item) }
            grown.replaceItems(items, at: step)
        }
        guard let regrown = try? ListStore.decodeLists(ListStore.encodeLists(grown)) else {
            fatalError("lists with added lists and items do not read back (an id saved twice)")
        }
        precondition(regrown == grown, "grown lists round trip differs")
    }
    guard let text = String(data: bytes, encoding: .utf8) else { return 0 }
    precondition((try? ListStore.decode(text)) == items, "the text and bytes readers differ")
    return 0
}
