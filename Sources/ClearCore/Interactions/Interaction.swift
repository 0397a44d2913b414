import GestureRecognition

/// One of the controller's interactions: what a kind of gesture does to the list (row pan,
/// pull, pull up, pinch, reorder, scroll), or a mode with animations of its own (editing,
/// the on-screen keyboard). Each owns its state and its animations, says whether they
/// run, and adds its part to the presentation.
///
/// The controller offers a gesture's `began` report to the interactions in
/// `ClearController.visitInteractions` order; the first that takes it (returns true) gets
/// its later reports, handed to it straight (`GestureRoutes` remembers which interaction
/// took the gesture). Every requirement has a default that does nothing, so an interaction
/// implements only what it uses. Adding one is its file and its registration in
/// `ClearController` (docs/clear-core.md, "Adding an interaction").
///
/// Interactions are classes owned by one controller and used on its thread only: their
/// state read on every event or every row skips the run-time exclusivity check, as the
/// controller's does (the figure is at `ClearController`).
protocol Interaction: AnyObject {
    /// Takes a gesture that begins (true), or leaves it to the next interaction.
    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool
    /// True when gesture `id` is one it took (asked before its later reports are given:
    /// a look at the id only, so the report is handed over once).
    func holds(_ id: GestureID) -> Bool
    /// A report of a gesture it took (true); false when the gesture is not one of its.
    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool
    /// The last report of a gesture it took: the gesture is done; false when not its.
    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool
    /// A gesture it took was called off: what it moved goes back; false when not its.
    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool
    /// Hands `interaction` (an instance of this type) a later report of a gesture it
    /// took. A requirement so that a route calls it through the type it remembers
    /// (`UnsafeInteractionReference`); the default in `InteractionVisitors.swift` is the
    /// only implementation.
    static func takeLaterReport(
        _ step: GestureStep, _ gesture: GestureEvent,
        unsafelyFrom interaction: Unmanaged<AnyObject>, in controller: ClearController
    ) -> Bool

    /// Lets time pass to `now`: finished animations are dropped.
    func advance(to now: Int64, in controller: ClearController)
    /// True while one of its animations runs at `time`.
    func isRunning(at time: Int64) -> Bool

    /// First step of a presentation: notes what its rows need and adds its parts to
    /// `context` (in `visitInteractions` order, so later ones see earlier ones' parts).
    func prepare(_ context: inout PresentationContext, in controller: ClearController)
    /// Moves the frame of row `index` (showing `item`).
    func placeRow(
        _ frame: inout RectPixels, index: Int, item: ItemID, _ context: RowContext,
        in controller: ClearController)
    /// Sets what it decides of a row's look (text, alpha, scale, shadow).
    func styleRow(
        _ row: inout RowPresentation, _ context: RowContext, in controller: ClearController)
    /// Last step: its parts of the finished presentation (cues, editing, keyboard).
    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController)
    /// The placeholder label its latest gesture would show, for the threshold cue
    /// (`ClearController.thresholdCueState`): as `prepare` offers the placeholder, without
    /// building it.
    func offerPlaceholderLabel(
        to labels: inout PlaceholderLabelOffers, in controller: ClearController)
}

extension Interaction {
    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool { false }
    func holds(_ id: GestureID) -> Bool { false }
    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool { false }
    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool { false }
    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool { false }
    func advance(to now: Int64, in controller: ClearController) {}
    func isRunning(at time: Int64) -> Bool { false }
    func prepare(_ context: inout PresentationContext, in controller: ClearController) {}
    func placeRow(
        _ frame: inout RectPixels, index: Int, item: ItemID, _ context: RowContext,
        in controller: ClearController
    ) {}
    func styleRow(
        _ row: inout RowPresentation, _ context: RowContext, in controller: ClearController
    ) {}
    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController
    ) {}
    func offerPlaceholderLabel(
        to labels: inout PlaceholderLabelOffers, in controller: ClearController
    ) {}
}

