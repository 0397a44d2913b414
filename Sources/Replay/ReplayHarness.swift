import ClearCore
import ClearSound
import GestureRecognition
import Recordings
import ToolSupport
import TouchInput

/// A replay that could not run: unreadable recording or list file, a picture that
/// cannot be written. Prints as `FILE:LINE: what is wrong`; the shared `Diagnostic`.
public typealias ReplayError = Diagnostic

/// Drives the Clear core from a recording on a virtual clock.
///
/// Every event is fed in order; before each one the session is advanced to the event's
/// time (timers, animations, deceleration), so no wall clock is involved and the same
/// recording gives the same result every time, at any pacing. After the last event the
/// clock runs on until every animation and deceleration has settled.
public struct ReplayHarness {
    /// Called before each event with its time from the first event, and the share of
    /// the input consumed when known. Pacing and progress bars hook in here.
    public typealias EventHook = (_ relativeMicroseconds: Int64, _ progress: Double?) -> Void

    /// Virtual frame step used to let animations settle after the last event (60 Hz).
    static let settleStepMicroseconds: Int64 = 16_667
    /// The longest the clock runs after the last event (a guard, not a timeout).
    static let settleLimitMicroseconds: Int64 = 30_000_000

    public var source: ReplaySource
    /// Keep every contact's path and the initial presentation (for pictures).
    public var keepTouchPaths = false
    /// Keep the list after each action (for the readable timeline).
    public var keepListsAfterActions = true
    /// Called with every gesture report as the session makes it, with its time from the
    /// first event (the `cleartouch view` page follows each gesture with it).
    public var onGesture: ((_ report: GestureEvent, _ relativeMicroseconds: Int64) -> Void)?
    /// Opens the input; nil reads the file with `Recording.open` (`RecordingInput`).
    public var openInput: ((ReplaySource) throws(ReplayError) -> ReplayInput)?
    /// `--sound`: false starts the session with the sound setting off (silent until the
    /// Settings page turns it on).
    public var soundOn = true
    /// Look at the presentation after every event for the ticks of pulls and pinches
    /// crossing a threshold (`--json`, `--audio`); off, the result's sounds are the
    /// actions' only (a presentation per event costs time).
    public var watchesThresholdTicks = false
    /// Keep every decision of the recognizers and the rules against a threshold in the
    /// result (`decisions`; `cleartouch test --margins`). Off, nobody listens.
    public var observesDecisions = false

    public init(
        source: ReplaySource, keepTouchPaths: Bool = false, keepListsAfterActions: Bool = true
    ) {
        self.source = source
        self.keepTouchPaths = keepTouchPaths
        self.keepListsAfterActions = keepListsAfterActions
    }

    /// The on-screen keyboard of the replay: the source's mode and layout where given,
    /// else the recording's (`keyboard` header line); off when neither says.
    func keyboardSettings(recorded: RecordedKeyboard?) throws(ReplayError)
        -> OnScreenKeyboardSettings?
    {
        let mode =
            source.keyboardMode ?? recorded.flatMap { OnScreenKeyboardMode(rawValue: $0.mode) }
            ?? .off
        guard mode != .off else { return nil }
        if let layout = source.keyboardLayout {
            return OnScreenKeyboardSettings(mode: mode, layout: layout)
        }
        let name = recorded?.layout ?? KeyboardLayout.defaultName
        guard let layout = KeyboardLayout.embedded(named: name) else {
            throw ReplayError(
                path: source.path, line: 1,
                message:
                    "the `keyboard` header line names the layout '\(QuotedInput.cut(name))', which is unknown (known: "
                    + KeyboardLayout.embeddedNames.joined(separator: ", ") + ")")
        }
        return OnScreenKeyboardSettings(mode: mode, layout: layout)
    }

