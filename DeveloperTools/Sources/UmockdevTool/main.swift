// cleartouch-umockdev: describes evdev devices and input sessions for umockdev-run.
import Glibc
import Recordings
import Umockdev
import UmockdevScenarios

let usage = """
    usage: cleartouch-umockdev device DESC.evemu PREFIX --event N [--kind touchscreen|touchpad|keyboard|mouse|tablet] [--dmi]
               writes PREFIX.umockdev and PREFIX.ioctl for /dev/input/eventN
           cleartouch-umockdev script EVENTS.evemu OUT.script [--barrier TOKEN]
               writes a umockdev script that waits for TOKEN (default GO; '' for none)
           cleartouch-umockdev scenario NAME OUT.evemu
               writes a synthetic session as evemu events (\(Scenarios.all.keys.sorted().joined(separator: ", ")))

    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    let line = message + "\n"
    _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    exit(status)
}

func write(_ bytes: [UInt8], to path: String) throws(RecordingError) {
    try UmockdevTestbed.writeFile(bytes, to: path)
}

func option(_ name: String, in arguments: inout [String]) -> String? {
    guard let index = arguments.firstIndex(of: name) else { return nil }
    guard index + 1 < arguments.count else { fail("\(name) needs a value\n" + usage) }
    let value = arguments[index + 1]
    arguments.removeSubrange(index...index + 1)
    return value
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}
let command = arguments.removeFirst()
do throws(any Error) {
    switch command {
    case "device":
        let eventNumber = option("--event", in: &arguments).map { Int($0) ?? -1 } ?? 50
        let kindName = option("--kind", in: &arguments)
        let dmi = arguments.contains("--dmi")
        arguments.removeAll { $0 == "--dmi" }
        guard arguments.count == 2, (0..<192).contains(eventNumber) else { fail(usage) }
        let (description, _) = try UmockdevTestbed.parseFile(arguments[0])
        guard !description.name.isEmpty else { fail("\(arguments[0]):1: no N: line (device name)") }
        var kind: UmockdevFiles.Kind? = nil  // nil: what input_id computes
        if let kindName {
            guard let named = UmockdevFiles.Kind(rawValue: kindName) else {
                fail("unknown kind \(kindName)\n" + usage)
            }
            kind = named
        }
        let node = "/dev/input/event\(eventNumber)"
        try write(
            Array(
                UmockdevFiles.umockdevFile(
                    description, eventNumber: eventNumber, kind: kind, dmi: dmi
                ).utf8
            ),
            to: arguments[1] + ".umockdev")
        try write(
            Array(UmockdevFiles.ioctlFile(description, node: node).utf8),
            to: arguments[1] + ".ioctl")
    case "script":
        let barrier = option("--barrier", in: &arguments) ?? "GO"
        guard arguments.count == 2 else { fail(usage) }
        let (_, events) = try UmockdevTestbed.parseFile(arguments[0])
        guard !events.isEmpty else { fail("\(arguments[0]):1: no E: lines (events)") }
        let title = String(arguments[0].split(separator: "/").last ?? "")
        do {
            try write(
                try BarrierScript.script(events: events, barrier: barrier, title: title),
                to: arguments[1])
        } catch {
            fail("\(arguments[0]):\(events.count): \(error)")
        }
    case "scenario":
        guard arguments.count == 2 else { fail(usage) }
        guard let session = Scenarios.all[arguments[0]] else {
            fail("unknown scenario \(arguments[0])\n" + usage)
        }
        let text = Scenarios.evemuText(Scenarios.events(for: session), name: arguments[0])
        try write(Array(text.utf8), to: arguments[1])
    default:
        fail("unknown command \(command)\n" + usage)
    }
} catch let error as RecordingError {
    fail(error.description)
} catch {
    fail("\(error)")
}
