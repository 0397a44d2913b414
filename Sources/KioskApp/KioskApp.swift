import CSDL2
import ClearCore
import ClearRendering
import Glibc
import LibInputBackend
import Recordings
import ToolSupport
import TouchInput

/// The kiosk app: Clear on a screen. Draws the core's presentation with Cairo into an SDL
/// window, feeds it input from libinput (or the window), saves the list after every change.
///
/// One loop, one thread: wait for input (libinput's descriptor or SDL's queue), hand each
/// event to the session at its own timestamp, save, and draw a frame when the picture
/// changed. While an animation runs, frames follow the display's vertical blank.
public final class KioskApp {
    /// The session's clock trails the wall clock by this much, so input that libinput or SDL
    /// hands over a little late still arrives after the time the session has reached.
    public static let inputLatencyAllowanceMicroseconds: Int64 = 20_000
    /// How long the loop waits for input while nothing moves and no finger is down.
    static let idleWaitMilliseconds: Int32 = 250
    /// How long it waits while a finger is down (long-press timers need the clock to move).
    static let touchingWaitMilliseconds: Int32 = 10
    /// With libinput the loop sleeps in `poll` on libinput's descriptor, which SDL's keyboard
    /// and window events cannot wake: they are looked at this often.
    static let keyboardPollMilliseconds: Int32 = 30
    /// Frame pacing when the renderer does not wait for the vertical blank itself.
    static let frameIntervalMicroseconds: Int64 = 16_667

    let options: KioskOptions
    let session: ClearSession
    let window: KioskWindow
    let renderer: PresentationRenderer
    let clock: SessionClock
    private var persistence: ListPersistence
    private var translator: WindowInputTranslator
    private var liveInput: LiveInput?
    private var liveContactSlots = Set<Int>()
    private var recording: SessionRecording?
    private var sessionTimeMicroseconds: Int64 = 0
    /// The presentation on screen (while `isShown`) and the one being built: two buffers,
    /// swapped after each frame, so that building a frame reuses the rows of the one before
    /// last and allocates nothing (docs/app.md, "Running for months").
    private var shown = KioskApp.noPresentation
    private var building = KioskApp.noPresentation
    /// False before the first frame, while asleep and after a wake or an expose (the next
    /// turn draws whatever the presentation is).
    private var isShown = false
    /// False while the last frame made is not yet in the window (`--replay --speed 0`).
    private var isPainted = true
    /// The loop time the window last showed a frame at; 0 before the first.
    private var lastFrameMicroseconds: Int64 = 0
    /// The session time of the last frame made.
    private var lastFrameSessionMicroseconds: Int64 = 0
    /// True while the window shows the sleep's black frame.
    private var isDark = false
    private var quitRequested = false
    private var saveFailing = false
    private var pending: [InputEvent] = []
    /// libinput's descriptor and the directly read panels', refilled on every turn.
    private var pollDescriptors: [pollfd] = []
    /// The sound: opened the first time the sound setting is on (at the start, or when the
    /// Settings page turns it on), fed only while it is on.
    private var audio: KioskAudio?
    private var audioOpened = false
    /// The panels' backlights, dimmed while the session sleeps (`--idle-seconds`).
    private var backlight: Backlight?
    /// `READY=1`, `WATCHDOG=1` and `STOPPING=1` to systemd.
    private var notifier = ServiceNotifier()
    /// `--replay`: the recording that replaces live input.
    private var replay: RecordingFeed?
    /// The session time of the first frame and the loop time it was drawn at (`--replay`
    /// paces from them).
    private var replayStartMicroseconds: (session: Int64, loop: Int64) = (0, 0)
    /// The session time and loop time at the recording's end (`--keep-running`).
    private var replayEndMicroseconds: (session: Int64, loop: Int64) = (0, 0)
    private let log: (String) -> Void
    /// Errors that may come on every frame or device event, said once and then counted.
    private let repeatedErrors: RepeatedLog
    /// Called after every turn of `--replay` with the recording time handed over so far
    /// (from its first event) and whether the recording has ended: the soak benchmark
    /// samples memory and open files from it.
    public var onReplayTurn: ((_ recordingMicroseconds: Int64, _ finished: Bool) -> Void)?
    /// Called as the loop enters each part of a turn (`LoopPhase`): the soak benchmark
    /// counts the allocations of each. Calling it allocates nothing.
    public var onPhase: ((LoopPhase) -> Void)?
    /// Frames made so far (black frames included): one whenever what the app shows
    /// changes at a frame's time.
    public private(set) var framesDrawn = 0
    /// Frames put in the window so far: all of them, but for `--replay --speed 0`, whose
    /// window shows the latest frame at most once a display refresh of the wall clock.
    public private(set) var framesShown = 0
    /// Input events handed to the session so far.
    public private(set) var eventsHandled = 0
    /// Changes of what the app shows or keeps so far: actions heard, keys and text
    /// typed, lists handed to the writer and saves reported. Each may allocate (a model
    /// change, a log line); a frame that only moves things must not (the soak benchmark).
    public private(set) var changes = 0
    /// Row pictures drawn anew so far (`PresentationRenderer.rowPicturesDrawn`).
    public var rowPicturesDrawn: Int { renderer.rowPicturesDrawn }
    /// Turns of the main loop so far.
    public private(set) var loopTurns = 0

