import GestureRecognition
import TouchInput

/// The levels of real Clear (docs/clear-core.md, Levels): which level is shown, the lists
/// behind it, the ways between levels and the transitions.
///
/// States: `items` ⇄ `lists` ⇄ `menu` ⇄ `themes` | `settings`, each change one named
/// transition (`go(to:)`), allowed by `allowed` (`--levels`). The rows of every level are
/// the controller's `list`, so the other interactions work on list rows as on items:
/// - items → lists (`close-list`): a pinch together by more than 2H, a pull past 4H;
/// - lists → items (`open-list`): a tap on a list row;
/// - lists → menu (`open-menu`): a pull past 4H;
/// - menu → lists (`close-menu`): a tap on `My Lists`, a pinch together, a pull past 4H;
/// - menu → page (`open-page`): a tap on `Themes` or `Settings`;
/// - page → menu (`close-page`): a tap on no row, a pinch together, a pull past 4H.
///
/// A transition lasts `levelTransitionMicroseconds`; a gesture that begins while it runs
/// (and a tap ending then) is ignored, so every touch acts at one level. At the menu and its
/// pages only taps, pulls and pinches together act; the other gestures are ignored.
final class NavigationInteraction: Interaction {
    // The pinch together's 2H and the pull's 4H are `ClearRules` thresholds
    // (`pinchTogetherRowHeights`, `pullUpLevelRowHeights`).
    /// How long a level transition lasts (product decision: at most 0.4 s).
    static let levelTransitionMicroseconds: Int64 = 350_000
    /// How far folded rows close at most: a fold shrinks rows to half their height.
    static let foldedRowScale = 0.5

    struct PinchTogether: Hashable {
        var startDistancePixels: Double
        var shrinkPixels: Double = 0
        var centreYPixels: Double
    }

    struct Transition: Hashable {
        var from: Level
        var to: Level
        /// The row the inner level grows out of, or folds back into.
        var anchorIndex: Int
        var progress: Tween
        /// The items of the closed list, drawn folding into their row (close-list).
        var foldingItems: [TodoItem] = []
    }

    /// What changes as gestures come and time passes.
    struct State {
        /// The level shown now (read for every row: a list row's count).
        var level: Level = .items
        /// The levels this controller may reach (`--levels`).
        var allowed: AllowedLevels = .all
        /// The lists as they were when the level last changed (the open list's items are the
        /// controller's `list` at the items level, and the list rows at the lists level).
        var storedLists = TodoLists() {
            didSet { openItemCounts = NavigationInteraction.openItemCounts(of: storedLists) }
        }
        /// Each stored list's count of open items, by id: a list row reads its count here on
        /// every frame, in constant time however many lists there are (rebuilt only when the
        /// stored lists change, at a level's change or a tap).
        var openItemCounts: [ListID: Int] = [:]
        /// The Themes page's rows.
        var themeNames = MenuRows.defaultThemeNames
        /// The level transition running, if any.
        var transition: Transition? {
            didSet { hasTransition = transition != nil }
        }
        /// `transition != nil`, kept apart: testing the optional copies the whole transition,
        /// and every advance asks.
        var hasTransition = false
        /// Gestures taken to do nothing (during a transition; other than taps, pulls and
        /// pinches at the menu and its pages).
        var swallowed = GestureTracks<Bool>()
        /// Pinches together in progress.
        var pinches = GestureTracks<PinchTogether>()
        /// Folds released short springing back.
        var foldReturns: [(tween: Tween, centreYPixels: Double)] = []
    }

    // Read on every report and frame (`offer`, `advance`): unchecked in release builds, as
    // the other interactions' state (cleartouch-bench continuous 3,119 M -> 3,048 M
    // instructions).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// The level shown now.
    var level: Level { state.level }
    /// The levels this controller may reach.
    var allowed: AllowedLevels { state.allowed }
    /// The lists as they were when the level last changed (`State.storedLists`).
    var storedLists: TodoLists {
        _read { yield state.storedLists }
        _modify { yield &state.storedLists }
    }

