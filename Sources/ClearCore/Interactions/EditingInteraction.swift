import GestureRecognition
import TouchInput

/// Tap to edit (docs/clear-rules.md §1.4): a tap on an open row edits it; over 0.3 s every
/// row moves so the edited row reaches the top while the others fade to 0.3, and back when
/// editing ends. Editing is modal: while a row is edited only a tap acts, and it ends the
/// editing. Pulls and pinches that add an item begin editing it.
final class EditingInteraction: Interaction {
    /// The item being edited and its text field.
    struct Session: Hashable {
        var item: ItemID
        var text: String
        /// `text.count`, kept as the text changes: counting the characters of a long text
        /// each frame made `view` of a long typing session quadratic.
        var characterCount: Int
        var originalText: String
        /// Added by this interaction (pull or pinch), so Escape deletes it.
        var isNew: Bool
    }

    /// What changes as gestures come and time passes.
    struct State {
        /// The item being edited and its text field; nil when none is.
        var session: Session?
        /// Edit mode's move of every row and fade of the others.
        var transition: EditTransition = .rest
        /// The other rows' alpha in the presentation being composed.
        var shownOtherRowsAlpha = 1.0
    }

    // Unchecked in release builds, as every interaction's state (the figure is at
    // `ClearController`).
    #if CLEARTOUCH_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var state = State()

    /// The item being edited and its text field; nil when none is.
    var session: Session? { state.session }

    var isEditing: Bool { state.session != nil }

    func isRunning(at time: Int64) -> Bool { time < state.transition.endMicroseconds }

    /// A tap while editing ends the editing and starts nothing else; otherwise a tap on an
    /// open row edits it.
    func tap(at location: Point, time: Int64, in controller: ClearController) {
        if state.session != nil {
            end(keepingText: true, time: time, in: controller)
            return
        }
        guard let index = controller.hitTest(location), !controller.list[index].completed
        else { return }
        begin(at: index, isNew: false, time: time, fromTranslationPixels: nil, in: controller)
    }

    // MARK: text

    /// Types `text` at the end of the edited text.
    func type(_ text: String) {
        // Only the last character can join what is typed (a combining mark, a flag's half).
        // (No copy of the text is bound here: appending then stays in place.)
        guard let last = state.session.map({ $0.text.last }) else { return }
        let added = last.map { (String($0) + text).count - 1 } ?? text.count
        state.session?.characterCount += added
        state.session?.text += text
    }

    /// Deletes the last character (grapheme cluster) of the edited text.
    func deleteBackward() {
        guard state.session?.text.isEmpty == false else { return }
        state.session?.text.removeLast()
        state.session?.characterCount -= 1
    }

    // MARK: begin and end

    /// Starts editing row `index`: records `edit-begin`, and over 0.3 s moves every row
    /// by (offset − row.minY) so the row reaches the top while the others fade to 0.3.
    func begin(
        at index: Int, isNew: Bool, time: Int64, fromTranslationPixels: Double?,
        in controller: ClearController
    ) {
        let item = controller.list[index]
        state.session = Session(
            item: item.id, text: item.text, characterCount: item.text.count,
            originalText: item.text, isNew: isNew)
        controller.record(.editBegin, index: index, time: time)
        let rowMinY = Double(index) * controller.layout.rowHeightPixels
        state.transition = state.transition.retargeted(
            at: time, translation: controller.scrollOffsetPixels - rowMinY,
            otherRowsAlpha: ClearTimings.editingOtherRowsAlpha, editedItem: item.id,
            fromTranslation: fromTranslationPixels)
        controller.keyboardInteraction.show(at: time, in: controller)
    }

    /// Ends editing: saves the text (or restores it), records `edit-end`, moves the rows
    /// back over 0.3 s, and deletes the item when its text is empty.
    func end(keepingText: Bool, time: Int64, in controller: ClearController) {
        guard let session = state.session else { return }
        self.state.session = nil
        guard let index = controller.list.index(of: session.item) else { return }
        let text = keepingText ? session.text : (session.isNew ? "" : session.originalText)
        controller.list.setText(text, at: index)
        controller.record(.editEnd, index: index, time: time)
        state.transition = state.transition.retargeted(
            at: time, translation: 0, otherRowsAlpha: 1, editedItem: session.item)
        controller.keyboardInteraction.hide(at: time)
        if text.isEmpty {
            controller.rowPan.delete(at: index, time: time, in: controller)
        }
    }

    // MARK: presentation

    func prepare(_ context: inout PresentationContext, in controller: ClearController) {
        context.rows.listTranslationPixels = state.transition.translation.value(at: context.time)
        state.shownOtherRowsAlpha = state.transition.otherRowsAlpha.value(at: context.time)
    }

    func placeRow(
        _ frame: inout RectPixels, index: Int, item: ItemID, _ context: RowContext,
        in controller: ClearController
    ) {
        frame.y += context.listTranslationPixels
    }

    func styleRow(
        _ row: inout RowPresentation, _ context: RowContext, in controller: ClearController
    ) {
        if let session = state.session, session.item == row.itemID {
            row.text = session.text
            row.isEditing = true
        }
        row.alpha = state.transition.editedItem == row.itemID ? 1 : state.shownOtherRowsAlpha
    }

    func finish(
        _ presentation: inout Presentation, _ context: PresentationContext,
        in controller: ClearController
    ) {
        presentation.editing = state.session.flatMap { session in
            controller.list.index(of: session.item).map {
                EditingPresentation(
                    modelIndex: $0, text: session.text, caretCharacterOffset: session.characterCount
                )
            }
        }
    }
}