    /// Opens the list, the window and the input; `log` gets one line per diagnostic.
    /// `scriptedInput`: emulated devices to start once libinput has opened them (tests).
    public init(
        options: KioskOptions, scriptedInput: ScriptedInput? = nil,
        log: @escaping (String) -> Void
    ) throws(KioskError) {
        self.options = options
        self.log = log
        repeatedErrors = RepeatedLog(log)
        Self.unblockTerminationSignals()
        do {
            persistence = try ListPersistence(path: options.listPath, log: log)
        } catch {
            throw KioskError("\(error)")
        }
        let settings = StartSettings(options: options, recorded: persistence.recorded)
        log(settings.line)
        // `--replay` without `--screen` lays out on the recording's screen.
        let replayHeader: RecordingHeader?
        if let path = options.replayPath {
            do {
                replayHeader = try Recording.open(path: path).header
            } catch {
                throw KioskError("cannot replay \(path): \(error)")
            }
        } else {
            replayHeader = nil
        }
        do {
            window = try KioskWindow(
                title: "ClearTouch", frameSize: options.screen ?? replayHeader?.screen,
                fullscreen: options.fullscreen,
                rotation: options.rotation, offscreen: options.offscreen)
        } catch {
            throw KioskError(
                "cannot open a window: \(error) (SDL_VIDEODRIVER=kmsdrm draws without a display server)"
            )
        }
        let layout = ClearLayout(screen: window.frameSize, rowHeightPixels: options.rowHeightPixels)
        // A recording that carries its starting list starts from it, as `replay` does.
        let recordedItems = replayHeader?.initialItems?.enumerated().map {
            TodoItem(
                id: ItemID(rawValue: UInt64($0.offset + 1)), text: $0.element.text,
                completed: $0.element.completed)
        }
        session = ClearSession(
            lists: recordedItems.map { TodoLists(items: $0) } ?? persistence.savedLists,
            layout: layout, allowedLevels: settings.levels,
            keyboard: OnScreenKeyboardSettings(
                mode: options.keyboardMode, layout: options.keyboardLayout))
        // A kiosk runs for months: it keeps no history of gestures or actions (it saves
        // the list itself).
        session.keepsGestureHistory = false
        session.controller.keepsHistory = false
        session.idleSleep = IdleSleep(idleSeconds: options.idleSeconds)
        if options.idleSeconds > 0 {
            #if CLEARTOUCH_TEST_HOOKS
                backlight = Backlight(
                    sysfsRoot: options.sysfsRoot ?? Backlight.defaultSysfsRoot, log: log)
            #else
                backlight = Backlight(log: log)
            #endif
        }
        // The run's theme and sound, over the file's; not saved unless chosen on a page.
        session.controller.setTheme(settings.theme)
        session.controller.setSoundOn(settings.soundOn)
        persistence.start(from: session.controller)
        do {
            // Drawn upright; the window turns it onto the panel (a GPU copy on a kiosk).
            renderer = try PresentationRenderer(
                width: window.frameWidth, height: window.frameHeight)
        } catch {
            throw KioskError("cannot create the \(window.frameSize) drawing surface: \(error)")
        }
        clock = SessionClock()
        // Before libinput: opening audio can take a second, and input may start at once.
        // The run's sound setting (`--sound`, else the Settings page's, saved).
        if session.controller.soundOn {
            audio = KioskAudio.open(soundOn: true, log: log)
            audioOpened = true
        }
        sessionTimeMicroseconds = clock.nowMicroseconds - Self.inputLatencyAllowanceMicroseconds
        if let path = options.replayPath {
            do {
                replay = try RecordingFeed(
                    path: path, screen: layout.screen, speed: options.replaySpeed,
                    sessionStartMicroseconds: sessionTimeMicroseconds)
            } catch {
                throw KioskError("cannot replay \(path): \(error)")
            }
        }
        let libinputDevices =
            options.windowInputOnly || replay != nil
            ? nil
            : Self.openLibInput(
                options, screen: layout.screen, scriptedInput: scriptedInput, log: log,
                errors: repeatedErrors)
        liveInput = libinputDevices?.input
        translator = WindowInputTranslator(
            screen: layout.screen, windowSize: window.windowSize,
            translatesTouches: liveInput == nil)
        translator.rotation = options.rotation
        if let path = options.recordPath {
            do {
                recording = try SessionRecording(
                    path: path, layout: layout, items: session.controller.items,
                    recordText: options.recordText,
                    keyboard: RecordedKeyboard(
                        mode: options.keyboardMode.rawValue, layout: options.keyboardLayout.name),
                    replacing: options.forceRecord, protecting: options.inputPaths,
                    rotation: options.rotation,
                    calibration: liveInput.flatMap { input in
                        input.converter.appliedCalibrations.min(by: { $0.key < $1.key })?.value
                    })
            } catch {
                throw KioskError("cannot record to \(path): \(error)")
            }
        }
        let input =
            replay != nil
            ? "the recording \(options.replayPath ?? "")"
                + (options.replaySpeed == 0
                    ? " as fast as the loop takes it" : " at speed \(options.replaySpeed)")
            : liveInput == nil
                ? "the window's mouse (as one finger), touch and keyboard"
                : "libinput (\(libinputDevices?.names.joined(separator: ", ") ?? "")) and the window's keyboard"
        log(
            "\(window.frameSize) in a \(window.windowSize.width)x\(window.windowSize.height) window "
                + "(video \(window.videoDriverName), renderer \(window.rendererName)); input: \(input); list: \(options.listPath)"
        )
        // The app lives as long as its session: no cycle worth breaking.
        session.controller.onAction = { [unowned self] action in self.hear(action) }
        for event in libinputDevices?.initialEvents ?? [] { feed(event) }
        for event in replay?.initialEvents(atMicroseconds: sessionTimeMicroseconds) ?? [] {
            feed(event)
        }
    }

