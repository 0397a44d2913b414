import GestureRecognition

/// Something done to every interaction in turn (`ClearController.visitInteractions`).
/// A generic visit, so each call is to the concrete interaction: no existential on the
/// hot path, and no reference counted to reach it.
protocol InteractionVisitor {
    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController)
}

extension ClearController {
    /// Offers one report to the interactions until one takes it; true if one did. A
    /// later report of a gesture goes straight to the interaction that took its `began`
    /// (`routes` remembers which): at most one holds a gesture, as each takes ids only in
    /// `begin`, so the others would only have said no. Without a route (`GestureRoutes`
    /// forgot it) every interaction is asked, as for a beginning.
    func offer(_ step: GestureStep, _ gesture: GestureEvent) -> Bool {
        if step != .begin, routesLaterReports, let taker = routes.taker(of: gesture.id) {
            if step != .change { routes.forget(gesture.id) }
            return taker.takeLaterReport(step, gesture, in: self)
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

/// A gesture report offered to the interactions (`ClearController.offer`): a beginning
/// one until an interaction takes it, a later one to the interaction that holds it.
struct GestureVisitor: InteractionVisitor {
    let step: GestureStep
    let gesture: GestureEvent
    var taken = false
    /// The interaction that took a beginning gesture.
    var taker: UnsafeInteractionReference?

    // Inlined so the report is not copied for each interaction (`visitInteractions`).
    @inline(__always)
    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        guard !taken else { return }
        if step == .begin {
            taken = interaction.begin(gesture, in: controller)
            if taken { taker = UnsafeInteractionReference(interaction) }
            return
        }
        // The id first: only the interaction that holds the gesture is handed the report.
        guard interaction.holds(gesture.id) else { return }
        taken = interaction.takeLaterReport(step, gesture, in: controller)
    }
}

extension Interaction {
    /// A later report (`change`, `end` or `cancel`) of a gesture it took; a `begin` is not
    /// one (false). No `holds` first when routed: with one interaction asked, its own
    /// answer (false, nothing done, for a gesture not its) is the same and the id is
    /// looked up once.
    @inline(__always)
    func takeLaterReport(
        _ step: GestureStep, _ gesture: GestureEvent, in controller: ClearController
    ) -> Bool {
        switch step {
        case .begin: false
        case .change: change(gesture, in: controller)
        case .end: end(gesture, in: controller)
        case .cancel: cancel(gesture, in: controller)
        }
    }

    static func takeLaterReport(
        _ step: GestureStep, _ gesture: GestureEvent,
        unsafelyFrom interaction: Unmanaged<AnyObject>, in controller: ClearController
    ) -> Bool {
        interaction._withUnsafeGuaranteedRef {
            unsafeDowncast($0, to: Self.self).takeLaterReport(step, gesture, in: controller)
        }
    }
}

/// An interaction the controller holds, as a route remembers it (`GestureRoutes`): the
/// object, without counting a reference, and its type, through which a later report is
/// handed to it (one indirect call, then the interaction's own method, compiled in line).
///
/// Unsafe because nothing keeps the object alive: the controller does, as it owns both
/// its interactions, for its whole life, and the routes. A counted reference cost a retain
/// and a release per report, and finding the interaction by a visit of them all cost a
/// copy of the report and a test per interaction (together +100 to +165 instructions a
/// frame of a drag, cont.evemu, against the switch over an enumeration of the interactions
/// this replaced; this costs +13). Remembering the taker's place in the visits and
/// handing the report to the interaction at that place cost +46 to +158 (the visit left
/// out of line or the taker's `change` not in line; docs/performance.md, "Issue 34").
struct UnsafeInteractionReference {
    private let object: Unmanaged<AnyObject>
    private let type: any Interaction.Type

    init<Each: Interaction>(_ interaction: Each) {
        object = .passUnretained(interaction)
        type = Each.self
    }

    /// The interaction's identity (tests).
    var identity: ObjectIdentifier { object._withUnsafeGuaranteedRef { ObjectIdentifier($0) } }

    /// Hands the interaction a later report of a gesture it took; true if it took it.
    @inline(__always)
    func takeLaterReport(
        _ step: GestureStep, _ gesture: GestureEvent, in controller: ClearController
    ) -> Bool {
        type.takeLaterReport(step, gesture, unsafelyFrom: object, in: controller)
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

struct PlaceholderLabelVisitor: InteractionVisitor {
    var labels = PlaceholderLabelOffers()

    // Inlined: the interactions without a placeholder cost nothing (a replay asks after
    // every event).
    @inline(__always)
    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        interaction.offerPlaceholderLabel(to: &labels, in: controller)
    }
}

struct FinishVisitor: InteractionVisitor {
    var presentation: Presentation
    let context: PresentationContext

    mutating func visit<Each: Interaction>(_ interaction: Each, in controller: ClearController) {
        interaction.finish(&presentation, context, in: controller)
    }
}
