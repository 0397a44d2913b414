import GestureRecognition

/// What is on screen at a time: a pure function of the model, the gestures in progress,
/// the running animations and the time (docs/clear-rules.md §1–§3).
extension ClearController {
    /// The cue labels beside a panned row (docs/clear-rules.md §1.1): 50 px wide, 10 px from the row.
    public static let cueWidthPixels = 50.0
    /// The gap between a cue label and its row, in pixels.
    public static let cueMarginPixels = 10.0

    /// The placeholder's label while a pull is short of one row height.
    public static let pullLabel = "Pull to add item"
    /// The placeholder's label while a pinch gap is short of one row height.
    public static let pinchLabel = "Pull apart to add item"
    /// The placeholder's label once a pull or a pinch would add an item on release.
    public static let releaseLabel = "Release to add item"

    /// Everything on screen at `time`. Animations that `advance(toMicroseconds:)` has
    /// already dropped are not shown, so ask for times at or after the last event.
    public func presentation(atMicroseconds time: Int64) -> Presentation {
        let offset = scroll.offset(at: time)
        let count = list.count
        let height = layout.rowHeightPixels
        let translation = editTransition.translation.value(at: time)
        let otherAlpha = editTransition.otherRowsAlpha.value(at: time)
        // In gesture-id order, never the dictionary's: its order follows the per-process
        // hash seed, and where two tracks overlap the later gesture must win every time.
        let orderedTracks = tracks.sorted { $0.key < $1.key }
        let pinches = orderedTracks.compactMap { _, track -> PinchTrack? in
            if case .pinch(let pinch) = track { return pinch }
            return nil
        }
        var pannedX: [ItemID: Double] = [:]
        var latestPan: (id: GestureID, item: ItemID)?
        for (id, track) in orderedTracks {
            guard case .pan(let item, let x) = track else { continue }
            pannedX[item] = x
            if latestPan == nil || id > latestPan!.id { latestPan = (id, item) }
        }

        let returning = pinchReturns.compactMap {
            pinchReturn -> (upper: Int, lower: Int, delta: Double)? in
            guard let upper = list.index(of: pinchReturn.upperItem),
                let lower = list.index(of: pinchReturn.lowerItem)
            else { return nil }
            return (upper, lower, pinchReturn.delta.value(at: time))
        }
        var reorder: ReorderTrack?
        for (_, track) in orderedTracks {
            if case .reorder(let held) = track { reorder = held }
        }
        let heldIndex = reorder.flatMap { list.index(of: $0.item) }
        /// The slot row `index` is shown in: its model index, except while a row is held.
        func displayIndex(ofRowAt index: Int) -> Int {
            guard let reorder, let held = heldIndex else { return index }
            if index == held { return reorder.slot }
            let other = index < held ? index : index - 1
            return other < reorder.slot ? other : other + 1
        }
        func frame(ofRowAt index: Int) -> RectPixels {
            let item = list[index].id
            var frame = layout.rowFrame(
                index: displayIndex(ofRowAt: index), scrollOffsetPixels: offset)
            if let settle = liftSettles[item] { frame.y = settle.contentY.value(at: time) - offset }
            if let reorder, reorder.item == item {
                frame.y = heldCentreContentY(reorder, offset: offset) - offset - height / 2
            }
            frame.y += reorderSlides[item]?.value(at: time) ?? 0
            for animation in clearAnimations { frame.y += animation.offset(of: item, at: time) }
            frame.x = pannedX[item] ?? snapBacks[item]?.value(at: time) ?? 0
            frame.y += translation
            for shuffle in shuffles { frame.y += shuffle.offset(of: item, at: time) }
            for pinch in pinches {
                if index <= pinch.upperIndex { frame.y -= pinch.deltaPixels }
                if index >= pinch.lowerIndex { frame.y += pinch.deltaPixels }
            }
            for pinchReturn in returning {
                if index <= pinchReturn.upper { frame.y -= pinchReturn.delta }
                if index >= pinchReturn.lower { frame.y += pinchReturn.delta }
            }
            return frame
        }

        // Only rows near the screen can be on it: a shuffle moves a row by at most H, a
        // pinch by its delta; the edit translation moves every row alike.
        let spread =
            Double(shuffles.count) * height + pinches.reduce(0) { $0 + $1.deltaPixels }
            + returning.reduce(0) { $0 + $1.delta }
            + clearAnimations.reduce(0) { $0 + Double($1.closing.values.max() ?? 0) * height }
            + (reorder == nil && reorderSlides.isEmpty ? 0 : height)
        let margin = 1 + layout.rowIndex(spread / height, rounding: .up)
        let near = layout.visibleRows(itemCount: count, scrollOffsetPixels: offset - translation)
        var rows = leavingRows(at: time, offset: offset)
        // Held and settling rows are drawn last, above the others.
        var lifted: [RowPresentation] = []
        var liftedIndices: [Int] = []
        if !liftSettles.isEmpty || heldIndex != nil {
            liftedIndices = liftSettles.keys.compactMap { list.index(of: $0) }
            if let heldIndex { liftedIndices.append(heldIndex) }
            liftedIndices.sort()
        }
        let nearIndices = max(0, near.lowerBound - margin)..<min(count, near.upperBound + margin)
        func isLifted(_ index: Int) -> Bool {
            !liftedIndices.isEmpty && liftedIndices.contains(index)
        }
        func appendRow(_ index: Int) {
            let item = list[index]
            let frame = frame(ofRowAt: index)
            guard frame.maxY > 0, frame.minY < layout.heightPixels else { return }
            let isEdited = editSession?.item == item.id
            var row = RowPresentation(
                modelIndex: index, itemID: item.id,
                text: isEdited ? editSession!.text : item.text,
                framePixels: frame,
                alpha: editTransition.editedItem == item.id ? 1 : otherAlpha,
                backgroundColor: item.completed
                    ? .completedGreen
                    : heatColor(index: displayIndex(ofRowAt: index), count: count),
                completed: item.completed, strikethrough: item.completed, isEditing: isEdited)
            if reorder?.item == item.id {
                row.scale = ClearTimings.liftedRowScale
                row.shadowOpacity = 1
                lifted.append(row)
            } else if let settle = liftSettles[item.id] {
                row.scale = settle.scale.value(at: time)
                row.shadowOpacity = settle.shadow.value(at: time)
                lifted.append(row)
            } else {
                rows.append(row)
            }
        }
        for index in nearIndices where !isLifted(index) { appendRow(index) }
        for index in liftedIndices { appendRow(index) }
        rows += lifted

        let cueItem = latestPan?.item ?? latestSnapBack(at: time)
        let cues = cueItem.flatMap { list.index(of: $0) }.map {
            cuesPresentation(rowFrame: frame(ofRowAt: $0))
        }

        // The latest gesture's placeholder wins.
        var placeholder: PlaceholderPresentation?
        for (_, track) in orderedTracks {
            switch track {
            case .pull(let distance):
                let pulled = max(0, distance)
                placeholder = PlaceholderPresentation(
                    framePixels: RectPixels(
                        x: 0, y: -offset - height, width: layout.widthPixels, height: height),
                    scaleY: 1, alpha: min(1, pulled / height),
                    label: pulled > height ? Self.releaseLabel : Self.pullLabel,
                    backgroundColor: .pureRed)
            case .pullUp(_, let distance):
                placeholder = pullUpCue(distancePixels: distance, offset: offset)
            case .pinch(let pinch):
                // The upper row's untranslated frame moved down by H/2: centred on the seam.
                var frame = layout.rowFrame(index: pinch.upperIndex, scrollOffsetPixels: offset)
                frame.y += translation + height / 2
                placeholder = PlaceholderPresentation(
                    framePixels: frame, scaleY: min(pinch.gapPixels, height) / height,
                    alpha: min(1, pinch.gapPixels / height),
                    label: pinch.gapPixels > height ? Self.releaseLabel : Self.pinchLabel,
                    backgroundColor: pinch.placeholderColor)
            default:
                continue
            }
        }

        let editing = editSession.flatMap { session in
            list.index(of: session.item).map {
                EditingPresentation(
                    modelIndex: $0, text: session.text, caretCharacterOffset: session.text.count)
            }
        }
        return Presentation(
            screen: layout.screen, rowHeightPixels: height, rows: rows, cues: cues,
            placeholder: placeholder,
            editing: editing, isAnimating: isAnimating(at: time),
            keyboard: keyboardPresentation(atMicroseconds: time))
    }

