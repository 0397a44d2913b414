import GestureRecognition
import TouchInput

/// Applies recognized gestures to the to-do list with Clear's rules (docs/clear-rules.md
/// and the decisions of docs/product-decisions.md), runs the animations, and answers what
/// is on screen at any time (`presentation(atMicroseconds:)`).
///
/// The work is done by one interaction per gesture or mode (`Interaction`: row pan, pull,
/// pull up, pinch, reorder, scroll, editing, the on-screen keyboard), each owning its
/// state and animations. The controller keeps the list, the clock and the actions, routes
/// each gesture to the interaction that took it, and composes what they present.
///
/// Time comes only from the events: every call carries an event time, and the
/// controller's clock (`currentTimeMicroseconds`) never goes backwards (an earlier time
/// is treated as the current one). See docs/clear-core.md for the state machine.
///
/// Its state is touched by one thread at a time (the owner's), and only through these
/// methods: what it reads on every event or every row (`State`) skips Swift's run-time
/// exclusivity check in release builds (`@exclusivity(unchecked)`; the rarely used
/// properties keep it).
public final class ClearController {
    /// The screen, the row height and the row geometry.
    public let layout: ClearLayout
    /// Turn off in long-running programs: `actions` then stays empty, and `onAction` still
    /// sees every change.
    public var keepsHistory = true
    /// Called with every change as it is made.
    public var onAction: ((Action) -> Void)?
    /// Hears every decision of the rules against a threshold as it is made (a pan's end
    /// against W/2, a pull's against H and 4H; `cleartouch test --margins`). Nil (the
    /// default) costs a nil check.
    public var decisionObserver: (any ThresholdDecisionObserver)?

    /// What the controller reads and changes on every event or every row.
    struct State {
        /// The rows of the level shown (`list`).
        var list = TodoList(items: [])
        /// The changes not yet taken (`actions`).
        var actions: [Action] = []
        /// The thresholds of Clear's rules (`rules`).
        var rules = ClearRules.clear
        /// The controller's clock (`currentTimeMicroseconds`).
        var currentTimeMicroseconds: Int64 = 0
        /// False until the first time is set: any time is later than none.
        var hasTime = false
        /// Gestures no interaction took (they began off the rows, on non-adjacent rows,
        /// while editing, or are taps, which act on their single `ended` report): later
        /// reports are dropped.
        var ignored: ContiguousArray<GestureID> = []
        /// The interaction that took each gesture still going (`offer`).
        var routes = GestureRoutes()
    }

    // Unchecked in release builds, as the session's and every interaction's state: measured
    // for ClearCore's hot properties together (controller, session, interactions; release
    // build, best of several runs on a shared machine), core session 693 → 992 ns/frame,
    // presentation 4211 → 8116 ns/call when checked.
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// The rows of the level shown, as the rules have changed them so far: the open list's
    /// items at the items level (the only level of a session without navigation), the
    /// lists at the lists level (one row per list, its id the list's), the menu's or a
    /// page's rows (docs/clear-core.md, Levels).
    public internal(set) var list: TodoList {
        _read { yield state.list }
        _modify { yield &state.list }
    }
    /// The changes not yet taken (`takeActions()`), in order, while `keepsHistory` is true;
    /// empty otherwise.
    public var actions: [Action] { state.actions }
    /// The thresholds of Clear's rules (default Clear's own).
    public var rules: ClearRules {
        get { state.rules }
        set { state.rules = newValue }
    }
    /// The controller's clock: the latest event time it has seen, in microseconds.
    public var currentTimeMicroseconds: Int64 { state.currentTimeMicroseconds }
    /// The interaction that took each gesture still going (`offer`).
    var routes: GestureRoutes {
        _read { yield state.routes }
        _modify { yield &state.routes }
    }
    /// False: every report goes round the interactions (`offer`); tests hold the routes
    /// to that.
    var routesLaterReports = true

