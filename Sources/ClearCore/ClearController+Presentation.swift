import GestureRecognition

/// What is on screen at a time: a pure function of the model, the gestures in progress,
/// the running animations and the time (docs/clear-rules.md §1–§3), composed from the
/// interactions' parts (`Interaction.prepare`, `placeRow`, `styleRow`, `finish`).
extension ClearController {
    /// The cue labels beside a panned row (docs/clear-rules.md §1.1): 50 px wide, 10 px
    /// from the row.
    public static let cueWidthPixels = 50.0
    /// The gap between a cue label and its row, in pixels.
    public static let cueMarginPixels = 10.0

    /// The placeholder's label while a pull is short of one row height.
    public static let pullLabel = "Pull to add item"
    /// The placeholder's label while a pinch gap is short of one row height.
    public static let pinchLabel = "Pull apart to add item"
    /// The placeholder's label once a pull or a pinch would add an item on release.
    public static let releaseLabel = "Release to add item"
    /// The cue below the last row while the pull up is H or less.
    public static let pullToClearLabel = "Pull to clear completed"
    /// The cue once releasing would clear the completed items.
    public static let releaseToClearLabel = "Release to clear completed"
    /// The cue when no item is completed: releasing does nothing.
    public static let nothingToClearLabel = "Nothing to clear"
    /// The placeholder's label at the lists level while a pull is short of one row height.
    public static let pullToAddListLabel = "Pull to add list"
    /// The placeholder's label at the lists level once a release would add a list.
    public static let releaseToAddListLabel = "Release to add list"
    /// The cue once a pull past 4H would close the open list.
    public static let releaseToCloseListLabel = "Release to close list"
    /// The cue once a pull past 4H would show the menu (at the lists level or a page).
    public static let releaseForMenuLabel = "Release for the menu"
    /// The cue once a pull past 4H at the menu would go back to the lists.
    public static let releaseForListsLabel = "Release for My Lists"
    /// The cue of a pull at the menu or a page, short of 4H.
    public static let pullToGoBackLabel = "Pull to go back"

    /// Everything on screen at `time`. Animations that `advance(toMicroseconds:)` has
    /// already dropped are not shown, so ask for times at or after the last event.
    public func presentation(atMicroseconds time: Int64) -> Presentation {
        var presentation = emptyPresentation
        self.presentation(atMicroseconds: time, into: &presentation)
        return presentation
    }

    /// `presentation(atMicroseconds:)` built into `presentation`, whose buffers (its rows)
    /// keep their capacity: once they have grown to a full screen, building another frame
    /// allocates nothing (the app keeps two and swaps them, docs/app.md "Running for
    /// months"). Whatever `presentation` held is replaced.
    public func presentation(atMicroseconds time: Int64, into presentation: inout Presentation) {
        var prepare = PrepareVisitor(
            context: PresentationContext(time: time, offsetPixels: scrolling.offset(at: time)))
        visitInteractions(&prepare)
        let context = prepare.context
        // The finishing visitor works on the caller's buffers, moved in and back out (a
        // copy would share them, and the first change would copy the rows).
        var finish = FinishVisitor(presentation: emptyPresentation, context: context)
        swap(&finish.presentation, &presentation)
        finish.presentation.reset(
            screen: layout.screen, rowHeightPixels: layout.rowHeightPixels,
            placeholder: context.placeholder?.value, isAnimating: isAnimating(at: time))
        appendRows(context, to: &finish.presentation.rows)
        visitInteractions(&finish)
        swap(&finish.presentation, &presentation)
    }

    /// A presentation of nothing on this screen: the start of every one built.
    private var emptyPresentation: Presentation {
        Presentation(
            screen: layout.screen, rowHeightPixels: layout.rowHeightPixels, rows: [], cues: nil,
            placeholder: nil, editing: nil, isAnimating: false)
    }

    /// What the sound's threshold ticks follow at `time`: the placeholder's label and
    /// whether a pinch together would close the level, as `presentation(atMicroseconds:)`
    /// shows them, without building the placeholder or laying out a row (a replay asks
    /// after every event). The label is the one of the interactions that offer a
    /// placeholder in the prepare pass, in its order: the latest gesture's wins, and of one
    /// gesture the interaction visited last.
    public func thresholdCue(atMicroseconds time: Int64) -> ThresholdCue {
        thresholdCueState(atMicroseconds: time).cue
    }

    /// `thresholdCue(atMicroseconds:)` with its label by identity: no string is built, and
    /// two states compare as their cues do.
    public func thresholdCueState(atMicroseconds time: Int64) -> ThresholdCueState {
        // As `PresentationContext.offerPlaceholder`, in the prepare pass's order, without an
        // array or an optional tuple per call.
        var offers = PlaceholderLabelVisitor()
        visitInteractions(&offers)
        return ThresholdCueState(
            placeholderLabel: offers.labels.label,
            pinchTogetherCloses: navigation.pinchTogetherCloses(in: self))
    }

    /// Row `index`'s frame: its slot, moved by every interaction.
    func rowFrame(ofRowAt index: Int, _ context: RowContext) -> RectPixels {
        var place = PlaceRowVisitor(
            frame: layout.rowFrame(
                index: reorder.displayIndex(ofRowAt: index),
                scrollOffsetPixels: context.offsetPixels),
            index: index, item: list[index].id, context: context)
        visitInteractions(&place)
        return place.frame
    }

    /// The rows behind, the list's rows near the screen, then the lifted ones above them,
    /// appended to `rows`. Only rows near the screen can be on it: the interactions' spread
    /// bounds how far any row moved; the edit translation moves every row alike.
    private func appendRows(
        _ presentation: PresentationContext, to rows: inout [RowPresentation]
    ) {
        let context = presentation.rows
        let height = layout.rowHeightPixels
        let count = list.count
        let margin = 1 + layout.rowIndex(presentation.spreadPixels / height, rounding: .up)
        let near = layout.visibleRows(
            itemCount: count,
            scrollOffsetPixels: context.offsetPixels - context.listTranslationPixels)
        let lifted = presentation.liftedIndices
        let nearIndices =
            max(0, near.lowerBound - margin)..<min(count, near.upperBound + margin)
        rows.append(contentsOf: presentation.rowsBehind)
        rows.reserveCapacity(rows.count + nearIndices.count + lifted.count)
        func appendRow(_ index: Int) {
            let item = list[index]
            let frame = rowFrame(ofRowAt: index, context)
            guard frame.maxY > 0, frame.minY < layout.heightPixels else { return }
            var style = StyleRowVisitor(
                row: RowPresentation(
                    modelIndex: index, itemID: item.id, text: item.text, framePixels: frame,
                    alpha: 1,
                    backgroundColor: item.completed
                        ? presentation.theme.completed
                        : presentation.theme.rowColor(
                            index: reorder.displayIndex(ofRowAt: index), count: count),
                    completed: item.completed, strikethrough: item.completed, isEditing: false),
                context: context)
            visitInteractions(&style)
            rows.append(style.row)
        }
        for index in nearIndices where lifted.isEmpty || !lifted.contains(index) {
            appendRow(index)
        }
        for index in lifted { appendRow(index) }
    }
}
