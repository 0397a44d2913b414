// cleartouch-store-writer: saves list after list with ListStore until it is killed.
// The SIGKILL test of ListStore runs it as a child process (Tests/ListStoreTests/ListStoreTests.swift).
//
//   cleartouch-store-writer [--lists] PATH FIRST-GENERATION ITEM-COUNT [DIE-AT-GENERATION STEP]
//
// Saves `StoreWriterList.items(generation:count:)` (TestSupport) for FIRST-GENERATION, the next one, ...
// (with --lists, `StoreWriterList.lists(generation:count:)` with `saveLists`, version 2)
// and after each save returns writes the generation number and a newline to stdout.
// With DIE-AT-GENERATION and STEP it kills itself with SIGKILL at that step of that
// generation's save, so the test covers every point without depending on timing:
// `written`: the temporary file is complete, not renamed; `renamed`: renamed, not reported;
// and, in the first version-2 save over a version-1 file, `copied`: the copy of the old
// file is complete in its temporary file, not renamed to FILE.v1; `kept`: FILE.v1 in place,
// the new list not yet written.
// It stops by itself after 100000 generations so that an orphan cannot run forever.
import Foundation
import ListStore
import TestSupport

let steps: [String: ListStore.SaveStep] = [
    "copied": .previousCopyWritten, "kept": .previousCopyKept, "written": .temporaryWritten,
    "renamed": .renamed,
]
var arguments = Array(CommandLine.arguments.dropFirst())
let savesLists = arguments.first == "--lists"
if savesLists { arguments.removeFirst() }
guard arguments.count == 3 || arguments.count == 5, let first = Int(arguments[1]),
    let count = Int(arguments[2]), count >= 0
else {
    FileHandle.standardError.write(
        Data(
            "usage: cleartouch-store-writer [--lists] PATH FIRST-GENERATION ITEM-COUNT [DIE-AT-GENERATION copied|kept|written|renamed]\n"
                .utf8))
    exit(2)
}
var dieAt: (generation: Int, step: ListStore.SaveStep)?
if arguments.count == 5 {
    guard let generation = Int(arguments[3]), let step = steps[arguments[4]] else {
        FileHandle.standardError.write(Data("bad DIE-AT-GENERATION or STEP\n".utf8))
        exit(2)
    }
    dieAt = (generation, step)
}
var store = ListStore(path: arguments[0], clock: ListStore.systemClock)
for generation in first..<(first + 100_000) {
    if let dieAt, dieAt.generation == generation {
        let step = dieAt.step
        store.onSaveStep = { reached in
            if reached == step { kill(getpid(), SIGKILL) }
        }
    }
    do {
        if savesLists {
            try store.saveLists(StoreWriterList.lists(generation: generation, count: count))
        } else {
            try store.save(StoreWriterList.items(generation: generation, count: count))
        }
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    let line = Array("\(generation)\n".utf8)
    _ = line.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}