    // MARK: - The interactions: their one registration
    //
    // An interaction is registered here and nowhere else: its instance below, and its
    // visit in `visitInteractions` at its place in the order. Its later reports find it by
    // identity (`routes`); `InteractionRegistrationTests` fails on an instance not visited.

    let themeFade = ThemeFadeInteraction()
    let navigation = NavigationInteraction()
    let reorder = ReorderInteraction()
    let pullUp = PullUpInteraction()
    let editing = EditingInteraction()
    let rowPan = RowPanInteraction()
    let pinch = PinchInteraction()
    let pull = PullInteraction()
    let scrolling = ScrollInteraction()
    let keyboardInteraction = KeyboardInteraction()

    /// Visits every interaction, in the one order they are offered a beginning gesture,
    /// let time pass (reorder's auto-scroll first, the keyboard's typing last), offer a
    /// placeholder and compose a row's frame: the theme's cross-fade first (its colours
    /// are in the context before any row or placeholder); then the levels (at the menu and
    /// during a level transition they take the gestures); the slot and the held row, the
    /// rows closing after clear completed, the edit mode's move, the row pan's x and
    /// delete shuffle, the pinch gap; the keyboard last (what its keys type may end
    /// editing once the others have let time pass).
    ///
    /// Inlined, as are `GestureVisitor`'s visits: the visitor then lives in registers and
    /// each interaction is handed the gesture report in place. A visitor kept in memory had
    /// the report (about 150 bytes) copied into it and out again for every interaction
    /// called: +5.4 % instructions in `cleartouch-bench core`'s session (docs/performance.md).
    @inline(__always)
    func visitInteractions<Visitor: InteractionVisitor>(_ visitor: inout Visitor) {
        visitor.visit(themeFade, in: self)
        visitor.visit(navigation, in: self)
        visitor.visit(reorder, in: self)
        visitor.visit(pullUp, in: self)
        visitor.visit(editing, in: self)
        visitor.visit(rowPan, in: self)
        visitor.visit(pinch, in: self)
        visitor.visit(pull, in: self)
        visitor.visit(scrolling, in: self)
        visitor.visit(keyboardInteraction, in: self)
    }

    /// A controller at rest on `items` (duplicate ids are renumbered), laid out by `layout`.
    /// Pass `TodoList.swiftTutorialSamples` for Clear's sample list.
    public init(items: [TodoItem], layout: ClearLayout) {
        self.layout = layout
        let lists = TodoLists(items: items)
        self.state.list = lists[0].list
        navigation.start(
            lists: lists, level: .items, allowed: .all, themeNames: MenuRows.defaultThemeNames)
    }

    /// A controller at rest on `lists`, inside the open list (at the lists level when none
    /// is open), reaching the levels `allowed` (`--levels`). With `allowed` `.items`, the
    /// first list opens when none is; with no list, one empty list titled `To Do` is made.
    /// `themeNames` are the Themes page's rows (default: `heat`).
    public init(
        lists: TodoLists, layout: ClearLayout, allowed: AllowedLevels = .all,
        themeNames: [String] = MenuRows.defaultThemeNames
    ) {
        self.layout = layout
        var lists = lists
        themeFade.set(Theme.named(lists.themeName) ?? .heat)
        if lists.isEmpty { lists.insertList(title: TodoLists.defaultTitle, at: 0) }
        if lists.openIndex == nil && !allowed.allows(.lists) { lists.open(at: 0) }
        if let open = lists.openIndex {
            self.state.list = lists[open].list
            navigation.start(lists: lists, level: .items, allowed: allowed, themeNames: themeNames)
        } else {
            self.state.list = TodoList(items: [])
            navigation.start(lists: lists, level: .lists, allowed: allowed, themeNames: themeNames)
            self.state.list = navigation.listRows()
        }
    }

    /// The level shown now.
    public var level: Level { navigation.level }

    /// The levels this controller may reach.
    public var allowedLevels: AllowedLevels { navigation.allowed }

