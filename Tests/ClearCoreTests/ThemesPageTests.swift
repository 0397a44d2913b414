import ClearCore
import GestureRecognition
import TestSupport
import Testing
import TouchInput
import TouchScript

// The Themes page on the 320×480 test screen (H = 50): one row per built-in theme, rows
// 0 to 5 covering y 0 to 300.

/// From the items to the Themes page: close the list, open the menu, tap `Themes`.
private func themesPage() -> TouchScreenScript {
    var script = TouchScreenScript()
    script.pull(250)
    script.pull(250)
    script.tapRow(1)
    return script
}

@Suite struct ThemesPageTests {
    @Test func itsRowsAreTheBuiltInThemesEachInItsOwnTheme() {
        let session = themesPage().run(ClearSession(lists: TodoLists(), layout: smallLayout))
        #expect(session.controller.level == .themes)
        let rows = session.controller.presentation(
            atMicroseconds: session.controller.currentTimeMicroseconds
        ).rows
        #expect(rows.map(\.text) == Theme.builtIn.map(\.name))
        #expect(rows.map(\.ownTextColor) == Theme.builtIn.map(\.text))
        #expect(rows.map(\.backgroundColor) == Theme.builtIn.map(\.top))
    }

    @Test func rowsOfTheOtherLevelsHaveNoThemeOfTheirOwn() {
        var script = TouchScreenScript()
        script.pull(250)
        let session = script.run(ClearSession(lists: TodoLists(), layout: smallLayout))
        let time = session.controller.currentTimeMicroseconds
        #expect(session.controller.level == .lists)
        #expect(
            session.controller.presentation(atMicroseconds: time).rows.allSatisfy {
                $0.ownTextColor == nil
            })
        script.pull(250)
        let menu = script.run(ClearSession(lists: TodoLists(), layout: smallLayout))
        #expect(menu.controller.level == .menu)
        #expect(
            menu.controller.presentation(atMicroseconds: menu.controller.currentTimeMicroseconds)
                .rows.allSatisfy { $0.ownTextColor == nil })
    }

    /// The last row ends at y 300: a tap just inside it applies `high-contrast`, one just
    /// below it goes back to the menu.
    @Test func aTapOnTheLastRowAppliesItsThemeAndJustBelowItGoesBack() {
        var inside = themesPage()
        inside.tap(Point(x: 160, y: 299))
        inside.wait(600_000)
        let applied = inside.run(ClearSession(lists: TodoLists(), layout: smallLayout))
        #expect(applied.controller.actions.last?.summary == "theme high-contrast")
        #expect(applied.controller.theme == .highContrast)
        #expect(applied.controller.level == .themes)

        var below = themesPage()
        below.tap(Point(x: 160, y: 301))
        below.wait(600_000)
        let back = below.run(ClearSession(lists: TodoLists(), layout: smallLayout))
        #expect(back.controller.actions.last?.summary == "close-page")
        #expect(back.controller.theme == .heat)
    }

    @Test func aThemeIsAppliedLiveByTheCrossFadeAndSavedWithTheLists() {
        var script = themesPage()
        script.tap(Point(x: 160, y: 75))  // ocean; no rest, so the fade is still on
        let session = ClearSession(lists: TodoLists(), layout: smallLayout)
        // The events only: `run` would let time pass to the fade's end.
        for event in script.events { session.handle(event) }
        let tap = session.controller.actions.last!
        #expect(tap.summary == "theme ocean")
        #expect(tap.detail == .themeName("ocean"))
        let controller = session.controller
        let start = tap.timeMicroseconds
        // Halfway through the 0.3 s fade the colours are between heat's and ocean's.
        let halfway = controller.presentation(atMicroseconds: start + 150_000)
        #expect(halfway.isFadingColors)
        #expect(
            halfway.backgroundColor
                == Theme.heat.background.mixed(with: Theme.ocean.background, fraction: 0.5))
        let done = controller.presentation(atMicroseconds: start + 300_000)
        #expect(!done.isFadingColors)
        #expect(done.backgroundColor == Theme.ocean.background)
        #expect(controller.theme == .ocean)
        #expect(controller.lists.themeName == "ocean")
    }

    @Test func aSessionStartsInTheThemeItsListsSaved() {
        var lists = TodoLists()
        lists.themeName = "dusk"
        let session = ClearSession(lists: lists, layout: smallLayout)
        #expect(session.controller.theme == .dusk)
        #expect(session.controller.lists.themeName == "dusk")
        lists.themeName = "no-such-theme"
        #expect(ClearSession(lists: lists, layout: smallLayout).controller.theme == .heat)
    }
}
