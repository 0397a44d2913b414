import Testing

@testable import ClearCore

/// An interaction is registered in one place (`ClearController`'s registration: its
/// instance and its visit). These tests fail on an instance the controller holds but
/// `visitInteractions` never visits (its gestures, animations and rows would be silently
/// ignored), and on one visited twice.
@Suite("Interactions registered in one place")
struct InteractionRegistrationTests {
    /// Records whom `visitInteractions` visits, in order.
    struct VisitRecorder: InteractionVisitor {
        var visited: [ObjectIdentifier] = []

        mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController)
        {
            visited.append(ObjectIdentifier(interaction))
        }
    }

    @Test func everyInteractionTheControllerHoldsIsVisitedOnce() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        var recorder = VisitRecorder()
        controller.visitInteractions(&recorder)
        let held = Mirror(reflecting: controller).children.compactMap { child in
            (child.value as? any Interaction).map { (child.label ?? "?", ObjectIdentifier($0)) }
        }
        #expect(held.count >= 10)
        for (name, identity) in held {
            #expect(recorder.visited.filter { $0 == identity }.count == 1, "\(name)")
        }
        #expect(recorder.visited.count == held.count)
    }

    /// The theme's cross-fade is visited first (the others take their colours from it),
    /// the keyboard last (its typing may end editing once the others have let time pass).
    @Test func theOrderStartsWithTheThemeAndEndsWithTheKeyboard() {
        let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: smallLayout)
        var recorder = VisitRecorder()
        controller.visitInteractions(&recorder)
        #expect(recorder.visited.first == ObjectIdentifier(controller.themeFade))
        #expect(recorder.visited.last == ObjectIdentifier(controller.keyboardInteraction))
    }
}