    /// An action's sound, while the sound setting is on; the Settings page's tap that first
    /// turns it on opens the audio device.
    private func hear(_ action: Action) {
        changes += 1
        persistence.record(action)
        switch action.kind {
        case .sleep:
            backlight?.dim()
            log("asleep after \(options.idleSeconds) s with no input: screen dark")
        case .wake:
            backlight?.restore()
            isShown = false
            log("awake")
        default: break
        }
        if action.kind == .sound, isAudible, !audioOpened {
            audio = KioskAudio.open(soundOn: true, log: log)
            audioOpened = true
        }
        if isAudible { audio?.hear(action) }
    }

    /// True while sounds are played: the sound setting is on and `--sound` is not off.
    private var isAudible: Bool { session.controller.soundOn }

    /// A kiosk supervisor (or a test harness) may start the app with SIGINT and SIGTERM
    /// blocked, which would leave it deaf to the stop request that makes it save and exit;
    /// SDL turns them into a quit event once they get through.
    private static func unblockTerminationSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Opens libinput unless it cannot open a touch device; then says why on the log.
    private static func openLibInput(
        _ options: KioskOptions, screen: ScreenSize, scriptedInput: ScriptedInput?,
        log: @escaping (String) -> Void, errors: RepeatedLog
    ) -> (
        input: LiveInput, names: [String], initialEvents: [InputEvent]
    )? {
        let input: LiveInput
        let calibrations = CalibrationFile.lookup(
            explicit: options.calibration, path: options.calibrationFilePath, warn: log)
        do {
            input = try LiveInput(
                devicePaths: options.devicePaths, seat: options.seat, screen: screen,
                logPriority: .error,
                // libinput's errors (a device failing on every event) are said once, then counted.
                logger: { _, message in
                    errors.say("libinput: " + message.split(separator: "\n").joined(separator: " "))
                }, scriptedInput: scriptedInput,
                rotation: options.rotation, calibrationForDevice: calibrations)
        } catch {
            log("libinput: \(error); falling back to the window's mouse and touch events")
            return nil
        }
        input.converter.onCalibration = { name, matrix, applied in
            log(
                LibInputEventConverter.calibrationMessage(
                    device: name, matrix: matrix, applied: applied))
        }
        let initial = input.readInitialEvents()
        // Which way each device's events come in (docs/devices.md).
        for route in input.deviceRoutes { log("device \(route)") }
        var names: [String] = []
        for case .deviceAdded(let device, _) in initial
        where device.kind == .touchscreen || device.kind == .touchpad {
            names.append("\(device.kind.rawValue) \(TerminalText.escaped(device.name))")
        }
        guard !names.isEmpty else {
            log(
                "libinput: "
                    + LiveInput.explainNoDevice(
                        seat: options.seat, wanted: "touchscreen or touchpad")
                    + "; falling back to the window's mouse and touch events")
            return nil
        }
        // Testbeds (umockdev scripts) wait for this before playing their input.
        input.startScriptedInput()
        return (input, names, initial)
    }

