/// Input events in order, held to be handed over in bulk: a reader decodes a batch of a
/// few thousand events while the session handles the batch before (docs/replay.md,
/// "Reading ahead").
///
/// A touch frame is held flat, its contacts side by side with the other frames' in one
/// array: a batch is three arrays however many frames it holds, not an array per frame,
/// and emptying it for the next batch frees nothing. Other events are kept as they are.
///
/// ```swift
/// var contacts: [TouchContact] = []
/// for index in 0..<batch.count {
///     session.handle(batch.event(at: index, contactsBuffer: &contacts))
/// }
/// ```
public struct InputEventBatch: Sendable {
    /// One event: a touch frame held flat, or the index of another event in `others`.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var device: DeviceID
        @usableFromInline var timeMicroseconds: Int64
        /// The end of the frame's contacts in `contacts` (they start where the frame
        /// before ended); for another event, the end of the frame before.
        @usableFromInline var contactsEnd: Int32
        /// The frame's finger count, −1 for none; for another event, unused.
        @usableFromInline var fingerCount: Int32
        /// The event in `others`, −1 for a touch frame.
        @usableFromInline var otherIndex: Int32
    }

    // Inlinable (`event(at:contactsBuffer:)`, `count`): the replay builds every frame it
    // handles with them, and as calls into this module they cost a fifth of reading it.
    @usableFromInline var entries: [Entry] = []
    @usableFromInline var contacts: [TouchContact] = []
    @usableFromInline var others: [InputEvent] = []

    /// An empty batch.
    public init() {}

    /// The number of events.
    @inlinable public var count: Int { entries.count }

    /// True when the batch holds no event.
    public var isEmpty: Bool { entries.isEmpty }

    /// Empties the batch, keeping its memory for the next events.
    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        contacts.removeAll(keepingCapacity: true)
        others.removeAll(keepingCapacity: true)
    }

    /// Appends an event (a touch frame's contacts are copied into the batch).
    public mutating func append(_ event: InputEvent) {
        if case .touchFrame(let frame) = event {
            appendTouchFrame(
                device: frame.device, timeMicroseconds: frame.timeMicroseconds,
                contacts: frame.contacts, fingerCount: frame.fingerCount)
            return
        }
        entries.append(
            Entry(
                device: DeviceID(0), timeMicroseconds: event.timeMicroseconds,
                contactsEnd: Int32(truncatingIfNeeded: contacts.count), fingerCount: -1,
                otherIndex: Int32(truncatingIfNeeded: others.count)))
        others.append(event)
    }

    /// Appends a touch frame, its contacts copied into the batch.
    public mutating func appendTouchFrame(
        device: DeviceID, timeMicroseconds: Int64, contacts frameContacts: [TouchContact],
        fingerCount: Int?
    ) {
        // One by one: nearly every frame has one contact, and appending a whole array (a
        // generic call) cost more than the rest of the frame's append.
        for contact in frameContacts { contacts.append(contact) }
        entries.append(
            Entry(
                device: device, timeMicroseconds: timeMicroseconds,
                contactsEnd: Int32(truncatingIfNeeded: contacts.count),
                fingerCount: fingerCount.map { Int32(truncatingIfNeeded: $0) } ?? -1,
                otherIndex: -1))
    }

    /// Appends the events of `other` from `start` on.
    public mutating func append(contentsOf other: InputEventBatch, from start: Int) {
        var buffer: [TouchContact] = []
        for index in start..<other.count {
            append(other.event(at: index, contactsBuffer: &buffer))
        }
    }

    /// The time of the event at `index`, in microseconds, read without building the event
    /// (asked of an `InputEvent`, its payload is copied out for the switch).
    @inlinable
    public func timeMicroseconds(at index: Int) -> Int64 { entries[index].timeMicroseconds }

    /// True when the event at `index`, in `0..<count`, is a touch frame
    /// (`touchFrame(at:contactsBuffer:)` builds it without its `InputEvent`).
    @inlinable
    public func isTouchFrame(at index: Int) -> Bool { entries[index].otherIndex < 0 }

    /// The event at `index`, in `0..<count`. A touch frame's contacts are written into
    /// `contactsBuffer`, which the frame shares: pass the same buffer for every event, and
    /// once the event before is gone it is overwritten in place (no array made per frame).
    /// A frame still held elsewhere keeps its contacts: the buffer is then copied first.
    @inlinable
    public func event(at index: Int, contactsBuffer: inout [TouchContact]) -> InputEvent {
        let entry = entries[index]
        if entry.otherIndex >= 0 { return others[Int(entry.otherIndex)] }
        return .touchFrame(touchFrame(at: index, contactsBuffer: &contactsBuffer))
    }

    /// The touch frame at `index`, where `isTouchFrame(at:)` is true: `event(at:)`'s frame,
    /// built the same way in `contactsBuffer`, without the enum around it (a replay hands
    /// a frame on as it is: an `InputEvent` was copied and destroyed through its value
    /// witnesses at every frame). Always inlined: called, the frame came back through
    /// memory and the caller copied and destroyed it once more.
    @inlinable @inline(__always)
    public func touchFrame(at index: Int, contactsBuffer: inout [TouchContact]) -> TouchFrame {
        let entry = entries[index]
        precondition(entry.otherIndex < 0, "the event at \(index) is not a touch frame")
        let start = index == 0 ? 0 : Int(entries[index - 1].contactsEnd)
        let end = Int(entry.contactsEnd)
        let count = end - start
        // In place, without emptying the buffer: one contact replaces one (nearly every
        // frame), as the decoder keeps its own frame's contacts.
        let kept = min(count, contactsBuffer.count)
        for offset in 0..<kept { contactsBuffer[offset] = contacts[start + offset] }
        if contactsBuffer.count > count {
            contactsBuffer.removeLast(contactsBuffer.count - count)
        } else if kept < count {
            contactsBuffer.append(contentsOf: contacts[(start + kept)..<end])
        }
        return TouchFrame(
            device: entry.device, timeMicroseconds: entry.timeMicroseconds,
            contacts: contactsBuffer,
            fingerCount: entry.fingerCount >= 0 ? Int(entry.fingerCount) : nil)
    }

    /// The event at `index` as its reader sees it before the session: a touch frame's
    /// device, time and whether its every contact is cancelled (without building it), or
    /// the other event.
    package enum Peek {
        case touchFrame(device: DeviceID, timeMicroseconds: Int64, contactsAllCancelled: Bool)
        case other(InputEvent)
    }

    /// See `Peek`.
    package func peek(at index: Int) -> Peek {
        let entry = entries[index]
        if entry.otherIndex >= 0 { return .other(others[Int(entry.otherIndex)]) }
        let start = index == 0 ? 0 : Int(entries[index - 1].contactsEnd)
        var allCancelled = true
        for position in start..<Int(entry.contactsEnd) where contacts[position].phase != .cancel {
            allCancelled = false
            break
        }
        return .touchFrame(
            device: entry.device, timeMicroseconds: entry.timeMicroseconds,
            contactsAllCancelled: allCancelled && Int(entry.contactsEnd) > start)
    }
}
