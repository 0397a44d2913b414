import GestureRecognition

/// The placeholder's labels, the cues of pulls, pull-ups and pinches, by identity: the
/// interactions decide one, a presentation shows its `text`, and the sound's threshold
/// ticks compare them without a string (a replay asks after every event).
public enum PlaceholderLabel: UInt8, Hashable, Sendable, CaseIterable {
    case pull, pinch, release
    case pullToClear, releaseToClear, nothingToClear
    case pullToAddList, releaseToAddList
    case releaseToCloseList, releaseForMenu, releaseForLists, pullToGoBack

    /// The words on screen (`ClearController.pullLabel` and the others).
    public var text: String {
        switch self {
        case .pull: ClearController.pullLabel
        case .pinch: ClearController.pinchLabel
        case .release: ClearController.releaseLabel
        case .pullToClear: ClearController.pullToClearLabel
        case .releaseToClear: ClearController.releaseToClearLabel
        case .nothingToClear: ClearController.nothingToClearLabel
        case .pullToAddList: ClearController.pullToAddListLabel
        case .releaseToAddList: ClearController.releaseToAddListLabel
        case .releaseToCloseList: ClearController.releaseToCloseListLabel
        case .releaseForMenu: ClearController.releaseForMenuLabel
        case .releaseForLists: ClearController.releaseForListsLabel
        case .pullToGoBack: ClearController.pullToGoBackLabel
        }
    }
}

/// A `ThresholdCue` with its label by identity (`ClearController.thresholdCueState`): equal
/// states are equal cues, compared without a string.
public struct ThresholdCueState: Hashable, Sendable {
    /// The placeholder's label.
    public var placeholderLabel: PlaceholderLabel?
    /// `Presentation.pinchTogetherCloses`.
    public var pinchTogetherCloses: Bool?

    /// A state of its parts, as given.
    public init(placeholderLabel: PlaceholderLabel?, pinchTogetherCloses: Bool?) {
        self.placeholderLabel = placeholderLabel
        self.pinchTogetherCloses = pinchTogetherCloses
    }

    /// Equal parts (inlinable: a replay compares a state after every event).
    @inlinable public static func == (a: ThresholdCueState, b: ThresholdCueState) -> Bool {
        a.placeholderLabel == b.placeholderLabel && a.pinchTogetherCloses == b.pinchTogetherCloses
    }

    /// The cue, its label in words.
    public var cue: ThresholdCue {
        ThresholdCue(
            placeholderLabel: placeholderLabel?.text, pinchTogetherCloses: pinchTogetherCloses)
    }
}

/// The placeholder labels the interactions offer for the threshold cue
/// (`ClearController.thresholdCueState`), as `PresentationContext.offerPlaceholder` takes
/// placeholders: the latest gesture's wins, and of one gesture the one offered last.
struct PlaceholderLabelOffers {
    private var latest: GestureID?
    /// The label that won so far (nil: none offered, or the winner shows none).
    private(set) var label: PlaceholderLabel?

    @inline(__always) mutating func offer(_ label: PlaceholderLabel?, gesture id: GestureID) {
        if let latest, latest > id { return }
        latest = id
        self.label = label
    }
}