    /// Replays the whole recording.
    ///
    /// - Parameters:
    ///   - hook: called before each event (pacing, progress).
    ///   - sampler: given the presentation at the moments it asks for (pictures); each
    ///     moment is drawn after every event before it and before any event at or after it.
    public func run(hook: EventHook? = nil, sampler: PresentationSampler? = nil) throws(ReplayError)
        -> ReplayResult
    {
        let recording: ReplayInput
        if let openInput {
            recording = try openInput(source)
        } else {
            recording = try RecordingInput(source)
        }
        let startLists = try startingLists(header: recording.header)
        let screen = source.screen ?? recording.header.screen ?? .defaultKiosk
        // A recorded row height belongs to the recorded screen: another screen gets its own
        // default unless a row height is given too.
        let recordedRowHeight = source.screen == nil ? recording.header.rowHeightPixels : nil
        let layout = ClearLayout(
            screen: screen, rowHeightPixels: source.rowHeightPixels ?? recordedRowHeight)
        let rowHeight = layout.rowHeightPixels
        let session = ClearSession(
            lists: startLists, layout: layout, allowedLevels: source.levels ?? .all,
            gestureConfiguration: source.thresholds.gesture,
            keyboard: try keyboardSettings(recorded: recording.header.keyboard),
            touchpadAxisDecisionSlopUnits: source.thresholds.touchpadAxisDecisionSlopUnits)
        session.controller.rules = source.thresholds.rules
        let decisions = observesDecisions ? DecisionLog() : nil
        session.decisionObserver = decisions
        session.controller.setTheme(source.theme)
        session.idleSleep = IdleSleep(idleSeconds: source.idleSeconds ?? 0)
        // `--sound off` switches the sound setting off from the start.
        if !soundOn { session.controller.setSoundOn(false) }
        let items = session.controller.items
        let collector = Collector(
            keepTouchPaths: keepTouchPaths, keepListsAfterActions: keepListsAfterActions)
        // Gesture reports are taken as they come, so memory does not grow with the session.
        session.keepsGestureHistory = false
        let onGesture = self.onGesture
        // The collector reads no velocity, the controller only final ones.
        if onGesture == nil {
            session.dragVelocityReports = .finalReportsOnly
            // The collector keeps each gesture's first and last reports only.
            session.onGestureHearsChanges = false
        }
        session.onGesture = { report in
            collector.record(report)
            onGesture?(report, report.timeMicroseconds - collector.origin)
        }
        var result = ReplayResult(
            initialItems: items.map(ExpectedItem.init), screen: screen, rowHeightPixels: rowHeight)
        let started = session.controller.lists
        if started.count != 1 || started[0].title != TodoLists.defaultTitle
            || started.openIndex != 0 || started[0].completed
        {
            result.initialLists = started.lists.map(ExpectedList.init)
            result.initialOpenList = started.openIndex
        }

        var firstTime: Int64?
        var lastTime: Int64 = 0
        // The Settings page may turn the sound on later, so ticks are watched from the start.
        let soundOnAtStart = session.controller.soundOn
        var ticks = watchesThresholdTicks ? ThresholdTickCollector() : nil
        // Read in batches (a reader thread may decode the next one meanwhile: docs/replay.md,
        // "Reading ahead"); each frame is built from its batch in one contacts buffer, which
        // the frame before has let go of by then.
        var batch = RecordingBatch()
        var contactsBuffer: [TouchContact] = []
        repeat {
            recording.nextBatch(&batch)
            for index in 0..<batch.events.count {
                let time = batch.events.timeMicroseconds(at: index)
                if firstTime == nil {
                    firstTime = time
                    lastTime = time
                    collector.origin = time
                    // The devices present at the start, also when the file has no `added` event for
                    // them (adding a device twice just replaces its description).
                    for device in recording.header.devices {
                        session.handle(.deviceAdded(device, timeMicroseconds: time))
                    }
                    if keepTouchPaths {
                        result.initialPresentation = session.controller.presentation(
                            atMicroseconds: time)
                    }
                }
                // Relative times and pacing follow the latest time (a file whose times run backwards).
                lastTime = max(lastTime, time)
                hook?(lastTime - firstTime!, batch.progress)
                if let sampler {
                    try Self.sample(sampler, session, origin: firstTime!, before: lastTime)
                }
                // The session first lets time pass to the event (timers, animations). A touch
                // frame is built and handed on without an `InputEvent` around it (the event was
                // copied and destroyed through its value witnesses at every frame).
                if batch.events.isTouchFrame(at: index) {
                    let frame = batch.events.touchFrame(at: index, contactsBuffer: &contactsBuffer)
                    session.handle(frame)
                    collector.observe(frame)
                } else {
                    let event = batch.events.event(at: index, contactsBuffer: &contactsBuffer)
                    session.handle(event)
                    collector.observe(event)
                }
                collector.collect(session)
                ticks?.observe(session, atMicroseconds: time, origin: firstTime!)
                result.eventCount += 1
            }
            // An unreadable line fails the replay after the events before it, as one
            // read at a time did.
            if let failure = batch.failure { throw failure }
        } while !batch.isLast
        if let firstTime {
            // A contact still down at the end of the file: the touch is withdrawn,
            // as when a device goes away, so nothing half-done commits.
            for (device, slots) in collector.liveContacts() where !slots.isEmpty {
                session.handle(
                    .touchFrame(
                        TouchFrame(device: device, timeMicroseconds: lastTime, contacts: slots)))
                collector.collect(session)
            }
            // The clock runs on through the animations. Moments due before each step are
            // drawn first: a step drops the animations that have finished by then, and
            // what is on screen before it still shows them.
            var time = lastTime
            while time - lastTime < Self.settleLimitMicroseconds
                && session.controller.presentation(atMicroseconds: time).isAnimating
            {
                if let sampler {
                    try Self.sample(
                        sampler, session, origin: firstTime,
                        before: time + Self.settleStepMicroseconds)
                }
                time += Self.settleStepMicroseconds
                session.advance(toMicroseconds: time)
                collector.collect(session)
            }
            result.durationMicroseconds = lastTime - firstTime
            if let sampler {
                try Self.sample(sampler, session, origin: firstTime, before: time + 1)
                try sampler.finish(
                    session.controller.presentation(atMicroseconds: time),
                    atMicroseconds: time - firstTime)
            }
        }
        collector.finish()
        result.gestures = collector.gestures
        result.actions = collector.actions
        result.touchPaths = collector.paths
        result.items = session.controller.items.map(ExpectedItem.init)
        result.editing = session.controller.editingIndex
        let lists = session.controller.lists
        result.level = session.controller.level
        result.openList = lists.openIndex
        result.lists = lists.lists.map(ExpectedList.init)
        result.themeName = session.controller.theme.name
        result.warnings = recording.warnings
        result.soundOn = session.controller.soundOn
        result.decisions = decisions?.decisions ?? []
        result.sounds = SoundCue.heard(
            SoundCue.merged(actions: result.actions, ticks: ticks), actions: result.actions,
            soundOnAtStart: soundOnAtStart)
        return result
    }

