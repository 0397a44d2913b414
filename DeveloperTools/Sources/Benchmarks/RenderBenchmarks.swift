import AllocationCounter
import ClearCore
import ClearRendering
import Glibc
import KioskApp
import ToolSupport
import TouchInput

/// Time to draw one 1080×1920 frame of a full list while animations run: a delete
/// shuffle (rows moving by fractions of a pixel), a row panned left with its cues, the
/// pull placeholder fading in, and completed rows with their strikethrough.
func runRenderBenchmarks() {
    let screen = ScreenSize.defaultKiosk
    let frameCount = 600
    let warmUpFrames = 30
    guard let renderer = uprightRenderer(screen, benchmark: "render") else { return }
    var cpuByFrame: [Int64] = []
    let times = timeFrames(
        frameCount, warmUpFrames: warmUpFrames,
        prepare: { animatedPresentation(screen: screen, frame: $0, frameCount: frameCount) },
        draw: { renderer.render($0) }, cpuByFrame: &cpuByFrame)
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print("render: \(screen) frame, full list, running animations, \(times.cpu.count) frames")
    printFrameTimes(times)
    // Every other frame dims all rows but the edited one (`animatedPresentation`).
    for (name, parity) in [("rows opaque", 0), ("rows dimmed", 1)] {
        let frames = cpuByFrame.indices.filter { ($0 + warmUpFrames) % 2 == parity }
        print("    frames with the \(name): CPU \(FrameTimes(frames.map { cpuByFrame[$0] }))")
    }
    let slowest = cpuByFrame.indices.sorted { cpuByFrame[$0] > cpuByFrame[$1] }.prefix(8)
    print(
        "    slowest frames: "
            + slowest.map { "\($0 + warmUpFrames) (\(FrameTimes.milliseconds(cpuByFrame[$0])))" }
            .joined(separator: ", "))
    print(
        "  target upright p99 ≤ 2 ms (issue 22; CPU time): \(times.cpu.p99 <= 2_000_000 ? "met" : "NOT met")"
    )
    print("  peak RSS \(usage.ru_maxrss / 1024) MB")
}

/// The app on a turned panel (`cleartouch app --rotate R`, issue 22): the app draws every
/// frame upright and `KioskWindow.present` has SDL's renderer turn it as it copies it to
/// the window (a GPU copy on a kiosk). For every rotation and every scene (the animated
/// list of `render`, the keyboard of `render-keyboard`, the cross-fade of
/// `render-theme-fade`, each level move of `render-levels`), the CPU time of the app's
/// drawing per 1080×1920 frame, judged against the same scene upright (p99 within 1.2×);
/// then the whole present path per rotation into an offscreen SDL window (upload, turned
/// copy, present: the GPU's work, shown, not judged); then the app's first frame after
/// start, per rotation (`cleartouch app --offscreen`, started as a process).
func runRotatedRenderBenchmarks() {
    let screen = ScreenSize.defaultKiosk
    var allWithin = true
    for scene in RenderScene.all(screen: screen) {
        // One kiosk per rotation, each drawing every frame in turn, so the machine's load
        // falls on all of them alike.
        var renderers: [PresentationRenderer] = []
        for _ in Rotation.allCases {
            guard let renderer = uprightRenderer(screen, benchmark: "render-rotated") else {
                return
            }
            renderers.append(renderer)
        }
        var cpuNanoseconds = [[Int64]](repeating: [], count: renderers.count)
        let frames = scene.makeFrames()
        for frame in 0..<scene.frameCount {
            let presentation = frames(frame)
            for (index, renderer) in renderers.enumerated() {
                let start = threadCPUNanoseconds()
                renderer.render(presentation)
                if frame >= scene.warmUpFrames {
                    cpuNanoseconds[index].append(threadCPUNanoseconds() - start)
                }
            }
        }
        let uprightP99 = FrameTimes(cpuNanoseconds[0]).p99
        for (index, rotation) in Rotation.allCases.enumerated() {
            let times = FrameTimes(cpuNanoseconds[index])
            let ratio = Double(times.p99) / Double(max(1, uprightP99))
            allWithin = allWithin && ratio <= RenderScene.rotatedRatioLimit
            print(
                "render-rotated: \(scene.name), --rotate \(rotation.degrees): CPU p99 \(FrameTimes.milliseconds(times.p99)) (median \(FrameTimes.milliseconds(times.median))), \(ratioText(ratio)) of upright"
            )
        }
    }
    print(
        "  target: every rotation's p99 within \(RenderScene.rotatedRatioLimit)× of upright: \(allWithin ? "met" : "NOT met")"
    )
    runRotatedPresentBenchmark(screen: screen)
    runFirstFrameBenchmark(screen: screen)
}