    /// Starts at `level` over `lists` (the controller's list is set by the caller).
    func start(lists: TodoLists, level: Level, allowed: AllowedLevels, themeNames: [String]) {
        state.storedLists = lists
        self.state.level = level
        self.state.allowed = allowed
        self.state.themeNames = themeNames.isEmpty ? MenuRows.defaultThemeNames : themeNames
    }

    // MARK: - What the levels allow

    /// True at the items and lists levels: the row gestures (pan, pinch apart, pull to add,
    /// hold, pull up) change the rows.
    var rowsAreEditable: Bool { state.level == .items || state.level == .lists }

    /// The level a pull past 4H goes to, nil when that is not allowed here.
    private var pullTarget: Level? {
        guard let up = state.level.above, state.allowed.allows(up) else { return nil }
        return up
    }

    /// The level a pinch together goes to (none at the lists level).
    private var pinchTarget: Level? { state.level == .lists ? nil : pullTarget }

    /// True when a pull past `pullUpLevelRowHeights` would go up a level here.
    var pullCanGoUp: Bool { pullTarget != nil }

    /// True when a pull released at `distance` goes up a level.
    func pullGoesUp(
        distancePixels distance: Double, rowHeightPixels height: Double, rules: ClearRules
    ) -> Bool {
        distance > rules.pullUpLevelRowHeights * height && pullTarget != nil
    }

    /// The cue of a pull at `distance` when the levels decide it (nil: the pull's own).
    func pullLabel(
        distancePixels distance: Double, rowHeightPixels height: Double, rules: ClearRules
    ) -> PlaceholderLabel? {
        if pullGoesUp(distancePixels: distance, rowHeightPixels: height, rules: rules) {
            switch state.level {
            case .items: return .releaseToCloseList
            case .lists: return .releaseForMenu
            case .menu: return .releaseForLists
            case .themes, .settings: return .releaseForMenu
            }
        }
        if !rowsAreEditable { return .pullToGoBack }
        if state.level == .lists {
            return distance > rules.pullAddRowHeights * height
                ? .releaseToAddList
                : .pullToAddList
        }
        return nil
    }

    // MARK: - Gestures

    func holds(_ id: GestureID) -> Bool {
        state.swallowed.index(of: id) != nil || state.pinches.index(of: id) != nil
    }

    func begin(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        if isTransitioning(at: controller.currentTimeMicroseconds) {
            state.swallowed.insert(true, for: gesture.id)
            return true
        }
        switch gesture.values {
        case .pull:
            return false
        case .pinch(let values):
            if rowsAreEditable, let first = controller.hitTest(values.upperStartPixels),
                let second = controller.hitTest(values.lowerStartPixels), abs(first - second) == 1
            {
                return false  // a pinch apart on adjacent rows: PinchInteraction's
            }
            state.pinches.insert(
                PinchTogether(
                    startDistancePixels: controller.finite(
                        abs(values.lowerStartPixels.y - values.upperStartPixels.y)),
                    centreYPixels: controller.finite(
                        (values.lowerStartPixels.y + values.upperStartPixels.y) / 2)),
                for: gesture.id)
            follow(gesture, in: controller)
            return true
        default:
            guard !rowsAreEditable else { return false }
            state.swallowed.insert(true, for: gesture.id)
            return true
        }
    }

    func change(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        if state.swallowed.index(of: gesture.id) != nil { return true }
        guard state.pinches.index(of: gesture.id) != nil else { return false }
        follow(gesture, in: controller)
        return true
    }

    func end(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        if state.swallowed.remove(gesture.id) != nil { return true }
        guard let pinch = state.pinches.remove(gesture.id) else { return false }
        let time = controller.currentTimeMicroseconds
        let height = controller.layout.rowHeightPixels
        let closeAt = controller.rules.pinchTogetherRowHeights * height
        if pinchTarget != nil {
            controller.decided("pinch-together", value: pinch.shrinkPixels, threshold: closeAt)
        }
        if pinch.shrinkPixels > closeAt, let target = pinchTarget {
            go(to: target, anchorIndex: 0, time: time, in: controller)
        } else {
            springBack(pinch, time: time)
        }
        return true
    }

