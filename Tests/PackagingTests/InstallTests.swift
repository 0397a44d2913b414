import Foundation
import TestSupport
import Testing

/// `make install DESTDIR=… PREFIX=/usr`: the files it installs, the man page and the bash
/// completion (both generated from the command's help), and `make uninstall`.
@Suite(.serialized, .enabled(if: Packaging.enabled, "\(Packaging.unavailableReason ?? "")"))
struct InstallTests {
    /// What `make install PREFIX=/usr` installs, and nothing else.
    static let expectedFiles: Set<String> = [
        "/usr/bin/cleartouch",
        "/usr/libexec/cleartouch/cleartouch-devices",
        "/usr/libexec/cleartouch/cleartouch-gestures",
        "/usr/share/man/man1/cleartouch.1",
        "/usr/share/bash-completion/completions/cleartouch",
        "/usr/lib/systemd/system/cleartouch-kiosk.service",
        "/usr/lib/sysusers.d/cleartouch.conf",
        "/usr/lib/systemd/system/cleartouch-gestures.service",
        "/usr/share/dbus-1/system.d/io.github.cleartouch.Gestures1.conf",
        "/etc/cleartouch/gestures.yaml",
        "/usr/lib/systemd/user/cleartouch-gestures-agent.service",
    ]

    @Test func installsExactlyTheExpectedFiles() throws {
        let root = try Packaging.install.get()
        #expect(Packaging.files(below: root) == Self.expectedFiles)
        let binary = root.appendingPathComponent("usr/bin/cleartouch").path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        let run = try runCommand(executable: binary, arguments: ["--version"])
        #expect(run.standardOutput == "cleartouch \(try Packaging.version.get())\n")
        // The installed front finds the installed cleartouch-devices (../libexec/cleartouch).
        let handed = try runCommand(executable: binary, arguments: ["app", "--help"])
        #expect(handed.status == 0, "\(handed.standardError)")
        #expect(handed.standardOutput.hasPrefix("usage: cleartouch app "))
        // And `gestures` to the installed cleartouch-gestures.
        let service = try runCommand(executable: binary, arguments: ["gestures", "--help"])
        #expect(service.status == 0, "\(service.standardError)")
        #expect(service.standardOutput.hasPrefix("usage: cleartouch gestures "))
    }

