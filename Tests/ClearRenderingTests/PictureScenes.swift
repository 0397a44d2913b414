import ClearCore
import ClearPictures
import TouchInput

/// One picture the app draws: a state reached through the real core (touches into a
/// `ClearSession`), named for its file (`docs/pictures/WxH/NAME.png`).
struct PictureScene {
    var name: String
    var presentation: Presentation
}

/// A session at one screen size driven by touches a frame at a time, 10 ms apart, on one
/// touchscreen of that size (its slop is 10 px: no size in mm).
final class PictureSessionDriver {
    let screen: ScreenSize
    let session: ClearSession
    let device = DeviceID(rawValue: 1)
    var time: Int64 = 1_000_000

    var width: Double { Double(screen.widthPixels) }
    var height: Double { Double(screen.heightPixels) }
    var rowHeight: Double { session.controller.layout.rowHeightPixels }

    /// The default lists (`To Do`, the tutorial's twelve items) at every level, or one
    /// list of `items` alone; with `keyboard`, the `us` on-screen keyboard always shows.
    init(screen: ScreenSize, items: [TodoItem]? = nil, keyboard: Bool = false) {
        self.screen = screen
        let layout = ClearLayout(screen: screen)
        let settings =
            keyboard
            ? OnScreenKeyboardSettings(mode: .on, layout: KeyboardLayout.embedded(named: "us")!)
            : nil
        if let items {
            session = ClearSession(items: items, layout: layout, keyboard: settings)
        } else {
            session = ClearSession(
                lists: TodoLists(), layout: layout, themeNames: Theme.builtIn.map(\.name),
                keyboard: settings)
        }
        session.handle(
            .deviceAdded(
                DeviceDescription(id: device, name: "test", kind: .touchscreen, screen: screen),
                timeMicroseconds: time))
    }

    var presentation: Presentation { session.controller.presentation(atMicroseconds: time) }

    func touch(_ contacts: [(slot: Int, phase: TouchPhase, x: Double, y: Double)]) {
        time += 10_000
        session.touch(contacts, device: device, at: time)
    }

    /// Time passes, every animation ends.
    func wait(_ microseconds: Int64 = 1_000_000) {
        time += microseconds
        session.advance(toMicroseconds: time)
    }

    /// One finger down at `from` and moved to `to` in `steps`; lifted when `lift`.
    func drag(from: Point, to: Point, steps: Int = 10, lift: Bool) {
        touch([(0, .down, from.x, from.y)])
        for step in 1...steps {
            let share = Double(step) / Double(steps)
            touch([(0, .move, from.x + (to.x - from.x) * share, from.y + (to.y - from.y) * share)])
        }
        if lift { touch([(0, .up, to.x, to.y)]) }
    }

    /// Row 1 dragged sideways and held until its left edge is at `x`: the finger moves on
    /// by what the slop kept back.
    func holdRowOne(atX x: Double) {
        let y = 1.5 * rowHeight
        let start = width / 2
        drag(from: Point(x: start, y: y), to: Point(x: start + x, y: y), lift: false)
        let reached = presentation.rows.first { $0.modelIndex == 1 }?.framePixels.x ?? x
        touch([(0, .move, start + x + (x - reached), y)])
    }

    /// The list pulled down `distance` past its top and held (as far as the screen lets a
    /// finger go).
    func holdPull(_ distance: Double) {
        let start = 0.5 * rowHeight
        let end = min(start + distance, height - 2)
        drag(from: Point(x: width / 2, y: start), to: Point(x: width / 2, y: end), lift: false)
        let pulled = presentation.rows.first.map(\.framePixels.y) ?? (end - start)
        touch([(0, .move, width / 2, min(end + (end - start - pulled), height - 1))])
    }

    /// Up one level: a pull released past 4H. On a landscape screen 4H is more than the
    /// screen's height (1200 px of 1080 at 1920x1080), so no finger on the panel can pull
    /// that far and the menu is out of reach there (docs/pictures/README.md); the finger
    /// here goes on below the screen's edge, to draw the levels at every size all the same.
    func goUpALevel() {
        let start = 0.5 * rowHeight
        drag(
            from: Point(x: width / 2, y: start),
            to: Point(x: width / 2, y: start + 4.5 * rowHeight + 20), lift: true)
        wait()
    }

    func tap(row: Int) {
        let y = (Double(row) + 0.5) * rowHeight
        touch([(0, .down, width / 3, y)])
        touch([(0, .up, width / 3, y)])
        wait()
    }

    /// Scrolled to the list's end by drags up, each released.
    func scrollToEnd() {
        for _ in 0..<12 {
            guard let last = presentation.rows.last, last.framePixels.maxY > height + 0.5 else {
                return
            }
            drag(
                from: Point(x: width / 2, y: height * 0.9),
                to: Point(x: width / 2, y: height * 0.1), lift: true)
            wait(3_000_000)
        }
    }
}

