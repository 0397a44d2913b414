import GestureRecognition
import TestSupport
import Testing
import TouchInput

@testable import ClearCore

/// `ClearController.offer` hands a gesture's later reports to the interaction that took its
/// `began` (`GestureRoutes`). These tests hold a session doing so to one whose controller
/// asks every interaction for every report (`routesLaterReports` off): the same
/// presentation after every event, the same actions and lists; and the routes are
/// forgotten as the gestures end.
@Suite("Reports routed to the interaction that took the gesture")
struct RoutedReportsTests {
    /// Plays `script` through a routing session and one that asks every interaction,
    /// comparing after every event; the routes kept at the end.
    @discardableResult
    static func expectSameAsAskingEveryInteraction(_ script: TouchScreenScript) -> Int {
        let routed = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let asking = ClearSession(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        asking.controller.routesLaterReports = false
        var differences = 0
        for event in script.events {
            routed.handle(event)
            asking.handle(event)
            if showDifferently(routed.controller, asking.controller) { differences += 1 }
        }
        #expect(differences == 0)
        #expect(routed.controller.actions == asking.controller.actions)
        #expect(routed.controller.lists == asking.controller.lists)
        #expect(asking.controller.routes.count == routed.controller.routes.count)
        return routed.controller.routes.count
    }

    /// A scroll, a pull and a row pan won by one finger, then a second finger landing on
    /// it: the drag is cancelled (a row pan keeps its touch) and a pinch may begin; the
    /// routes are all forgotten once both fingers are up.
    @Test(arguments: [(0.0, 120.0), (0.0, -120.0), (150.0, 4.0), (-150.0, 4.0)])
    func aWonGestureThenASecondFinger(dx: Double, dy: Double) {
        var script = TouchScreenScript()
        let from = Point(x: 120, y: dy > 0 ? 40 : 300)
        script.frame([(0, .down, from.x, from.y)])
        for step in 1...10 {
            let f = Double(step) / 10
            script.frame([(0, .move, from.x + dx * f, from.y + dy * f)])
        }
        let at = Point(x: from.x + dx, y: from.y + dy)
        script.frame([(1, .down, at.x + 10, at.y + 60)])
        for step in 1...6 {
            script.frame([
                (0, .move, at.x, at.y - Double(step) * 4),
                (1, .move, at.x + 10, at.y + 60 + Double(step) * 4),
            ])
        }
        script.frame([(0, .up, at.x, at.y), (1, .up, at.x + 10, at.y + 84)])
        #expect(Self.expectSameAsAskingEveryInteraction(script) == 0)
    }

    /// A drag cancelled (its touch withdrawn) and one lifted, each followed by a tap: no
    /// route is left, and the next gesture's reports go where the first went.
    @Test(arguments: [TouchPhase.cancel, .up])
    func aCancelledOrEndedDragLeavesNoRoute(end: TouchPhase) {
        var script = TouchScreenScript()
        script.drag(from: Point(x: 40, y: 75), to: Point(x: 250, y: 77), end: end)
        script.drag(from: Point(x: 100, y: 40), to: Point(x: 100, y: 140), end: end)
        script.tap(Point(x: 100, y: 200))
        #expect(Self.expectSameAsAskingEveryInteraction(script) == 0)
    }

    /// Swipes, flings, pulls, taps, holds, pinches and typing, some fingers cancelled, with
    /// pauses that leave animations running into the next gesture.
    @Test func generatedSessionsMatchAskingEveryInteraction() {
        var random = SplitMix64(seed: 0x2077_E5)
        for _ in 0..<40 {
            Self.expectSameAsAskingEveryInteraction(TouchScreenScript.generated(&random))
        }
    }

    /// The routes keep at most `capacity` gestures: one more forgets the oldest, whose
    /// reports then go round every interaction; noting a gesture again replaces its route.
    @Test func routesForgetTheOldestPastTheirCapacity() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let pull = UnsafeInteractionReference(controller.pull)
        let scrolling = UnsafeInteractionReference(controller.scrolling)
        let pinch = UnsafeInteractionReference(controller.pinch)
        var routes = GestureRoutes()
        for id in 1...GestureRoutes.capacity {
            routes.note(pull, for: GestureID(rawValue: id))
        }
        #expect(routes.count == GestureRoutes.capacity)
        #expect(routes.taker(of: GestureID(rawValue: 1))?.identity == pull.identity)
        routes.note(scrolling, for: GestureID(rawValue: GestureRoutes.capacity + 1))
        #expect(routes.count == GestureRoutes.capacity)
        #expect(routes.taker(of: GestureID(rawValue: 1)) == nil)
        #expect(routes.taker(of: GestureID(rawValue: 2))?.identity == pull.identity)
        #expect(
            routes.taker(of: GestureID(rawValue: GestureRoutes.capacity + 1))?.identity
                == scrolling.identity)
        routes.note(pinch, for: GestureID(rawValue: 2))
        #expect(routes.taker(of: GestureID(rawValue: 2))?.identity == pinch.identity)
        #expect(routes.count == GestureRoutes.capacity)
        routes.forget(GestureID(rawValue: 2))
        routes.forget(GestureID(rawValue: 99))
        #expect(routes.taker(of: GestureID(rawValue: 2)) == nil)
        #expect(routes.count == GestureRoutes.capacity - 1)
    }

    /// A route names the interaction that took the gesture (a pan on a row: the row
    /// pan), until the gesture's last report.
    @Test func aRouteNamesTheInteractionThatTookTheGesture() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        controller.handle(Fixture.pan(1, .began, at: 1_000, start: Point(x: 40, y: 60), dx: 5))
        #expect(
            controller.routes.taker(of: GestureID(rawValue: 1))?.identity
                == ObjectIdentifier(controller.rowPan))
        controller.handle(Fixture.pan(1, .ended, at: 2_000, start: Point(x: 40, y: 60), dx: 5))
        #expect(controller.routes.count == 0)
    }

    /// More gestures at once than the routes keep (a touchscreen's and a controller's own
    /// reports), the oldest's later reports taking the way round every interaction.
    @Test func moreGesturesThanRoutesActAsBefore() {
        let routed = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        let asking = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        asking.routesLaterReports = false
        var reports: [GestureEvent] = []
        let count = GestureRoutes.capacity + 2
        func start(_ id: Int) -> Point { Point(x: 40, y: 20 + Double(id) * 40) }
        for id in 1...count {
            reports.append(
                Fixture.pan(
                    id, .began, at: Int64(id) * 1_000, start: start(id), dx: 5))
        }
        for id in 1...count {
            reports.append(
                Fixture.pan(id, .changed, at: 20_000 + Int64(id) * 1_000, start: start(id), dx: 200)
            )
        }
        for id in 1...count {
            reports.append(
                Fixture.pan(id, .ended, at: 40_000 + Int64(id) * 1_000, start: start(id), dx: 200))
        }
        for report in reports {
            routed.handle(report)
            asking.handle(report)
            #expect(
                routed.presentation(atMicroseconds: report.timeMicroseconds)
                    == asking.presentation(atMicroseconds: report.timeMicroseconds))
        }
        #expect(routed.actions == asking.actions)
        #expect(!routed.actions.isEmpty)
        #expect(routed.routes.count == 0)
    }

    /// The cue's label offers: the latest gesture's wins, of one gesture the one offered
    /// last, and a latest gesture showing no label hides an earlier one's.
    @Test func placeholderLabelOffersTakeTheLatestGesture() {
        var labels = PlaceholderLabelOffers()
        #expect(labels.label == nil)
        labels.offer(.pull, gesture: GestureID(rawValue: 2))
        labels.offer(.pinch, gesture: GestureID(rawValue: 1))
        #expect(labels.label == .pull)
        labels.offer(.release, gesture: GestureID(rawValue: 2))
        #expect(labels.label == .release)
        labels.offer(nil, gesture: GestureID(rawValue: 3))
        #expect(labels.label == nil)
        labels.offer(.pull, gesture: GestureID(rawValue: 2))
        #expect(labels.label == nil)
    }
}
