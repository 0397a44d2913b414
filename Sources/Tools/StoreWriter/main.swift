// cleartouch-store-writer: saves list after list with ListStore until it is killed.
// The SIGKILL test of ListStore runs it as a child process (Tests/ListStoreTests/ListStoreTests.swift).
//
//   cleartouch-store-writer PATH FIRST-GENERATION ITEM-COUNT [DIE-AT-GENERATION STEP]
//
// Saves `StoreWriterList.items(generation:count:)` (TestSupport) for FIRST-GENERATION, the next one, ...
// and after each save returns writes the generation number and a newline to stdout.
// With DIE-AT-GENERATION and STEP (`written`: the temporary file is complete, not renamed;
// `renamed`: renamed, not reported), it kills itself with SIGKILL at that step of that
// generation's save, so the test covers both points without depending on timing.
// It stops by itself after 100000 generations so that an orphan cannot run forever.
import Foundation
import ListStore
import TestSupport

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 6, let first = Int(arguments[2]),
    let count = Int(arguments[3]), count >= 0
else {
    FileHandle.standardError.write(
        Data(
            "usage: cleartouch-store-writer PATH FIRST-GENERATION ITEM-COUNT [DIE-AT-GENERATION written|renamed]\n"
                .utf8))
    exit(2)
}
var dieAt: (generation: Int, step: ListStore.SaveStep)?
if arguments.count == 6 {
    guard let generation = Int(arguments[4]), ["written", "renamed"].contains(arguments[5]) else {
        FileHandle.standardError.write(Data("bad DIE-AT-GENERATION or STEP\n".utf8))
        exit(2)
    }
    dieAt = (generation, arguments[5] == "written" ? .temporaryWritten : .renamed)
}
var store = ListStore(path: arguments[1], clock: ListStore.systemClock)
for generation in first..<(first + 100_000) {
    if let dieAt, dieAt.generation == generation {
        let step = dieAt.step
        store.onSaveStep = { reached in
            if reached == step { kill(getpid(), SIGKILL) }
        }
    }
    do {
        try store.save(StoreWriterList.items(generation: generation, count: count))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    let line = Array("\(generation)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}
