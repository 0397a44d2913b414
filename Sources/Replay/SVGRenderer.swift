import ClearCore
import GestureRecognition
import JSON
import TouchInput

/// Draws a replay as an SVG picture: the list as it was at the start, every contact's
/// path (one colour per contact, fading from touch-down to lift, down marked with a dot,
/// lift with a ring, cancel with a cross), and the recognizer's decisions: where each
/// gesture began and ended, what it caused, and the lines a finger had to cross
/// (the W/2 complete and delete lines of a row pan, the H line of a pull, the H/2 lines
/// of a pinch). A panel on the right lists the gestures and actions in order.
public struct SVGRenderer {
    public var result: ReplayResult
    /// Title shown at the top of the panel (the recording's name).
    public var title: String

    /// Width of the side panel, in pixels of the picture.
    static let panelWidthPixels = 520.0
    /// Opacity of the list drawn under the paths.
    static let rowOpacity = 0.55
    /// Path segments are grouped into this many opacity steps (keeps the file small).
    static let fadeSteps = 12
    static let palette = [
        "#00e5ff", "#ff4081", "#ffea00", "#76ff03", "#d500f9", "#ff9100", "#2979ff", "#ffffff",
    ]

    public init(result: ReplayResult, title: String) {
        self.result = result
        self.title = title
    }

