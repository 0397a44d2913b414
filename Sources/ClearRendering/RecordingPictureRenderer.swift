import ClearCore
import ClearPictures
import GestureRecognition
import JSON
import TouchInput

/// Draws a `RecordingPicture`: the list as it was at the start (Clear's rows, dimmed),
/// every contact's path (one colour per contact, fading from touch-down to lift, down
/// marked with a dot, lift with a ring, cancel with a cross), and the recognizer's
/// decisions: where each gesture began and ended, what it caused, and the lines a
/// finger had to cross (the W/2 complete and delete lines of a row pan, the H line of a
/// pull, the H/2 lines of a pinch). A panel on the right lists the gestures and the
/// final list.
///
/// `svg()` writes it through Cairo's SVG surface; `draw(in:)` draws it on any context
/// and reports what it drew where, which is what the tests read.
public struct RecordingPictureRenderer {
    /// The picture to draw.
    public var picture: RecordingPicture

    /// Width of the side panel, in pixels of the picture.
    static let panelWidthPixels = 520.0
    /// Opacity of the list drawn under the paths.
    static let rowOpacity = 0.55
    /// Path segments are grouped into this many opacity steps (keeps the file small).
    static let fadeSteps = 12
    /// The SVG document is shown at this fraction of the picture's pixels.
    static let svgScale = 0.5
    /// Lines of the panel beyond this many gestures or items are summarised.
    static let panelListLimit = 40

    /// One colour per contact, in the order the contacts went down.
    public static let contactPalette: [RGBAColor] = [
        0x00e5ff, 0xff4081, 0xffea00, 0x76ff03, 0xd500f9, 0xff9100, 0x2979ff, 0xffffff,
    ].map { RGBAColor(hex: $0) }
    static let completeLineColor = RGBAColor(hex: 0x00ff00)
    static let deleteLineColor = RGBAColor(hex: 0xff0000)
    static let pullLineColor = RGBAColor(hex: 0xff5252)
    static let pinchLineColor = RGBAColor(hex: 0xffab40)
    /// The lines a held row's finger must pass to move it a slot (reorder).
    static let reorderLineColor = RGBAColor(hex: 0x40c4ff)
    static let panelColor = RGBAColor(hex: 0x111111)
    static let panelTextColor = RGBAColor(hex: 0xeeeeee)
    static let panelNoteColor = RGBAColor(hex: 0xaaaaaa)
    static let panelCompletedColor = RGBAColor(hex: 0x66bb6a)

    /// A renderer of `picture`.
    public init(picture: RecordingPicture) {
        self.picture = picture
    }

    /// The picture's width in its own pixels: the screen and the panel.
    public var widthPixels: Double { Double(picture.screen.widthPixels) + Self.panelWidthPixels }
    /// The picture's height: the screen's.
    public var heightPixels: Double { Double(picture.screen.heightPixels) }

    /// The picture as an SVG document, shown at half its pixels.
    public func svg() throws(CairoError) -> String {
        let surface = try SVGSurface(
            width: Int(clampingForDrawing: (widthPixels * Self.svgScale).rounded(.up)),
            height: Int(clampingForDrawing: (heightPixels * Self.svgScale).rounded(.up)))
        let context = try GraphicsContext(surface: surface)
        context.scale(x: Self.svgScale, y: Self.svgScale)
        draw(in: context)
        try context.checkStatus("drawing the picture")
        return try surface.finish()
    }

    /// Draws the picture at its own pixels with its top-left corner at the context's
    /// origin, and returns what it drew where.
    @discardableResult
    public func draw(in context: GraphicsContext) -> Contents {
        var canvas = Canvas(context: context)
        context.fillRectangle(
            x: 0, y: 0, width: widthPixels, height: heightPixels,
            with: RGBAColor(picture.backgroundColor))
        drawList(on: &canvas)
        drawThresholds(on: &canvas)
        drawPaths(on: &canvas)
        drawDecisions(on: &canvas)
        // Labels last, over everything on the screen, none on another.
        canvas.showLabels(
            within: RectPixels(
                x: 0, y: 0, width: Double(picture.screen.widthPixels), height: heightPixels))
        drawPanel(on: &canvas, x: Double(picture.screen.widthPixels))
        return canvas.contents
    }

    // MARK: the list

