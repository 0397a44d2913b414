// libFuzzer entry for the whole pipeline (tools/fuzz pipeline): bytes → reader (the first
// byte picks trace, evemu or `libinput record`) → evdev decoder → arena → controller →
// presentation, the way `cleartouch replay` drives them.
import ClearCore
import GestureRecognition
import TouchInput

// Properties: never crashes or hangs; every presentation has finite geometry, alphas in
// [0, 1] and model indexes inside the list; once the input ends, every animation settles
// within the replay's settle limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let formats: [RecordingFormat] = [.trace, .evemu, .libinput]
    let format = formats[Int(data[0]) % formats.count]
    let path = fuzzInputPath(data + 1, size - 1, suffix: ".\(format.rawValue)")
    guard let recording = try? Recording.open(path: path, format: format, maximumLineBytes: 1 << 16)
    else { return 0 }
    let header = recording.header
    let items =
        header.initialItems.map { initial in
            initial.enumerated().map {
                TodoItem(
                    id: ItemID(rawValue: UInt64($0.offset + 1)), text: $0.element.text,
                    completed: $0.element.completed)
            }
        } ?? TodoList.swiftTutorialSamples
    let layout = ClearLayout(
        screen: header.screen ?? .defaultKiosk, rowHeightPixels: header.rowHeightPixels)
    let session = ClearSession(items: items, layout: layout)
    session.keepsGestureHistory = false
    var lastTime: Int64?
    var count = 0
    while count < fuzzEventLimit, let event = try? recording.next() {
        if lastTime == nil {
            for device in header.devices {
                session.handle(.deviceAdded(device, timeMicroseconds: event.timeMicroseconds))
            }
        }
        session.handle(event)
        lastTime = max(lastTime ?? event.timeMicroseconds, event.timeMicroseconds)
        checkPresentation(session, at: event.timeMicroseconds)
        count += 1
    }
    guard var time = lastTime else { return 0 }
    let settleStepMicroseconds: Int64 = 16_667
    let settleLimitMicroseconds: Int64 = 30_000_000
    let end = time
    while session.controller.isAnimating(at: time) {
        precondition(time - end < settleLimitMicroseconds, "animations never settle")
        time += settleStepMicroseconds
        session.advance(toMicroseconds: time)
        checkPresentation(session, at: time)
    }
    return 0
}

/// The pipeline stops after this many events (a fuzz input is small; this bounds a hang).
private let fuzzEventLimit = 100_000

private func checkPresentation(_ session: ClearSession, at time: Int64) {
    let presentation = session.controller.presentation(atMicroseconds: time)
    let count = session.controller.items.count
    func finite(_ rect: RectPixels, _ what: String) {
        precondition(
            rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite,
            "\(what) frame is not finite: \(rect)")
    }
    func unit(_ alpha: Double, _ what: String) {
        precondition(alpha.isFinite && alpha >= 0 && alpha <= 1, "\(what) alpha \(alpha)")
    }
    for row in presentation.rows {
        finite(row.framePixels, "row")
        unit(row.alpha, "row")
        precondition(row.modelIndex >= 0 && row.modelIndex < count, "row index out of the list")
    }
    if let cues = presentation.cues {
        finite(cues.tickFramePixels, "tick")
        finite(cues.crossFramePixels, "cross")
        precondition(cues.alpha.isFinite, "cue alpha \(cues.alpha)")
    }
    if let placeholder = presentation.placeholder {
        finite(placeholder.framePixels, "placeholder")
        unit(placeholder.alpha, "placeholder")
        precondition(placeholder.scaleY.isFinite, "placeholder scale")
    }
    if let editing = presentation.editing {
        precondition(editing.modelIndex >= 0 && editing.modelIndex < count, "edit index")
    }
}