    /// Runs until the window is closed or SIGINT/SIGTERM arrives; returns the exit status.
    public func run() -> Int32 {
        var status: Int32 = 0
        while !quitRequested {
            if let replay, !(replay.isFinished && options.keepRunning) {
                do {
                    try replayTurn(replay)
                } catch {
                    log("replay stopped: \(error)")
                    status = 1
                    quitRequested = true
                }
            } else {
                liveTurn()
            }
            notifier.loopTurned(atMicroseconds: clock.nowMicroseconds)
            loopTurns += 1
            if let replay, let onReplayTurn {
                onReplayTurn(replay.elapsedMicroseconds, replay.isFinished)
            }
            #if CLEARTOUCH_TEST_HOOKS
                freezeIfAsked()
            #endif
        }
        notifier.stopping()
        if !saveAtExit() { status = 1 }  // the list on disk is not the one on screen
        repeatedErrors.flush()
        backlight?.restore()
        do {
            try recording?.close()
        } catch {
            log("recording: \(error)")
            status = 1
        }
        return status
    }

    /// One turn with live input: wait for it, hand it over, let time pass, save, draw.
    private func liveTurn() {
        onPhase?(.waiting)
        waitForInput(milliseconds: waitMilliseconds())
        // After `--replay --keep-running` the recording's end stays on screen; the window's
        // own input is not handed over (its times are not the replay's).
        if replay == nil {
            for event in pending { feed(event) }
        }
        pending.removeAll(keepingCapacity: true)
        onPhase?(.time)
        let now = clock.nowMicroseconds
        if replay == nil {
            advance(to: now - Self.inputLatencyAllowanceMicroseconds)
        } else {
            // The session's time goes on at the wall clock's pace (it still sleeps).
            advance(to: replayEndMicroseconds.session + now - replayEndMicroseconds.loop)
        }
        onPhase?(.saving)
        save(retrying: true)
        onPhase?(.waiting)
        window.setTextInputActive(session.controller.editingIndex != nil)
        drawIfChanged(
            at: replay == nil ? max(now, sessionTimeMicroseconds) : sessionTimeMicroseconds)
        if isAudible { audio?.follow(presentation: lastDrawn) }
    }

