import RegressionSuites
import Replay

extension ThresholdSweep {
    /// `DIR/sweep.html`: the passes against the value, a small plot in inline SVG with
    /// the table beside it; nothing outside the page, no script.
    public func page(_ points: [Point]) -> String {
        let total = points.map(\.total).max() ?? 0
        let (left, right, top, bottom) = (64.0, 24.0, 24.0, 56.0)
        let (width, height) = (640.0, 320.0)
        let low = points.map(\.value).min() ?? 0
        let high = points.map(\.value).max() ?? 1
        func x(_ value: Double) -> Double {
            high == low
                ? (left + width - right) / 2
                : left + (value - low) / (high - low) * (width - left - right)
        }
        func y(_ passed: Int) -> Double {
            let share = total == 0 ? 0 : Double(passed) / Double(total)
            return height - bottom - share * (height - top - bottom)
        }
        func n(_ value: Double) -> String { Thresholds.format((value * 10).rounded() / 10) }
        let name = threshold.name
        var svg = """
            <svg id="sweep-plot" xmlns="http://www.w3.org/2000/svg" width="\(n(width))" \
            height="\(n(height))" viewBox="0 0 \(n(width)) \(n(height))" role="img" \
            aria-label="recordings passing against \(name)">
            <rect x="0" y="0" width="\(n(width))" height="\(n(height))" fill="#ffffff"/>
            <line x1="\(n(left))" y1="\(n(height - bottom))" x2="\(n(width - right))" \
            y2="\(n(height - bottom))" stroke="#444444"/>
            <line x1="\(n(left))" y1="\(n(top))" x2="\(n(left))" y2="\(n(height - bottom))" \
            stroke="#444444"/>
            <text x="\(n(left - 8))" y="\(n(y(total) + 4))" text-anchor="end" \
            font-size="12">\(total)</text>
            <text x="\(n(left - 8))" y="\(n(y(0) + 4))" text-anchor="end" font-size="12">0</text>
            <text x="\(n((left + width - right) / 2))" y="\(n(height - 12))" \
            text-anchor="middle" font-size="13">\(name) (\(threshold.unit))</text>
            <text x="16" y="\(n((top + height - bottom) / 2))" font-size="13" \
            transform="rotate(-90 16 \(n((top + height - bottom) / 2)))" \
            text-anchor="middle">passing</text>

            """
        let defaultValue = threshold.defaultValue
        if defaultValue >= low && defaultValue <= high {
            svg += """
                <line id="sweep-default" x1="\(n(x(defaultValue)))" y1="\(n(top))" \
                x2="\(n(x(defaultValue)))" y2="\(n(height - bottom))" stroke="#888888" \
                stroke-dasharray="4 4"/>

                """
        }
        let labelEvery = max(1, (points.count + 9) / 10)
        for (index, point) in points.enumerated()
        where index % labelEvery == 0 || index == points.count - 1 {
            svg += """
                <text x="\(n(x(point.value)))" y="\(n(height - bottom + 18))" \
                text-anchor="middle" font-size="12">\(Thresholds.format(point.value))</text>

                """
        }
        svg += """
            <polyline id="sweep-line" fill="none" stroke="#d0312d" stroke-width="2" points="\
            \(points.map { n(x($0.value)) + "," + n(y($0.passed)) }.joined(separator: " "))"/>

            """
        for point in points {
            svg += """
                <circle class="sweep-point" cx="\(n(x(point.value)))" cy="\(n(y(point.passed)))" \
                r="4" fill="#d0312d" data-value="\(Thresholds.format(point.value))" \
                data-passed="\(point.passed)" data-total="\(point.total)"><title>\
                \(name) = \(Thresholds.format(point.value)): \(point.passed) of \(point.total) \
                pass</title></circle>

                """
        }
        svg += "</svg>\n"
        let rows = points.map {
            "<tr><td>\(Thresholds.format($0.value))\($0.value == defaultValue ? " (default)" : "")</td><td>\($0.passed)</td><td>\($0.failed)</td><td>\($0.errors)</td></tr>"
        }.joined(separator: "\n")
        return HTMLPage.staticPage(
            title: "cleartouch test --sweep \(name)",
            body: """
                <h1>Sweep of \(name)</h1>
                <p id="sweep-summary">\(threshold.sets) (\(threshold.unit)); Clear's default \
                \(Thresholds.format(defaultValue)). \(points.count) runs of \(total) recordings.</p>
                \(svg)<table id="sweep-table">
                <tr><th>\(name)</th><th>passed</th><th>failed</th><th>errors</th></tr>
                \(rows)
                </table>

                """)
    }
}
