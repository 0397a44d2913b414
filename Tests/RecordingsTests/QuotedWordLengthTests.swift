import Recordings
import TestSupport
import Testing

/// Every word a reader's message quotes is cut (docs/trace-format.md, "Ranges": 80 scalars
/// and `… (N bytes)`): a line of up to 1 MiB holding one huge word in any place a message
/// quotes it makes a short `FILE:LINE:` message. The trace reader's unknown header line,
/// unknown event type and word inside a frame, and `libinput record`'s bad numbers, quoted
/// the whole word.
@Suite struct QuotedWordLengthTests {
    static let largestMessageBytes = 2_000
    static let huge = String(repeating: "wé𝄞x", count: 200_000 / 9)
    static let device =
        "1 touchscreen 1080 1920 269.975 479.975 0 10799 40 0 19199 40 10 Synthetic"

    /// (file name, contents) with the huge word in each quoted place.
    static let files: [(String, String)] = [
        ("header.trace", "cleartouch-trace 1\n\(huge) 1\nevents\n"),
        (
            "event.trace",
            "cleartouch-trace 1\ndevice \(device)\nevents\n0 added \(device)\n0 \(huge) 1\n"
        ),
        (
            "frame.trace",
            "cleartouch-trace 1\ndevice \(device)\nevents\n0 added \(device)\n0 down 1 0 0 1 1 1 1\n0 \(huge)\n"
        ),
        (
            "number.yml",
            "version: 1\ndevices:\n- evdev: {}\n  events:\n  - evdev:\n    - [0, 0, 3, \(huge), 1]\n"
        ),
        ("property.yml", "version: 1\ndevices:\n- evdev:\n    properties: [\(huge)]\n"),
        ("evemu.evemu", "# EVEMU 1.3\nN: x\nA: 35 0 10 0 0 \(huge)\n"),
    ]

    @Test(arguments: files.indices)
    func aHugeWordMakesAShortMessage(index: Int) {
        let (name, text) = Self.files[index]
        let path = TestFiles.scratch(text, name: name)
        do {
            let recording = try Recording.open(path: path)
            while try recording.next() != nil {}
            Issue.record("\(name) read")
        } catch {
            let message = error.description
            #expect(
                message.utf8.count < Self.largestMessageBytes,
                "\(name): \(message.utf8.count) bytes: \(message.prefix(300))")
        }
    }
}
