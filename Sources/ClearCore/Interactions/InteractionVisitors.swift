import GestureRecognition

/// Something done to every interaction in turn (`ClearController.visitInteractions`).
/// A generic visit, so each call is to the concrete interaction: no existential on the
/// hot path.
protocol InteractionVisitor {
    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController)
}

extension ClearController {
    /// The one registration of the interactions (the theme's cross-fade first, its
    /// colours used by the rest; then the levels: at the menu and during a level transition
    /// they take the gestures), in the order their parts of a row's
    /// frame apply (the slot and the held row, the rows closing after clear completed, the
    /// edit mode's move, the row pan's x and delete shuffle, the pinch gap) and in which
    /// they are offered a beginning gesture. The keyboard comes last: what its keys type
    /// may end editing once the others have let time pass.
    ///
    /// Inlined, as are `GestureVisitor`'s visits: the visitor then lives in registers and
    /// each interaction is handed the gesture report in place. A visitor kept in memory had
    /// the report (about 150 bytes) copied into it and out again for every interaction
    /// called: +5.4 % instructions in `cleartouch-bench core`'s session (docs/performance.md).
    @inline(__always)
    func visitInteractions<Visitor: InteractionVisitor>(_ visitor: inout Visitor) {
        // First: the theme's colours are in the context before any row or placeholder.
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

    /// Offers one report to the interactions until one takes it; true if one did. A
    /// later report of a gesture goes straight to the interaction that took its `began`
    /// (`routes`): at most one holds a gesture, as each takes ids only in `begin`, so the
    /// others would only have said no. Without a route (`GestureRoutes` forgot it) every
    /// interaction is asked, as for a beginning.
    func offer(_ step: GestureStep, _ gesture: GestureEvent) -> Bool {
        if step != .begin, routesLaterReports, let route = routes.route(of: gesture.id) {
            if step != .change { routes.forget(gesture.id) }
            return offer(step, gesture, to: route)
        }
        var visitor = GestureVisitor(step: step, gesture: gesture)
        visitInteractions(&visitor)
        if step == .begin, let taker = visitor.taker {
            routes.note(taker, for: gesture.id)
        } else if step == .end || step == .cancel {
            routes.forget(gesture.id)
        }
        return visitor.taken
    }

    /// A later report to the interaction `route` names; true if it took it (it holds the
    /// gesture). One case per interaction registered in `visitInteractions`.
    private func offer(_ step: GestureStep, _ gesture: GestureEvent, to route: InteractionRoute)
        -> Bool
    {
        switch route {
        case .themeFade: offer(step, gesture, to: themeFade)
        case .navigation: offer(step, gesture, to: navigation)
        case .reorder: offer(step, gesture, to: reorder)
        case .pullUp: offer(step, gesture, to: pullUp)
        case .editing: offer(step, gesture, to: editing)
        case .rowPan: offer(step, gesture, to: rowPan)
        case .pinch: offer(step, gesture, to: pinch)
        case .pull: offer(step, gesture, to: pull)
        case .scrolling: offer(step, gesture, to: scrolling)
        case .keyboard: offer(step, gesture, to: keyboardInteraction)
        }
    }

    // No `holds` first: with one interaction asked, its own answer (false, nothing done,
    // for a gesture not its) is the same and the id is looked up once.
    @inline(__always)
    private func offer<Each: Interaction>(
        _ step: GestureStep, _ gesture: GestureEvent, to interaction: Each
    ) -> Bool {
        switch step {
        case .begin: return false
        case .change: return interaction.change(gesture, in: self)
        case .end: return interaction.end(gesture, in: self)
        case .cancel: return interaction.cancel(gesture, in: self)
        }
    }

    /// True while any interaction's animation (or the list's motion) runs at `time`.
    public func isAnimating(at time: Int64) -> Bool {
        var visitor = RunningVisitor(time: time)
        visitInteractions(&visitor)
        return visitor.isRunning
    }

    func advanceInteractions(to now: Int64) {
        var visitor = AdvanceVisitor(now: now)
        visitInteractions(&visitor)
    }
}

/// Where a gesture report is in its gesture's life.
enum GestureStep {
    case begin, change, end, cancel
}

struct GestureVisitor: InteractionVisitor {
    let step: GestureStep
    let gesture: GestureEvent
    var taken = false
    /// The interaction that took a beginning gesture.
    var taker: InteractionRoute?

    // Inlined so the report is not copied for each interaction (`visitInteractions`).
    @inline(__always)
    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        guard !taken else { return }
        if step == .begin {
            taken = interaction.begin(gesture, in: controller)
            if taken { taker = Each.route }
            return
        }
        // The id first: only the interaction that holds the gesture is handed the report.
        guard interaction.holds(gesture.id) else { return }
        switch step {
        case .begin: break
        case .change: taken = interaction.change(gesture, in: controller)
        case .end: taken = interaction.end(gesture, in: controller)
        case .cancel: taken = interaction.cancel(gesture, in: controller)
        }
    }
}

struct AdvanceVisitor: InteractionVisitor {
    let now: Int64

    // Inlined with the interactions' checks: an advance that finds nothing costs no calls.
    @inline(__always)
    func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        interaction.advance(to: now, in: controller)
    }
}

struct RunningVisitor: InteractionVisitor {
    let time: Int64
    var isRunning = false

    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        if !isRunning { isRunning = interaction.isRunning(at: time) }
    }
}

struct PrepareVisitor: InteractionVisitor {
    var context: PresentationContext

    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        interaction.prepare(&context, in: controller)
    }
}

struct PlaceRowVisitor: InteractionVisitor {
    var frame: RectPixels
    let index: Int
    let item: ItemID
    let context: RowContext

    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        interaction.placeRow(&frame, index: index, item: item, context, in: controller)
    }
}

struct StyleRowVisitor: InteractionVisitor {
    var row: RowPresentation
    let context: RowContext

    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        interaction.styleRow(&row, context, in: controller)
    }
}

struct FinishVisitor: InteractionVisitor {
    var presentation: Presentation
    let context: PresentationContext

    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        interaction.finish(&presentation, context, in: controller)
    }
}