    func cancel(_ gesture: GestureEvent, in controller: ClearController) -> Bool {
        if state.swallowed.remove(gesture.id) != nil { return true }
        guard let pinch = state.pinches.remove(gesture.id) else { return false }
        springBack(pinch, time: controller.currentTimeMicroseconds)
        return true
    }

    private func follow(_ gesture: GestureEvent, in controller: ClearController) {
        guard case .pinch(let values) = gesture.values,
            let slot = state.pinches.index(of: gesture.id)
        else { return }
        let distance = controller.finite(abs(values.lowerPixels.y - values.upperPixels.y))
        state.pinches[slot].shrinkPixels = max(
            0, state.pinches[slot].startDistancePixels - distance)
    }

    private func springBack(_ pinch: PinchTogether, time: Int64) {
        guard pinch.shrinkPixels > 0, pinchTarget != nil else { return }
        state.foldReturns.append(
            (
                Tween(
                    startMicroseconds: time,
                    durationMicroseconds: ClearTimings.pinchReturnMicroseconds,
                    from: pinch.shrinkPixels, to: 0), pinch.centreYPixels
            ))
    }

    /// A tap's `ended`: true when the levels handled it (the editing interaction gets the
    /// others: at the items level, and any tap while a list title is edited).
    func tap(at location: Point, time: Int64, in controller: ClearController) -> Bool {
        if isTransitioning(at: time) { return true }
        let row = controller.hitTest(location)
        switch state.level {
        case .items:
            return false
        case .lists:
            if controller.editing.isEditing { return false }
            if let row { go(to: .items, anchorIndex: row, time: time, in: controller) }
        case .menu:
            guard let row else { return true }
            if let page = MenuRows.pageRows[row] {
                go(to: page, anchorIndex: row, time: time, in: controller)
            } else {
                go(to: .lists, anchorIndex: row, time: time, in: controller)
            }
        case .themes:
            guard let row else {
                go(to: .menu, anchorIndex: 1, time: time, in: controller)
                return true
            }
            // Applied live (the cross-fade), saved with the lists (`ClearController.lists`).
            let name = state.themeNames[row]
            guard controller.applyTheme(named: name, at: time) else { return true }
            controller.record(
                Action(
                    timeMicroseconds: time, kind: .theme, index: 0, detail: .themeName(name)))
        case .settings:
            guard row != nil else {
                go(to: .menu, anchorIndex: 2, time: time, in: controller)
                return true
            }
            state.storedLists.soundOn.toggle()
            controller.record(
                Action(
                    timeMicroseconds: time, kind: .sound, index: 0,
                    detail: .soundOn(state.storedLists.soundOn)))
        }
        return true
    }

    // MARK: - Transitions

    /// Changes the level to `target` (allowed, one step away), with its action and its
    /// transition; `anchorIndex` is the row tapped (the list opened, the page's menu row).
    func go(to target: Level, anchorIndex: Int, time: Int64, in controller: ClearController) {
        guard state.allowed.allows(target) else { return }
        let from = state.level
        var anchor = anchorIndex
        var folding: [TodoItem] = []
        let action: Action
        switch (from, target) {
        case (.items, .lists):
            anchor = state.storedLists.openIndex ?? 0
            folding = controller.list.items
            state.storedLists.replaceOpenItems(controller.list)
            controller.list = listRows()
            action = Action(timeMicroseconds: time, kind: .closeList, index: anchor)
        case (.lists, .items):
            state.storedLists = reconciled(rows: controller.list)
            guard state.storedLists.lists.indices.contains(anchor) else { return }
            state.storedLists.open(at: anchor)
            controller.list = state.storedLists[anchor].list
            action = Action(timeMicroseconds: time, kind: .openList, index: anchor)
        case (.lists, .menu):
            state.storedLists = reconciled(rows: controller.list)
            anchor = 0
            controller.list = Self.rows(MenuRows.menu)
            action = Action(timeMicroseconds: time, kind: .openMenu, index: 0)
        case (.menu, .lists):
            anchor = 0
            controller.list = listRows()
            action = Action(timeMicroseconds: time, kind: .closeMenu, index: 0)
        case (.menu, .themes), (.menu, .settings):
            controller.list = Self.rows(target == .themes ? state.themeNames : MenuRows.settings)
            action = Action(
                timeMicroseconds: time, kind: .openPage, index: 0,
                detail: .page(target.rawValue))
        case (.themes, .menu), (.settings, .menu):
            anchor = from == .themes ? 1 : 2
            controller.list = Self.rows(MenuRows.menu)
            action = Action(timeMicroseconds: time, kind: .closePage, index: 0)
        default:
            return
        }
        state.level = target
        controller.scrolling.motion = .still(0)
        controller.record(action)
        state.transition = Transition(
            from: from, to: target, anchorIndex: anchor,
            progress: Tween(
                startMicroseconds: time, durationMicroseconds: Self.levelTransitionMicroseconds,
                from: 0, to: 1),
            foldingItems: folding)
    }

