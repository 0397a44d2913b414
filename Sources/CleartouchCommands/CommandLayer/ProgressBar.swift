import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal.
///
/// Progress is the share of the input consumed (bytes read, or events when the
/// size is unknown). It redraws only when the shown percentage changes, so it costs
/// nothing measurable in a fast replay.
package struct ProgressBar {
    package let enabled: Bool
    private let label: String
    private var shownPercent = -1
    private static let barWidth = 30

    /// `enabled` defaults to whether stderr is a terminal.
    package init(label: String, enabled: Bool = isatty(2) == 1) {
        self.label = label
        self.enabled = enabled
    }

    /// The line for a fraction in 0...1 (exposed for tests).
    package static func line(label: String, fraction: Double) -> String {
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 0))
        let filled = Int((clamped * Double(barWidth)).rounded(.down))
        let percent = Int((clamped * 100).rounded(.down))
        let bar =
            String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        return "\(label) [\(bar)] \(percent)%"
    }

    package mutating func update(fraction: Double) {
        guard enabled else { return }
        let percent = Int((min(1, max(0, fraction.isFinite ? fraction : 0)) * 100).rounded(.down))
        guard percent != shownPercent else { return }
        shownPercent = percent
        FileHandle.standardError.write(
            Data(("\r" + Self.line(label: label, fraction: fraction)).utf8))
    }

    /// Clears the line.
    package mutating func finish() {
        guard enabled, shownPercent >= 0 else { return }
        FileHandle.standardError.write(
            Data(
                ("\r" + String(repeating: " ", count: label.count + Self.barWidth + 8) + "\r").utf8)
        )
        shownPercent = -1
    }
}
