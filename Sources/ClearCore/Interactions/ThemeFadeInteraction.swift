/// The theme and its live change (docs/themes.md): applying a theme cross-fades every
/// colour of the presentation (rows, completed rows, placeholders, cues, background,
/// text) from the old theme's to the new one's over `fadeSeconds`, on the event clock.
/// It takes no gestures.
final class ThemeFadeInteraction: Interaction {
    /// How long the cross-fade from one theme to the next lasts, in seconds.
    static let fadeSeconds = 0.3
    static let fadeMicroseconds = Int64(fadeSeconds * 1_000_000)

    /// A cross-fade in progress: from `from`, started at `startMicroseconds`.
    struct Fade: Hashable {
        var from: Theme
        var startMicroseconds: Int64

        /// 0 at the start, 1 once it has run `fadeMicroseconds` (linear: every colour
        /// moves at one pace, so no row overtakes another).
        func fraction(at time: Int64) -> Double {
            let elapsed = time - startMicroseconds
            guard elapsed > 0 else { return 0 }
            guard elapsed < ThemeFadeInteraction.fadeMicroseconds else { return 1 }
            return Double(elapsed) / Double(ThemeFadeInteraction.fadeMicroseconds)
        }
    }

    /// What changes as themes are applied and time passes.
    struct State {
        /// The theme applied last (the one a fade ends on).
        var theme = Theme.heat
        /// The cross-fade running, if any.
        var fade: Fade? {
            didSet { isFading = fade != nil }
        }
        /// `fade != nil`, kept apart (`advance`).
        var isFading = false
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// The theme applied last (the one a fade ends on).
    var theme: Theme { state.theme }

    /// Shows `theme` at once (a start theme: nothing fades).
    func set(_ theme: Theme) {
        self.state.theme = theme
        state.fade = nil
    }

    /// Fades from what is on screen at `time` to `theme`. A fade interrupted by another
    /// starts from the colours it had reached, so the colours never jump.
    func apply(_ theme: Theme, at time: Int64) {
        let shown = colours(at: time)
        self.state.theme = theme
        state.fade = Fade(from: shown, startMicroseconds: time)
    }

    /// The colours on screen at `time`.
    func colours(at time: Int64) -> Theme {
        // `isFading` first: binding the optional copies the whole fade (two themes), nil
        // or not, and every presentation asks.
        guard state.isFading, let fade = state.fade else { return state.theme }
        let fraction = fade.fraction(at: time)
        return fraction >= 1 ? state.theme : fade.from.mixed(with: state.theme, fraction: fraction)
    }

    // The check inline (`visitInteractions` is): testing the optional copies the whole
    // fade (two themes), and every advance asks.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if state.isFading { dropFinished(at: now) }
    }

    private func dropFinished(at now: Int64) {
        if let fade = state.fade, fade.fraction(at: now) >= 1 { self.state.fade = nil }
    }

    func isRunning(at time: Int64) -> Bool {
        guard state.isFading, let fade = state.fade else { return false }
        return fade.fraction(at: time) < 1
    }

    func prepare(_ context: inout PresentationContext, in controller: ClearController) {
        context.theme = colours(at: context.time)
    }

    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController
    ) {
        presentation.backgroundColor = context.theme.background
        presentation.textColor = context.theme.text
        presentation.isFadingColors = isRunning(at: context.time)
    }
}

extension ClearController {
    /// The theme applied last (the one on screen once a cross-fade has ended).
    public var theme: Theme { themeFade.theme }

    /// Shows `theme` at once, without a cross-fade: the theme a session starts with.
    public func setTheme(_ theme: Theme) {
        themeFade.set(theme)
    }

    /// Applies the built-in theme `name` at event time `time` (µs), cross-fading to it over
    /// 0.3 s; true when it is known. An unknown name changes nothing and returns false.
    /// Records no action: the caller (the Themes page's tap) says what the user did.
    @discardableResult
    public func applyTheme(named name: String, at time: Int64) -> Bool {
        guard let theme = Theme.named(name) else { return false }
        advance(toMicroseconds: time)
        themeFade.apply(theme, at: currentTimeMicroseconds)
        return true
    }
}