    /// True while an animation or a deceleration runs at `time`.
    public func isAnimating(at time: Int64) -> Bool {
        if let end = scroll.endMicroseconds, time < end { return true }
        if time < editTransition.endMicroseconds { return true }
        if keyboard != nil && keyboardSlide.isRunning(at: time) { return true }
        if snapBacks.values.contains(where: { $0.isRunning(at: time) }) { return true }
        if shuffles.contains(where: { time < $0.endMicroseconds }) { return true }
        if reorderSlides.values.contains(where: { $0.isRunning(at: time) }) { return true }
        if liftSettles.values.contains(where: { time < $0.endMicroseconds }) { return true }
        if clearAnimations.contains(where: { time < $0.endMicroseconds }) { return true }
        return pinchReturns.contains { $0.delta.isRunning(at: time) }
    }

    /// Cleared rows falling away and fading, drawn behind the others.
    private func leavingRows(at time: Int64, offset: Double) -> [RowPresentation] {
        var rows: [RowPresentation] = []
        let height = layout.rowHeightPixels
        for animation in clearAnimations {
            let progress = animation.progress.value(at: time)
            guard progress < 1 else { continue }
            for leaving in animation.leaving {
                var frame = layout.rowFrame(index: leaving.index, scrollOffsetPixels: offset)
                frame.y += progress * ClearTimings.clearCompletedFallRows * height
                guard frame.maxY > 0, frame.minY < layout.heightPixels else { continue }
                var row = RowPresentation(
                    modelIndex: leaving.index, itemID: leaving.item.id, text: leaving.item.text,
                    framePixels: frame, alpha: 1 - progress, backgroundColor: leaving.color,
                    completed: leaving.item.completed, strikethrough: leaving.item.completed,
                    isEditing: false)
                row.isLeaving = true
                rows.append(row)
            }
        }
        return rows
    }

    private func latestSnapBack(at time: Int64) -> ItemID? {
        snapBacks.filter { $0.value.isRunning(at: time) }
            .max { ($0.value.startMicroseconds, $0.key) < ($1.value.startMicroseconds, $1.key) }?
            .key
    }

    /// The tick left of the row and the cross right of it, alpha |x|/(W/2) unclamped.
    private func cuesPresentation(rowFrame frame: RectPixels) -> CuesPresentation {
        let half = layout.widthPixels / 2
        let x = frame.x
        return CuesPresentation(
            tickFramePixels: RectPixels(
                x: x - Self.cueWidthPixels - Self.cueMarginPixels, y: frame.y,
                width: Self.cueWidthPixels,
                height: frame.height),
            tickColor: x > half ? .pureGreen : .white,
            crossFramePixels: RectPixels(
                x: x + layout.widthPixels + Self.cueMarginPixels, y: frame.y,
                width: Self.cueWidthPixels,
                height: frame.height),
            crossColor: x < -half ? .pureRed : .white,
            alpha: abs(x) / half)
    }
}
