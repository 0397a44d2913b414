import ClearCore
import ClearPictures

extension ReplayResult {
    /// What `cleartouch render` draws of this replay (`RecordingPictureRenderer`). The
    /// replay must have kept its touch paths.
    public func picture(title: String) -> RecordingPicture {
        RecordingPicture(
            title: title, screen: screen, rowHeightPixels: rowHeightPixels,
            eventCount: eventCount, durationMicroseconds: durationMicroseconds,
            initialRows: initialPresentation?.rows ?? initialRows(),
            contacts: touchPaths.map { path in
                RecordingPicture.Contact(
                    seatSlot: path.seatSlot,
                    samples: path.samples.map {
                        .init(
                            timeMicroseconds: $0.timeMicroseconds,
                            positionPixels: $0.positionPixels,
                            phase: $0.phase)
                    })
            },
            gestures: gestures.map { gesture in
                RecordingPicture.Gesture(
                    kind: gesture.kind, label: gesture.label,
                    wasCancelled: gesture.outcome == .cancelled,
                    startMicroseconds: gesture.startMicroseconds, first: gesture.first,
                    last: gesture.last,
                    // What an ending gesture caused is reported at its end time.
                    actions: actions.filter { $0.timeMicroseconds == gesture.endMicroseconds }
                        .map(\.summary))
            },
            finalItems: items.map { .init(text: $0.text, completed: $0.completed) },
            backgroundColor: initialPresentation?.backgroundColor ?? theme.background,
            textColor: initialPresentation?.textColor ?? theme.text)
    }

    /// The replay's theme (its colours when there is no presentation).
    private var theme: Theme { Theme.named(themeName) ?? .heat }

    /// The starting list laid out row under row, for a replay that saw no event (and so
    /// no presentation).
    private func initialRows() -> [RowPresentation] {
        let theme = theme
        return initialItems.enumerated().map { index, item in
            RowPresentation(
                modelIndex: index, itemID: ItemID(rawValue: UInt64(index)), text: item.text,
                framePixels: RectPixels(
                    x: 0, y: Double(index) * rowHeightPixels, width: Double(screen.widthPixels),
                    height: rowHeightPixels),
                alpha: 1,
                backgroundColor: item.completed
                    ? theme.completed : theme.rowColor(index: index, count: initialItems.count),
                completed: item.completed, strikethrough: item.completed, isEditing: false)
        }
    }
}