    /// Goes up a level from a pull released past 4H.
    func goUp(time: Int64, in controller: ClearController) {
        if let target = pullTarget { go(to: target, anchorIndex: 0, time: time, in: controller) }
    }

    /// The list rows of the stored lists: one per list, its id the list's.
    func listRows() -> TodoList {
        TodoList(
            items: state.storedLists.lists.map {
                TodoItem(
                    id: ItemID(rawValue: $0.id.rawValue), text: $0.title, completed: $0.completed)
            })
    }

    private static func rows(_ titles: [String]) -> TodoList {
        TodoList(
            items: titles.enumerated().map {
                TodoItem(id: ItemID(rawValue: UInt64($0.offset + 1)), text: $0.element)
            })
    }

    /// The stored lists with the list rows' order, titles and completed flags: a row
    /// whose id is new is a new, empty list; a list without a row was deleted.
    func reconciled(rows: TodoList) -> TodoLists {
        var byID: [ListID: TitledList] = [:]
        for list in state.storedLists.lists { byID[list.id] = list }
        let lists = rows.items.map { row -> TitledList in
            let id = ListID(rawValue: row.id.rawValue)
            var list = byID[id] ?? TitledList(id: id, title: "", list: TodoList(items: []))
            list.title = row.text
            list.completed = row.completed
            return list
        }
        let openID = state.storedLists.openList?.id
        return TodoLists(
            lists: lists, openIndex: openID.flatMap { id in lists.firstIndex { $0.id == id } },
            themeName: state.storedLists.themeName, soundOn: state.storedLists.soundOn)
    }

    private func isTransitioning(at time: Int64) -> Bool {
        state.transition?.progress.isRunning(at: time) ?? false
    }

    // MARK: - Time

    // The check inline (`visitInteractions` is), the work apart: most calls (one per
    // frame) find nothing to drop.
    @inline(__always)
    func advance(to now: Int64, in controller: ClearController) {
        if state.hasTransition || !state.foldReturns.isEmpty { dropFinished(at: now) }
    }

    private func dropFinished(at now: Int64) {
        if let transition = state.transition, !transition.progress.isRunning(at: now) {
            self.state.transition = nil
        }
        if state.foldReturns.contains(where: { !$0.tween.isRunning(at: now) }) {
            state.foldReturns.removeAll { !$0.tween.isRunning(at: now) }
        }
    }

    func isRunning(at time: Int64) -> Bool {
        isTransitioning(at: time) || state.foldReturns.contains { $0.tween.isRunning(at: time) }
    }

    // MARK: - Presentation

    private static func openItemCounts(of lists: TodoLists) -> [ListID: Int] {
        var counts: [ListID: Int] = [:]
        counts.reserveCapacity(lists.lists.count)
        for list in lists.lists { counts[list.id] = list.openItemCount }
        return counts
    }