/// "16.7".
private func tenthsText(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

/// "1.03×".
private func ratioText(_ ratio: Double) -> String {
    let hundredths = Int((ratio * 100).rounded())
    return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)×"
}

/// One scene of frames to draw: `makeFrames()` starts it over (a new session), and the
/// closure it returns makes frame `n` (not timed).
private struct RenderScene {
    let name: String
    let frameCount: Int
    let warmUpFrames: Int
    let makeFrames: () -> (Int) -> Presentation

    /// A turned panel may cost at most this much more than an upright one (issue 22).
    static let rotatedRatioLimit = 1.2

    static func all(screen: ScreenSize) -> [RenderScene] {
        var scenes = [
            RenderScene(
                name: "animated list", frameCount: 600, warmUpFrames: 30,
                makeFrames: {
                    { animatedPresentation(screen: screen, frame: $0, frameCount: 600) }
                }),
            RenderScene(
                name: "keyboard shown", frameCount: 600, warmUpFrames: 30,
                makeFrames: { keyboardFrames(screen: screen) }),
            RenderScene(
                name: "theme cross-fade", frameCount: 600, warmUpFrames: 30,
                makeFrames: { themeFadeFrames(screen: screen) }),
        ]
        for move in LevelMove.all(screen: screen) {
            scenes.append(
                RenderScene(
                    name: move.name, frameCount: 1240, warmUpFrames: 40,
                    makeFrames: { levelFrames(screen: screen, move).frames }))
        }
        return scenes
    }
}

/// `KioskWindow.present` for every rotation into an offscreen SDL window: the texture
/// upload, SDL's turned copy and the present. On a kiosk the copy is the GPU's; here it
/// is Mesa's or SDL's software renderer, so the figures are shown, not judged.
private func runRotatedPresentBenchmark(screen: ScreenSize) {
    setenv("SDL_VIDEODRIVER", "offscreen", 0)
    guard let renderer = uprightRenderer(screen, benchmark: "render-rotated") else { return }
    let frame = animatedPresentation(screen: screen, frame: 7, frameCount: 600)
    renderer.render(frame)
    for rotation in Rotation.allCases {
        let window: KioskWindow
        do {
            window = try KioskWindow(
                title: "bench", frameSize: screen, fullscreen: false, rotation: rotation)
        } catch {
            print("render-rotated: cannot open an offscreen SDL window: \(error)")
            return
        }
        let times = timeFrames(
            300, warmUpFrames: 20, prepare: { _ in renderer.surface },
            draw: { try? window.present($0) })
        print(
            "render-rotated: present turned \(rotation.degrees)° into a \(window.windowSize.width)x\(window.windowSize.height) window (video \(window.videoDriverName), renderer \(window.rendererName)), \(times.cpu.count) frames"
        )
        printFrameTimes(times, judged: false)
    }
}

/// The app's first frame after start, for every rotation: `cleartouch app --offscreen`
/// (the release build beside this benchmark) is started with an empty list, and the time
/// from starting it to its log's `ready` (said once the first frame is presented) is
/// measured on the wall clock, best of three.
private func runFirstFrameBenchmark(screen: ScreenSize) {
    guard let executable = siblingExecutable("cleartouch") else {
        print(
            "render-rotated: first frame: no cleartouch beside cleartouch-bench (make bench builds it)"
        )
        return
    }
    let directory = temporaryDirectory("cleartouch-first-frame")
    for rotation in Rotation.allCases {
        var best = Int64.max
        for attempt in 0..<3 {
            let list = "\(directory)/list-\(rotation.degrees)-\(attempt).json"
            let arguments = [
                executable, "app", "--offscreen", "--window-input", "--screen",
                "\(screen.widthPixels)x\(screen.heightPixels)", "--rotate", "\(rotation.degrees)",
                "--list", list,
            ]
            guard let nanoseconds = timeUntilLogLine("ready", arguments: arguments) else {
                print("render-rotated: first frame: the app did not say ready: \(arguments)")
                return
            }
            best = min(best, nanoseconds)
        }
        print(
            "render-rotated: first frame after start, --rotate \(rotation.degrees): \(FrameTimes.milliseconds(best)) (wall, best of 3)"
        )
    }
}