    /// The lists now: the open list holding the items as changed so far, the list rows'
    /// titles, order and completed flags at the lists level, the theme applied last and the
    /// sound setting (what the list file saves).
    public var lists: TodoLists {
        var lists: TodoLists
        switch navigation.level {
        case .items:
            lists = navigation.storedLists
            lists.replaceOpenItems(state.list)
        case .lists:
            lists = navigation.reconciled(rows: state.list)
        case .menu, .themes, .settings:
            lists = navigation.storedLists
        }
        lists.themeName = theme.name
        return lists
    }

    /// The sound setting (the Settings page's `Sound` row; `--sound`).
    public var soundOn: Bool { navigation.storedLists.soundOn }

    /// Sets the sound setting without an action: the setting a session starts with.
    public func setSoundOn(_ on: Bool) {
        navigation.storedLists.soundOn = on
    }

    /// The items of the open list, or of the last list open (empty when it was deleted),
    /// in display order.
    public var items: [TodoItem] {
        navigation.level == .items ? state.list.items : (lists.openList?.list.items ?? [])
    }

    /// The list's scroll offset now (negative while pulled past the top).
    public var scrollOffsetPixels: Double { scrolling.offset(at: state.currentTimeMicroseconds) }

    /// Whether a vertical drag starting downward now is a pull: only with the list at or
    /// past its top (offset ≤ 0, docs/clear-rules.md §1.2), counting what is already
    /// pulled. Sessions give it to the arena and the touchpad mapper before each input.
    public var pullAvailability: PullAvailability {
        Self.pullAvailability(scrollOffsetPixels: scrollOffsetPixels)
    }

    /// The pull a list scrolled to `offset` offers.
    public static func pullAvailability(scrollOffsetPixels offset: Double) -> PullAvailability {
        offset <= 0 ? .available(alreadyPulledPixels: -offset) : .unavailable
    }

    /// The model index of the item being edited.
    public var editingIndex: Int? { editing.session.flatMap { state.list.index(of: $0.item) } }

    /// The edited item's text as typed so far.
    public var editingText: String? { editing.session?.text }

    /// True when `takeActions()` has changes to give (asked from another module, a look
    /// at `actions` would check exclusive access at run time).
    public var hasActionsToTake: Bool { !state.actions.isEmpty }

    /// The changes since the last call (or since the start), oldest first; `actions` is
    /// left empty, so a long session that takes them keeps no history.
    public func takeActions() -> [Action] {
        guard !state.actions.isEmpty else { return [] }
        defer { state.actions = [] }
        return state.actions
    }

    // MARK: - Time

    /// Moves the clock to `time`: animations that have finished are dropped, a
    /// deceleration that has stopped leaves the list at rest.
    public func advance(toMicroseconds time: Int64) {
        setClock(time)
        advanceInteractions(to: state.currentTimeMicroseconds)
    }

    /// Event times are clamped to ±2⁶¹ µs (73 000 years) so that adding durations and
    /// subtracting times can never overflow.
    static let timeLimitMicroseconds: Int64 = 1 << 61

    private func setClock(_ time: Int64) {
        let time = min(max(time, -Self.timeLimitMicroseconds), Self.timeLimitMicroseconds)
        if !state.hasTime || time > state.currentTimeMicroseconds {
            state.currentTimeMicroseconds = time
            state.hasTime = true
        }
    }

    /// A finger touched the screen: a decelerating list stops where it is, as a
    /// UIScrollView does (a list settling back after a pull goes on settling).
    /// ClearSession calls this on every touch down.
    public func interruptScrolling(atMicroseconds time: Int64) {
        advance(toMicroseconds: time)
        scrolling.stopDeceleration(in: self)
    }

    // MARK: - Gestures

    /// Applies one gesture report at its event time.
    public func handle(_ gesture: GestureEvent) {
        handle(gesture, justAdvanced: false)
    }