    /// A list row carries its count of open items; a Themes page row its own theme; the
    /// Settings page's `Sound` row whether sound is on.
    func styleRow(
        _ row: inout RowPresentation, _ context: RowContext, in controller: ClearController
    ) {
        switch state.level {
        case .lists:
            let id = ListID(rawValue: row.itemID.rawValue)
            row.openItemCount = state.openItemCounts[id] ?? 0
        case .themes:
            guard state.themeNames.indices.contains(row.modelIndex),
                let theme = Theme.named(state.themeNames[row.modelIndex])
            else { return }
            row.ownTextColor = theme.text
            row.backgroundColor = theme.top
        case .settings:
            row.settingOn = state.storedLists.soundOn
        case .items, .menu:
            return
        }
    }

    /// While a pinch together could close the level: whether releasing it now would (the
    /// fingers' distance shrank by more than 2H); nil with no such pinch.
    func pinchTogetherCloses(in controller: ClearController) -> Bool? {
        // The pinch first: the cue asks after every event, mostly with none.
        guard let latest = state.pinches.latest, pinchTarget != nil else { return nil }
        return latest.track.shrinkPixels
            > controller.rules.pinchTogetherRowHeights * controller.layout.rowHeightPixels
    }

    /// The level; rows folding under a pinch together; the transition's rows.
    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController
    ) {
        presentation.level = state.level
        let height = controller.layout.rowHeightPixels
        presentation.pinchTogetherCloses = pinchTogetherCloses(in: controller)
        let screenHeight = controller.layout.heightPixels
        // The fold: rows close about the pinch's centre as the fingers close.
        var folds = state.pinches.entries.map { ($0.track.shrinkPixels, $0.track.centreYPixels) }
        if pinchTarget == nil { folds = [] }
        folds += state.foldReturns.map { ($0.tween.value(at: context.time), $0.centreYPixels) }
        for (shrink, centre) in folds where shrink > 0 {
            let closed = min(1, shrink / (controller.rules.pinchTogetherRowHeights * height))
            let scale = 1 - (1 - Self.foldedRowScale) * closed
            for index in presentation.rows.indices {
                presentation.rows[index].framePixels.y =
                    centre + (presentation.rows[index].framePixels.y - centre) * scale
                presentation.rows[index].framePixels.height *= scale
            }
        }
        guard let transition = state.transition, transition.progress.isRunning(at: context.time)
        else { return }
        let progress = transition.progress.value(at: context.time)
        let anchor = RectPixels(
            x: 0, y: Double(transition.anchorIndex) * height,
            width: controller.layout.widthPixels, height: height)
        func squeeze(_ frame: RectPixels, open: Double) -> RectPixels {
            var frame = frame
            let ratio = anchor.height / max(1, screenHeight)
            frame.y = anchor.y + frame.y * ratio + (frame.y - anchor.y - frame.y * ratio) * open
            frame.height = frame.height * ratio + frame.height * (1 - ratio) * open
            return frame
        }
        switch (transition.from, transition.to) {
        case (.lists, .items), (.lists, .menu), (.menu, .themes), (.menu, .settings):
            // The inner level grows out of its row.
            for index in presentation.rows.indices {
                presentation.rows[index].framePixels = squeeze(
                    presentation.rows[index].framePixels, open: progress)
            }
        case (.items, .lists):
            // The list folds back into its row, drawn above the lists.
            let items = transition.foldingItems
            for (index, item) in items.enumerated() {
                let frame = controller.layout.rowFrame(index: index, scrollOffsetPixels: 0)
                guard frame.minY < screenHeight else { break }
                presentation.rows.append(
                    RowPresentation(
                        modelIndex: index, itemID: item.id, text: item.text,
                        framePixels: squeeze(frame, open: 1 - progress), alpha: 1,
                        backgroundColor: item.completed
                            ? context.theme.completed
                            : context.theme.rowColor(index: index, count: items.count),
                        completed: item.completed, strikethrough: item.completed,
                        isEditing: false, isLeaving: true))
            }
        default:
            // Back out of the menu or a page: the outer level fades in.
            for index in presentation.rows.indices { presentation.rows[index].alpha *= progress }
        }
    }
}