    /// The SVG document.
    public func render() -> String {
        let width = Double(result.screen.widthPixels)
        let height = Double(result.screen.heightPixels)
        let total = width + Self.panelWidthPixels
        var svg = SVGText()
        svg.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(total / 2))\" height=\"\(fmt(height / 2))\" "
                + "viewBox=\"0 0 \(fmt(total)) \(fmt(height))\" font-family=\"DejaVu Sans, Helvetica, sans-serif\">"
        )
        svg.line("<title>\(escape(title))</title>")
        svg.line(
            "<rect x=\"0\" y=\"0\" width=\"\(fmt(total))\" height=\"\(fmt(height))\" fill=\"#000\"/>"
        )
        drawList(into: &svg)
        drawThresholds(into: &svg)
        drawPaths(into: &svg)
        drawDecisions(into: &svg)
        drawPanel(into: &svg, x: width)
        svg.line("</svg>")
        return svg.text
    }

    // MARK: the list

    private func drawList(into svg: inout SVGText) {
        let H = result.rowHeightPixels
        let width = Double(result.screen.widthPixels)
        let fontSize = max(8, H * 0.3)
        svg.line("<g id=\"list\" opacity=\"\(Self.rowOpacity)\">")
        if let presentation = result.initialPresentation {
            for row in presentation.rows {
                let f = row.framePixels
                drawRow(
                    into: &svg, x: f.x, y: f.y, width: f.width, height: f.height,
                    color: row.backgroundColor,
                    text: row.text, completed: row.completed, fontSize: fontSize)
            }
        } else {
            let n = result.initialItems.count
            for (i, item) in result.initialItems.enumerated() {
                let color =
                    item.completed
                    ? RGBColor.completedGreen
                    : RGBColor(red: 1, green: n > 1 ? 0.6 * Double(i) / Double(n - 1) : 0, blue: 0)
                drawRow(
                    into: &svg, x: 0, y: Double(i) * H, width: width, height: H, color: color,
                    text: item.text,
                    completed: item.completed, fontSize: fontSize)
            }
        }
        svg.line("</g>")
    }

    private func drawRow(
        into svg: inout SVGText, x: Double, y: Double, width: Double, height: Double,
        color: RGBColor,
        text: String,
        completed: Bool, fontSize: Double
    ) {
        svg.line(
            "<rect x=\"\(fmt(x))\" y=\"\(fmt(y))\" width=\"\(fmt(width))\" height=\"\(fmt(height))\" fill=\"\(hex(color))\" stroke=\"#000\" stroke-opacity=\"0.3\"/>"
        )
        let decoration = completed ? " text-decoration=\"line-through\"" : ""
        svg.line(
            "<text x=\"\(fmt(x + 15))\" y=\"\(fmt(y + height / 2 + fontSize * 0.35))\" font-size=\"\(fmt(fontSize))\" font-weight=\"bold\" fill=\"#fff\"\(decoration)>\(escape(text))</text>"
        )
    }

    // MARK: the lines a finger had to cross

    private func drawThresholds(into svg: inout SVGText) {
        let H = result.rowHeightPixels
        let width = Double(result.screen.widthPixels)
        let fontSize = max(8, H * 0.18)
        svg.line(
            "<g id=\"thresholds\" stroke-dasharray=\"10 6\" stroke-width=\"3\" font-size=\"\(fmt(fontSize))\">"
        )
        for gesture in result.gestures {
            switch gesture.first.values {
            case .pan(let pan):
                // The row's origin must pass ±W/2, so the finger must cross start ± W/2:
                // drawn on the side the finger went, at the screen edge when beyond it.
                let rowTop = (pan.startPixels.y / H).rounded(.down) * H
                let rightwards = Self.location(of: gesture.last).x >= pan.startPixels.x
                let (dx, color, label) =
                    rightwards
                    ? (width / 2, "#00ff00", "complete") : (-width / 2, "#ff0000", "delete")
                let x = min(width - 2, max(2, pan.startPixels.x + dx))
                let offScreen = x != pan.startPixels.x + dx ? " (off screen)" : ""
                svg.line(
                    "<line x1=\"\(fmt(x))\" y1=\"\(fmt(rowTop))\" x2=\"\(fmt(x))\" y2=\"\(fmt(rowTop + H))\" stroke=\"\(color)\"/>"
                )
                svg.line(
                    "<text x=\"\(fmt(rightwards ? x - 4 : x + 4))\" y=\"\(fmt(rowTop + fontSize))\" fill=\"\(color)\" stroke=\"none\" text-anchor=\"\(rightwards ? "end" : "start")\">\(label) at W/2\(offScreen)</text>"
                )
            case .pull(let pull):
                let y = pull.drag.startPixels.y + H
                svg.line(
                    "<line x1=\"0\" y1=\"\(fmt(y))\" x2=\"\(fmt(width))\" y2=\"\(fmt(y))\" stroke=\"#ff5252\"/>"
                )
                svg.line(
                    "<text x=\"4\" y=\"\(fmt(y - 4))\" fill=\"#ff5252\" stroke=\"none\">pull past H adds at the top</text>"
                )
            case .pinch(let pinch):
                for (y, label) in [
                    (pinch.upperStartPixels.y - H / 2, "upper finger above: gap > H"),
                    (pinch.lowerStartPixels.y + H / 2, "lower finger below: gap > H"),
                ] {
                    svg.line(
                        "<line x1=\"0\" y1=\"\(fmt(y))\" x2=\"\(fmt(width))\" y2=\"\(fmt(y))\" stroke=\"#ffab40\"/>"
                    )
                    svg.line(
                        "<text x=\"4\" y=\"\(fmt(y - 4))\" fill=\"#ffab40\" stroke=\"none\">\(escape(label))</text>"
                    )
                }
            default:
                break
            }
        }
        svg.line("</g>")
    }

    // MARK: contact paths

    private func drawPaths(into svg: inout SVGText) {
        let radius = max(4, result.rowHeightPixels * 0.08)
        svg.line(
            "<g id=\"touches\" fill=\"none\" stroke-width=\"\(fmt(radius * 0.8))\" stroke-linecap=\"round\" stroke-linejoin=\"round\">"
        )
        for (n, path) in result.touchPaths.enumerated() where !path.samples.isEmpty {
            let color = Self.palette[n % Self.palette.count]
            let samples = path.samples
            let start = samples.first!.timeMicroseconds
            let span = max(1, samples.last!.timeMicroseconds - start)
            // Split into fade steps by time; consecutive steps share their boundary point.
            var step = 0
            var points: [Point] = [samples[0].positionPixels]
            func flush() {
                guard points.count > 1 else { return }
                let opacity = 1.0 - 0.7 * Double(step) / Double(Self.fadeSteps - 1)
                svg.line(
                    "<polyline stroke=\"\(color)\" stroke-opacity=\"\(fmt(opacity))\" points=\"\(points.map { "\(fmt($0.x)),\(fmt($0.y))" }.joined(separator: " "))\"/>"
                )
            }
            for sample in samples.dropFirst() {
                let sampleStep = min(
                    Self.fadeSteps - 1,
                    Int(
                        Double(sample.timeMicroseconds - start) / Double(span)
                            * Double(Self.fadeSteps)))
                points.append(sample.positionPixels)
                if sampleStep != step {
                    flush()
                    step = sampleStep
                    points = [sample.positionPixels]
                }
            }
            flush()
            let down = samples.first!.positionPixels
            svg.line(
                "<circle cx=\"\(fmt(down.x))\" cy=\"\(fmt(down.y))\" r=\"\(fmt(radius * 1.6))\" fill=\"\(color)\" stroke=\"none\"><title>contact \(path.seatSlot) down at \(JSONNumber.milliseconds(samples.first!.timeMicroseconds)) ms</title></circle>"
            )
            let last = samples.last!
            let end = last.positionPixels
            switch last.phase {
            case .up:
                svg.line(
                    "<circle cx=\"\(fmt(end.x))\" cy=\"\(fmt(end.y))\" r=\"\(fmt(radius * 1.6))\" stroke=\"\(color)\" stroke-opacity=\"0.5\"><title>contact \(path.seatSlot) up at \(JSONNumber.milliseconds(last.timeMicroseconds)) ms</title></circle>"
                )
            case .cancel:
                let r = radius * 1.8
                svg.line(
                    "<path d=\"M\(fmt(end.x - r)),\(fmt(end.y - r))L\(fmt(end.x + r)),\(fmt(end.y + r))M\(fmt(end.x - r)),\(fmt(end.y + r))L\(fmt(end.x + r)),\(fmt(end.y - r))\" stroke=\"\(color)\"><title>contact \(path.seatSlot) cancelled at \(JSONNumber.milliseconds(last.timeMicroseconds)) ms</title></path>"
                )
            default:
                break  // still down at the end of the recording
            }
        }
        svg.line("</g>")
    }

    // MARK: gesture decisions

    private func actionsCaused(by gesture: ReplayedGesture) -> [ReplayedAction] {
        result.actions.filter { $0.timeMicroseconds == gesture.endMicroseconds }
    }

    private func describe(_ gesture: ReplayedGesture, withShortfall: Bool = true) -> String {
        let caused = actionsCaused(by: gesture).map { "\($0.kind.rawValue) \($0.index)" }
        let outcome =
            gesture.outcome == .cancelled
            ? "cancelled"
            : (caused.isEmpty
                ? "no action" + (withShortfall ? shortfall(gesture) : "")
                : caused.joined(separator: ", "))
        return "\(gesture.kind.rawValue) \(gesture.label): \(outcome)"
    }

    /// Why a gesture that ended did nothing: how far it got against its threshold.
    private func shortfall(_ gesture: ReplayedGesture) -> String {
        let H = result.rowHeightPixels
        switch gesture.last.values {
        case .pan(let pan):
            return
                " (\(fmt(abs(pan.translationPixels.x))) px, needs > \(fmt(Double(result.screen.widthPixels) / 2)))"
        case .pull(let pull):
            return " (\(fmt(pull.pullDistancePixels)) px, needs > \(fmt(H)))"
        case .pinch(let pinch):
            return " (spread \(fmt(pinch.spreadDeltaPixels)) px, needs > \(fmt(H / 2)))"
        default:
            return ""
        }
    }

    private func drawDecisions(into svg: inout SVGText) {
        let fontSize = max(9, result.rowHeightPixels * 0.2)
        svg.line("<g id=\"decisions\" font-size=\"\(fmt(fontSize))\">")
        for gesture in result.gestures {
            let begin = Self.location(of: gesture.first)
            let end = Self.location(of: gesture.last)
            let color =
                gesture.outcome == .cancelled
                ? "#ff1744" : (actionsCaused(by: gesture).isEmpty ? "#bdbdbd" : "#69f0ae")
            let s = fontSize * 0.5
            svg.line(
                "<rect x=\"\(fmt(begin.x - s))\" y=\"\(fmt(begin.y - s))\" width=\"\(fmt(2 * s))\" height=\"\(fmt(2 * s))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>"
            )
            svg.line(
                "<text x=\"\(fmt(begin.x - s - 2))\" y=\"\(fmt(begin.y - s))\" fill=\"\(color)\" text-anchor=\"end\">\(gesture.label)</text>"
            )
            if gesture.last != gesture.first {
                svg.line(
                    "<path d=\"M\(fmt(end.x - s)),\(fmt(end.y))L\(fmt(end.x)),\(fmt(end.y - s))L\(fmt(end.x + s)),\(fmt(end.y))L\(fmt(end.x)),\(fmt(end.y + s))Z\" fill=\"\(color)\"/>"
                )
            }
            // Keep the label on the screen (width estimated from its length).
            let label = describe(gesture)
            let labelWidth = Double(label.count) * fontSize * 0.6
            let screenWidth = Double(result.screen.widthPixels)
            let x = max(2, min(end.x + s + 4, screenWidth - labelWidth))
            svg.line(
                "<text x=\"\(fmt(x))\" y=\"\(fmt(end.y + s + fontSize))\" fill=\"\(color)\" font-weight=\"bold\">\(escape(label))</text>"
            )
        }
        svg.line("</g>")
    }

    static func location(of event: GestureEvent) -> Point {
        switch event.values {
        case .pan(let pan), .scroll(let pan): pan.locationPixels
        case .pull(let pull): pull.drag.locationPixels
        case .pinch(let pinch): pinch.centroidPixels
        case .tap(let location), .longPress(let location): location
        }
    }

    // MARK: side panel

    private func drawPanel(into svg: inout SVGText, x: Double) {
        let fontSize = 28.0
        var y = 40.0
        let left = x + 16
        svg.line("<g id=\"panel\" font-size=\"\(fmt(fontSize))\" fill=\"#eee\">")
        svg.line(
            "<rect x=\"\(fmt(x))\" y=\"0\" width=\"\(fmt(Self.panelWidthPixels))\" height=\"\(result.screen.heightPixels)\" fill=\"#111\"/>"
        )
        func text(_ s: String, color: String = "#eee", bold: Bool = false) {
            guard y < Double(result.screen.heightPixels) - 10 else { return }
            svg.line(
                "<text x=\"\(fmt(left))\" y=\"\(fmt(y))\" fill=\"\(color)\"\(bold ? " font-weight=\"bold\"" : "")>\(escape(s))</text>"
            )
            y += fontSize * 1.3
        }
        text(title, bold: true)
        text("\(result.eventCount) events, \(seconds(result.durationMicroseconds))", color: "#aaa")
        text(
            "W = \(result.screen.widthPixels) px, H = \(JSONNumber(result.rowHeightPixels)) px",
            color: "#aaa")
        y += fontSize * 0.5
        text("gestures", bold: true)
        let shownLimit = 40
        for gesture in result.gestures.prefix(shownLimit) {
            let color =
                gesture.outcome == .cancelled
                ? "#ff1744" : (actionsCaused(by: gesture).isEmpty ? "#bdbdbd" : "#69f0ae")
            text(
                "\(seconds(gesture.startMicroseconds))  \(describe(gesture, withShortfall: false))",
                color: color)
        }
        if result.gestures.count > shownLimit {
            text("… \(result.gestures.count - shownLimit) more", color: "#aaa")
        }
        y += fontSize * 0.5
        text("final list", bold: true)
        for item in result.items.prefix(shownLimit) {
            text(
                (item.completed ? "✓ " : "· ") + item.text,
                color: item.completed ? "#66bb6a" : "#eee")
        }
        y += fontSize * 0.5
        text("legend", bold: true)
        text("● down  ○ up  ✕ cancelled", color: "#aaa")
        text("paths fade from down to up", color: "#aaa")
        text("□ gesture began  ◆ gesture ended", color: "#aaa")
        text("green: action, grey: none,", color: "#aaa")
        text("red: cancelled", color: "#aaa")
        svg.line("</g>")
    }
}

/// Accumulates SVG lines.
struct SVGText {
    var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    mutating func line(_ s: String) {
        text += s
        text += "\n"
    }
}

/// "12.33 s"
func seconds(_ microseconds: Int64) -> String {
    let hundredths = (microseconds + 5_000) / 10_000
    let fraction = String(abs(hundredths) % 100)
    return "\(hundredths / 100).\(fraction.count < 2 ? "0" + fraction : fraction) s"
}

func fmt(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let rounded = (value * 10).rounded() / 10
    if rounded == rounded.rounded() { return String(Int64(rounded)) }
    return String(rounded)
}

func hex(_ color: RGBColor) -> String {
    func byte(_ c: Double) -> String {
        let v = Int((min(1, max(0, c)) * 255).rounded())
        let s = String(v, radix: 16)
        return s.count == 1 ? "0" + s : s
    }
    return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
}

func escape(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default:
            // XML 1.0 forbids most control characters.
            if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x09, ascii != 0x0A {
                out += " "
            } else {
                out.append(character)
            }
        }
    }
    return out
}
