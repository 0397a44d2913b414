import Foundation
import GestureService
import JSON
import RegressionSuites
import Replay
import TestSupport
import Testing
import ToolSupport
import YAML

/// Every command, configuration and code block of README.md and docs/*.md, run as written
/// (docs/docs-tests.md): one test case per document, each in a scratch folder of its own.
@Suite struct DocsRunTests {
    /// README.md and every docs/*.md, relative to the package root.
    static let documents: [String] = {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.packageRoot + "/docs"))
            ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    @Test(arguments: documents) func everyBlockAndCommandRunsAsWritten(_ path: String) throws {
        let text = try String(
            contentsOfFile: TestPaths.packageRoot + "/" + path, encoding: .utf8)
        let document = MarkdownDocument(path: path, text: text)
        let runner = try DocumentRunner(document: document)
        runner.run()
        for line in runner.notRun { print("docs: not run: \(line)") }
        print("docs: \(path): \(runner.ran) run, \(runner.notRun.count) not run")
        #expect(
            runner.failures.isEmpty,
            "\(runner.failures.count) of \(path)'s blocks and commands failed:\n\(runner.failures.joined(separator: "\n\n"))"
        )
    }

    /// Every subcommand `cleartouch --help` lists has its synopsis in a document, which
    /// `everyBlockAndCommandRunsAsWritten` checks against its `--help`.
    @Test func everySubcommandHasItsSynopsisInTheDocs() throws {
        let products = PackagePaths.productsFolder(containing: "cleartouch")
        let cleartouch = products.appendingPathComponent("cleartouch").path
        guard FileManager.default.isExecutableFile(atPath: cleartouch) else {
            try RequiredInput.missing("no built cleartouch beside the tests")
        }
        var shown: Set<String> = []
        for path in Self.documents {
            let text = try String(
                contentsOfFile: TestPaths.packageRoot + "/" + path, encoding: .utf8)
            for block in MarkdownDocument(path: path, text: text).blocks
            where block.language == "text" && block.tags["synopsis"] != nil {
                for line in block.body.split(separator: "\n")
                where line.first?.isWhitespace == false {
                    shown.insert(line.split(separator: " ").prefix(2).joined(separator: " "))
                }
            }
        }
        let missing = try DocumentRunner.subcommands(of: cleartouch).map { "cleartouch " + $0 }
            .filter { !shown.contains($0) }
        #expect(missing.isEmpty, "no synopsis in README.md or docs/ for \(missing.sorted())")
    }

    @Test func theOtherProgramsTableIsRead() throws {
        let programs = try DocumentRunner.otherPrograms()
        #expect(programs["make"]?.isEmpty == false)
        #expect(programs["tools/"] != nil)
        #expect(programs["cleartouch"] == nil)
    }
}

/// Runs one document's blocks and commands in order, in a scratch folder of its own.
final class DocumentRunner {
    let document: MarkdownDocument
    let scratch = ScratchFolder("docs")
    let products: URL
    /// What failed, each with its place and what it printed.
    private(set) var failures: [String] = []
    /// What was not run and why, each with its place.
    private(set) var notRun: [String] = []
    /// How many blocks and commands ran (or were read by their reader).
    private(set) var ran = 0
    private let programs: [String: String]
    private let subcommands: Set<String>
    private var counter = 0

    /// How long one block or command may take before it counts as hung.
    static let limitSeconds = 120

    init(document: MarkdownDocument) throws {
        self.document = document
        products = PackagePaths.productsFolder(containing: "cleartouch")
        let cleartouch = products.appendingPathComponent("cleartouch").path
        guard FileManager.default.isExecutableFile(atPath: cleartouch) else {
            try RequiredInput.missing("no built cleartouch beside the tests")
        }
        programs = try Self.otherPrograms()
        subcommands = try Self.subcommands(of: cleartouch)
        try FileManager.default.copyItem(
            atPath: TestPaths.recordings, toPath: scratch.file("Recordings"))
        for folder in ["home", "home/.config", "home/.local/share"] {
            try FileManager.default.createDirectory(
                atPath: scratch.file(folder), withIntermediateDirectories: true)
        }
    }