    /// One turn of `--replay`: the recording's events up to the session time this turn
    /// reaches (the wall clock times the speed, or with speed 0 the next frame of a 60 Hz
    /// display on the recording's clock while something moves, else the first frame at or
    /// after the next event), then as a live turn.
    private func replayTurn(_ replay: RecordingFeed) throws(RecordingError) {
        let now = clock.nowMicroseconds
        if lastFrameMicroseconds == 0 { replayStartMicroseconds = (sessionTimeMicroseconds, now) }
        let target: Int64
        if replay.speed > 0 {
            let elapsed = Double(now - replayStartMicroseconds.loop) * replay.speed
            target = replayStartMicroseconds.session + Int64(min(elapsed, 1e17))
        } else {
            let from =
                isMoving(replay)
                ? sessionTimeMicroseconds + 1
                : replay.nextEventMicroseconds ?? sessionTimeMicroseconds
            target = replay.frame(atOrAfter: from).timeMicroseconds
        }
        onPhase?(.readingRecording)
        try replay.take(until: target) { feed($0) }
        onPhase?(.time)
        advance(to: target)
        onPhase?(.saving)
        save(retrying: true)
        // Faster than real time, the window shows the latest frame once a refresh (a
        // display shows no more, and the frames between are drawn for nobody).
        drawIfChanged(
            at: sessionTimeMicroseconds,
            windowReady: replay.speed > 0 || replay.isFinished || lastFrameMicroseconds == 0
                || now - lastFrameMicroseconds >= Self.frameIntervalMicroseconds)
        if isAudible { audio?.follow(presentation: lastDrawn) }
        // The window's quit and expose events; its input is not the recording's.
        onPhase?(.waiting)
        waitForInput(milliseconds: replayWaitMilliseconds(replay))
        pending.removeAll(keepingCapacity: true)
        if replay.isFinished {
            replayEndMicroseconds = (sessionTimeMicroseconds, clock.nowMicroseconds)
            log(replayFinishedLine(replay))
            if !options.keepRunning { quitRequested = true }
        }
    }

    /// True while a frame differs from the one before: an animation runs or a finger is down.
    private func isMoving(_ replay: RecordingFeed) -> Bool {
        lastDrawn?.isAnimating == true || replay.hasContactsDown
    }

    /// The end of `--replay`: how many frames it made and, at speed 0, on which clock.
    private func replayFinishedLine(_ replay: RecordingFeed) -> String {
        guard replay.speed == 0 else { return "replay finished: \(framesDrawn) frames" }
        let last = lastFrameSessionMicroseconds - replay.startMicroseconds
        return "replay finished: \(framesDrawn) frames at 60 Hz of the recording's clock, "
            + "the last \(last) µs after its first event; \(framesShown) shown in the window"
    }

    /// How long a `--replay` turn waits: until its next event or frame is due.
    private func replayWaitMilliseconds(_ replay: RecordingFeed) -> Int32 {
        guard replay.speed > 0, !replay.isFinished else { return 0 }
        let nextDue: Int64
        if isMoving(replay) {
            nextDue = Self.frameIntervalMicroseconds
        } else {
            let untilEvent =
                (replay.nextEventMicroseconds ?? sessionTimeMicroseconds)
                - sessionTimeMicroseconds
            // A slow replay of a far event: longer than Int64 is "not soon" all the same.
            nextDue =
                CheckedNumber.rounded(Double(untilEvent) / replay.speed, in: 0...Int64.max)
                ?? Int64.max
        }
        let wait = Int32(clamping: max(0, nextDue / 1000))
        return min(
            wait, notifier.millisecondsUntilPing(atMicroseconds: clock.nowMicroseconds) ?? wait,
            Self.idleWaitMilliseconds)
    }

