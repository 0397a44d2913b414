import ClearCore
import Foundation
import Recordings
import ToolSupport
import TouchInput

/// `--record FILE`: every input event the app's session gets, in the ClearTouch trace
/// format (one flushed line per event, so a crash loses nothing already handled).
///
/// Key codes are only Return, Escape and Backspace (the app records no other key); typed
/// text is recorded as one `x` per character unless `recordText` is set, so a trace
/// replays to the same actions without keeping what was typed.
final class SessionRecording {
    let writer: TraceWriter
    let recordText: Bool
    /// The file, written in place as `record -o` writes (docs/output-files.md).
    private let output: OutputFile.Stream

    /// Starts recording to `path`; an existing file is refused unless `replacing`. The
    /// trace is of the upright layout; its header says the positions are upright for
    /// `rotation` and went through `calibration` (so a replay applies neither again).
    init(
        path: String, layout: ClearLayout, items: [TodoItem], recordText: Bool,
        keyboard: RecordedKeyboard?, replacing: Bool = false, protecting inputs: [String],
        rotation: Rotation = .none, calibration: CalibrationMatrix? = nil
    ) throws(RecordingError) {
        output = try OutputFile.Stream(
            path: path, newFileMode: 0o600, replacesAtomically: false, exclusive: !replacing,
            protecting: inputs)
        writer = TraceWriter(fileDescriptor: output.descriptor, path: path)
        self.recordText = recordText
        var header = RecordingHeader(
            format: .trace, formatVersion: String(TraceWriter.formatVersion),
            recordedAt: ISO8601DateFormatter().string(from: Date()), devices: [],
            screen: layout.screen,
            rowHeightPixels: layout.rowHeightPixels,
            initialItems: items.map { RecordedItem(text: $0.text, completed: $0.completed) })
        header.keyboard = keyboard
        header.appliedRotation = rotation == .none ? nil : rotation
        header.appliedCalibration = calibration
        try writer.writeHeader(header)
        try output.publish()
    }

    func record(_ event: InputEvent) throws(RecordingError) {
        if case .text(var text) = event, !recordText {
            text.text = String(repeating: "x", count: text.text.count)
            try writer.write(.text(text))
        } else {
            try writer.write(event)
        }
    }

    func close() throws(RecordingError) {
        try writer.flush()
        try output.commit()
    }
}