/// The wall and CPU times of the frames drawn, and the allocations made while drawing them.
private struct FrameTimings {
    var wall: FrameTimes
    var cpu: FrameTimes
    var allocationsPerFrame: Double
}

/// Median, p99, mean and max of per-frame times.
struct FrameTimes: CustomStringConvertible {
    let median: Int64
    let p99: Int64
    let mean: Int64
    let max: Int64
    /// How many frames were timed.
    let count: Int

    init(_ unsorted: [Int64]) {
        let sorted = unsorted.sorted()
        count = sorted.count
        median = sorted[sorted.count / 2]
        p99 = sorted[Swift.min(sorted.count - 1, sorted.count * 99 / 100)]
        mean = sorted.reduce(0, +) / Int64(sorted.count)
        max = sorted.last ?? 0
    }

    static func milliseconds(_ nanoseconds: Int64) -> String {
        let hundredths = (nanoseconds + 5_000) / 10_000
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100) ms"
    }

    var description: String {
        "median \(Self.milliseconds(median)), p99 \(Self.milliseconds(p99)), mean \(Self.milliseconds(mean)), max \(Self.milliseconds(max))"
    }
}

/// Frame `frame` of a list longer than the screen, with every kind of animation running.
private func animatedPresentation(screen: ScreenSize, frame: Int, frameCount: Int) -> Presentation {
    let width = Double(screen.widthPixels)
    let rowHeight = ClearLayout.defaultRowHeightPixels(widthPixels: screen.widthPixels)
    let texts = TodoListSample.texts
    let count = texts.count
    let deletedIndex = 3
    // The delete shuffle over 0.3 s at 60 fps, repeated: rows below the deleted one move up by H.
    let progress = Double(frame % 18) / 18
    let pull = rowHeight * Double(frame % 40) / 30
    var rows: [RowPresentation] = []
    for index in 0..<count where index != deletedIndex {
        let shift =
            index > deletedIndex
            ? -rowHeight * min(1, max(0, progress - 0.03 * Double(index - deletedIndex - 1) / 0.3))
            : 0
        let completed = index % 4 == 1
        let panned = index == 0 ? -width * 0.6 * progress : 0
        rows.append(
            RowPresentation(
                modelIndex: index, itemID: ItemID(rawValue: UInt64(index + 1)), text: texts[index],
                framePixels: RectPixels(
                    x: panned, y: Double(index) * rowHeight + shift + pull, width: width,
                    height: rowHeight),
                alpha: index == 5 ? 1 : (frame % 2 == 0 ? 1 : 0.3),
                backgroundColor: completed
                    ? .completedGreen
                    : RGBColor(red: 1, green: 0.6 * Double(index) / Double(count - 1), blue: 0),
                completed: completed, strikethrough: completed, isEditing: false))
    }
    let unit = width / 320
    let panned = -width * 0.6 * progress
    let cues = CuesPresentation(
        tickFramePixels: RectPixels(
            x: panned - 60 * unit, y: pull, width: 50 * unit, height: rowHeight), tickColor: .white,
        crossFramePixels: RectPixels(
            x: panned + width + 10 * unit, y: pull, width: 50 * unit, height: rowHeight),
        crossColor: panned < -width / 2 ? .pureRed : .white, alpha: abs(panned) / (width / 2))
    let placeholder = PlaceholderPresentation(
        framePixels: RectPixels(x: 0, y: pull - rowHeight, width: width, height: rowHeight),
        scaleY: 1,
        alpha: min(1, pull / rowHeight),
        label: pull > rowHeight ? "Release to add item" : "Pull to add item",
        backgroundColor: .pureRed)
    return Presentation(
        screen: screen, rowHeightPixels: rowHeight, rows: rows, cues: cues,
        placeholder: placeholder,
        editing: EditingPresentation(
            modelIndex: 5, text: texts[5], caretCharacterOffset: frame % texts[5].count),
        isAnimating: true)
}

private enum TodoListSample {
    /// The Swift tutorial's twelve items, twice: more rows than a 1920-pixel screen holds.
    static let texts = TodoList.swiftTutorialSamples.map(\.text).flatMap { [$0, $0 + " again"] }
}