    private func drawList(on canvas: inout Canvas) {
        let context = canvas.context
        let painter = RowPainter(layoutContext: context, isRaster: context.surface is ImageSurface)
        painter.useStyle(ClearStyle(widthPixels: Double(picture.screen.widthPixels)))
        context.withGroup(alpha: Self.rowOpacity) {
            for row in picture.initialRows {
                let frame = PresentationRenderer.snapped(row.framePixels)
                context.withGroup(
                    alpha: row.alpha, bounds: (frame.x, frame.y, frame.width, frame.height)
                ) {
                    painter.drawRowBody(
                        in: context, frame: frame, color: row.backgroundColor, text: row.text,
                        textColor: picture.textColor, strikethrough: row.strikethrough,
                        caretCharacterOffset: nil, trailingLabel: row.trailingLabel)
                }
            }
        }
    }

    // MARK: the lines a finger had to cross

    private func drawThresholds(on canvas: inout Canvas) {
        let context = canvas.context
        let H = picture.rowHeightPixels
        let width = Double(picture.screen.widthPixels)
        let fontSize = max(8, H * 0.18)
        func line(x0: Double, y0: Double, x1: Double, y1: Double, color: RGBAColor) {
            context.withSavedState {
                context.setSource(color)
                context.setRoundLine(widthPixels: 3)
                context.setDash(onPixels: 10, offPixels: 6)
                context.moveTo(x: x0, y: y0)
                context.lineTo(x: x1, y: y1)
                context.stroke()
            }
        }
        for gesture in picture.gestures {
            switch gesture.first.values {
            case .pan(let pan):
                // The row's origin must pass ±W/2, so the finger must cross start ± W/2:
                // drawn on the side the finger went, at the screen edge when beyond it.
                let rowTop = (pan.startPixels.y / H).rounded(.down) * H
                let rightwards = RecordingPicture.location(of: gesture.last).x >= pan.startPixels.x
                let (dx, color, label) =
                    rightwards
                    ? (width / 2, Self.completeLineColor, "complete")
                    : (-width / 2, Self.deleteLineColor, "delete")
                let x = min(width - 2, max(2, pan.startPixels.x + dx))
                let offScreen = x != pan.startPixels.x + dx ? " (off screen)" : ""
                line(x0: x, y0: rowTop, x1: x, y1: rowTop + H, color: color)
                canvas.label(
                    "\(label) at W/2\(offScreen)", x: rightwards ? x - 4 : x + 4,
                    baseline: rowTop + fontSize, fontPixels: fontSize, color: color,
                    endsAtX: rightwards)
            case .pull(let pull):
                let y = pull.drag.startPixels.y + H
                line(x0: 0, y0: y, x1: width, y1: y, color: Self.pullLineColor)
                canvas.label(
                    "pull past H adds at the top", x: 4, baseline: y - 4, fontPixels: fontSize,
                    color: Self.pullLineColor)
            case .longPress(let location):
                // The held row moves a slot once its centre passes a neighbour's midpoint,
                // one row height from where it was lifted (without auto-scroll).
                for (y, label) in [
                    (location.y - H, "held row moves up a slot past here"),
                    (location.y + H, "held row moves down a slot past here"),
                ] {
                    line(x0: 0, y0: y, x1: width, y1: y, color: Self.reorderLineColor)
                    canvas.text(
                        label, x: 4, baseline: y - 4, fontPixels: fontSize,
                        color: Self.reorderLineColor)
                }
            case .pinch(let pinch):
                for (y, label) in [
                    (pinch.upperStartPixels.y - H / 2, "upper finger above: gap > H"),
                    (pinch.lowerStartPixels.y + H / 2, "lower finger below: gap > H"),
                ] {
                    line(x0: 0, y0: y, x1: width, y1: y, color: Self.pinchLineColor)
                    canvas.label(
                        label, x: 4, baseline: y - 4, fontPixels: fontSize,
                        color: Self.pinchLineColor)
                }
            default:
                break
            }
        }
    }

    // MARK: contact paths

    private func drawPaths(on canvas: inout Canvas) {
        let context = canvas.context
        let radius = max(4, picture.rowHeightPixels * 0.08)
        context.withSavedState {
            context.setRoundLine(widthPixels: radius * 0.8)
            for (n, contact) in picture.contacts.enumerated() where !contact.samples.isEmpty {
                let color = Self.contactPalette[n % Self.contactPalette.count]
                drawPath(of: contact, color: color, radius: radius, on: &canvas)
            }
        }
    }

