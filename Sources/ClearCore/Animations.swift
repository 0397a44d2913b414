/// Clear's animation timings (docs/clear-rules.md §3), in microseconds.
public enum ClearTimings {
    /// A row panned short of a threshold, or just completed, slides back to x = 0.
    public static let snapBackMicroseconds: Int64 = 200_000
    /// Each row below a deleted one moves up one row in this time...
    public static let deleteShuffleMicroseconds: Int64 = 300_000
    /// ...starting this much after the row above it.
    public static let deleteShuffleStaggerMicroseconds: Int64 = 30_000
    /// Entering and leaving edit mode: rows move and the other rows fade.
    public static let editMoveMicroseconds: Int64 = 300_000
    /// A pinch that did not open far enough: rows return.
    public static let pinchReturnMicroseconds: Int64 = 200_000
    /// A pull released short of committing: the list settles back to its top.
    /// (UIKit bounces back; the tutorial gives no time, so we reuse the snap-back time.)
    public static let pullSettleMicroseconds: Int64 = 200_000
    /// The alpha of the rows other than the one being edited.
    public static let editingOtherRowsAlpha = 0.3
    /// Reorder: a neighbour slides into the slot the held row left (docs/product-decisions.md).
    public static let reorderSlideMicroseconds: Int64 = 200_000
    /// Reorder: at the lift (or a cancel) the held row settles into its slot.
    public static let reorderSettleMicroseconds: Int64 = 200_000
    /// The held row is drawn this much larger (the JT clone's 1.1×, docs/clear-rules.md §5).
    public static let liftedRowScale = 1.1
    /// Clear completed: the remaining rows close the gaps, and the completed rows fall
    /// away and fade, in this time.
    public static let clearCompletedMicroseconds: Int64 = 300_000
    /// How far a cleared row falls while it fades, in row heights.
    public static let clearCompletedFallRows = 1.0
    /// A pull up released short of clearing springs back to the list's end in this time
    /// (the pull-down's settle time).
    public static let pullUpSettleMicroseconds: Int64 = 200_000
}

/// Auto-scroll while a held row is near the top or bottom edge (docs/product-decisions.md "Reorder").
///
/// The edge zones are the top and bottom H of the screen (a finger at y < H, or at
/// y > screen height − H). The list's offset moves towards that edge at
/// `minimumSpeedPixelsPerSecond` at the zone's inner border, rising linearly to
/// `maximumSpeedPixelsPerSecond` at the screen edge (and beyond it), and stops at the
/// list's ends.
public enum ReorderAutoScroll {
    /// The speed just inside an edge zone, in pixels per second.
    public static let minimumSpeedPixelsPerSecond = 200.0
    /// The speed at the screen edge, in pixels per second.
    public static let maximumSpeedPixelsPerSecond = 1200.0

    /// The offset's velocity (negative: towards the top) for a finger at screen `y`.
    public static func velocityPixelsPerSecond(fingerY y: Double, layout: ClearLayout) -> Double {
        let zone = layout.rowHeightPixels
        guard y.isFinite else { return 0 }
        let depth: Double
        let direction: Double
        if y < zone {
            depth = (zone - y) / zone
            direction = -1
        } else if y > layout.heightPixels - zone {
            depth = (y - (layout.heightPixels - zone)) / zone
            direction = 1
        } else {
            return 0
        }
        let clamped = min(max(depth, 0), 1)
        return direction
            * (minimumSpeedPixelsPerSecond
                + (maximumSpeedPixelsPerSecond - minimumSpeedPixelsPerSecond) * clamped)
    }
}

/// The held row after the finger lifted (or the hold was cancelled): it moves to its
/// slot, shrinks back to 1× and loses its shadow, in 0.2 s ease-in-out.
struct LiftSettle: Hashable, Sendable {
    /// The row's top in content coordinates (y + scroll offset).
    var contentY: Tween
    var scale: Tween
    var shadow: Tween

    var endMicroseconds: Int64 { contentY.endMicroseconds }
}

/// The completed rows leaving and the others closing the gaps (0.3 s ease-in-out).
struct ClearCompletedAnimation: Hashable, Sendable {
    /// A removed row: the item as it was and the model index it had.
    struct LeavingRow: Hashable, Sendable {
        var item: TodoItem
        var index: Int
    }

    var startMicroseconds: Int64
    var rowHeightPixels: Double
    var leaving: [LeavingRow]
    /// Remaining rows that moved up: by how many rows.
    var closing: [ItemID: Int]

