/// Hands out gesture ids: one allocator for all of a client's gesture sources (the
/// arena's touchscreen gestures and the touchpad mapper's), so their ids never collide.
/// Ids increase in begin order within a source. Touchpad gestures are numbered from
/// `touchpadFirstRawValue` (2⁴⁰) so that a label can tell them apart (`#3`, `#tp3`,
/// `source(of:)`).
///
/// A value type: a client with both sources keeps one and lends it to each source in
/// turn (`GestureArena.gestureIDs`, `TouchpadGestureMapper.gestureIDs`), taking it back
/// after each call.
public struct GestureIDAllocator: Hashable, Sendable {
    /// Where a gesture comes from.
    public enum Source: Hashable, Sendable {
        /// The arena's recognizers: ids 1, 2, 3, …
        case touchscreen
        /// The touchpad mapping: ids 2⁴⁰, 2⁴⁰ + 1, …
        case touchpad
    }

    /// The first touchpad gesture's id number.
    public static let touchpadFirstRawValue = 1 << 40

    private var lastTouchscreenRawValue = 0
    private var nextTouchpadRawValue = Self.touchpadFirstRawValue

    /// An allocator that has handed out nothing yet.
    public init() {}

    /// An allocator whose next touchpad id is `nextTouchpadRawValue` (and next
    /// touchscreen id 1).
    public init(nextTouchpadRawValue: Int) {
        self.nextTouchpadRawValue = nextTouchpadRawValue
    }

    /// The next id for a gesture of `source` that begins (or, for a tap, is recognized).
    public mutating func next(for source: Source) -> GestureID {
        switch source {
        case .touchscreen:
            lastTouchscreenRawValue += 1
            return GestureID(rawValue: lastTouchscreenRawValue)
        case .touchpad:
            defer { nextTouchpadRawValue += 1 }
            return GestureID(rawValue: nextTouchpadRawValue)
        }
    }

    /// The source whose range `id` is in.
    public static func source(of id: GestureID) -> Source {
        id.rawValue >= touchpadFirstRawValue ? .touchpad : .touchscreen
    }
}