/// Time to draw one 1080×1920 frame with the on-screen keyboard shown and a key held: a
/// session edits row 0 of the sample list, a finger lands on the keyboard and, held, slides
/// along the top row of keys (the pressed key changes every few frames); the first frames
/// include the keyboard sliding up.
func runKeyboardRenderBenchmark() {
    let screen = ScreenSize.defaultKiosk
    runUprightScene(
        "render-keyboard", "keyboard shown, a key held and sliding", screen: screen,
        frames: keyboardFrames(screen: screen))
}

/// Draws 600 frames of `frames` upright after 30 of warm-up, and prints the figures as
/// `benchmark: SCREEN frame, what, N frames`.
private func runUprightScene(
    _ benchmark: String, _ what: String, screen: ScreenSize, frames: (Int) -> Presentation
) {
    guard let renderer = uprightRenderer(screen, benchmark: benchmark) else { return }
    let times = timeFrames(600, warmUpFrames: 30, prepare: frames, draw: { renderer.render($0) })
    print("\(benchmark): \(screen) frame, \(what), \(times.cpu.count) frames")
    printFrameTimes(times)
}

/// The frames of `runKeyboardRenderBenchmark`: a new session each call.
private func keyboardFrames(screen: ScreenSize) -> (Int) -> Presentation {
    let frameMicroseconds: Int64 = 16_667
    let layout = KeyboardLayout.embedded(named: "us")!
    let session = ClearSession(
        items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen),
        keyboard: OnScreenKeyboardSettings(mode: .on, layout: layout))
    let device = DeviceID(rawValue: 1)
    session.handle(
        .deviceAdded(
            DeviceDescription(id: device, name: "bench", kind: .touchscreen, screen: screen),
            timeMicroseconds: 0))
    func touch(_ phase: TouchPhase, x: Double, y: Double, at time: Int64) {
        session.handle(
            .touchFrame(
                TouchFrame(
                    device: device, timeMicroseconds: time,
                    contacts: [
                        TouchContact(seatSlot: 0, phase: phase, positionPixels: Point(x: x, y: y))
                    ])))
    }
    touch(.down, x: 500, y: 85, at: 1_000_000)
    touch(.up, x: 500, y: 85, at: 1_050_000)
    // The finger lands on the keyboard while it slides up, on its top row.
    let keyY = Double(screen.heightPixels) - session.controller.keyboard!.geometry.heightPixels + 60
    var time: Int64 = 1_100_000
    touch(.down, x: 50, y: keyY, at: time)
    return { frame in
        time += frameMicroseconds
        touch(.move, x: 50 + Double(frame % 120) * 8, y: keyY, at: time)
        return session.controller.presentation(atMicroseconds: time)
    }
}

/// Time to draw one 1080×1920 frame while the level changes, for each kind of move
/// (docs/clear-core.md, Levels): a list closing into its row (`close-list`, a pull past
/// 4H) and opening out of it again (`open-list`, a tap); the rows folding under a pinch
/// together short of 2H and springing back; and the menu and its pages (`open-menu`,
/// `open-page` themes and settings, `close-page`, `close-menu`). Every frame drawn is
/// during a transition or a fold; each group is judged on its own.
func runLevelTransitionRenderBenchmark() {
    let screen = ScreenSize.defaultKiosk
    guard let renderer = uprightRenderer(screen, benchmark: "render-levels") else { return }
    for move in LevelMove.all(screen: screen) {
        let (frames, seen) = levelFrames(screen: screen, move)
        var cpuByFrame: [Int64] = []
        var picturesByFrame: [Int] = []
        var kindsByFrame: [LevelFrameKind] = []
        let times = timeFrames(
            1240, warmUpFrames: 40, prepare: frames,
            draw: {
                let before = renderer.rowPicturesDrawn
                renderer.render($0)
                picturesByFrame.append(renderer.rowPicturesDrawn - before)
                kindsByFrame.append(LevelFrameKind($0))
            }, cpuByFrame: &cpuByFrame)
        print(
            "render-levels: \(screen) frame during \(move.name), \(times.cpu.count) frames (\(seen.foldedFrames) of all 1240 with rows folded or squeezed; levels \(seen.levels.sorted().joined(separator: ", ")))"
        )
        printFrameTimes(times)
        // The frames that drew row pictures anew (a level's rows first seen, or seen again
        // once evicted) against the others.
        let counted = Array(picturesByFrame.suffix(cpuByFrame.count))
        let drawing = cpuByFrame.indices.filter { counted[$0] > 0 }
        print(
            "    row pictures drawn: \(counted.reduce(0, +)), in \(drawing.count) frames"
                + (drawing.isEmpty ? "" : " (CPU \(FrameTimes(drawing.map { cpuByFrame[$0] })))"))
        let kinds = Array(kindsByFrame.suffix(cpuByFrame.count))
        let slowest = cpuByFrame.indices.sorted { cpuByFrame[$0] > cpuByFrame[$1] }.prefix(6)
        print(
            "    slowest frames: "
                + slowest.map { "\(FrameTimes.milliseconds(cpuByFrame[$0])) (\(kinds[$0]))" }
                .joined(separator: ", "))
    }
}

