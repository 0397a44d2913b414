/// A swipe with 1 to 5 fingers, or an edge swipe: the fingers' centroid moves further
/// than `swipeBeginMillimetres` (and at least as far as their spread changed) once the
/// grouping time has closed. The direction is locked at the began by the larger
/// component of the centroid's travel on the upright screen (|dx| > |dy| strictly is
/// horizontal); a swipe whose leading finger started within `edgeZoneMillimetres` of the
/// edge it moves away from is an edge swipe from that edge.
typealias GroupSwipeRecognizer = GroupMotionRecognizer<Swipe>

/// A running swipe: its id, its locked direction, and the edge it started from.
struct Swipe: GroupMotion {
    static let name: StaticString = "swipe"
    var id: GestureID
    var direction: MultiFingerDirection
    var edge: ScreenEdge?
    var kind: MultiFingerGestureKind { edge == nil ? .swipe : .edgeSwipe }

    static func begin(
        _ group: FingerGroup, _ configuration: MultiFingerConfiguration, id: () -> GestureID
    ) -> Swipe? {
        let moved = group.translationMillimetres
        let travel = (moved.x * moved.x + moved.y * moved.y).squareRoot()
        guard travel > configuration.swipeBeginMillimetres,
            travel >= abs(group.spreadChangeMillimetres)
        else { return nil }
        let direction: MultiFingerDirection =
            abs(moved.x) > abs(moved.y)
            ? (moved.x > 0 ? .right : .left) : (moved.y > 0 ? .down : .up)
        let from = edge(awayFrom: direction)
        let edge = group.startDistance(from: from) <= configuration.edgeZoneMillimetres ? from : nil
        return Swipe(id: id(), direction: direction, edge: edge)
    }

    /// The centroid's travel along the direction, never negative.
    func travel(_ group: FingerGroup) -> Double {
        let moved = group.translationMillimetres
        let along: Double
        switch direction {
        case .right: along = moved.x
        case .left: along = -moved.x
        case .down: along = moved.y
        case .up, .in, .out: along = -moved.y
        }
        return max(0, along)
    }

    /// The edge a swipe in `direction` starts from.
    static func edge(awayFrom direction: MultiFingerDirection) -> ScreenEdge {
        switch direction {
        case .left: .right
        case .right: .left
        case .down: .top
        case .up, .in, .out: .bottom
        }
    }
}
