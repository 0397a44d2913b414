/// Editing the text of a row: the keyboard side of Clear's tap-to-edit (docs/clear-rules.md §1.4).
///
/// All calls carry the event time. Calls while no row is edited do nothing.
extension ClearController {
    /// Types `text` at the end of the edited item's text. Line breaks and other control
    /// characters are dropped (Return is a key, see `pressReturn(at:)`).
    public func insertText(_ text: String, at time: Int64) {
        advance(toMicroseconds: time)
        guard editSession != nil else { return }
        let printable = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { !$0.properties.generalCategory.isControl }))
        editSession?.text += printable
    }

    /// Deletes the last character (grapheme cluster) of the edited text.
    public func deleteBackward(at time: Int64) {
        advance(toMicroseconds: time)
        guard editSession?.text.isEmpty == false else { return }
        editSession?.text.removeLast()
    }

    /// Return ends the editing and keeps the text; an empty item is then deleted.
    public func pressReturn(at time: Int64) {
        advance(toMicroseconds: time)
        endEditing(keepingText: true, time: currentTimeMicroseconds)
    }

    /// Escape ends the editing and restores the text the item had before; an item
    /// added by this interaction is therefore empty and deleted.
    public func pressEscape(at time: Int64) {
        advance(toMicroseconds: time)
        endEditing(keepingText: false, time: currentTimeMicroseconds)
    }

    /// Starts editing row `index`: records `edit-begin`, and over 0.3 s moves every row
    /// by (offset − row.minY) so the row reaches the top while the others fade to 0.3.
    func beginEditing(at index: Int, isNew: Bool, time: Int64, fromTranslationPixels: Double?) {
        let item = list[index]
        editSession = EditSession(
            item: item.id, text: item.text, originalText: item.text, isNew: isNew)
        record(.editBegin, index: index, time: time)
        let rowMinY = Double(index) * layout.rowHeightPixels
        editTransition = editTransition.retargeted(
            at: time, translation: scrollOffsetPixels - rowMinY,
            otherRowsAlpha: ClearTimings.editingOtherRowsAlpha, editedItem: item.id,
            fromTranslation: fromTranslationPixels)
        showKeyboard(at: time)
    }

    /// Ends editing: saves the text (or restores it), records `edit-end`, moves the rows
    /// back over 0.3 s, and deletes the item when its text is empty.
    func endEditing(keepingText: Bool, time: Int64) {
        guard let session = editSession else { return }
        editSession = nil
        guard let index = list.index(of: session.item) else { return }
        let text = keepingText ? session.text : (session.isNew ? "" : session.originalText)
        list.setText(text, at: index)
        record(.editEnd, index: index, time: time)
        editTransition = editTransition.retargeted(
            at: time, translation: 0, otherRowsAlpha: 1, editedItem: session.item)
        hideKeyboard(at: time)
        if text.isEmpty {
            delete(at: index, time: time)
        }
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isControl: Bool {
        switch self {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