/// One kind of level move, repeated: the moves in turn, one every `framesPerMove` frames,
/// from `level`.
private struct LevelMove {
    let name: String
    let moves: [(LevelDriver) -> Void]
    var level: Level? = nil

    static func all(screen: ScreenSize) -> [LevelMove] {
        let rowHeight = ClearLayout.defaultRowHeightPixels(widthPixels: screen.widthPixels)
        // The fingers close by 20 px short of 2H over half a move, so the rows fold nearly
        // as far as they go, and spring back over the other half.
        let pinchStepPixels = (2 * rowHeight - 20) / Double(2 * LevelDriver.pinchFrames)
        return [
            LevelMove(
                name: "close-list and open-list transitions",
                moves: [{ $0.pull() }, { $0.tap(row: 0) }]),
            LevelMove(
                name: "a pinch together folding the rows and springing back",
                moves: [{ $0.pinchTogether(stepPixels: pinchStepPixels) }]),
            LevelMove(
                name: "menu and page transitions (open-menu, open-page, close-page, close-menu)",
                moves: [
                    { $0.pull() }, { $0.tap(row: 1) }, { $0.pull() }, { $0.tap(row: 2) },
                    { $0.pull() }, { $0.tap(row: 0) },
                ], level: .lists),
        ]
    }
}

/// What one frame of a level scene holds that costs more than copying row pictures.
private struct LevelFrameKind: CustomStringConvertible {
    var rows = 0
    var translucent = 0
    var translucentFolded = 0
    var placeholder = "none"

    init(_ presentation: Presentation) {
        rows = presentation.rows.count
        for row in presentation.rows where row.alpha < 1 {
            translucent += 1
            if row.framePixels.height != presentation.rowHeightPixels { translucentFolded += 1 }
        }
        if let shown = presentation.placeholder {
            placeholder = shown.scaleY == 1 ? "alpha \(tenthsText(shown.alpha))" : "scaled"
        }
    }

    var description: String {
        "\(rows) rows, \(translucent) translucent, \(translucentFolded) of them folded, placeholder \(placeholder)"
    }
}

/// What a level scene drew, so the figures are known to be of folds and transitions.
private final class LevelFramesSeen {
    var foldedFrames = 0
    var levels: Set<String> = []
}

/// The frames of one level move: a new session each call.
private func levelFrames(screen: ScreenSize, _ move: LevelMove) -> (
    frames: (Int) -> Presentation, seen: LevelFramesSeen
) {
    let rowHeight = ClearLayout.defaultRowHeightPixels(widthPixels: screen.widthPixels)
    let framesPerMove = LevelDriver.framesPerMove
    let driver = LevelDriver(screen: screen)
    if let level = move.level { driver.reach(level) }
    let seen = LevelFramesSeen()
    let frames = { (frame: Int) -> Presentation in
        if frame % framesPerMove == 0 {
            move.moves[(frame / framesPerMove) % move.moves.count](driver)
        } else {
            driver.step()
        }
        let presentation = driver.presentation()
        if presentation.rows.contains(where: { $0.framePixels.height != rowHeight }) {
            seen.foldedFrames += 1
        }
        seen.levels.insert(presentation.level.rawValue)
        return presentation
    }
    return (frames, seen)
}

/// A Clear session of the default lists driven through the levels one move at a time, a
/// frame at a time (each move lasts `framesPerMove` frames of 1/60 s).
private final class LevelDriver {
    /// A transition lasts 0.35 s: 20 frames of it are drawn, then the next move begins.
    static let framesPerMove = 20
    static let frameMicroseconds: Int64 = 16_667
    /// A pinch together moves for this many frames, then lifts.
    static let pinchFrames = 10
    let session: ClearSession
    let device = DeviceID(rawValue: 1)
    let rowHeight: Double
    var time: Int64 = 0
    /// The pinch in progress: its fingers' y and the frames it has left.
    private var pinch: (upper: Double, lower: Double, step: Double, framesLeft: Int)?

