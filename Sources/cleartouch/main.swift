// The `cleartouch` command, lean: it runs the commands that need no device, window or
// picture library (replay, test, inspect, convert, view, themes) itself and hands every
// other command, and any option that needs one, to cleartouch-devices
// (`DevicesProgram`). It links none of Cairo, Pango, SDL, libinput, udev, libevdev or
// libsystemd, so that a replay starts in a few milliseconds (docs/performance.md).
import CleartouchCommands
import Glibc

CommandDispatch.unblockEndingSignals()
exit(
    CommandDispatch(commands: [
        InspectCommand.self, ConvertCommand.self, ReplayCommandOf<HandedOver>.self,
        ViewCommand.self, TestCommandOf<HandedOver>.self, ThemesCommand.self,
    ]).main(CommandDispatch.processArguments))
