import Recorder
import TestSupport
import Testing
import TouchInput

/// The child protocol of the via-libinput replay: both sides are Recorder's.
@Suite struct ViaLibinputCaptureTests {
    @Test func aRequestReadsBackFromItsArguments() throws {
        let request = ViaLibinputCapture.Request(
            tracePath: "out.trace", screen: ScreenSize(widthPixels: 800, heightPixels: 1280),
            durationSeconds: 12.5,
            nodes: ["/dev/input/event50", "/dev/input/event51"])
        #expect(ViaLibinputCapture.Request(arguments: request.arguments) == request)
    }

    @Test(arguments: [
        [], ["out.trace", "800", "1280", "2"], ["out.trace", "800x1280", "2", "/dev/x"],
        ["out.trace", "0", "1280", "2", "/dev/x"],
        ["out.trace", "800", "1280", "0", "/dev/x"],
        ["out.trace", "800", "1280", "never", "/dev/x"],
    ])
    func malformedArgumentsAreRefused(arguments: [String]) {
        #expect(ViaLibinputCapture.Request(arguments: arguments) == nil)
        #expect(ViaLibinputCapture.runChild(arguments: arguments) == 2)
    }
}