    var progress: Tween {
        Tween(
            startMicroseconds: startMicroseconds,
            durationMicroseconds: ClearTimings.clearCompletedMicroseconds, from: 0, to: 1)
    }

    var endMicroseconds: Int64 { progress.endMicroseconds }

    /// The extra y offset of a remaining row: from its old place to its new one.
    func offset(of item: ItemID, at time: Int64) -> Double {
        guard let rows = closing[item] else { return 0 }
        return Double(rows) * rowHeightPixels * (1 - progress.value(at: time))
    }
}

/// One value moving from `from` to `to` over a time span with a timing curve.
/// A pure function of time: before the start it is `from`, after the end `to`.
struct Tween: Hashable, Sendable {
    var startMicroseconds: Int64
    var durationMicroseconds: Int64
    var from: Double
    var to: Double
    var curve: TimingCurve = .easeInOut

    var endMicroseconds: Int64 { startMicroseconds + durationMicroseconds }

    func value(at time: Int64) -> Double {
        guard time < endMicroseconds, durationMicroseconds > 0 else { return to }
        // In Double: any two Int64 times subtract without overflow.
        let progress = (Double(time) - Double(startMicroseconds)) / Double(durationMicroseconds)
        return from + (to - from) * curve.value(atProgress: progress)
    }

    func isRunning(at time: Int64) -> Bool { time < endMicroseconds }
}

/// The rows below a deleted row moving up into its place (docs/clear-rules.md §3): the k-th row
/// below (k = 1, 2, ...) starts 0.03·(k−1) s after the deletion and moves from +H to 0
/// over 0.3 s ease-in-out. The model has already lost the deleted item, so the rows'
/// model positions are their final positions and the shuffle is an extra y offset.
struct DeleteShuffle: Hashable, Sendable {
    var startMicroseconds: Int64
    var rowHeightPixels: Double
    /// The moving rows, nearest the deleted row first.
    var rows: [ItemID]

    func tween(forRowAt k: Int) -> Tween {
        Tween(
            startMicroseconds: startMicroseconds + Int64(k)
                * ClearTimings.deleteShuffleStaggerMicroseconds,
            durationMicroseconds: ClearTimings.deleteShuffleMicroseconds, from: rowHeightPixels,
            to: 0)
    }

    var endMicroseconds: Int64 {
        rows.isEmpty ? startMicroseconds : tween(forRowAt: rows.count - 1).endMicroseconds
    }

    func offset(of item: ItemID, at time: Int64) -> Double {
        guard let k = rows.firstIndex(of: item) else { return 0 }
        return tween(forRowAt: k).value(at: time)
    }
}

/// Rows around a pinch returning to rest: rows at or above `upperIndex` from −delta,
/// rows at or below `lowerIndex` from +delta, to 0 over 0.2 s ease-in-out.
struct PinchReturn: Hashable, Sendable {
    var upperItem: ItemID
    var lowerItem: ItemID
    var delta: Tween
}

/// Edit mode's move (docs/clear-rules.md §1.4): every row translated by one list-wide y offset,
/// the rows other than the edited one faded.
struct EditTransition: Hashable, Sendable {
    var translation: Tween
    var otherRowsAlpha: Tween
    /// The row that keeps alpha 1.
    var editedItem: ItemID?

    static let rest = EditTransition(
        translation: Tween(startMicroseconds: 0, durationMicroseconds: 0, from: 0, to: 0),
        otherRowsAlpha: Tween(startMicroseconds: 0, durationMicroseconds: 0, from: 1, to: 1),
        editedItem: nil)

    var endMicroseconds: Int64 { max(translation.endMicroseconds, otherRowsAlpha.endMicroseconds) }

    /// A transition starting at `time` from where this one is at `time`.
    func retargeted(
        at time: Int64, translation target: Double, otherRowsAlpha alphaTarget: Double,
        editedItem: ItemID?,
        fromTranslation: Double? = nil
    ) -> EditTransition {
        EditTransition(
            translation: Tween(
                startMicroseconds: time, durationMicroseconds: ClearTimings.editMoveMicroseconds,
                from: fromTranslation ?? translation.value(at: time), to: target),
            otherRowsAlpha: Tween(
                startMicroseconds: time, durationMicroseconds: ClearTimings.editMoveMicroseconds,
                from: otherRowsAlpha.value(at: time), to: alphaTarget),
            editedItem: editedItem ?? self.editedItem)
    }
}
