// cleartouch-make-scenarios: writes the synthetic sessions of Tests/UmockdevScenarios as
// evemu events (the fixtures of Tests/Fixtures/umockdev; docs/libinput-backend.md).
import Glibc
import Recordings
import Umockdev
import UmockdevScenarios

let usage = """
    usage: cleartouch-make-scenarios NAME OUT.evemu
               writes a synthetic session as evemu events (\(Scenarios.all.keys.sorted().joined(separator: ", ")))

    """

func fail(_ message: String) -> Never {
    let line = message + "\n"
    _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--help" || arguments.first == "-h" {
    print(usage, terminator: "")
    exit(0)
}
guard arguments.count == 2 else { fail(usage) }
guard let session = Scenarios.all[arguments[0]] else {
    fail("unknown scenario \(arguments[0])\n" + usage)
}
let text = Scenarios.evemuText(Scenarios.events(for: session), name: arguments[0])
do throws(RecordingError) {
    try UmockdevTestbed.writeFile(Array(text.utf8), to: arguments[1])
} catch {
    fail(error.description)
}