    init(screen: ScreenSize) {
        session = ClearSession(lists: TodoLists(), layout: ClearLayout(screen: screen))
        rowHeight = ClearLayout.defaultRowHeightPixels(widthPixels: screen.widthPixels)
        session.handle(
            .deviceAdded(
                DeviceDescription(id: device, name: "bench", kind: .touchscreen, screen: screen),
                timeMicroseconds: time))
    }

    private func touch(_ contacts: [(slot: Int, phase: TouchPhase, x: Double, y: Double)]) {
        time += 10_000
        session.handle(
            .touchFrame(
                TouchFrame(
                    device: device, timeMicroseconds: time,
                    contacts: contacts.map {
                        TouchContact(
                            seatSlot: $0.slot, phase: $0.phase,
                            positionPixels: Point(x: $0.x, y: $0.y))
                    })))
    }

    /// The last move has ended: a touch now belongs to the level it reached.
    private func settle() { time += 400_000 }

    /// A pull released 800 px down (past 4H): up one level.
    func pull() {
        settle()
        touch([(0, .down, 540, 300)])
        for step in 1...10 { touch([(0, .move, 540, 300 + Double(step) * 80)]) }
        time += 150_000
        touch([(0, .up, 540, 1100)])
    }

    /// A tap on row `row`'s middle.
    func tap(row: Int) {
        settle()
        let y = (Double(row) + 0.5) * rowHeight
        touch([(0, .down, 540, y)])
        touch([(0, .up, 540, y)])
    }

    /// Two fingers 800 px apart closing by `stepPixels` each a frame for `pinchFrames`
    /// frames, then lifted (the fold springs back).
    func pinchTogether(stepPixels: Double) {
        settle()
        pinch = (upper: 560, lower: 1360, step: stepPixels, framesLeft: Self.pinchFrames)
        touch([(0, .down, 540, 560), (1, .down, 540, 1360)])
    }

    /// Goes up from the items to `level` (the lists or the menu), settled.
    func reach(_ level: Level) {
        while session.controller.level != level { pull() }
        settle()
    }

    /// One frame on: a pinch in progress moves its fingers (lifting them on its last frame).
    func step() {
        if var current = pinch {
            current.upper += current.step
            current.lower -= current.step
            current.framesLeft -= 1
            let phase: TouchPhase = current.framesLeft == 0 ? .up : .move
            touch([(0, phase, 540, current.upper), (1, phase, 540, current.lower)])
            pinch = current.framesLeft == 0 ? nil : current
        }
        time += Self.frameMicroseconds
    }

    func presentation() -> Presentation {
        session.advance(toMicroseconds: time)
        return session.controller.presentation(atMicroseconds: time)
    }
}

/// Runs `frameCount` frames: `prepare(frame)` makes what is drawn (not timed), `draw`
/// draws it (timed on the wall and on this thread's CPU clock); the first `warmUpFrames`
/// are not counted.
private func timeFrames<Picture>(
    _ frameCount: Int, warmUpFrames: Int, prepare: (Int) -> Picture, draw: (Picture) -> Void
) -> FrameTimings {
    var cpuNanoseconds: [Int64] = []
    return timeFrames(
        frameCount, warmUpFrames: warmUpFrames, prepare: prepare, draw: draw,
        cpuByFrame: &cpuNanoseconds)
}

/// `timeFrames`, leaving each counted frame's CPU time in `cpuByFrame` (in order).
private func timeFrames<Picture>(
    _ frameCount: Int, warmUpFrames: Int, prepare: (Int) -> Picture, draw: (Picture) -> Void,
    cpuByFrame cpuNanoseconds: inout [Int64]
) -> FrameTimings {
    var wallNanoseconds: [Int64] = []
    var allocations: UInt64 = 0
    cpuNanoseconds.removeAll()
    for frame in 0..<frameCount {
        let picture = prepare(frame)
        let wallStart = MonotonicClock.nowNanoseconds()
        let cpuStart = threadCPUNanoseconds()
        let allocationsBefore = cleartouch_allocation_count()
        draw(picture)
        let allocated = cleartouch_allocation_count() - allocationsBefore
        if frame >= warmUpFrames {
            allocations += allocated
            cpuNanoseconds.append(threadCPUNanoseconds() - cpuStart)
            wallNanoseconds.append(MonotonicClock.nowNanoseconds() - wallStart)
        }
    }
    return FrameTimings(
        wall: FrameTimes(wallNanoseconds), cpu: FrameTimes(cpuNanoseconds),
        allocationsPerFrame: Double(allocations) / Double(max(1, cpuNanoseconds.count)))
}