    /// The program table of docs/docs-tests.md, "Other programs": program → reason.
    static func otherPrograms() throws -> [String: String] {
        let text = try String(
            contentsOfFile: TestPaths.packageRoot + "/docs/docs-tests.md", encoding: .utf8)
        guard let start = text.range(of: "## Other programs") else { return [:] }
        var table: [String: String] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard line.hasPrefix("| `"), cells.count >= 2 else { continue }
            table[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return table
    }

    /// The subcommands `cleartouch --help` lists.
    static func subcommands(of cleartouch: String) throws -> Set<String> {
        let help = try runCommand(executable: cleartouch, arguments: ["--help"]).standardOutput
        guard let start = help.range(of: "commands:\n") else { return [] }
        return Set(
            help[start.upperBound...].split(separator: "\n").compactMap { line in
                guard line.hasPrefix("  "), let word = line.split(separator: " ").first,
                    word.allSatisfy({ $0.isLowercase || $0 == "-" })
                else { return nil }
                return String(word)
            })
    }

    /// Everything in document order.
    func run() {
        enum Item {
            case block(MarkdownDocument.FencedBlock)
            case span(MarkdownDocument.CodeSpan)
            var line: Int {
                switch self {
                case .block(let block): block.line
                case .span(let span): span.line
                }
            }
        }
        let items = (document.blocks.map(Item.block) + document.spans.map(Item.span))
            .sorted { $0.line < $1.line }
        for item in items {
            switch item {
            case .block(let block): check(block)
            case .span(let span): check(span)
            }
        }
    }

    private func place(_ line: Int) -> String { "\(document.path):\(line)" }

    // MARK: blocks

    private func check(_ block: MarkdownDocument.FencedBlock) {
        let here = place(block.line)
        if let reason = block.notRunReason {
            if reason.isEmpty { return fail(here, "a `not run` marker needs its reason") }
            notRun.append("\(here) (```\(block.language)): \(reason)")
            return
        }
        if block.language != "text" || !block.tags.isEmpty { ran += 1 }
        // Tags any block may carry: written to a file for the blocks after it; run by a suite.
        var written = false
        if let path = block.tags["file"] {
            guard writeFile(block.body, to: path, at: here) else { return }
            written = true
        }
        if let suite = block.tags["run-by"] { checkRunBy(suite, at: here) }
        let tags = Set(block.tags.keys).subtracting(["file", "run-by"])
        func only(_ allowed: Set<String>) -> Bool {
            guard tags.isSubset(of: allowed) else {
                fail(
                    here,
                    "unknown tags \(tags.subtracting(allowed).sorted()) on ```\(block.language)")
                return false
            }
            return true
        }
        switch block.language {
        case "sh":
            guard only(["emulate"]), !written else { return }
            if let recordings = block.tags["emulate"] {
                let lead =
                    ["cleartouch-umockdev", "run"]
                    + recordings.split(separator: ",").map(String.init) + ["--"]
                runShell(block.body, at: here, prefix: lead)
            } else {
                runShell(block.body, at: here)
            }
        case "python":
            guard only([]), !written else { return }
            let file = write(block.body, named: "py")
            expectSuccess(["/usr/bin/python3", file], at: here, showing: block.body)
        case "json":
            guard only(["list", "expectation", "lines"]) else { return }
            checkJSON(block, at: here)
        case "yaml":
            guard only(["gestures", "gitlab-ci", "github-actions"]) else { return }
            checkYAML(block, at: here)
        case "text":
            guard only(["synopsis", "trace", "calibration"]) else { return }
            if tags.contains("synopsis") { checkSynopsis(block.body, at: here) }
            if tags.contains("trace") {
                let file = write(block.body, named: "trace")
                expectSuccess(["cleartouch", "inspect", file], at: here, showing: block.body)
            }
            if tags.contains("calibration") {
                do throws(Diagnostic) {
                    _ = try CalibrationFile.parse(block.body, path: here)
                } catch {
                    fail(place(block.line + error.line), error.message)
                }
            }
        case "swift":
            guard only([]), block.tags["run-by"] != nil else {
                return fail(
                    here,
                    "a swift block says which suite runs it (`swift run-by=SUITE`), or is marked not run"
                )
            }
        case "js":
            guard only(["module"]) else { return }
            checkJavaScript(block, at: here)
        case "ini":
            guard only(["systemd-dropin"]), let unit = block.tags["systemd-dropin"] else {
                return fail(here, "an ini block is a systemd drop-in: ```ini systemd-dropin=UNIT")
            }
            checkDropIn(block.body, for: unit, at: here)
        case "":
            fail(here, "a fenced block needs an info string (docs/docs-tests.md)")
        default:
            fail(
                here,
                "no way to run a ```\(block.language) block here: mark it `<!-- not run: REASON -->`"
            )
        }
    }

    private func checkJSON(_ block: MarkdownDocument.FencedBlock, at here: String) {
        do throws(Diagnostic) {
            if block.tags["list"] != nil {
                _ = try ListFile.parseLists(block.body, path: here)
            } else if block.tags["expectation"] != nil {
                _ = try Expectation.parse(block.body, path: here)
            } else {
                // `lines`: one JSON value per line, as JSON Lines.
                let texts =
                    block.tags["lines"] != nil
                    ? block.body.split(separator: "\n", omittingEmptySubsequences: false).map(
                        String.init)
                    : [block.body]
                for (index, text) in texts.enumerated()
                where !text.trimmingCharacters(in: .whitespaces).isEmpty {
                    do throws(JSONSyntaxError) {
                        _ = try JSONParser.parse(text)
                    } catch {
                        let line = texts.count > 1 ? index + 1 : error.line
                        throw Diagnostic(path: here, line: line, message: error.message)
                    }
                }
            }
        } catch {
            fail(place(block.line + error.line), error.message)
        }
    }

    private func checkYAML(_ block: MarkdownDocument.FencedBlock, at here: String) {
        let bytes = Array(block.body.utf8)
        let root: YAMLNode?
        do throws(Diagnostic) {
            if block.tags["gestures"] != nil {
                _ = try GestureServiceConfiguration.parse(bytes: bytes, path: here)
            }
            root = try YAMLNode.document(bytes: bytes, path: here)
        } catch {
            return fail(place(block.line + error.line), error.message)
        }
        guard let root else { return fail(here, "no YAML document") }
        if block.tags["gitlab-ci"] != nil { runGitLabJobs(root, at: here) }
        if block.tags["github-actions"] != nil { runGitHubJobs(root, at: here) }
    }

    /// Each job's `script` once per `parallel` job, as GitLab runs it.
    private func runGitLabJobs(_ root: YAMLNode, at here: String) {
        guard case .mapping(let jobs, _) = root else { return fail(here, "no jobs") }
        var ran = 0
        for (_, job) in jobs {
            guard case .sequence(let script, _)? = job["script"] else { continue }
            var total = 1
            if case .scalar(let text, _, _)? = job["parallel"] { total = Int(text) ?? 1 }
            for index in 1...max(1, total) {
                let lines = script.compactMap { line -> String? in
                    if case .scalar(let text, _, _) = line { return text }
                    return nil
                }
                runShell(
                    lines.joined(separator: "\n") + "\n", at: here,
                    environment: ["CI_NODE_INDEX": "\(index)", "CI_NODE_TOTAL": "\(total)"])
                ran += 1
            }
        }
        if ran == 0 { fail(here, "no job with a script") }
    }

    /// Each job's `run` steps once per matrix value, as GitHub Actions runs them.
    private func runGitHubJobs(_ root: YAMLNode, at here: String) {
        guard case .mapping(let jobs, _)? = root["jobs"] else { return fail(here, "no jobs") }
        var ran = 0
        for (_, job) in jobs {
            var combinations: [[String: String]] = [[:]]
            if case .mapping(let matrix, _)? = job["strategy"]?["matrix"] {
                for (name, values) in matrix {
                    guard case .sequence(let list, _) = values else { continue }
                    combinations = combinations.flatMap { combination in
                        list.compactMap { value -> [String: String]? in
                            guard case .scalar(let text, _, _) = value else { return nil }
                            return combination.merging([name: text]) { $1 }
                        }
                    }
                }
            }
            guard case .sequence(let steps, _)? = job["steps"] else { continue }
            for combination in combinations {
                for step in steps {
                    guard case .scalar(var command, _, _)? = step["run"] else { continue }
                    for (name, value) in combination {
                        command = command.replacingOccurrences(
                            of: "${{ matrix.\(name) }}", with: value)
                    }
                    runShell(command + "\n", at: here)
                    ran += 1
                }
            }
        }
        if ran == 0 { fail(here, "no `run` step") }
    }

    /// The synopsis's options against the usage lines of `--help`, and those against the
    /// options `--help` describes. A block may hold several forms (a line that starts in
    /// its first column begins one); forms with the same `--help` are checked together.
    private func checkSynopsis(_ body: String, at here: String) {
        var forms: [(command: [String], text: String)] = []
        for line in body.split(separator: "\n") {
            if let first = line.first, !first.isWhitespace {
                let words = line.split(separator: " ").map(String.init)
                var command = [words[0]]
                if words.count > 1, !words[1].hasPrefix("-"), !words[1].hasPrefix("[") {
                    command.append(words[1])
                }
                forms.append((command, String(line)))
            } else if !forms.isEmpty {
                forms[forms.count - 1].text += "\n" + line
            }
        }
        guard !forms.isEmpty else { return fail(here, "an empty synopsis") }
        var byHelp: [String: (command: [String], text: String)] = [:]
        var order: [String] = []
        for form in forms {
            let help = execute(form.command + ["--help"], environment: [:])
            guard help.status == 0 else {
                return fail(
                    here, "`\(form.command.joined(separator: " ")) --help` failed:\n\(help.output)")
            }
            if byHelp[help.output] == nil { order.append(help.output) }
            byHelp[help.output, default: (form.command, "")].text += form.text + "\n"
        }
        for help in order {
            let (command, text) = byHelp[help]!
            checkSynopsis(text, command: command, help: help, at: here)
        }
        synopses.formUnion(forms.map { $0.command.joined(separator: " ") })
    }

    /// The commands whose synopsis this document shows (`cleartouch replay`).
    private(set) var synopses: Set<String> = []

    private func checkSynopsis(_ body: String, command: [String], help: String, at here: String) {
        let usage = Self.usageLines(help)
        let shown = Self.options(in: body)
        let inUsage = Self.options(in: usage)
        if shown != inUsage {
            fail(
                here,
                "the synopsis and `\(command.joined(separator: " ")) --help` differ: only in the doc \(shown.subtracting(inUsage).sorted()), only in --help \(inUsage.subtracting(shown).sorted())"
            )
        }
        for aliases in Self.describedOptions(help) where aliases.isDisjoint(with: inUsage) {
            fail(
                here,
                "`\(command.joined(separator: " ")) --help` describes \(aliases.sorted().joined(separator: ", ")) but its usage lines leave it out"
            )
        }
    }

    /// The options written in `text` (`-o`, `--json`), `--help` left out.
    static func options(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"(?<![\w-])--?[A-Za-z][A-Za-z0-9-]*"#)
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            pattern.matches(in: text, range: range).compactMap {
                Range($0.range, in: text).map { String(text[$0]) }
            }
        ).subtracting(["--help", "-h"])
    }