    /// `justAdvanced`: the caller advanced the controller to its current time and nothing
    /// has changed it since (`ClearSession`'s first report of a frame). An advance of the
    /// interactions to the time they were just advanced to finds nothing more to drop, so
    /// it is skipped for a report no later than the clock (`ClearSessionAdvanceTests` holds
    /// the session to one that advances before every report).
    func handle(_ gesture: GestureEvent, justAdvanced: Bool) {
        if !justAdvanced || gesture.timeMicroseconds > state.currentTimeMicroseconds {
            advance(toMicroseconds: gesture.timeMicroseconds)
        }
        switch gesture.state {
        case .began: begin(gesture)
        case .changed: change(gesture)
        case .ended: end(gesture)
        case .cancelled: cancel(gesture)
        }
    }

    private func begin(_ gesture: GestureEvent) {
        // A gesture already known: its began again is a change.
        if state.ignored.contains(gesture.id) || offer(.change, gesture) { return }
        // Editing is modal: only a tap (which ends it) acts while a row is edited.
        if editing.isEditing || !offer(.begin, gesture) {
            state.ignored.append(gesture.id)
        }
    }

    private func change(_ gesture: GestureEvent) {
        _ = offer(.change, gesture)
    }

    private func end(_ gesture: GestureEvent) {
        if case .tap(let location) = gesture.values {
            forgetIgnored(gesture.id)
            if navigation.tap(at: location, time: state.currentTimeMicroseconds, in: self) {
                return
            }
            editing.tap(at: location, time: state.currentTimeMicroseconds, in: self)
            return
        }
        change(gesture)
        if !offer(.end, gesture) { forgetIgnored(gesture.id) }
    }

    /// A cancelled gesture commits nothing; what it moved goes back to rest.
    private func cancel(_ gesture: GestureEvent) {
        change(gesture)
        if !offer(.cancel, gesture) { forgetIgnored(gesture.id) }
    }

    private func forgetIgnored(_ id: GestureID) {
        if let index = state.ignored.firstIndex(of: id) { state.ignored.remove(at: index) }
    }

    // MARK: - Shared by the interactions

    /// The model index of the row under `point` on screen now.
    func hitTest(_ point: Point) -> Int? {
        layout.modelIndex(
            at: point, itemCount: state.list.count, scrollOffsetPixels: scrollOffsetPixels)
    }

    /// `offset` clamped to the list's scroll range.
    func clampedOffset(_ offset: Double) -> Double {
        layout.clampedScrollOffset(offset, itemCount: state.list.count)
    }

    /// True when `offset` is at the list's end (scrolled fully, or a list shorter than
    /// the screen): a vertical drag starting there is a pull up.
    func isAtListEnd(_ offset: Double) -> Bool {
        offset >= layout.maximumScrollOffsetPixels(itemCount: state.list.count)
    }

    /// Tells the decision observer, if any, of one decision (pixels against pixels).
    func decided(_ rule: String, value: Double, threshold: Double) {
        decisionObserver?.decided(
            ThresholdDecision(
                rule: rule, timeMicroseconds: state.currentTimeMicroseconds, value: value,
                threshold: threshold, unit: "px"))
    }

    func record(_ kind: ActionKind, index: Int, time: Int64) {
        record(Action(timeMicroseconds: time, kind: kind, index: index))
    }

    func record(_ action: Action) {
        var action = action
        if navigation.level == .lists && action.kind.changesRows { action.on = .lists }
        if keepsHistory { state.actions.append(action) }
        onAction?(action)
    }

    func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
}

/// Row `index`'s heat-map colour among `count` rows: RGB(1, 0.6·i/(n−1), 0), pure red
/// for a single row (docs/clear-rules.md §2: n = 1 would divide 0 by 0). The `heat`
/// theme's row colour (`Theme.rowColor`).
public func heatColor(index: Int, count: Int) -> RGBColor {
    Theme.heat.rowColor(index: index, count: count)
}
