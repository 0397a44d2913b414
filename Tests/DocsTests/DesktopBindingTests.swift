import Foundation
import GestureService
import TestSupport
import Testing
import ToolSupport

/// The desktop bindings of docs/gesture-service.md ("On a desktop"), run as written: the
/// blocks marked `run-by=DesktopBindingTests` are read by the service's own reader, and
/// every command in them is run in a real display server of its kind, where a real client
/// sees the keys arrive: `xdotool` in Xvfb (`xev` on the root window), `wtype` in a
/// headless wlroots compositor (Sway, with `wev` focused). The X11 file is then the user's
/// configuration of a real agent that types into Xvfb on a gesture replayed onto a private
/// bus: the whole way from a swipe to a key.
@Suite struct DesktopBindingTests {
    static let document = "docs/gesture-service.md"

    /// The document's blocks this suite runs, each with its configuration.
    static func blocks() throws -> [(line: Int, configuration: GestureServiceConfiguration)] {
        let text = try String(
            contentsOfFile: TestPaths.packageRoot + "/" + document, encoding: .utf8)
        return try MarkdownDocument(path: document, text: text).blocks.filter {
            $0.tags["run-by"] == "DesktopBindingTests"
        }.map { block in
            do throws(Diagnostic) {
                return (
                    block.line,
                    try GestureServiceConfiguration.parse(
                        bytes: Array(block.body.utf8), path: "\(document):\(block.line)")
                )
            } catch {
                throw ProgramFailure(description: error.description)
            }
        }
    }

    /// What a client of the display must see for `command` to have worked: X11 keysym
    /// names and buttons (`xev`), or Wayland key names and modifiers (`wev`).
    static func expectedEvents(_ command: [String]) -> [String] {
        let x11Names = [
            "alt": "Alt_L", "ctrl": "Control_L", "super": "Super_L", "shift": "Shift_L",
        ]
        let waylandModifiers = ["alt": "Mod1", "ctrl": "Control", "shift": "Shift", "logo": "Mod4"]
        switch command.first {
        case "xdotool":
            if command.count == 3, command[1] == "click" { return ["button \(command[2])"] }
            var events: [String] = []
            for key in command.dropFirst(2).flatMap({ $0.split(separator: "+") }) {
                let name: String = x11Names[String(key)] ?? String(key)
                events.append(", \(name))")
            }
            return events
        case "wtype":
            var events: [String] = []
            for (option, value) in zip(command.dropFirst(), command.dropFirst(2)) {
                if option == "-k" { events.append("sym: \(value) ") }
                if option == "-M" { events.append(": \(waylandModifiers[value] ?? value) ") }
            }
            return events
        default:
            return []
        }
    }

    @Test func theDocumentHasTheX11AndTheWaylandBindings() throws {
        let programs = try Self.blocks().map { block in
            Set(block.configuration.bindings.compactMap { $0.command?.first })
        }
        #expect(programs == [["xdotool"], ["wtype"]], "\(programs)")
    }