    #if CLEARTOUCH_TEST_HOOKS
        /// `--freeze-when FILE`: once FILE exists the loop stops turning (and so stops the
        /// watchdog's pings) until the app is killed.
        private func freezeIfAsked() {
            guard let path = options.freezeWhenPath, access(path, F_OK) == 0 else { return }
            log("frozen (test hook --freeze-when)")
            while true { pause() }
        }
    #endif

    private func waitMilliseconds() -> Int32 {
        let wait = unpacedWaitMilliseconds()
        return min(
            wait, notifier.millisecondsUntilPing(atMicroseconds: clock.nowMicroseconds) ?? wait)
    }

    private func unpacedWaitMilliseconds() -> Int32 {
        if lastDrawn?.isAnimating == true {
            let sinceFrame = clock.nowMicroseconds - lastFrameMicroseconds
            return Int32(clamping: max(0, (Self.frameIntervalMicroseconds - sinceFrame) / 1000))
        }
        if translator.hasContactsDown || !liveContactSlots.isEmpty {
            return Self.touchingWaitMilliseconds
        }
        return liveInput == nil ? Self.idleWaitMilliseconds : Self.keyboardPollMilliseconds
    }

    /// Collects what arrived within `milliseconds` into `pending`.
    private func waitForInput(milliseconds: Int32) {
        var event = SDL_Event()
        if let liveInput {
            // libinput's descriptor and those of the panels read beside it (docs/devices.md).
            pollDescriptors.removeAll(keepingCapacity: true)
            liveInput.appendPollDescriptors(to: &pollDescriptors)
            _ = poll(&pollDescriptors, nfds_t(pollDescriptors.count), milliseconds)
            liveInput.drain { pending.append(contentsOf: $0) }
        } else if SDL_WaitEventTimeout(&event, milliseconds) == 1 {
            handleWindowEvent(event)
        }
        while SDL_PollEvent(&event) == 1 { handleWindowEvent(event) }
    }

    private func handleWindowEvent(_ event: SDL_Event) {
        if event.type == SDL_QUIT.rawValue {
            quitRequested = true
            return
        }
        if event.type == SDL_WINDOWEVENT.rawValue
            && event.window.event == UInt8(SDL_WINDOWEVENT_EXPOSED.rawValue)
        {
            isShown = false
            isDark = false  // asleep, the black frame is drawn again
        }
        translator.translate(
            event, timeMicroseconds: clock.microseconds(sdlTimestamp: event.common.timestamp),
            into: &pending)
    }

    /// Hands one event to the session (and the recording) at its own time, never before
    /// the time the session has reached.
    private func feed(_ event: InputEvent) {
        // Keys come from the window in every mode (SDL composes text; libinput does not);
        // a recording's keys are the recording's.
        if replay == nil, case .key(let key) = event,
            key.device != WindowInputTranslator.keyboardDeviceID
        {
            return
        }
        let phase: LoopPhase = replay?.isFinished == false ? .readingRecording : .waiting
        onPhase?(.input)
        defer { onPhase?(phase) }
        let time = max(event.timeMicroseconds, sessionTimeMicroseconds)
        let timed = time == event.timeMicroseconds ? event : event.at(timeMicroseconds: time)
        sessionTimeMicroseconds = time
        eventsHandled += 1
        switch timed {
        case .key, .text: changes += 1
        default: break
        }
        trackLiveContacts(timed)
        session.handle(timed)
        do {
            try recording?.record(timed)
        } catch {
            log("recording stopped: \(error)")
            recording = nil
        }
        onPhase?(.saving)
        save()
    }

    private func trackLiveContacts(_ event: InputEvent) {
        guard liveInput != nil, case .touchFrame(let frame) = event else { return }
        for contact in frame.contacts {
            switch contact.phase {
            case .down, .move: liveContactSlots.insert(contact.seatSlot)
            case .up, .cancel: liveContactSlots.remove(contact.seatSlot)
            }
        }
    }

    private func advance(to time: Int64) {
        guard time > sessionTimeMicroseconds else { return }
        sessionTimeMicroseconds = time
        session.advance(toMicroseconds: time)
    }

