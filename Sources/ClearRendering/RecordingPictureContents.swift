import ClearCore
import ClearPictures
import TouchInput

extension RecordingPictureRenderer {
    /// What `draw(in:)` drew, in the picture's pixels.
    public struct Contents: Hashable, Sendable {
        /// A line of text.
        public struct Text: Hashable, Sendable {
            /// What it says.
            public var text: String
            /// Where its left end is.
            public var xPixels: Double
            /// Where its baseline is.
            public var baselinePixels: Double
            /// Its laid-out width.
            public var widthPixels: Double
            /// The top of its laid-out box (its logical extents).
            public var topPixels: Double
            /// The height of its laid-out box.
            public var heightPixels: Double
            /// Its font size.
            public var fontPixels: Double
            /// Its colour.
            public var color: RGBAColor
        }

        /// A mark on a contact's path or on a gesture.
        public struct Mark: Hashable, Sendable {
            /// The kinds of mark.
            public enum Kind: Hashable, Sendable {
                /// A dot where a contact went down.
                case down
                /// A ring where it lifted.
                case up
                /// A cross where it was cancelled.
                case cancelled
                /// A square where a gesture began.
                case gestureBegan
                /// A diamond where it ended (when it moved).
                case gestureEnded
            }
            /// What kind of mark.
            public var kind: Kind
            /// Its centre: where the contact or the gesture was.
            public var centrePixels: Point
            /// Its colour: the contact's, or the gesture's outcome's.
            public var color: RGBAColor
            /// What it marks: `contact 3 cancelled at 210.000 ms`, `pan #1`.
            public var note: String
        }

        /// A stretch of a contact's path drawn at one opacity.
        public struct Stroke: Hashable, Sendable {
            /// The contact's colour at this stretch's opacity.
            public var color: RGBAColor
            /// The polyline's points.
            public var points: [Point]
        }

        /// Every text, in drawing order.
        public var texts: [Text] = []
        /// Every mark, in drawing order.
        public var marks: [Mark] = []
        /// Every path stroke, in drawing order.
        public var strokes: [Stroke] = []
    }

    /// The context and the record of what was drawn.
    struct Canvas {
        /// A label waiting for `showLabels(within:)`: laid out, with where it wants to be.
        struct PendingLabel {
            var layout: TextLayout
            var bold: Bool
            var x: Double
            var baseline: Double
            var color: RGBAColor
        }

        let context: GraphicsContext
        var contents = Contents()
        var pendingLabels: [PendingLabel] = []

        /// `text` laid out for the context, ready to be measured and shown.
        func layout(_ text: String, fontPixels: Double, bold: Bool) -> TextLayout {
            TextLayout(
                context: context, text: text,
                font: FontDescription(
                    family: ClearStyle.fontFamily, bold: bold, sizePixels: fontPixels),
                maxWidthPixels: nil)
        }

        /// Shows `layout` with its left end at `x` and its baseline at `baseline`.
        mutating func show(_ layout: TextLayout, x: Double, baseline: Double, color: RGBAColor) {
            context.setSource(color)
            context.moveTo(x: x, y: baseline - layout.baselinePixels)
            context.show(layout)
            let extents = layout.logicalExtents
            contents.texts.append(
                Contents.Text(
                    text: layout.text, xPixels: x, baselinePixels: baseline,
                    widthPixels: extents.width, topPixels: baseline - layout.baselinePixels,
                    heightPixels: extents.height, fontPixels: layout.fontPixels, color: color))
        }

        /// A label to show later, once every label's place is known (`showLabels`).
        mutating func label(
            _ text: String, x: Double, baseline: Double, fontPixels: Double, bold: Bool = false,
            color: RGBAColor, endsAtX: Bool = false
        ) {
            let made = layout(text, fontPixels: fontPixels, bold: bold)
            pendingLabels.append(
                PendingLabel(
                    layout: made, bold: bold, x: endsAtX ? x - made.logicalExtents.width : x,
                    baseline: baseline, color: color))
        }

        /// Shows the pending labels in their order, each moved off the ones before it
        /// (`LabelPlacement`), kept inside `bounds` when there is room. A label wider than
        /// `bounds` is set in a smaller font that fits it.
        mutating func showLabels(within bounds: RectPixels) {
            for index in pendingLabels.indices {
                let label = pendingLabels[index]
                let width = label.layout.logicalExtents.width
                guard width > bounds.width, bounds.width > 0 else { continue }
                let fitting = layout(
                    label.layout.text,
                    fontPixels: (label.layout.fontPixels * bounds.width / width).rounded(.down),
                    bold: label.bold)
                pendingLabels[index].layout = fitting
                pendingLabels[index].x = bounds.x
            }
            let wanted = pendingLabels.map { label in
                let extents = label.layout.logicalExtents
                return RectPixels(
                    x: label.x, y: label.baseline - label.layout.baselinePixels,
                    width: extents.width, height: extents.height)
            }
            let placed = LabelPlacement.place(wanted, within: bounds)
            for (label, box) in zip(pendingLabels, placed) {
                show(
                    label.layout, x: box.x, baseline: box.y + label.layout.baselinePixels,
                    color: label.color)
            }
            pendingLabels = []
        }

        /// Draws one line of text; `endsAtX` puts its right end at `x`.
        mutating func text(
            _ text: String, x: Double, baseline: Double, fontPixels: Double, bold: Bool = false,
            color: RGBAColor, endsAtX: Bool = false
        ) {
            let made = layout(text, fontPixels: fontPixels, bold: bold)
            show(
                made, x: endsAtX ? x - made.logicalExtents.width : x, baseline: baseline,
                color: color)
        }

        mutating func mark(
            _ kind: Contents.Mark.Kind, at centre: Point, color: RGBAColor, note: String
        ) {
            contents.marks.append(
                Contents.Mark(kind: kind, centrePixels: centre, color: color, note: note))
        }
    }
}