    @Test func theUnitRunsTheInstalledBinaryAsTheKioskUser() throws {
        let root = try Packaging.install.get()
        let (unit, lines) = try installedUnit("cleartouch-kiosk.service", root: root)
        for line in [
            "ExecStart=/usr/bin/cleartouch app --fullscreen --idle-seconds ${CLEARTOUCH_IDLE_SECONDS}",
            "Environment=CLEARTOUCH_IDLE_SECONDS=300", "Type=notify", "WatchdogSec=30s",
            "User=cleartouch",
            "SupplementaryGroups=video input", "TTYPath=/dev/tty1", "Conflicts=getty@tty1.service",
            "Environment=SDL_VIDEODRIVER=kmsdrm", "Restart=always", "DeviceAllow=char-drm rw",
            "DeviceAllow=char-input rw", "ProtectSystem=strict", "NoNewPrivileges=yes",
            "StateDirectory=cleartouch", "ConfigurationDirectory=cleartouch",
        ] {
            #expect(lines.contains(line), "the unit has no '\(line)'")
        }
        #expect(!unit.contains("@BINDIR@"))

        try verifyOffline(unit, named: "cleartouch-kiosk.service", root: root)

        let sysusers = try String(
            contentsOf: root.appendingPathComponent("usr/lib/sysusers.d/cleartouch.conf"),
            encoding: .utf8)
        let entries = sysusers.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(whereSeparator: \.isWhitespace).prefix(3).joined(separator: " ")
        }
        #expect(entries.contains("u cleartouch -"))
        #expect(entries.contains("m cleartouch video"))
        #expect(entries.contains("m cleartouch input"))
    }

    /// The gesture service's unit, its D-Bus policy and its example configuration.
    @Test func theGestureServiceRunsTheInstalledBinaryWithTheInstalledConfiguration() throws {
        let root = try Packaging.install.get()
        let (unit, lines) = try installedUnit("cleartouch-gestures.service", root: root)
        for line in [
            "ExecStart=/usr/libexec/cleartouch/cleartouch-gestures gestures --config /etc/cleartouch/gestures.yaml",
            "Type=dbus", "BusName=io.github.cleartouch.Gestures1",
            "ExecReload=/bin/kill -HUP $MAINPID", "User=cleartouch", "SupplementaryGroups=input",
            "DeviceAllow=char-input rw", "ProtectSystem=strict", "NoNewPrivileges=yes",
            "RestrictAddressFamilies=AF_UNIX AF_NETLINK",
        ] {
            #expect(lines.contains(line), "the unit has no '\(line)'")
        }
        #expect(!unit.contains("@LIBEXECDIR@") && !unit.contains("@SYSCONFDIR@"))
        try verifyOffline(unit, named: "cleartouch-gestures.service", root: root)

        let policy = try String(
            contentsOf: root.appendingPathComponent(
                "usr/share/dbus-1/system.d/io.github.cleartouch.Gestures1.conf"),
            encoding: .utf8)
        #expect(policy.contains("<policy user=\"cleartouch\">"))
        #expect(policy.contains("<allow own=\"io.github.cleartouch.Gestures1\"/>"))
        let example = try String(
            contentsOf: root.appendingPathComponent("etc/cleartouch/gestures.yaml"),
            encoding: .utf8)
        #expect(example.hasPrefix("# The gestures of cleartouch-gestures.service"))
        #expect(example.contains("\ngestures:\n  - name: back\n    gesture: swipe\n"))
    }

    /// The gestures agent's user unit: the installed binary's `gestures --agent`, with the
    /// graphical session, checked by the user manager's `systemd-analyze verify`.
    @Test func theAgentIsAUserUnitOfTheGraphicalSession() throws {
        let root = try Packaging.install.get()
        let name = "cleartouch-gestures-agent.service"
        let unit = try String(
            contentsOf: root.appendingPathComponent("usr/lib/systemd/user/\(name)"),
            encoding: .utf8)
        let lines = Set(unit.split(separator: "\n").map(String.init))
        for line in [
            "ExecStart=/usr/libexec/cleartouch/cleartouch-gestures gestures --agent",
            "PartOf=graphical-session.target",
            "After=graphical-session.target", "WantedBy=graphical-session.target",
            "ExecReload=/bin/kill -HUP $MAINPID", "Restart=on-failure",
        ] {
            #expect(lines.contains(line), "the agent's unit has no '\(line)'")
        }
        // A desktop user's agent needs no group and no device.
        #expect(!unit.contains("SupplementaryGroups") && !unit.contains("User="))
        #expect(!unit.contains("@LIBEXECDIR@"))
        try verifyOffline(unit, named: name, root: root, user: true)
    }

    /// The text of the installed unit `name` and its set of lines.
    private func installedUnit(_ name: String, root: URL) throws -> (String, Set<String>) {
        let unit = try String(
            contentsOf: root.appendingPathComponent("usr/lib/systemd/system/\(name)"),
            encoding: .utf8)
        return (unit, Set(unit.split(separator: "\n").map(String.init)))
    }

    /// `systemd-analyze verify`, offline, of `unit` with ExecStart at the binary under
    /// DESTDIR (verify checks it can run), without looking for the man page (it is not
    /// installed under /usr): no error, no warning.
    /// A `user` unit is verified as the user manager loads it (which needs a runtime folder).
    private func verifyOffline(_ unit: String, named name: String, root: URL, user: Bool = false)
        throws
    {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        let unitCopy = copy.appendingPathComponent(name)
        try unit.replacingOccurrences(
            of: "ExecStart=/usr/", with: "ExecStart=\(root.path)/usr/"
        ).write(to: unitCopy, atomically: true, encoding: .utf8)
        let verify = try Packaging.run(
            "systemd-analyze", (user ? ["--user"] : []) + ["verify", "--man=no", unitCopy.path],
            environment: user ? ["XDG_RUNTIME_DIR": copy.path] : [:])
        #expect(verify.status == 0, "systemd-analyze verify \(name): \(verify.standardError)")
        #expect(
            verify.standardError.isEmpty, "systemd-analyze verify \(name): \(verify.standardError)")
    }

    @Test func theManPageDescribesEverySubcommand() throws {
        let root = try Packaging.install.get()
        let binary = root.appendingPathComponent("usr/bin/cleartouch").path
        let page = root.appendingPathComponent("usr/share/man/man1/cleartouch.1").path
        let source = try String(contentsOfFile: page, encoding: .utf8)
        let subcommands = try Packaging.subcommands(of: binary)
        #expect(subcommands.count >= 7)
        for name in subcommands {
            #expect(source.contains(".SS \"cleartouch \(name)\""), "no section for \(name)")
        }
        // As man shows it: every subcommand's usage line, and its options.
        let shown = try Packaging.run(
            "man", ["-l", page], environment: ["MANWIDTH": "200"])
        #expect(shown.status == 0, "man: \(shown.standardError)")
        let text = shown.standardOutput
        for name in subcommands {
            let help = try runCommand(executable: binary, arguments: [name, "--help"])
                .standardOutput
            let usage = try #require(help.split(separator: "\n").first)
            #expect(text.contains(usage), "the man page lacks '\(usage)'")
        }
        #expect(text.contains("cleartouch --version"))
        // The gesture service's files.
        #expect(text.contains("/etc/cleartouch/gestures.yaml"))
        #expect(text.contains("cleartouch-gestures.service"))
        #expect(text.contains("io.github.cleartouch.Gestures1"))
    }

    /// `gestures` in the man page and the completion, with the contract's options
    /// (docs/product-decisions.md, "Decisions for the gesture service"): the completion
    /// reads them from `cleartouch gestures --help`, which comes with GesturesCommand.
    @Test
    func theGesturesSubcommandHasItsManSectionAndCompletion() throws {
        let root = try Packaging.install.get()
        let binary = root.appendingPathComponent("usr/bin/cleartouch").path
        let page = try String(
            contentsOfFile: root.appendingPathComponent("usr/share/man/man1/cleartouch.1").path,
            encoding: .utf8)
        #expect(page.contains(".SS \"cleartouch gestures\""))
        let script = root.appendingPathComponent("usr/share/bash-completion/completions/cleartouch")
            .path
        let offered = Set(try complete(script, ["gestures", "--"]))
        for option in [
            "--config", "--replay", "--json", "--run", "--bus", "--bus-address", "--touchegg",
            "--seat", "--screen", "--rotate", "--calibration",
        ] {
            #expect(offered.contains(option), "gestures offers no \(option): \(offered)")
        }
        #expect(Set(try complete(script, ["gestures", "--bus", ""])) == ["system", "session"])
        _ = binary
    }

    @Test func bashCompletionOffersEverySubcommandAndItsOptions() throws {
        let root = try Packaging.install.get()
        let binary = root.appendingPathComponent("usr/bin/cleartouch").path
        let script = root.appendingPathComponent("usr/share/bash-completion/completions/cleartouch")
            .path
        let subcommands = try Packaging.subcommands(of: binary)

        let registered = try complete(script, [], registration: true)
        #expect(registered == ["complete -o default -F _cleartouch cleartouch"])

        #expect(Set(try complete(script, [""])) == Set(subcommands + ["--help", "--version"]))
        #expect(try complete(script, ["re"]) == ["record", "replay", "render"])

        for name in subcommands {
            let offered = Set(try complete(script, [name, "-"]))
            // Every option of the usage line(s), read here independently of the generator.
            let help = try runCommand(executable: binary, arguments: [name, "--help"])
                .standardOutput
            let usage = help.split(separator: "\n\n", maxSplits: 1).first.map(String.init) ?? ""
            let options = Set(
                usage.split(whereSeparator: { " []|,".contains($0) }).map(String.init).filter {
                    $0.hasPrefix("-") && $0.drop(while: { $0 == "-" }).first?.isLetter == true
                })
            #expect(!options.isEmpty, "no options read from \(name)'s usage")
            #expect(
                offered.isSuperset(of: options), "\(name): missing \(options.subtracting(offered))")
            #expect(offered.contains("--help"))
            // The test hooks are not offered, nor even built into the release binary
            // (CLEARTOUCH_TEST_HOOKS, docs/libinput-backend.md "Test hooks").
            #expect(!offered.contains("--umockdev-barrier"))
            #expect(!help.contains("For tests only"), "\(name)'s help")
            #expect(!help.contains("--umockdev-barrier") && !help.contains("--unplug-after"))
        }
        let hook = try runCommand(
            executable: binary,
            arguments: ["debug-gestures", "--unplug-after-events", "1", "/dev/input/event0"])
        #expect(hook.status == 2 && hook.standardError.contains("--unplug-after-events"))
        #expect(
            try complete(script, ["replay", "--format", ""])
                == ["trace", "evemu", "libinput", "getevent"])
        // An operand: no words of its own, readline completes file names.
        #expect(try complete(script, ["replay", "Rec"]) == [])
    }

    @Test func uninstallRemovesEveryInstalledFile() throws {
        let root = try Packaging.install.get()
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-uninstall-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: root, to: copy)
        let run = try Packaging.run(
            "make",
            ["-C", PackagePaths.root.path, "uninstall", "DESTDIR=\(copy.path)", "PREFIX=/usr"])
        #expect(run.status == 0, "make uninstall: \(run.standardError)")
        #expect(Packaging.files(below: copy).isEmpty)
    }

    /// What the completion offers after `cleartouch WORDS…` (the last word is being typed),
    /// one word a line, sorted as compgen gives them; or `complete -p cleartouch`.
    private func complete(_ script: String, _ words: [String], registration: Bool = false) throws
        -> [String]
    {
        let quoted = (["cleartouch"] + words).map { "'\($0)'" }.joined(separator: " ")
        let command =
            registration
            ? "source \"$1\" && complete -p cleartouch"
            : "source \"$1\" && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count) && _cleartouch "
                + "&& printf '%s\\n' \"${COMPREPLY[@]}\""
        let run = try Packaging.run(
            "bash", ["--norc", "--noprofile", "-c", command, "bash", script])
        try #require(run.status == 0, "bash: \(run.standardError)")
        return run.standardOutput.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