    /// Runs every command of the document's blocks whose program is `program`, as written,
    /// with `environment`; `seen` (what the display's client printed so far) must then show
    /// each command's events.
    static func runEveryCommand(
        of program: String, environment: [String: String], seen: () -> String
    ) throws {
        let commands = try blocks().flatMap { $0.configuration.bindings }.compactMap(\.command)
            .filter { $0.first == program }
        #expect(!commands.isEmpty)
        for command in commands {
            let before = seen().count
            let run = try runCommand(
                executable: "/usr/bin/" + command[0], arguments: Array(command.dropFirst()),
                environment: environment)
            #expect(run.status == 0, "\(command): \(run.standardError)")
            // xdotool skips a key name it does not know, and still exits 0.
            #expect(
                !run.standardError.contains("No such key name"), "\(command): \(run.standardError)")
            for event in expectedEvents(command) {
                #expect(
                    waitUntil { seen().dropFirst(before).contains(event) },
                    "\(command): no '\(event)' in \(seen().dropFirst(before))")
            }
        }
    }

    /// Every `xdotool` command of the X11 block, run as written on Xvfb: `xev` sees its keys.
    @Test func everyX11CommandTypesIntoXvfb() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let display = try X11Display(in: folder)
        defer { display.stop() }
        try Self.runEveryCommand(
            of: "xdotool", environment: ["DISPLAY": display.name], seen: { display.seen })
    }

    /// Every `wtype` command of the Wayland block, run as written in a headless Sway:
    /// `wev`, focused, sees its keys and modifiers.
    @Test func everyWaylandCommandTypesIntoAWlrootsCompositor() throws {
        let folder = ScratchFolder()
        defer { folder.remove() }
        let compositor = try WaylandDisplay(in: folder)
        defer { compositor.stop() }
        try Self.runEveryCommand(
            of: "wtype", environment: compositor.environment, seen: { compositor.seen })
    }

    /// The X11 block as the user's configuration: the agent, in a session of Xvfb, follows a
    /// private bus standing for the system bus; the service replays a 3-finger swipe right
    /// (the bundled swipe left on a panel turned 180°) onto it; `back` types Alt+Left.
    @Test func theAgentTypesIntoTheSessionOnAGesture() throws {
        if let reason = TestDBusDaemon.unavailableReason { try RequiredInput.missing(reason) }
        let executable = try #require(cleartouchExecutable(), "build cleartouch first")
        let folder = ScratchFolder()
        defer { folder.remove() }
        let x11 = try #require(
            try Self.blocks().first {
                $0.configuration.bindings.contains { $0.command?.first == "xdotool" }
            })
        let configuration = folder.file("gestures.yaml")
        let text = try String(
            contentsOfFile: TestPaths.packageRoot + "/" + Self.document, encoding: .utf8)
        let body = try #require(
            MarkdownDocument(path: Self.document, text: text).blocks.first { $0.line == x11.line }
        ).body
        try body.write(toFile: configuration, atomically: true, encoding: .utf8)
        let back = try #require(x11.configuration.bindings.first { $0.name == "back" })
        #expect(back.kind == .swipe && back.fingers == 3 && back.direction == .right)

        let display = try X11Display(in: folder)
        defer { display.stop() }
        let bus = try TestDBusDaemon(in: folder)
        defer { bus.stop() }
        let agent = try BackgroundProgram(
            executable, ["gestures", "--agent", "--config", configuration],
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": bus.address, "DISPLAY": display.name],
            in: folder, name: "agent")
        defer { agent.stop() }
        #expect(waitUntil { agent.errors.contains("following") || !agent.process.isRunning })
        let replay = try runCommand(
            executable: executable,
            arguments: [
                "gestures", "--replay", TestPaths.recordings + "/gestures-swipe-3-left.evemu",
                "--rotate", "180", "--bus-address", bus.address,
            ])
        #expect(replay.status == 0, "\(replay.standardError)")
        #expect(replay.standardOutput.contains("3-finger swipe right  recognized"))
        #expect(
            waitUntil { display.seen.contains(", Left)") && display.seen.contains(", Alt_L)") },
            "\(display.seen)\n\(agent.output)\(agent.errors)")
        #expect(
            agent.output.contains("gesture swipe recognized fingers 3 direction right binding back")
        )
        // Reaped (and said) once it has ended, which may be after xev saw the keys.
        #expect(
            waitUntil { agent.errors.contains("`xdotool key alt+Left` (pid ") }, "\(agent.errors)")
    }
}

/// Every one of `programs` is installed, else the test's input is missing (a visible skip,
/// a failure under `CI=true`).
func requirePrograms(_ programs: [String], packages: String) throws {
    for program in programs where !FileManager.default.isExecutableFile(atPath: program) {
        try RequiredInput.missing(
            "\(program) is not installed (tools/bootstrap installs \(packages))")
    }
}

/// Xvfb on a free display (`-displayfd`), with `xev` watching the root window's keys and
/// buttons (with no window manager the root window has the focus).
final class X11Display {
    let server: BackgroundProgram
    let viewer: BackgroundProgram
    let name: String

