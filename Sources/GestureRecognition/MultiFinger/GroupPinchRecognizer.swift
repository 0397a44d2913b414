/// A pinch with 2 to 5 fingers: their spread (twice the mean distance from their
/// centroid; for two fingers the distance between them) changes more than
/// `pinchBeginMillimetres` (and more than the centroid moved) once the grouping time has
/// closed. Out when the spread grew, in when it shrank, locked at the began.
typealias GroupPinchRecognizer = GroupMotionRecognizer<Pinch>

/// A running pinch: its id and its locked direction.
struct Pinch: GroupMotion {
    static let name: StaticString = "multi-finger pinch"
    var id: GestureID
    var direction: MultiFingerDirection
    var kind: MultiFingerGestureKind { .pinch }
    var edge: ScreenEdge? { nil }

    static func begin(
        _ group: FingerGroup, _ configuration: MultiFingerConfiguration, id: () -> GestureID
    ) -> Pinch? {
        guard group.count >= 2 else { return nil }
        let change = group.spreadChangeMillimetres
        let moved = group.translationMillimetres
        let travel = (moved.x * moved.x + moved.y * moved.y).squareRoot()
        guard abs(change) > configuration.pinchBeginMillimetres, abs(change) > travel else {
            return nil
        }
        return Pinch(id: id(), direction: change > 0 ? .out : .in)
    }

    /// The change of spread in the pinch's direction, never negative.
    func travel(_ group: FingerGroup) -> Double {
        let change = group.spreadChangeMillimetres
        return max(0, direction == .out ? change : -change)
    }
}
