/// Every sound ClearTouch makes: one per action that sounds, and the threshold tick.
/// Raw values are the names in JSON (`"sounds": [{"t_ms": 360.0, "sound": "complete"}]`);
/// an action's sound has the action's name.
public enum SoundName: String, Hashable, Sendable, CaseIterable {
    /// A row completed: a bright rising fourth.
    case complete
    /// A completed row made active again: the same fourth, falling.
    case uncomplete
    /// A row (or a list, with its items) removed: a low falling glide.
    case delete
    /// A new row: a quick upward "bloop".
    case add
    /// A held row dropped in another slot: a soft wooden knock.
    case move
    /// The completed rows cleared: a falling three-note sweep.
    case clearCompleted = "clear-completed"
    /// A list opened from the lists level.
    case openList = "open-list"
    /// A list closed (pinch together, pull past 4H).
    case closeList = "close-list"
    /// The menu opened.
    case openMenu = "open-menu"
    /// The menu closed (back to the lists).
    case closeMenu = "close-menu"
    /// The Themes or Settings page shown.
    case openPage = "open-page"
    /// Back from a page to the menu.
    case closePage = "close-page"
    /// A theme applied.
    case theme
    /// The sound switched (the Settings page's `Sound` row).
    case sound
    /// A pull or a pinch crossed a threshold (its cue changed): very short and quiet.
    case tick

    /// The sound of the action named `actionName` (`ActionKind`'s raw values and the
    /// navigation, theme and sound actions of the product decisions); nil for actions that
    /// make no sound (`edit-begin`, `edit-end`: an add is followed at once by its
    /// edit-begin, and editing has the keyboard's own feedback; `sleep`, `wake`: a dark
    /// kiosk is silent) and for names not known.
    public init?(actionName: String) {
        guard actionName != Self.tick.rawValue, let sound = SoundName(rawValue: actionName) else {
            return nil
        }
        self = sound
    }
}

/// One sound to play, at a time in microseconds (of the track's clock: a replay counts
/// from the recording's first event).
public struct SoundCue: Hashable, Sendable {
    /// When the sound starts, in microseconds.
    public var timeMicroseconds: Int64
    /// Which sound.
    public var sound: SoundName

    /// `sound`, starting at `timeMicroseconds`.
    public init(timeMicroseconds: Int64, sound: SoundName) {
        self.timeMicroseconds = timeMicroseconds
        self.sound = sound
    }
}
