import Glibc

/// cleartouch-devices, the executable that links everything: the app, the live commands,
/// pictures and libinput; and cleartouch-gestures, the live gesture service alone (no
/// SDL, Cairo, Pango or Foundation). The lean `cleartouch` runs the commands that need
/// none of them itself and replaces itself (`execv`, the same arguments and the same
/// process: its pid, signals, systemd's notify socket and exit status stay the front's)
/// with cleartouch-gestures for `gestures` and with cleartouch-devices for the rest
/// (docs/architecture.md, "Three executables").
package enum DevicesProgram {
    /// Its file name.
    package static let name = "cleartouch-devices"
    /// The gesture service's executable, beside it.
    package static let gesturesName = "cleartouch-gestures"

    /// The executable a command is handed to: cleartouch-gestures for `gestures`, else
    /// cleartouch-devices.
    package static func program(for command: String) -> String {
        command == CommandCatalog.gestures.name ? gesturesName : name
    }
    /// Where the installed package keeps it, relative to the folder of `cleartouch`.
    package static let installedFolder = "../libexec/cleartouch"

    /// Where it is looked for, in order: beside `executable` (a build folder, `make
    /// static`'s dist/), then in `installedFolder` (the package: /usr/bin/cleartouch
    /// finds /usr/libexec/cleartouch/cleartouch-devices).
    package static func candidates(besides executable: String, program: String = name)
        -> [String]
    {
        let folder = parent(of: executable)
        var installed = folder
        var relative = installedFolder[...]
        while relative.hasPrefix("../") {
            installed = parent(of: installed)
            relative = relative.dropFirst(3)
        }
        return [
            join(folder, program), join(join(installed, String(relative)), program),
        ]
    }

    /// The running executable's path (`/proc/self/exe`), nil when it cannot be read.
    package static func runningExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Replaces this process with `program` (cleartouch-devices unless said), given this
    /// process's arguments unchanged; returns only when it cannot (having said why): 2.
    package static func handOver(
        command: String, output: CommandOutput, to program: String = name
    ) -> Int32 {
        let places = runningExecutable().map { candidates(besides: $0, program: program) } ?? []
        guard let path = places.first(where: { access($0, X_OK) == 0 }) else {
            output.printError(
                "cleartouch \(command): needs \(program), which is missing: no executable "
                    + (places.isEmpty
                        ? "(/proc/self/exe cannot be read)" : places.joined(separator: " nor ")))
            return 2
        }
        execv(path, CommandLine.unsafeArgv)
        output.printError(
            "cleartouch \(command): cannot run \(path): \(String(cString: strerror(errno)))")
        return 2
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
