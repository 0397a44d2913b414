// cleartouch-umockdev: emulated touch devices without hardware (docs/emulated-devices.md):
// `run` starts a program on the devices of recordings; `device` and `script` write the
// umockdev files a testbed is made of, for umockdev-run by hand.
import Glibc
import Recorder
import Recordings
import ToolSupport
import Umockdev

let usage = """
    usage: cleartouch-umockdev run [--keep-running] [--desc DESC] RECORDING... -- COMMAND [ARG...]
           cleartouch-umockdev device DESC.evemu PREFIX [--event N] [--kind K] [--dmi]
           cleartouch-umockdev script EVENTS.evemu OUT.script [--barrier TOKEN]

    run      runs COMMAND (`cleartouch record`, `gestures`, `app`, a release build or any
             program reading input devices) on emulated devices: each RECORDING's devices
             (an evemu file with its description, or `libinput record` YAML) appear on the
             udev seat as /dev/input/event50, event51, ..., and each device's input plays in
             real time once COMMAND opens it (nothing is lost however slowly it starts);
             after the last input COMMAND gets SIGINT, as from Ctrl-C. Needs umockdev-run
             (the umockdev package) and libUmockdevFixup.so beside this program (make release)
      --keep-running  no SIGINT after the input: COMMAND runs until it stops or Ctrl-C
      --desc DESC     the description of an events-only evemu RECORDING
    device   writes PREFIX.umockdev and PREFIX.ioctl for /dev/input/eventN (default 50)
      --kind K        force udev's classification: touchscreen, touchpad, keyboard, mouse, tablet
      --dmi           add the machine's DMI entry (one device of a testbed may carry it)
    script   writes a umockdev script of the events that waits for TOKEN (default GO; ''
             for none), then ends with the end marker (docs/libinput-backend.md)

    Exit status: run: COMMAND's (128+N after signal N); 2 bad usage or an unreadable
    recording (FILE:LINE: what is wrong).

    """

/// Says `message` and exits; a `FILE:LINE:` message is said as it is.
func fail(_ message: String, prefixed: Bool = true) -> Never {
    let line = (prefixed ? "cleartouch-umockdev: " : "") + message + "\n"
    _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
    exit(2)
}

func say(_ message: String) {
    let line = "cleartouch-umockdev: " + message + "\n"
    _ = line.withCString { Glibc.write(2, $0, strlen($0)) }
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
// `--help` anywhere among this program's own arguments (for `run`, before `--`).
let own = arguments.prefix { $0 != "--" }
if arguments.isEmpty || own.contains("--help") || own.contains("-h") {
    print(usage, terminator: "")
    exit(arguments.isEmpty ? 2 : 0)
}
let command = arguments.removeFirst()
do throws(any Error) {
    switch command {
    case "run":
        guard let separator = arguments.firstIndex(of: "--") else {
            fail("run needs `-- COMMAND`\n" + usage)
        }
        var own = Array(arguments[..<separator])
        let program = Array(arguments[(separator + 1)...])
        let keepRunning = own.contains("--keep-running")
        own.removeAll { $0 == "--keep-running" }
        let desc = option("--desc", in: &own)
        if let unknown = own.first(where: { $0.hasPrefix("-") }) {
            fail("unknown option \(unknown)\n" + usage)
        }
        guard !own.isEmpty else { fail("run needs a RECORDING\n" + usage) }
        guard !program.isEmpty else { fail("run needs a COMMAND after --\n" + usage) }
        let environment = try ViaLibinputReplay.discover()
        let request = EmulatedDevices.Request(
            recordings: own, descPath: desc, keepRunning: keepRunning, command: program)
        exit(try EmulatedDevices.run(request, environment: environment, say: say))
    case "device":
        let eventNumber = option("--event", in: &arguments).map { Int($0) ?? -1 } ?? 50
        let kindName = option("--kind", in: &arguments)
        let dmi = arguments.contains("--dmi")
        arguments.removeAll { $0 == "--dmi" }
        guard arguments.count == 2, (0..<192).contains(eventNumber) else { fail(usage) }
        let (description, _) = try UmockdevTestbed.parseFile(arguments[0])
        guard !description.name.isEmpty else {
            fail("\(arguments[0]):1: no N: line (device name)", prefixed: false)
        }
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
        let barrier = option("--barrier", in: &arguments) ?? UmockdevTestbed.barrierToken
        guard arguments.count == 2 else { fail(usage) }
        let (_, events) = try UmockdevTestbed.parseFile(arguments[0])
        guard !events.isEmpty else {
            fail("\(arguments[0]):1: no E: lines (events)", prefixed: false)
        }
        let title = String(arguments[0].split(separator: "/").last ?? "")
        do {
            try write(
                try BarrierScript.script(events: events, barrier: barrier, title: title),
                to: arguments[1])
        } catch {
            fail("\(arguments[0]):\(events.count): \(error)", prefixed: false)
        }
    default:
        fail("unknown command \(command)\n" + usage)
    }
} catch let error as RecordingError {
    fail(error.description, prefixed: false)
} catch let error as ViaLibinputError {
    fail(error.message)
} catch {
    fail("\(error)")
}
