/// One part in which a replay differs from its expectation (`Expectation.differences`):
/// what `cleartouch test` prints as a section of its diff and a failure page marks.
public struct ExpectationDifference: Hashable, Sendable {
    /// The parts of an expectation, in the order end-state differences are told.
    public enum Part: String, Hashable, Sendable {
        case gestures, actions, items, level, lists, editing
    }

    /// Which part differs.
    public var part: Part
    /// Gestures and actions: the first entry that differs (0-based; the shorter list's
    /// count when one list goes on where the other ends).
    public var index: Int?
    /// When the difference begins (from the recording's first event): the earlier of the
    /// expected and the replayed entry at `index`; nil for the end-state parts.
    public var timeMicroseconds: Int64?
    /// `gesture 2`, `action 1`, `final items`: what the first line of the diff names.
    public var headline: String
    /// The section of the diff (`- expected`, `+ replayed`).
    public var text: String

    /// A difference with every field given.
    public init(
        part: Part, index: Int? = nil, timeMicroseconds: Int64? = nil, headline: String,
        text: String
    ) {
        self.part = part
        self.index = index
        self.timeMicroseconds = timeMicroseconds
        self.headline = headline
        self.text = text
    }
}