/// What every row of a presentation being composed shares: plain values, copied for free
/// into each row's visit.
struct RowContext {
    /// The presentation's time.
    let time: Int64
    /// The list's scroll offset at `time`.
    let offsetPixels: Double
    /// Moves every row alike (edit mode).
    var listTranslationPixels = 0.0
}

/// What the interactions have said about a presentation being composed.
struct PresentationContext {
    /// The time, the offset and the list-wide translation.
    var rows: RowContext
    /// How far rows may be moved off their slots, in pixels: rows this near the screen
    /// are considered.
    var spreadPixels = 0.0
    /// The colours at `time` (the theme, or the cross-fade between two).
    var theme = Theme.heat
    /// Rows drawn behind the list's own (cleared rows leaving).
    var rowsBehind: [RowPresentation] = []
    /// Model indices drawn last, above the others, ascending (held and settling rows).
    var liftedIndices: [Int] = []
    /// The placeholder of the latest gesture that has one to show (or to hide: nil).
    private(set) var placeholder: (id: GestureID, value: PlaceholderPresentation?)?

    init(time: Int64, offsetPixels: Double) {
        rows = RowContext(time: time, offsetPixels: offsetPixels)
    }

    /// The presentation's time.
    var time: Int64 { rows.time }
    /// The list's scroll offset at `time`.
    var offsetPixels: Double { rows.offsetPixels }

    /// Gesture `id` would show `placeholder`: the latest gesture's wins.
    mutating func offerPlaceholder(_ value: PlaceholderPresentation?, gesture id: GestureID) {
        if let current = placeholder, current.id > id { return }
        placeholder = (id, value)
    }
}

/// The gestures an interaction took, in id order, each with its state: a few at most, so
/// a list searched in place (cheaper per report than hashing).
struct GestureTracks<Track> {
    private(set) var entries: ContiguousArray<(id: GestureID, track: Track)> = []

    @inline(__always) var isEmpty: Bool { entries.isEmpty }
    /// The latest-begun gesture's entry.
    var latest: (id: GestureID, track: Track)? { entries.last }

    func index(of id: GestureID) -> Int? {
        for index in entries.indices where entries[index].id == id { return index }
        return nil
    }

    subscript(index: Int) -> Track {
        get { entries[index].track }
        set { entries[index].track = newValue }
    }

    mutating func insert(_ track: Track, for id: GestureID) {
        var index = entries.endIndex
        while index > entries.startIndex && entries[index - 1].id > id { index -= 1 }
        entries.insert((id, track), at: index)
    }

    mutating func remove(_ id: GestureID) -> Track? {
        guard let index = index(of: id) else { return nil }
        return entries.remove(at: index).track
    }
}

/// Which interaction took each gesture that is still going: its later reports are handed
/// to that one only
/// (`ClearController.offer`). A few at a time, searched in place; a gesture whose last
/// report never came is forgotten once `capacity` newer ones begin, and its reports then go
/// round every interaction again, as before the routes.
struct GestureRoutes {
    private var entries: ContiguousArray<(id: GestureID, taker: UnsafeInteractionReference)> = []
    /// The most routes kept.
    static let capacity = 8

    init() { entries.reserveCapacity(Self.capacity) }

    /// The interaction that took gesture `id`, if it is remembered.
    @inline(__always) func taker(of id: GestureID) -> UnsafeInteractionReference? {
        // The latest first: a drag's frames report the gesture begun last.
        var index = entries.endIndex
        while index > entries.startIndex {
            index -= 1
            if entries[index].id == id { return entries[index].taker }
        }
        return nil
    }

    mutating func note(_ taker: UnsafeInteractionReference, for id: GestureID) {
        forget(id)
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((id, taker))
    }

    mutating func forget(_ id: GestureID) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        entries.remove(at: index)
    }

    /// The number of routes kept (tests).
    var count: Int { entries.count }
}
