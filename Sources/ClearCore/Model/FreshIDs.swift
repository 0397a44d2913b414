/// The ids a collection gives what it adds (`TodoList` its items, `TodoLists` its lists):
/// never an id the collection held when it was made or has given since, and never one
/// past 2^64 − 1 wrapped round to 0 (docs/lists.md, "Ids").
///
/// New ids count up from one more than the largest id held at the start. A file may hold
/// any id up to 2^64 − 1; once that one is taken (held or given), new ids are the
/// smallest that were not held at the start, from 0 up, so none is reused and none
/// is given twice. Only that second way reads the ids held at the start, which it sorts
/// the first time; counting up costs one addition.
struct FreshIDs: Hashable, Sendable {
    /// The next id counting up; nil once 2^64 − 1 has been held or given.
    private var nextAbove: UInt64?
    /// The ids held at the start (sorted once counting up is over).
    private var heldAtStart: [UInt64]
    private var heldAtStartSorted = false
    /// Counting from 0 once counting up is over: every id below it was held or given.
    private var nextBelow: UInt64 = 0
    /// The first index of `heldAtStart` not yet passed by `nextBelow`.
    private var heldIndex = 0

    /// The ids of a collection that holds `ids` (duplicates allowed); with no id the first
    /// new one is 1.
    init(holding ids: [UInt64]) {
        heldAtStart = ids
        let largest = ids.max() ?? 0
        nextAbove = largest == .max ? nil : largest + 1
    }

    /// `elements` with every repeated id (`id` of an element) after its first replaced by a
    /// fresh one, and the ids that go on from there.
    static func renumberingRepeats<Element>(
        _ elements: [Element], id: WritableKeyPath<Element, UInt64>
    ) -> (elements: [Element], freshIDs: FreshIDs) {
        var freshIDs = FreshIDs(holding: elements.map { $0[keyPath: id] })
        var unique = elements
        var used = Set<UInt64>(minimumCapacity: elements.count)
        for index in unique.indices where !used.insert(unique[index][keyPath: id]).inserted {
            unique[index][keyPath: id] = freshIDs.next()
            used.insert(unique[index][keyPath: id])
        }
        return (unique, freshIDs)
    }

    /// An id never held or given before.
    mutating func next() -> UInt64 {
        if let id = nextAbove {
            nextAbove = id == .max ? nil : id + 1
            return id
        }
        if !heldAtStartSorted {
            heldAtStart.sort()
            heldAtStartSorted = true
        }
        while heldIndex < heldAtStart.count, heldAtStart[heldIndex] <= nextBelow {
            // Equal: held at the start, so skipped; duplicates pass one by one.
            if heldAtStart[heldIndex] == nextBelow { nextBelow &+= 1 }
            heldIndex += 1
        }
        let id = nextBelow
        // Cannot wrap: it would take 2^64 ids held or given.
        nextBelow &+= 1
        return id
    }
}
