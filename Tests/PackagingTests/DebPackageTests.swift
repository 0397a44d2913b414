import Foundation
import TestSupport
import Testing

/// `make deb`: the package builds, lintian finds no error, and it installs, runs, passes
/// `systemd-analyze verify` and removes cleanly with the real dpkg.
@Suite(.serialized, .enabled(if: Packaging.enabled, "\(Packaging.unavailableReason ?? "")"))
struct DebPackageTests {
    @Test func toolsArePresent() {
        // Under CI the suite runs even without its tools, and fails here.
        #expect(Packaging.unavailableReason == nil, "\(Packaging.unavailableReason ?? "")")
    }

    @Test func makeDebPrintsThePackagePathLast() throws {
        let deb = try Packaging.deb.get()
        let version = try Packaging.version.get()
        let architecture = try Packaging.run("dpkg", ["--print-architecture"]).standardOutput
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.path.hasSuffix("/out/cleartouch_\(version)_\(architecture).deb"))
        #expect(deb.path.hasPrefix("/"))
        #expect(FileManager.default.fileExists(atPath: deb.path))
    }

    @Test func thePackageVersionIsTheBinarysVersion() throws {
        let deb = try Packaging.deb.get()
        let version = try Packaging.version.get()
        let field = try Packaging.run("dpkg-deb", ["-f", deb.path, "Version"])
        #expect(field.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) == version)
        // The binary in the package, run from a copy out of it.
        let unpacked = try extract(deb.path)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let run = try runCommand(
            executable: unpacked.appendingPathComponent("usr/bin/cleartouch").path,
            arguments: ["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "cleartouch \(version)\n")
    }

    @Test func dependenciesComeFromDpkgShlibdepsAndNameNoToolchain() throws {
        let deb = try Packaging.deb.get()
        let depends = try Packaging.run("dpkg-deb", ["-f", deb.path, "Depends"]).standardOutput
        for library in ["libc6", "libinput10", "libsdl2-2.0-0", "libcairo2", "libyaml-0-2"] {
            #expect(depends.contains(library), "Depends: \(depends)")
        }
        // The Swift runtime is linked into all three: nothing they need is in the toolchain.
        let unpacked = try extract(deb.path)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        for binary in [
            "usr/bin/cleartouch", "usr/libexec/cleartouch/cleartouch-devices",
            "usr/libexec/cleartouch/cleartouch-gestures",
        ] {
            let needed = try Packaging.run(
                "objdump", ["-p", unpacked.appendingPathComponent(binary).path]
            ).standardOutput.split(separator: "\n").filter {
                $0.contains("NEEDED") || $0.contains("RUNPATH") || $0.contains("RPATH")
            }
            #expect(!needed.isEmpty)
            #expect(
                !needed.contains { $0.contains("swift") || $0.contains("Foundation") },
                "\(binary): \(needed)")
            #expect(
                !needed.contains { $0.contains("RUNPATH") || $0.contains("RPATH") },
                "\(binary): \(needed)")
        }
        // The gesture service loads only what it uses (docs/architecture.md).
        let service = try Packaging.run(
            "objdump",
            [
                "-p",
                unpacked.appendingPathComponent("usr/libexec/cleartouch/cleartouch-gestures").path,
            ]
        ).standardOutput.split(separator: "\n").filter { $0.contains("NEEDED") }
        for heavy in ["cairo", "pango", "SDL", "X11", "glib", "harfbuzz"] {
            #expect(!service.contains { $0.contains(heavy) }, "cleartouch-gestures: \(service)")
        }
        for library in ["libinput", "libsystemd", "libyaml"] {
            #expect(service.contains { $0.contains(library) }, "cleartouch-gestures: \(service)")
        }
    }

    /// Every program a unit of the package runs (ExecStart, ExecReload, ...) is the
    /// package's own or comes with what it depends on, so `systemd-analyze verify` passes on
    /// a bare Debian 12 with the package and its dependencies only (ExecReload's /bin/kill
    /// is procps', which a minimal system lacks).
    @Test func everyProgramTheUnitsRunComesWithThePackage() throws {
        let deb = try Packaging.deb.get()
        let depends = try Packaging.run("dpkg-deb", ["-f", deb.path, "Depends"]).standardOutput
        let dependedOn = Set(
            depends.split(separator: ",").compactMap {
                $0.split(whereSeparator: { " (|\n".contains($0) }).first.map(String.init)
            })
        let unpacked = try extract(deb.path)
        defer { try? FileManager.default.removeItem(at: unpacked) }
        let units = [
            "lib/systemd/system/cleartouch-kiosk.service",
            "lib/systemd/system/cleartouch-gestures.service",
            "usr/lib/systemd/user/cleartouch-gestures-agent.service",
        ]
        var programs: Set<String> = []
        for unit in units {
            let text = try String(
                contentsOf: unpacked.appendingPathComponent(unit), encoding: .utf8)
            for line in text.split(separator: "\n") where line.hasPrefix("Exec") {
                guard let equals = line.firstIndex(of: "=") else { continue }
                // Exec prefixes (-, @, :, +, !) are not part of the path.
                let command = line[line.index(after: equals)...].drop { "-@:+!".contains($0) }
                if let program = command.split(separator: " ").first {
                    programs.insert(String(program))
                }
            }
        }
        #expect(programs.contains("/bin/kill") && programs.contains("/usr/bin/cleartouch"))
        // The gesture units start the service itself, not through the front (whose peak
        // memory would stay the service's).
        #expect(programs.contains("/usr/libexec/cleartouch/cleartouch-gestures"))
        for program in programs.sorted() {
            if FileManager.default.fileExists(
                atPath: unpacked.appendingPathComponent(String(program.dropFirst())).path)
            {
                continue
            }
            let owner = try Packaging.run("dpkg-query", ["-S", program])
            let package = owner.standardOutput.split(separator: ":").first.map(String.init) ?? ""
            #expect(owner.status == 0, "\(program) belongs to no package here")
            let essential = try Packaging.run(
                "dpkg-query", ["-W", "-f", "${Essential}", package]
            ).standardOutput
            #expect(
                dependedOn.contains(package) || essential == "yes",
                "\(program) is \(package)'s, which is neither essential nor in Depends: \(depends)")
        }
    }

    @Test func thePackageHoldsTheInstalledFiles() throws {
        let deb = try Packaging.deb.get()
        let listing = try Packaging.run("dpkg-deb", ["--contents", deb.path]).standardOutput
        for path in [
            "./usr/bin/cleartouch", "./usr/libexec/cleartouch/cleartouch-devices",
            "./usr/libexec/cleartouch/cleartouch-gestures", "./usr/share/man/man1/cleartouch.1.gz",
            "./usr/share/bash-completion/completions/cleartouch",
            "./lib/systemd/system/cleartouch-kiosk.service", "./usr/lib/sysusers.d/cleartouch.conf",
            "./usr/share/doc/cleartouch/copyright", "./usr/share/doc/cleartouch/changelog.gz",
            "./lib/systemd/system/cleartouch-gestures.service",
            "./usr/share/dbus-1/system.d/io.github.cleartouch.Gestures1.conf",
            "./etc/cleartouch/gestures.yaml",
            "./usr/lib/systemd/user/cleartouch-gestures-agent.service",
        ] {
            #expect(listing.contains(" \(path)\n"), "\(path) is not in the package")
        }
        // The example configuration is a conffile: an upgrade keeps the administrator's edits.
        let conffiles = try Packaging.run("dpkg-deb", ["--info", deb.path, "conffiles"])
        #expect(
            conffiles.standardOutput.split(separator: "\n").contains(
                "/etc/cleartouch/gestures.yaml"),
            "conffiles: \(conffiles.standardOutput)\(conffiles.standardError)")
    }

    @Test func lintianReportsNoErrors() throws {
        let deb = try Packaging.deb.get()
        let run = try Packaging.run("lintian", ["--fail-on", "error", deb.path])
        let errors = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("E:") }
        #expect(errors.isEmpty, "\(errors.joined(separator: "\n"))")
        #expect(run.status == 0, "lintian: \(run.standardOutput)\(run.standardError)")
    }

    /// Installs with `dpkg -i`, runs the installed binary, verifies the unit, then removes
    /// and purges: no file the package installed remains.
    @Test func installsRunsAndRemovesEverything() throws {
        let deb = try Packaging.deb.get()
        let version = try Packaging.version.get()
        let status = try Packaging.run("dpkg-query", ["-W", "-f", "${Status}", "cleartouch"])
        if status.standardOutput.contains("installed"),
            !status.standardOutput.contains("not-installed")
        {
            // Removing it would take a kiosk's own install away; CI machines are disposable.
            try #require(
                Packaging.underCI,
                "cleartouch is installed on this machine: dpkg -r it to run this test")
        }

        let install = try Packaging.run("dpkg", ["-i", deb.path])
        try #require(
            install.status == 0, "dpkg -i: \(install.standardOutput)\(install.standardError)")
        var removed = false
        defer { if !removed { _ = try? Packaging.run("dpkg", ["--purge", "cleartouch"]) } }

        let run = try runCommand(executable: "/usr/bin/cleartouch", arguments: ["--version"])
        #expect(run.status == 0)
        #expect(run.standardOutput == "cleartouch \(version)\n")

        // The dedicated user, in video and input (sysusers.d, run by the postinst).
        let groups = try Packaging.run("id", ["-nG", "cleartouch"])
        #expect(groups.status == 0, "no cleartouch user: \(groups.standardError)")
        let names = Set(
            groups.standardOutput.split(whereSeparator: \.isWhitespace).map(String.init))
        #expect(names.isSuperset(of: ["video", "input"]), "\(names)")

        // systemd-analyze verify works without systemd running: it loads the unit offline;
        // the agent's as the user manager does (which wants a runtime folder).
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: runtime) }
        for (name, path, user) in [
            ("cleartouch-kiosk.service", "/lib/systemd/system", false),
            ("cleartouch-gestures.service", "/lib/systemd/system", false),
            ("cleartouch-gestures-agent.service", "/usr/lib/systemd/user", true),
        ] {
            let verify = try Packaging.run(
                "systemd-analyze", (user ? ["--user"] : []) + ["verify", "\(path)/\(name)"],
                environment: ["XDG_RUNTIME_DIR": runtime.path])
            #expect(verify.status == 0, "systemd-analyze verify \(name): \(verify.standardError)")
            #expect(
                !verify.standardError.contains("\(name):"),
                "warnings about the unit: \(verify.standardError)")
        }

        // Every file the package installed, before it goes.
        let listed = try Packaging.run("dpkg-query", ["-L", "cleartouch"]).standardOutput
            .split(separator: "\n").map(String.init)
        let files = listed.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        #expect(files.contains("/usr/bin/cleartouch"))
        #expect(files.count >= 10, "\(files)")

        let remove = try Packaging.run("dpkg", ["-r", "cleartouch"])
        #expect(remove.status == 0, "dpkg -r: \(remove.standardError)")
        // Only the conffile stays until the purge, as dpkg keeps every conffile.
        let left = files.filter { FileManager.default.fileExists(atPath: $0) }
        #expect(left == ["/etc/cleartouch/gestures.yaml"], "left after dpkg -r: \(left)")

        let purge = try Packaging.run("dpkg", ["--purge", "cleartouch"])
        removed = true
        #expect(purge.status == 0, "dpkg --purge: \(purge.standardError)")
        let state = try Packaging.run("dpkg-query", ["-W", "-f", "${Status}", "cleartouch"])
        #expect(
            !state.standardOutput.contains("installed")
                || state.standardOutput.contains("not-installed"))
        #expect(!FileManager.default.fileExists(atPath: "/var/lib/cleartouch"))
        #expect(!FileManager.default.fileExists(atPath: "/etc/cleartouch"))
    }

    /// The package unpacked (`dpkg-deb -x`) into a new temporary folder.
    private func extract(_ deb: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cleartouch-deb-\(UUID().uuidString)")
        let run = try Packaging.run("dpkg-deb", ["-x", deb, folder.path])
        try #require(run.status == 0, "dpkg-deb -x: \(run.standardError)")
        return folder
    }
}