    /// Gives the sampler every moment it wants before `time` (absolute).
    private static func sample(
        _ sampler: PresentationSampler, _ session: ClearSession, origin: Int64, before time: Int64
    ) throws(ReplayError) {
        // `time - origin` cannot overflow (both are recording times); `origin + moment` could.
        try sampler.check(before: time - origin)
        while let moment = sampler.nextSampleMicroseconds, moment < time - origin {
            try sampler.take(
                session.controller.presentation(atMicroseconds: origin + moment),
                atMicroseconds: moment)
        }
    }

    /// The lists the replay starts with: `--list` (a version-1 file is one list), the
    /// expectation's lists or list, the recording's, else one list `To Do` with the
    /// tutorial's items.
    private func startingLists(header: RecordingHeader) throws(ReplayError) -> TodoLists {
        if let listPath = source.listPath { return try Self.readLists(listPath) }
        if let startLists = source.startLists { return startLists }
        return TodoLists(items: try startingItems(header: header))
    }

    private func startingItems(header: RecordingHeader) throws(ReplayError) -> [TodoItem] {
        var list: [ExpectedItem]?
        if let listItems = source.listItems {
            list = listItems
        } else if let initial = header.initialItems {
            list = initial.map { ExpectedItem(text: $0.text, completed: $0.completed) }
        }
        guard let list else { return TodoList.swiftTutorialSamples }
        return list.enumerated().map {
            TodoItem(
                id: ItemID(rawValue: UInt64($0.offset + 1)), text: $0.element.text,
                completed: $0.element.completed)
        }
    }

