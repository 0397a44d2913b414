// cleartouch-store-writer: saves list after list with ListStore until it is killed.
// The SIGKILL test of ListStore runs it as a child process (Tests/ListStoreTests/ListStoreTests.swift).
//
//   cleartouch-store-writer PATH FIRST-GENERATION ITEM-COUNT
//
// Saves `StoreWriterList.items(generation:count:)` (TestSupport) for FIRST-GENERATION, the next one, ...
// and after each save returns writes the generation number and a newline to stdout.
// It stops by itself after 100000 generations so that an orphan cannot run forever.
import Foundation
import ListStore
import TestSupport

let arguments = CommandLine.arguments
guard arguments.count == 4, let first = Int(arguments[2]), let count = Int(arguments[3]), count >= 0
else {
    FileHandle.standardError.write(
        Data("usage: cleartouch-store-writer PATH FIRST-GENERATION ITEM-COUNT\n".utf8))
    exit(2)
}
let store = ListStore(path: arguments[1], clock: ListStore.systemClock)
for generation in first..<(first + 100_000) {
    do {
        try store.save(StoreWriterList.items(generation: generation, count: count))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    let line = Array("\(generation)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}