/// Every scene of `docs/pictures` at one screen size, in the order of their file names.
enum PictureScenes {
    /// The sizes kiosks use (issue 36, "Every picture at every size") and what their
    /// turned panels lay out upright: a panel turned 90 or 270 degrees swaps W and H
    /// (`--rotate`, docs/app.md), 180 keeps them; the app draws upright and the display
    /// turns the frame.
    static let sizes: [ScreenSize] = [
        ScreenSize(widthPixels: 540, heightPixels: 960),
        ScreenSize(widthPixels: 720, heightPixels: 1280),
        ScreenSize(widthPixels: 1080, heightPixels: 1920),
        ScreenSize(widthPixels: 1920, heightPixels: 1080),
        ScreenSize(widthPixels: 960, heightPixels: 540),
        ScreenSize(widthPixels: 1280, heightPixels: 720),
    ]

    /// The scene names, in order.
    static let names =
        [
            "01-items", "02-tick-not-armed", "03-tick-armed", "04-cross-not-armed",
            "05-cross-armed", "06-pull-to-add", "07-release-to-add", "08-pull-at-4H",
            "09-lists-pull-to-add", "10-pull-to-clear", "11-release-to-clear", "12-pinch-apart",
            "13-keyboard", "14-lists", "15-menu", "16-themes-page", "17-settings-page",
            "18-menu-pull-to-go-back",
        ]
        + Theme.builtIn.dropFirst().enumerated().map {
            "\(19 + $0.offset)-theme-\($0.element.name)"
        }

    static func all(at screen: ScreenSize) -> [PictureScene] {
        var scenes: [PictureScene] = []
        func add(_ name: String, _ presentation: Presentation) {
            scenes.append(PictureScene(name: name, presentation: presentation))
        }
        add("01-items", PictureSessionDriver(screen: screen).presentation)
        let half = Double(screen.widthPixels) / 2
        // Complete arms past W/2 and delete past −W/2 (docs/clear-rules.md §1.1).
        for (name, x) in [
            ("02-tick-not-armed", half - 1), ("03-tick-armed", half + 1),
            ("04-cross-not-armed", -half + 1), ("05-cross-armed", -half - 1),
        ] {
            let driver = PictureSessionDriver(screen: screen)
            driver.holdRowOne(atX: x)
            add(name, driver.presentation)
        }
        for (name, rows) in [
            ("06-pull-to-add", 0.5), ("07-release-to-add", 1.5), ("08-pull-at-4H", 4.5),
        ] {
            let driver = PictureSessionDriver(screen: screen)
            driver.holdPull(rows * driver.rowHeight)
            add(name, driver.presentation)
        }
        let lists = PictureSessionDriver(screen: screen)
        lists.goUpALevel()
        lists.holdPull(0.6 * lists.rowHeight)
        add("09-lists-pull-to-add", lists.presentation)
        for (name, rows) in [("10-pull-to-clear", 0.5), ("11-release-to-clear", 1.5)] {
            add(name, pullUp(rows, at: screen))
        }
        add("12-pinch-apart", pinchApart(at: screen))
        let keyboard = PictureSessionDriver(screen: screen, keyboard: true)
        keyboard.tap(row: 0)
        add("13-keyboard", keyboard.presentation)
        let levels = PictureSessionDriver(screen: screen)
        levels.goUpALevel()
        add("14-lists", levels.presentation)
        levels.goUpALevel()
        add("15-menu", levels.presentation)
        levels.tap(row: 1)
        add("16-themes-page", levels.presentation)
        levels.goUpALevel()
        levels.tap(row: 2)
        add("17-settings-page", levels.presentation)
        levels.goUpALevel()
        levels.holdPull(0.7 * levels.rowHeight)
        add("18-menu-pull-to-go-back", levels.presentation)
        for (offset, theme) in Theme.builtIn.dropFirst().enumerated() {
            // The list in the theme, row 1 armed to complete: its text, rows and cue colours.
            let driver = PictureSessionDriver(screen: screen)
            driver.session.controller.setTheme(theme)
            driver.holdRowOne(atX: half + 1)
            add("\(19 + offset)-theme-\(theme.name)", driver.presentation)
        }
        return scenes
    }

    /// The tutorial's items with two completed, scrolled to the end, then pulled up
    /// `rows`·H past it and held.
    static func pullUp(_ rows: Double, at screen: ScreenSize) -> Presentation {
        var items = TodoList.swiftTutorialSamples
        items[1].completed = true
        items[4].completed = true
        let driver = PictureSessionDriver(screen: screen, items: items)
        driver.scrollToEnd()
        let distance = rows * driver.rowHeight
        let start = driver.height * 0.8
        driver.drag(
            from: Point(x: driver.width / 2, y: start),
            to: Point(x: driver.width / 2, y: start - distance), lift: false)
        // The finger moves on by what the slop kept back.
        let shown = driver.height - (driver.presentation.rows.last?.framePixels.maxY ?? 0)
        driver.touch([(0, .move, driver.width / 2, start - distance - (distance - shown))])
        return driver.presentation
    }

    /// Two fingers on rows 1 and 2 spread by H/2: the placeholder half open.
    static func pinchApart(at screen: ScreenSize) -> Presentation {
        let driver = PictureSessionDriver(screen: screen)
        let upper = 1.5 * driver.rowHeight
        let lower = 2.5 * driver.rowHeight
        let each = 0.25 * driver.rowHeight
        let x = driver.width / 2
        driver.touch([(0, .down, x, upper), (1, .down, x, lower)])
        for step in 1...10 {
            let moved = each * Double(step) / 10
            driver.touch([(0, .move, x, upper - moved), (1, .move, x, lower + moved)])
        }
        return driver.presentation
    }
}