    static func readList(_ path: String) throws(ReplayError) -> [ExpectedItem] {
        try ListFile.parse(
            try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes), path: path)
    }

    static func readLists(_ path: String) throws(ReplayError) -> TodoLists {
        try ListFile.parseLists(
            try TextFile.read(path, limitBytes: TextFile.maximumListOrExpectationBytes), path: path)
    }
}

/// Gathers gestures, actions and paths as the session produces them.
final class Collector {
    let keepTouchPaths: Bool
    let keepListsAfterActions: Bool
    /// What collecting changes on every event.
    private struct State {
        /// The first event's time: the result's times count from it.
        var origin: Int64 = 0
        var gestures: [ReplayedGesture] = []
        var actions: [ReplayedAction] = []
        var paths: [TouchPath] = []
        /// Each open gesture's `began` report.
        var openGestures: [GestureID: GestureEvent] = [:]
        /// (device, seat slot) → index in paths.
        var openPaths: [ContactKey: Int] = [:]
        /// Contacts down now: usually a few, so a list searched in place costs less per
        /// frame than a dictionary; `liveIndex` finds one among many (a frame of 100,000).
        var live: [(device: DeviceID, contact: TouchContact)] = []
        var liveIndex: [ContactKey: Int] = [:]
    }

    // One replay's own state, on one thread: no run-time exclusivity check in release
    // builds; with it, `cleartouch-bench continuous` went from 814 to 875 ns/event (best
    // of 8, release, 2 busy cores).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    // The state's fields by their own names (`State`), in place.
    var origin: Int64 {
        get { state.origin }
        set { state.origin = newValue }
    }
    var gestures: [ReplayedGesture] {
        _read { yield state.gestures }
        _modify { yield &state.gestures }
    }
    var actions: [ReplayedAction] {
        _read { yield state.actions }
        _modify { yield &state.actions }
    }
    var paths: [TouchPath] {
        _read { yield state.paths }
        _modify { yield &state.paths }
    }
    private var openGestures: [GestureID: GestureEvent] {
        _read { yield state.openGestures }
        _modify { yield &state.openGestures }
    }
    private var openPaths: [ContactKey: Int] {
        _read { yield state.openPaths }
        _modify { yield &state.openPaths }
    }
    private var live: [(device: DeviceID, contact: TouchContact)] {
        _read { yield state.live }
        _modify { yield &state.live }
    }
    private var liveIndex: [ContactKey: Int] {
        _read { yield state.liveIndex }
        _modify { yield &state.liveIndex }
    }

    /// A contact on its device.
    struct ContactKey: Hashable {
        var device: DeviceID
        var seatSlot: Int
    }

    /// Up to this many contacts down, `live` is searched in place.
    static let contactsSearchedInPlace = 16

    init(keepTouchPaths: Bool, keepListsAfterActions: Bool) {
        self.keepTouchPaths = keepTouchPaths
        self.keepListsAfterActions = keepListsAfterActions
    }

    /// Takes the actions the controller recorded since the last call.
    @inline(__always)
    func collect(_ session: ClearSession) {
        // Most events make no action: no call, and no empty array taken.
        guard session.controller.hasActionsToTake else { return }
        takeActions(session)
    }

    private func takeActions(_ session: ClearSession) {
        let done = session.controller.takeActions()
        guard !done.isEmpty else { return }
        let after = keepListsAfterActions ? session.controller.items.map(ExpectedItem.init) : []
        for action in done {
            actions.append(
                ReplayedAction(
                    action, timeMicroseconds: action.timeMicroseconds - origin, itemsAfter: after))
        }
    }

    func record(_ report: GestureEvent) {
        switch report.state {
        case .began:
            openGestures[report.id] = report
        case .ended, .cancelled:
            let first = openGestures.removeValue(forKey: report.id) ?? report
            gestures.append(
                ReplayedGesture(
                    id: report.id, kind: report.kind,
                    outcome: report.state == .ended ? .recognized : .cancelled,
                    startMicroseconds: first.timeMicroseconds - origin,
                    endMicroseconds: report.timeMicroseconds - origin,
                    first: first, last: report))
        default:
            break
        }
    }

