import ClearCore

extension SoundName {
    /// The sound of an action of `kind`, or nil when it makes none: the one mapping from
    /// the core's actions to sounds (by name, so the navigation, theme and sound actions
    /// sound as soon as the core has them).
    public init?(_ kind: ActionKind) { self.init(actionName: kind.rawValue) }
}

/// Tells when a pull or a pinch crosses a threshold, from the presentations drawn one
/// after another: the placeholder's label (its cue) changes while the placeholder stays
/// on screen, or a placeholder appears already past its first threshold; or a pinch
/// together crosses 2H (`Presentation.pinchTogetherCloses` changes while it lasts). The
/// label changes exactly where a release would do something else (`Pull to add item` →
/// `Release to add item` at H, → `Release to close list` at 4H, and back).
public struct ThresholdTicks: Sendable {
    /// The labels a pull or a pinch shows before its first threshold: appearing with one
    /// of these is no tick.
    public static let startingLabels: Set<String> = [
        ClearController.pullLabel, ClearController.pinchLabel,
        ClearController.pullToClearLabel, ClearController.nothingToClearLabel,
        ClearController.pullToAddListLabel, ClearController.pullToGoBackLabel,
    ]

    private var label: String?
    private var pinchCloses: Bool?

    /// Nothing on screen yet.
    public init() {}

    /// Takes the next presentation; true when a tick sounds with it.
    public mutating func observe(_ presentation: Presentation) -> Bool {
        observe(ThresholdCue(presentation))
    }

    /// Takes the next presentation's cue; true when a tick sounds with it.
    public mutating func observe(_ cue: ThresholdCue) -> Bool {
        let closes = cue.pinchTogetherCloses
        let crossedPinch = closes != nil && pinchCloses != nil && closes != pinchCloses
        pinchCloses = closes
        let now = cue.placeholderLabel
        defer { label = now }
        guard let now, now != label else { return crossedPinch }
        return crossedPinch || label != nil || !Self.startingLabels.contains(now)
    }
}
