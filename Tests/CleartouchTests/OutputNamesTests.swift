import Foundation
import TestSupport
import Testing

/// An output's name never says another format than the one written (docs/output-files.md,
/// "Names"): `--snapshot x.jpg` wrote PNG data, now it is refused before anything is
/// written; names without an extension (devices, FIFOs) and the format's own go on.
@Suite struct OutputNamesTests {
    static let recording = TestPaths.recordings + "/pan-complete-above.trace"

    @Test(arguments: [
        (["replay", recording, "--snapshot", "x.jpg"], "--snapshot writes PNG, but"),
        (["replay", recording, "--snapshot", "X.JPEG"], "named as JPEG: give it a .png name"),
        (["replay", recording, "--audio", "x.mp3"], "--audio writes WAV, but"),
        (["render", recording, "-o", "x.png"], "-o writes SVG, but"),
        (["keyboard", "-o", "x.svg"], "-o writes PNG, but"),
    ])
    func aNameOfAnotherFormatIsRefused(arguments: [String], message: String) throws {
        let folder = ScratchFolder()
        let cleartouch = try #require(cleartouchExecutable())
        let outputs = arguments.map {
            $0.contains(".") && !$0.hasPrefix("/") ? folder.file($0) : $0
        }
        let run = try runCommand(executable: cleartouch, arguments: outputs)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains(message), "\(run.standardError)")
        #expect(folder.contents.isEmpty)
    }

    @Test func theFormatsOwnNameAndANameWithoutExtensionAreWritten() throws {
        let folder = ScratchFolder()
        let cleartouch = try #require(cleartouchExecutable())
        for name in ["shot.png", "shot.PNG", "shot"] {
            let run = try runCommand(
                executable: cleartouch,
                arguments: ["replay", Self.recording, "--snapshot", folder.file(name)])
            #expect(run.status == 0, "\(name): \(run.standardError)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file(name)))
            #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(name)")
        }
    }

    /// `keyboard -o` says what it wrote (before, it said nothing).
    @Test func keyboardSaysWhatItWrote() throws {
        let folder = ScratchFolder()
        let cleartouch = try #require(cleartouchExecutable())
        let run = try runCommand(
            executable: cleartouch,
            arguments: ["keyboard", "--keyboard-layout", "us", "-o", folder.file("keys.png")])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardError
                == "wrote \(folder.file("keys.png")): the us keyboard fully shown, 1080x1920 PNG\n")
    }
}