    init(in folder: ScratchFolder) throws {
        try requirePrograms(
            ["/usr/bin/Xvfb", "/usr/bin/xev", "/usr/bin/xdotool"],
            packages: "xvfb, x11-utils, xdotool")
        server = try BackgroundProgram(
            "/usr/bin/Xvfb", ["-displayfd", "1", "-nolisten", "tcp"], in: folder, name: "xvfb")
        let server = self.server
        guard waitUntil({ server.output.contains("\n") || !server.process.isRunning }),
            let number = server.outputLines.first, Int(number) != nil
        else { throw ProgramFailure(description: "Xvfb did not start: \(server.errors)") }
        name = ":" + number
        viewer = try BackgroundProgram(
            "/usr/bin/stdbuf",
            ["-oL", "/usr/bin/xev", "-root", "-event", "keyboard", "-event", "button"],
            environment: ["DISPLAY": name], in: folder, name: "xev")
        // Nothing tells from outside when xev has selected the root window's events: a
        // probe key is typed until xev sees it.
        let viewer = self.viewer
        let display = name
        let probe = waitUntil {
            _ = try? runCommand(
                executable: "/usr/bin/xdotool", arguments: ["key", "F35"],
                environment: ["DISPLAY": display])
            return viewer.output.contains(", F35)") || !viewer.process.isRunning
        }
        guard probe else { throw ProgramFailure(description: "xev saw nothing: \(viewer.errors)") }
    }

    /// Everything xev printed so far.
    var seen: String { viewer.output }

    func stop() {
        viewer.stop()
        server.stop()
    }
}

/// Sway on the headless backend (no GPU, no input device, no Xwayland), run as `nobody`
/// (wlroots compositors refuse root) in a runtime folder of its own, with `wev` as its one
/// window and a virtual keyboard held open (`wtype -s`), so the seat has a keyboard and wev
/// its focus before any command types: a command's own virtual keyboard then types into it.
final class WaylandDisplay {
    let compositor: BackgroundProgram
    let viewer: BackgroundProgram
    let keyboard: BackgroundProgram
    let runtime: String
    let socket: String

    init(in folder: ScratchFolder) throws {
        try requirePrograms(
            ["/usr/bin/sway", "/usr/bin/wev", "/usr/bin/wtype"], packages: "sway, wev, wtype")
        // A socket path has at most 107 bytes, less than a test's scratch folder may take.
        let runtime =
            FileManager.default.temporaryDirectory.appendingPathComponent(
                "ct-wl-\(UUID().uuidString.prefix(8))"
            ).path
        self.runtime = runtime
        let nobody: UInt32 = 65534
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        // The compositor reads its configuration in the scratch folder as nobody.
        chmod(folder.path, 0o755)
        chown(runtime, nobody, nobody)
        let config = folder.file("sway.conf")
        try "xwayland disable\n".write(toFile: config, atomically: true, encoding: .utf8)
        chmod(config, 0o644)
        var command = ["/usr/bin/sway", "-c", config]
        if getuid() == 0 {
            command =
                [
                    "/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups",
                ] + command
        }
        compositor = try BackgroundProgram(
            command[0], Array(command.dropFirst()),
            environment: [
                "XDG_RUNTIME_DIR": runtime, "HOME": runtime, "WLR_BACKENDS": "headless",
                "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1",
            ], in: folder, name: "sway")
        let compositor = self.compositor
        func socketName() -> String? {
            (try? FileManager.default.contentsOfDirectory(atPath: runtime))?.first {
                $0.range(of: #"^wayland-[0-9]+$"#, options: .regularExpression) != nil
            }
        }
        guard waitUntil({ socketName() != nil || !compositor.process.isRunning }),
            let socket = socketName()
        else { throw ProgramFailure(description: "sway did not start: \(compositor.errors)") }
        self.socket = socket
        let environment = ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socket]
        viewer = try BackgroundProgram(
            "/usr/bin/stdbuf", ["-oL", "/usr/bin/wev"], environment: environment, in: folder,
            name: "wev")
        let viewer = self.viewer
        guard waitUntil({ viewer.output.contains("activated") || !viewer.process.isRunning })
        else { throw ProgramFailure(description: "wev has no window: \(viewer.errors)") }
        // An hour's pause between no keys: a keyboard for as long as the test runs.
        keyboard = try BackgroundProgram(
            "/usr/bin/wtype", ["-s", "3600000"], environment: environment, in: folder,
            name: "keyboard")
        guard
            waitUntil({
                viewer.output.contains("wl_keyboard] enter") || !viewer.process.isRunning
            })
        else { throw ProgramFailure(description: "wev got no keyboard: \(viewer.errors)") }
    }

    /// What a client needs to reach it.
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socket] }

    /// Everything wev printed so far.
    var seen: String { viewer.output }

    func stop() {
        viewer.stop()
        keyboard.stop()
        compositor.stop()
        try? FileManager.default.removeItem(atPath: runtime)
    }
}
