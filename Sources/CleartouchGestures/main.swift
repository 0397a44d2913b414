// cleartouch-gestures: the live gesture service alone (docs/architecture.md, "Three
// executables"). The lean front hands it `gestures` with its arguments unchanged; it links
// libinput, libudev, libevdev, libsystemd and libyaml, and no SDL, Cairo, Pango or
// Foundation, so a service that runs for months holds no more than it uses. A replay
// (`--replay`) is handed on to cleartouch-devices, which links the replay.
import CommandLayer
import GestureServiceCommand
import Glibc

ProcessStart.unblockEndingSignals()
let arguments = ProcessStart.arguments
guard arguments.first == CommandCatalog.gestures.name else {
    let line = "\(DevicesProgram.gesturesName) runs `cleartouch gestures` only\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(2)
}
exit(GesturesCommandOf<HandedOverReplays>.main(arguments: Array(arguments.dropFirst())))