    /// The usage lines of a `--help`: from `usage:` to the first blank line.
    static func usageLines(_ help: String) -> String {
        var lines: [Substring] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if lines.isEmpty, !line.lowercased().hasPrefix("usage:") { continue }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The options a `--help` describes (lines that start with an option in the option
    /// column, aliases together), up to its part "For tests only".
    static func describedOptions(_ help: String) -> [Set<String>] {
        var described: [Set<String>] = []
        for line in help.split(separator: "\n") {
            if line.contains("For tests only") { break }
            // Deeper lines continue a description.
            let indent = line.prefix { $0 == " " }.count
            guard (2...6).contains(indent), line.dropFirst(indent).hasPrefix("-") else { continue }
            var aliases: Set<String> = []
            for word in line.split(separator: " ") {
                let name = word.trimmingCharacters(in: CharacterSet(charactersIn: ","))
                guard name.hasPrefix("-") else { break }
                aliases.insert(name)
                if !word.hasSuffix(",") { break }
            }
            aliases.subtract(["--help", "-h"])
            if !aliases.isEmpty { described.append(aliases) }
        }
        return described
    }

    /// Writes `text` to `path` in the scratch folder (`~/` is its home), for the blocks after
    /// it; false (and a failure) when it cannot.
    private func writeFile(_ text: String, to path: String, at here: String) -> Bool {
        let relative = path.hasPrefix("~/") ? "home/" + path.dropFirst(2) : path
        guard !relative.hasPrefix("/"), !relative.split(separator: "/").contains("..") else {
            fail(here, "file=\(path) is outside the scratch folder")
            return false
        }
        let target = scratch.file(relative)
        do {
            try FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            try text.write(toFile: target, atomically: true, encoding: .utf8)
            return true
        } catch {
            fail(here, "cannot write file=\(path): \(error)")
            return false
        }
    }

    /// A JavaScript block, parsed by Node (`node --check`; `module`: as an ES module, whose
    /// imports it does not load). Node is Debian's `nodejs` (tools/bootstrap).
    private func checkJavaScript(_ block: MarkdownDocument.FencedBlock, at here: String) {
        let node = "/usr/bin/node"
        guard FileManager.default.isExecutableFile(atPath: node) else {
            let reason = "node is not installed (tools/bootstrap installs nodejs)"
            if RequiredInput.underCI { return fail(here, reason) }
            notRun.append("\(here) (```js): \(reason)")
            return
        }
        let file = write(block.body, named: block.tags["module"] != nil ? "mjs" : "js")
        expectSuccess([node, "--check", file], at: here, showing: block.body)
    }

    /// A systemd drop-in for the package's unit `unit` (packaging/UNIT.in, its programs
    /// the built ones): `systemd-analyze verify` of the unit with the drop-in beside it
    /// must say nothing about it (an unknown key or section is only a warning there).
    private func checkDropIn(_ text: String, for unit: String, at here: String) {
        let template = TestPaths.packageRoot + "/packaging/\(unit).in"
        guard let source = try? String(contentsOfFile: template, encoding: .utf8) else {
            return fail(here, "no packaging/\(unit).in for the drop-in")
        }
        let folder = scratch.file(".docs-test-unit-\(counter)")
        counter += 1
        let dropIns = folder + "/\(unit).d"
        // LIBEXECDIR/cleartouch/ as installed, its programs the built ones.
        let libexec = folder + "/libexec"
        do {
            try FileManager.default.createDirectory(
                atPath: dropIns, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                atPath: libexec + "/cleartouch", withIntermediateDirectories: true)
            for program in ["cleartouch-gestures", "cleartouch-devices"] {
                try FileManager.default.createSymbolicLink(
                    atPath: libexec + "/cleartouch/" + program,
                    withDestinationPath: products.appendingPathComponent(program).path)
            }
            try source.replacingOccurrences(of: "@BINDIR@", with: products.path)
                .replacingOccurrences(of: "@LIBEXECDIR@", with: libexec)
                .replacingOccurrences(of: "@SYSCONFDIR@", with: "/etc")
                .write(toFile: folder + "/\(unit)", atomically: true, encoding: .utf8)
            try text.write(toFile: dropIns + "/override.conf", atomically: true, encoding: .utf8)
        } catch {
            return fail(here, "cannot write the unit: \(error)")
        }
        let result = execute(
            ["systemd-analyze", "verify", "--man=no", folder + "/\(unit)"], environment: [:])
        if result.status != 0 || result.output.contains("override.conf") {
            fail(
                here,
                "systemd-analyze verify with the drop-in:\n\(text)--- output:\n\(result.output)")
        }
    }

    /// A suite that says it runs this block: it must exist and name the document.
    private func checkRunBy(_ suite: String, at here: String) {
        let tests = PackagePaths.root.appendingPathComponent("Tests")
        let files =
            FileManager.default.enumerator(atPath: tests.path)?.compactMap { $0 as? String } ?? []
        let name = document.path.split(separator: "/").last.map(String.init) ?? document.path
        let runs = files.filter { $0.hasSuffix(".swift") }.contains { file in
            guard let text = try? String(contentsOfFile: tests.path + "/" + file, encoding: .utf8)
            else { return false }
            return text.contains("struct \(suite)") && text.contains(name)
        }
        if !runs { fail(here, "no suite \(suite) in Tests/ that reads \(name)") }
    }

    // MARK: code spans

    private func check(_ span: MarkdownDocument.CodeSpan) {
        let here = place(span.line)
        var words = span.text.split(separator: " ").map(String.init)
        var assignments: [String] = []
        while let first = words.first,
            first.range(of: #"^[A-Z_][A-Z0-9_]*="#, options: .regularExpression) != nil
        {
            assignments.append(words.removeFirst())
        }
        guard let program = words.first, words.count > 1, !Self.hasPlaceholder(words) else {
            return
        }
        if let reason = span.notRunReason {
            notRun.append(
                "\(here) `\(span.text)`: \(reason.isEmpty ? "(no reason given)" : reason)")
            if reason.isEmpty { fail(here, "a `not run` marker needs its reason") }
            return
        }
        if program == "cleartouch" || program == "cleartouch-umockdev" {
            let second = words[1]
            let isCommand =
                second.hasPrefix("-") || subcommands.contains(second) || program != "cleartouch"
            guard isCommand else { return }
            // A subcommand's name alone names it.
            if words.count == 2 && !second.hasPrefix("-") { return }
            ran += 1
            runShell(span.text + "\n", at: here)
            return
        }
        if let reason = programs[program]
            ?? programs.first(where: {
                $0.key.hasSuffix("/") && program.hasPrefix($0.key)
            })?.value
        {
            notRun.append("\(here) `\(span.text)`: \(program): \(reason)")
        }
    }

    /// Whether a span's words hold a placeholder (FILE, OUT.png, WxH, `[`, `…`).
    static func hasPlaceholder(_ words: [String]) -> Bool {
        words.contains { word in
            if word.contains(where: { "[]|<>…".contains($0) }) || word.contains("...") {
                return true
            }
            if word.contains("WxH") { return true }
            return word.split(whereSeparator: { "./=:,-".contains($0) }).contains { piece in
                piece.count >= 1 && piece.allSatisfy { $0.isUppercase || $0 == "_" }
                    && piece.contains(where: \.isLetter) && !piece.hasPrefix("$")
            }
        }
    }

    // MARK: running

    /// The environment every block and command runs in (docs/docs-tests.md).
    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS", "XAUTHORITY"] {
            environment.removeValue(forKey: name)
        }
        environment["PATH"] = products.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = scratch.file("home")
        environment["XDG_CONFIG_HOME"] = scratch.file("home/.config")
        environment["XDG_DATA_HOME"] = scratch.file("home/.local/share")
        return environment
    }

    private func runShell(
        _ script: String, at here: String, prefix: [String] = [],
        environment extra: [String: String] = [:]
    ) {
        let file = write(script, named: "sh")
        expectSuccess(
            prefix + ["bash", "-e", "-o", "pipefail", file], at: here, showing: script,
            environment: extra)
    }

    private func expectSuccess(
        _ arguments: [String], at here: String, showing text: String,
        environment extra: [String: String] = [:]
    ) {
        let result = execute(arguments, environment: extra)
        guard result.status != 0 else { return }
        let why =
            result.status == 124
            ? "still running after \(Self.limitSeconds) s (hung)" : "exit status \(result.status)"
        fail(here, "\(why):\n\(text)--- output:\n\(result.output)")
    }

    /// Runs `arguments` in the scratch folder with the documents' environment, guarded by
    /// `timeout`; the exit status and everything printed.
    private func execute(_ arguments: [String], environment extra: [String: String])
        -> (status: Int32, output: String)
    {
        counter += 1
        let output = scratch.file(".docs-test-output-\(counter)")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        // With no signal blocked, as in a user's shell: the test process's threads block
        // most signals, and its children inherit the mask (a block's `kill` of the
        // dbus-daemon it started would do nothing).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                "/usr/bin/timeout", "-k", "5", "\(Self.limitSeconds)",
            ] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
        process.environment = environment.merging(extra) { $1 }
        guard let handle = FileHandle(forWritingAtPath: output) else {
            return (-1, "no output file")
        }
        defer { try? handle.close() }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return (-1, "\(error)")
        }
        process.waitUntilExit()
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: output)
        return (process.terminationStatus, printed)
    }

    /// Writes `text` to a new file of the scratch folder; its path.
    private func write(_ text: String, named suffix: String) -> String {
        counter += 1
        let path = scratch.file(".docs-test-\(counter).\(suffix)")
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    private func fail(_ place: String, _ message: String) {
        failures.append("\(place): \(message)")
    }
}