    /// Follows contacts (for paths, and to withdraw those still down at the end).
    func observe(_ event: InputEvent) {
        switch event {
        case .touchFrame(let frame):
            observe(frame)
        case .deviceRemoved(let device, let time):
            let removed = live.filter { $0.device == device }.map(\.contact)
            for contact in removed.sorted(by: { $0.seatSlot < $1.seatSlot }) where keepTouchPaths {
                let key = ContactKey(device: device, seatSlot: contact.seatSlot)
                if let index = openPaths.removeValue(forKey: key) {
                    paths[index].samples.append(
                        TouchPath.Sample(
                            timeMicroseconds: time - origin, positionPixels: contact.positionPixels,
                            phase: .cancel))
                }
            }
            live.removeAll { $0.device == device }
            liveIndex = [:]
            for (index, entry) in live.enumerated() {
                liveIndex[ContactKey(device: entry.device, seatSlot: entry.contact.seatSlot)] =
                    index
            }
        default:
            break
        }
    }

    /// Follows a frame's contacts: `observe(.touchFrame(frame))`.
    func observe(_ frame: TouchFrame) {
        // Most frames of a drag: the one contact down moves (nothing to look up).
        if !keepTouchPaths, frame.contacts.count == 1, live.count == 1,
            frame.contacts[0].phase == .move, live[0].device == frame.device,
            live[0].contact.seatSlot == frame.contacts[0].seatSlot
        {
            live[0].contact = frame.contacts[0]
            return
        }
        for contact in frame.contacts {
            let key = ContactKey(device: frame.device, seatSlot: contact.seatSlot)
            let index =
                live.count <= Self.contactsSearchedInPlace
                ? live.firstIndex {
                    $0.device == frame.device && $0.contact.seatSlot == contact.seatSlot
                } : liveIndex[key]
            switch contact.phase {
            case .down, .move:
                if let index {
                    live[index].contact = contact
                } else {
                    liveIndex[key] = live.count
                    live.append((frame.device, contact))
                }
            case .up, .cancel:
                if let index { removeLive(at: index) }
            }
            guard keepTouchPaths else { continue }
            let sample = TouchPath.Sample(
                timeMicroseconds: frame.timeMicroseconds - origin,
                positionPixels: contact.positionPixels,
                phase: contact.phase)
            if contact.phase == .down || openPaths[key] == nil {
                openPaths[key] = paths.count
                paths.append(
                    TouchPath(device: frame.device, seatSlot: contact.seatSlot, samples: []))
            }
            paths[openPaths[key]!].samples.append(sample)
            if contact.phase == .up || contact.phase == .cancel { openPaths[key] = nil }
        }
    }

    /// Removes a live contact: the last one takes its place (`liveContacts` sorts them).
    private func removeLive(at index: Int) {
        let gone = live[index]
        liveIndex[ContactKey(device: gone.device, seatSlot: gone.contact.seatSlot)] = nil
        let last = live.count - 1
        if index != last {
            live[index] = live[last]
            liveIndex[
                ContactKey(device: live[index].device, seatSlot: live[index].contact.seatSlot)] =
                index
        }
        live.removeLast()
    }

    /// Cancel contacts for every touch still down, by device.
    func liveContacts() -> [(DeviceID, [TouchContact])] {
        Set(live.map(\.device)).sorted().map { device in
            (
                device,
                live.filter { $0.device == device }.map(\.contact).sorted {
                    $0.seatSlot < $1.seatSlot
                }.map {
                    var contact = $0
                    contact.phase = .cancel
                    return contact
                }
            )
        }
    }

    /// Gestures still open at the very end are reported as cancelled.
    func finish() {
        for (id, first) in openGestures.sorted(by: { $0.key < $1.key }) {
            gestures.append(
                ReplayedGesture(
                    id: id, kind: first.kind, outcome: .cancelled,
                    startMicroseconds: first.timeMicroseconds - origin,
                    endMicroseconds: first.timeMicroseconds - origin, first: first, last: first))
        }
        openGestures = [:]
        gestures.sort { $0.id < $1.id }
    }
}

/// Keeps the decisions a session reports (`ReplayHarness.observesDecisions`).
final class DecisionLog: ThresholdDecisionObserver {
    private(set) var decisions: [ThresholdDecision] = []

    func decided(_ decision: ThresholdDecision) { decisions.append(decision) }
}
