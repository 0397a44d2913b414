import Foundation
import Testing

@testable import ToolSupport

/// What ToolSupport does without Foundation (the gesture service's executable loads none)
/// gives what Foundation gave.
@Suite struct FoundationFreeTests {
    /// `NSString.deletingLastPathComponent`'s documented examples, and the calibration
    /// file's own paths (comparing with swift-corelibs-foundation itself crashes it on
    /// some of these, in `String._startOfLastPathComponent`).
    @Test(arguments: [
        ("/tmp/scratch.tiff", "/tmp"), ("/tmp/lock/", "/tmp"), ("/tmp/", "/"), ("/tmp", "/"),
        ("/", "/"), ("scratch.tiff", ""), ("", ""), ("a//b", "a"),
        ("/home/kiosk/.config/cleartouch/calibration.conf", "/home/kiosk/.config/cleartouch"),
        (".config/cleartouch", ".config"),
    ])
    func theParentFolderIsNSStringsDeletingLastPathComponent(path: String, parent: String) {
        #expect(CalibrationFile.parent(of: path) == parent)
    }

    @Test func theEnvironmentIsProcessInfos() {
        #expect(ProcessEnvironment.variables == ProcessInfo.processInfo.environment)
    }
}
