/// Editing the text of a row: the keyboard side of Clear's tap-to-edit
/// (docs/clear-rules.md §1.4, `EditingInteraction`).
///
/// All calls carry the event time. Calls while no row is edited do nothing.
extension ClearController {
    /// Types `text` at the end of the edited item's text. Line breaks and other control
    /// characters are dropped (Return is a key, see `pressReturn(at:)`).
    public func insertText(_ text: String, at time: Int64) {
        advance(toMicroseconds: time)
        guard editing.isEditing else { return }
        editing.type(
            String(
                String.UnicodeScalarView(
                    text.unicodeScalars.filter { !$0.properties.generalCategory.isControl })))
    }

    /// Deletes the last character (grapheme cluster) of the edited text.
    public func deleteBackward(at time: Int64) {
        advance(toMicroseconds: time)
        editing.deleteBackward()
    }

    /// Return ends the editing and keeps the text; an empty item is then deleted.
    public func pressReturn(at time: Int64) {
        advance(toMicroseconds: time)
        editing.end(keepingText: true, time: currentTimeMicroseconds, in: self)
    }

    /// Escape ends the editing and restores the text the item had before; an item
    /// added by this interaction is therefore empty and deleted.
    public func pressEscape(at time: Int64) {
        advance(toMicroseconds: time)
        editing.end(keepingText: false, time: currentTimeMicroseconds, in: self)
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