    /// Hands the lists to the writer thread when they changed (and, on a turn of the
    /// loop after a failed save, again), then says what the finished saves did. A failure
    /// is said once, then retried on every turn of the loop until a save succeeds (and
    /// says so).
    private func save(retrying: Bool = false) {
        if persistence.saveIfChanged(session.controller, again: retrying && saveFailing) {
            changes += 1
        }
        report(persistence.takeOutcomes())
    }

    /// Waits for the last save; false when the list on disk is not the one on screen.
    private func saveAtExit() -> Bool {
        persistence.saveIfChanged(session.controller, again: saveFailing)
        report(persistence.finish())
        return !saveFailing
    }

    private func report(_ outcomes: [ListWriter.Outcome]) {
        for outcome in outcomes {
            changes += 1
            switch outcome {
            case .saved(let lists):
                let items = lists.lists.flatMap(\.list.items)
                log(
                    "saved \(items.count) items (\(items.filter(\.completed).count) completed)"
                        + (lists.count == 1 ? "" : " in \(lists.count) lists")
                        + " to \(options.listPath)"
                )
                saveFailing = false
            case .failed(let error):
                if !saveFailing { log("list not saved, retrying: \(error)") }
                saveFailing = true
            }
        }
    }

    /// Makes the frame of `time` when what it shows changed, and puts it in the window
    /// unless `windowReady` is false: then the window keeps what it has until a later
    /// call (`--replay --speed 0` makes frames faster than a display shows them).
    private func drawIfChanged(at time: Int64, windowReady: Bool = true) {
        onPhase?(.presentation)
        if session.isAsleep {
            // Dark while asleep: one black frame, then nothing until the wake.
            guard !isDark else { return }
            onPhase?(.present)
            window.presentBlack()
            framesDrawn += 1
            isDark = true
            isShown = false
            isPainted = true
            return
        }
        session.controller.presentation(atMicroseconds: time, into: &building)
        if !isShown || building != shown || isDark {
            isDark = false
            swap(&shown, &building)
            isShown = true
            isPainted = false
            framesDrawn += 1
            lastFrameSessionMicroseconds = time
        }
        if windowReady && !isPainted { paint() }
    }

    /// Draws the last frame made and shows it in the window.
    private func paint() {
        onPhase?(.drawing)
        renderer.render(shown)
        onPhase?(.present)
        do {
            try window.present(renderer.surface)
        } catch {
            repeatedErrors.say("\(error)")
        }
        onPhase?(.presentation)
        if lastFrameMicroseconds == 0 {
            log("ready")
            notifier.ready()
        }
        isPainted = true
        framesShown += 1
        lastFrameMicroseconds = clock.nowMicroseconds
    }
}

extension KioskApp {
    /// The presentation on screen; nil before the first frame, while asleep, and after a
    /// wake or an expose until the next frame.
    private var lastDrawn: Presentation? { isShown ? shown : nil }

    /// The two presentation buffers before the first frame.
    fileprivate static let noPresentation = Presentation(
        screen: ScreenSize(widthPixels: 1, heightPixels: 1), rowHeightPixels: 1, rows: [],
        cues: nil, placeholder: nil, editing: nil, isAnimating: false)
}

/// The parts of a turn of the loop (`KioskApp.onPhase`), by which the soak benchmark
/// counts allocations.
public enum LoopPhase: Int, CaseIterable, Sendable {
    /// Reading `--replay`'s recording (a live kiosk reads libinput instead).
    case readingRecording
    /// An event handed to the session (the gestures and the core) and to `--record`.
    case input
    /// Time passing in the session (animations, long-press, sleep).
    case time
    /// The lists handed to the writer thread, and its outcomes read.
    case saving
    /// The presentation built and compared with the one on screen, and the bookkeeping
    /// of a frame.
    case presentation
    /// The presentation drawn into the image (Cairo).
    case drawing
    /// The image copied to the window and presented (SDL, and the GL driver behind it).
    case present
    /// Waiting for input (poll, SDL's queue) and the rest of the loop's turn.
    case waiting
}

/// Why the app could not start.
public struct KioskError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
