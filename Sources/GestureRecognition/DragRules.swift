/// Whether a vertical drag that starts downward is a pull. The client decides from what
/// it shows (a list at its top, content pulled to refresh) and sets it on the arena or
/// the touchpad mapper before each input; the recognizers know nothing of lists.
public enum PullAvailability: Hashable, Sendable {
    /// Vertical drags are scrolls.
    case unavailable
    /// A vertical drag whose finger moves down is a pull. Its `pullDistancePixels` counts
    /// from `alreadyPulledPixels`: content that is already pulled that far (while it
    /// settles back) stays continuous under the finger.
    case available(alreadyPulledPixels: Double)

    /// Pulls available with nothing pulled yet: the default of the arena and the mapper.
    public static let atRest = PullAvailability.available(alreadyPulledPixels: 0)
}

/// The one-finger (or one-stroke) drag rules shared by `PanRecognizer` and
/// `TouchpadGestureMapper`: one place each for the axis lock and the pull rule.
enum DragRules {
    /// The gesture a drag becomes once it leaves the slop, from its translation then:
    /// horizontal (`|dx| > |dy|`, strictly) is a row pan; otherwise vertical, a pull when
    /// the client offers one and the finger moved down (`dy > 0`), else a scroll
    /// (docs/clear-rules.md §1.1, §1.2).
    static func kind(translationX dx: Double, translationY dy: Double, pull: PullAvailability)
        -> GestureKind
    {
        if abs(dx) > abs(dy) { return .pan }
        if case .available = pull, dy > 0 { return .pull }
        return .scroll
    }

    /// How far a pull is pulled: the finger's vertical travel since the pull began, plus
    /// what was already pulled then. Negative means the content went back past its edge
    /// (the pull is abandoned).
    static func pullDistance(translationY dy: Double, alreadyPulledPixels: Double) -> Double {
        dy + alreadyPulledPixels
    }

    /// Clear's spread of a pinch, −min(0, min(Δupper, Δlower)) with Δupper the upper
    /// finger's y travel and Δlower the lower finger's negated (only spreading apart
    /// counts; docs/clear-rules.md §1.3). `+ 0` turns −0 into 0, so a pinch at rest
    /// reports a plain zero.
    static func pinchSpread(upperDeltaPixels: Double, lowerDeltaPixels: Double) -> Double {
        -min(0, min(upperDeltaPixels, lowerDeltaPixels)) + 0
    }
}