/// Prints the wall and CPU figures of `times` and, when `judged`, whether p99 meets 8 ms
/// of CPU time.
private func printFrameTimes(_ times: FrameTimings, judged: Bool = true) {
    print("  wall time: \(times.wall)")
    print("  CPU time:  \(times.cpu)")
    print(
        "  allocations per frame drawn (the whole process: Cairo, pixman, Pango, SDL): \(tenthsText(times.allocationsPerFrame))"
    )
    guard judged else {
        print(
            "  (drawing plus SDL's upload and present: depends on the GPU; not the target figure)")
        return
    }
    print(
        "  target p99 < 8 ms (CPU time; wall time also counts other processes): \(times.cpu.p99 < 8_000_000 ? "met" : "NOT met")"
    )
}

/// Time to draw one 1080×1920 frame of the sample list during a theme's cross-fade
/// (docs/themes.md): every row, the background and the text change colour on every
/// frame, so no row picture can be reused. A new theme is applied as each 0.3 s fade
/// ends, cycling through the built-in themes, so every frame is mid-fade.
func runThemeFadeRenderBenchmark() {
    let screen = ScreenSize.defaultKiosk
    runUprightScene(
        "render-theme-fade", "the sample list cross-fading between themes", screen: screen,
        frames: themeFadeFrames(screen: screen))
}

/// The frames of `runThemeFadeRenderBenchmark`: a new controller each call.
private func themeFadeFrames(screen: ScreenSize) -> (Int) -> Presentation {
    let frameMicroseconds: Int64 = 16_667
    let controller = ClearController(
        items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen))
    var time: Int64 = 0
    var themeIndex = 0
    var fadeEnd: Int64 = 0
    return { _ in
        time += frameMicroseconds
        if time >= fadeEnd {
            themeIndex = (themeIndex + 1) % Theme.builtIn.count
            controller.applyTheme(named: Theme.builtIn[themeIndex].name, at: time)
            fadeEnd = time + 300_000
        }
        return controller.presentation(atMicroseconds: time + frameMicroseconds / 2)
    }
}

/// A renderer drawing `screen` upright; nil, having said so, when Cairo cannot make the
/// surface.
func uprightRenderer(_ screen: ScreenSize, benchmark: String) -> PresentationRenderer? {
    guard
        let renderer = try? PresentationRenderer(
            width: screen.widthPixels, height: screen.heightPixels)
    else {
        print("\(benchmark): cannot create a \(screen) Cairo surface")
        return nil
    }
    return renderer
}

/// A digest of every frame of every scene `render-rotated` draws (upright, at the kiosk's
/// size), one line per scene: a change to how the renderer draws, meant to leave the
/// picture as it was, must leave every line as it was (run it before and after). Not
/// timed, and run only when named (`cleartouch-bench render-digest`).
func runRenderDigest() {
    let screen = ScreenSize.defaultKiosk
    for scene in RenderScene.all(screen: screen) {
        guard let renderer = uprightRenderer(screen, benchmark: "render-digest") else { return }
        let frames = scene.makeFrames()
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for frame in 0..<scene.frameCount {
            renderer.render(frames(frame))
            digest = frameDigest(renderer.surface, startingFrom: digest)
        }
        let hex = String(digest, radix: 16)
        print(
            "render-digest: \(scene.name), \(scene.frameCount) frames: \(String(repeating: "0", count: 16 - hex.count))\(hex)"
        )
    }
}

/// `digest` carried on over every pixel of `surface` (FNV-1a over 64-bit words).
private func frameDigest(_ surface: ImageSurface, startingFrom digest: UInt64) -> UInt64 {
    surface.withPixelData { data in
        var hash = digest
        let words = data.count / 8
        for index in 0..<words {
            hash =
                (hash ^ data.load(fromByteOffset: index * 8, as: UInt64.self))
                &* 0x100_0000_01b3
        }
        return hash
    }
}
