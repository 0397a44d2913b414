import Glibc
import Recordings

/// The bounded hand-off between a reader thread and a replay (`ReadAheadInput`): a few
/// batches circulate, the reader filling the empty ones, the replay taking the full ones
/// in order and giving each back once handled. One lock and one condition variable; the
/// reader waits when every batch is full, the replay when none is. On one core the two
/// simply take turns.
///
/// `@unchecked Sendable`: every stored property is read and written with `mutex` held
/// (the batches move in and out under it), and the lock and condition live in memory of
/// their own, allocated once, so their addresses never change (pthread's requirement).
final class BatchHandOff: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var empty: [RecordingBatch]
    /// Filled batches, the oldest first (at most as many as there are batches).
    private var full: [RecordingBatch] = []
    /// The replay went away: the reader stops at its next hand-off.
    private var stopped = false
    /// The reader handed over its last batch; what it warned about, complete.
    private var finished = false
    private var finalWarnings: [RecordingError] = []

    /// A hand-off with `emptyBatches` batches for the reader to fill, besides the one the
    /// replay holds.
    init(emptyBatches: Int) {
        empty = Array(repeating: RecordingBatch(), count: max(1, emptyBatches))
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    private func locked<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    // MARK: the reader's side

    /// A batch to fill, waiting while none is free; nil once the replay has gone.
    func takeEmpty() -> RecordingBatch? {
        locked {
            while empty.isEmpty && !stopped { pthread_cond_wait(condition, mutex) }
            return stopped ? nil : empty.removeLast()
        }
    }

    /// Hands over a filled batch; the last one with the reader's warnings.
    func putFull(_ batch: RecordingBatch, warnings: [RecordingError]? = nil) {
        locked {
            full.append(batch)
            if let warnings {
                finished = true
                finalWarnings = warnings
            }
            pthread_cond_broadcast(condition)
        }
    }

    // MARK: the replay's side

    /// Gives back `batch` (handled) and puts the next full one in its place, waiting for it.
    func exchange(_ batch: inout RecordingBatch) {
        locked {
            var handled = RecordingBatch()
            swap(&handled, &batch)
            while full.isEmpty && !finished { pthread_cond_wait(condition, mutex) }
            guard !full.isEmpty else {
                // Asked again after the last batch: nothing more.
                batch.isLast = true
                return
            }
            batch = full.removeFirst()
            empty.append(handled)
            pthread_cond_broadcast(condition)
        }
    }

    /// What the reader warned about: complete once the last batch has been taken.
    var warnings: [RecordingError] { locked { finalWarnings } }

    /// The replay is done (or gave up): the reader stops at its next hand-off.
    func stop() {
        locked {
            stopped = true
            pthread_cond_broadcast(condition)
        }
    }
}