    private func drawPath(
        of contact: RecordingPicture.Contact, color: RGBAColor, radius: Double,
        on canvas: inout Canvas
    ) {
        let context = canvas.context
        let samples = contact.samples
        let start = samples[0].timeMicroseconds
        let span = max(1, samples[samples.count - 1].timeMicroseconds - start)
        // Split into fade steps by time; consecutive steps share their boundary point.
        var step = 0
        var points: [Point] = [samples[0].positionPixels]
        func flush(_ canvas: inout Canvas) {
            guard points.count > 1 else { return }
            let opacity = 1.0 - 0.7 * Double(step) / Double(Self.fadeSteps - 1)
            let faded = RGBAColor(
                red: color.red, green: color.green, blue: color.blue, alpha: opacity)
            context.setSource(faded)
            context.moveTo(x: points[0].x, y: points[0].y)
            for point in points.dropFirst() { context.lineTo(x: point.x, y: point.y) }
            context.stroke()
            canvas.contents.strokes.append(Contents.Stroke(color: faded, points: points))
        }
        for sample in samples.dropFirst() {
            let sampleStep = min(
                Self.fadeSteps - 1,
                Int(
                    clampingForDrawing: Double(sample.timeMicroseconds - start) / Double(span)
                        * Double(Self.fadeSteps))
            )
            points.append(sample.positionPixels)
            if sampleStep != step {
                flush(&canvas)
                step = sampleStep
                points = [sample.positionPixels]
            }
        }
        flush(&canvas)

        let down = samples[0].positionPixels
        context.setSource(color)
        context.addCircle(centreX: down.x, centreY: down.y, radius: radius * 1.6)
        context.fill()
        canvas.mark(
            .down, at: down, color: color,
            note: "contact \(contact.seatSlot) down at \(JSONNumber.milliseconds(start)) ms")
        let last = samples[samples.count - 1]
        let end = last.positionPixels
        let at = JSONNumber.milliseconds(last.timeMicroseconds)
        switch last.phase {
        case .up:
            let ring = RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: 0.5)
            context.setSource(ring)
            context.addCircle(centreX: end.x, centreY: end.y, radius: radius * 1.6)
            context.stroke()
            canvas.mark(
                .up, at: end, color: ring, note: "contact \(contact.seatSlot) up at \(at) ms")
        case .cancel:
            let r = radius * 1.8
            context.setSource(color)
            context.moveTo(x: end.x - r, y: end.y - r)
            context.lineTo(x: end.x + r, y: end.y + r)
            context.moveTo(x: end.x - r, y: end.y + r)
            context.lineTo(x: end.x + r, y: end.y - r)
            context.stroke()
            canvas.mark(
                .cancelled, at: end, color: color,
                note: "contact \(contact.seatSlot) cancelled at \(at) ms")
        default:
            break  // still down at the end of the recording
        }
    }

    // MARK: gesture decisions

    private static func color(of gesture: RecordingPicture.Gesture) -> RGBAColor {
        gesture.wasCancelled
            ? RecordingPicture.cancelledColor
            : (gesture.actions.isEmpty
                ? RecordingPicture.noActionColor : RecordingPicture.actionColor)
    }

    private func describe(_ gesture: RecordingPicture.Gesture, withShortfall: Bool = true)
        -> String
    {
        let outcome =
            gesture.wasCancelled
            ? "cancelled"
            : (gesture.actions.isEmpty
                ? "no action" + (withShortfall ? shortfall(gesture) : "")
                : gesture.actions.joined(separator: ", "))
        return "\(gesture.kind.rawValue) \(gesture.label): \(outcome)"
    }

    /// Why a gesture that ended did nothing: how far it got against its threshold.
    private func shortfall(_ gesture: RecordingPicture.Gesture) -> String {
        let H = picture.rowHeightPixels
        let d = Self.decimal
        switch gesture.last.values {
        case .pan(let pan):
            return
                " (\(d(abs(pan.translationPixels.x))) px, needs > \(d(Double(picture.screen.widthPixels) / 2)))"
        case .pull(let pull):
            return " (\(d(pull.pullDistancePixels)) px, needs > \(d(H)))"
        case .pinch(let pinch):
            return " (spread \(d(pinch.spreadDeltaPixels)) px, needs > \(d(H / 2)))"
        case .longPress(let location):
            // A held row moves a slot once its centre passes a neighbour's midpoint, one
            // row height away (without auto-scroll).
            guard case .longPress(let start) = gesture.first.values else { return "" }
            return " (held row moved \(d(abs(location.y - start.y))) px, needs > \(d(H)))"
        default:
            return ""
        }
    }

    private func drawDecisions(on canvas: inout Canvas) {
        let context = canvas.context
        let fontSize = max(9, picture.rowHeightPixels * 0.2)
        for gesture in picture.gestures {
            let begin = RecordingPicture.location(of: gesture.first)
            let end = RecordingPicture.location(of: gesture.last)
            let color = Self.color(of: gesture)
            let s = fontSize * 0.5
            context.withSavedState {
                context.setSource(color)
                context.setRoundLine(widthPixels: 2)
                context.addRectangle(x: begin.x - s, y: begin.y - s, width: 2 * s, height: 2 * s)
                context.stroke()
            }
            canvas.mark(
                .gestureBegan, at: begin, color: color,
                note: "\(gesture.kind.rawValue) \(gesture.label)")
            canvas.label(
                gesture.label, x: begin.x - s - 2, baseline: begin.y - s, fontPixels: fontSize,
                color: color, endsAtX: true)
            if gesture.last != gesture.first {
                context.setSource(color)
                context.moveTo(x: end.x - s, y: end.y)
                context.lineTo(x: end.x, y: end.y - s)
                context.lineTo(x: end.x + s, y: end.y)
                context.lineTo(x: end.x, y: end.y + s)
                context.closePath()
                context.fill()
                canvas.mark(
                    .gestureEnded, at: end, color: color,
                    note: "\(gesture.kind.rawValue) \(gesture.label)")
            }
            // Kept on the screen by the label placement.
            canvas.label(
                describe(gesture), x: end.x + s + 4, baseline: end.y + s + fontSize,
                fontPixels: fontSize, bold: true, color: color)
        }
    }

    // MARK: side panel

    private func drawPanel(on canvas: inout Canvas, x: Double) {
        let fontSize = 28.0
        var y = 40.0
        let left = x + 16
        let height = heightPixels
        canvas.context.fillRectangle(
            x: x, y: 0, width: Self.panelWidthPixels, height: height, with: Self.panelColor)
        func text(_ s: String, color: RGBAColor = Self.panelTextColor, bold: Bool = false) {
            guard y < height - 10 else { return }
            canvas.text(s, x: left, baseline: y, fontPixels: fontSize, bold: bold, color: color)
            y += fontSize * 1.3
        }
        text(picture.title, bold: true)
        text(
            "\(picture.eventCount) events, \(Self.seconds(picture.durationMicroseconds))",
            color: Self.panelNoteColor)
        text(
            "W = \(picture.screen.widthPixels) px, H = \(JSONNumber(picture.rowHeightPixels)) px",
            color: Self.panelNoteColor)
        y += fontSize * 0.5
        text("gestures", bold: true)
        for gesture in picture.gestures.prefix(Self.panelListLimit) {
            text(
                "\(Self.seconds(gesture.startMicroseconds))  \(describe(gesture, withShortfall: false))",
                color: Self.color(of: gesture))
        }
        if picture.gestures.count > Self.panelListLimit {
            text(
                "… \(picture.gestures.count - Self.panelListLimit) more",
                color: Self.panelNoteColor)
        }
        y += fontSize * 0.5
        text("final list", bold: true)
        for item in picture.finalItems.prefix(Self.panelListLimit) {
            text(
                (item.completed ? "✓ " : "· ") + item.text,
                color: item.completed ? Self.panelCompletedColor : Self.panelTextColor)
        }
        y += fontSize * 0.5
        text("legend", bold: true)
        text("● down  ○ up  ✕ cancelled", color: Self.panelNoteColor)
        text("paths fade from down to up", color: Self.panelNoteColor)
        text("□ gesture began  ◆ gesture ended", color: Self.panelNoteColor)
        text("green: action, grey: none,", color: Self.panelNoteColor)
        text("red: cancelled", color: Self.panelNoteColor)
    }

    // MARK: numbers

    /// "12.33 s"
    static func seconds(_ microseconds: Int64) -> String {
        let hundredths = (microseconds + 5_000) / 10_000
        let fraction = String(abs(hundredths) % 100)
        return "\(hundredths / 100).\(fraction.count < 2 ? "0" + fraction : fraction) s"
    }

    /// A length to a tenth of a pixel, without a needless fraction (`167`, `84.5`).
    static func decimal(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 10).rounded() / 10
        if rounded == rounded.rounded() { return String(Int(clampingForDrawing: rounded)) }
        return String(rounded)
    }
}
