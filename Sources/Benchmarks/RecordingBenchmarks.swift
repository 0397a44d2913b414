import Glibc
import Recordings
import ToolSupport
import TouchInput

/// Read + decode throughput of the three recording readers on generated files of at
/// least 50 MB, against the C evemu library and PyYAML's C loader on the same files
/// (tools/bench-reference), and memory growth while reading (flat in file size).
public func runRecordingBenchmarks() {
    print("## Recordings")
    var template = Array("/tmp/cleartouch-bench-XXXXXX".utf8CString)
    guard
        let directory = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({
            String(cString: $0)
        })
    else {
        print("cannot create a temporary folder")
        return
    }
    defer { _ = system("rm -rf '\(directory)'") }

    let large = 64 << 20
    let small = 13 << 20
    let desc = "\(directory)/bench.desc"
    writeFile(desc, Array(benchDescription.utf8))
    var figures: [String: BenchFigure] = [:]
    for (label, size) in [("large", large), ("small", small)] {
        let evemu = "\(directory)/\(label).events"
        let yaml = "\(directory)/\(label).yml"
        let trace = "\(directory)/\(label).trace"
        let evemuEvents = generateEvemu(evemu, bytes: size)
        let yamlEvents = generateLibinputRecord(yaml, bytes: size)
        // Traces are denser than evemu: convert a longer session so the trace is as large.
        let longer = "\(directory)/\(label)-long.events"
        _ = generateEvemu(longer, bytes: size * 9 / 4)
        guard convertToTrace(longer, desc: desc, output: trace) else { return }
        unlink(longer)
        figures["evemu-\(label)"] = measure(evemu, desc: desc, kernelEvents: evemuEvents)
        figures["libinput-\(label)"] = measure(yaml, desc: nil, kernelEvents: yamlEvents)
        figures["trace-\(label)"] = measure(trace, desc: nil, kernelEvents: nil)
        if label == "large" {
            figures["libyaml-only-large"] = measure(
                yaml, desc: nil, kernelEvents: yamlEvents, fastPath: false)
            figures["c-evemu"] = reference(["evemu", desc, evemu])
            figures["pyyaml"] = reference(["pyyaml", yaml])
        }
    }
    func row(_ name: String, _ key: String) {
        guard let figure = figures[key] else { return }
        print("  \(name): \(figure.summary)")
    }
    print(
        "files: \(large >> 20) MB (memory check also at \(small >> 20) MB), best of 3 runs, thread CPU time"
    )
    row("evemu (ours)", "evemu-large")
    row("evemu (C libevemu, evemu_read_event loop)", "c-evemu")
    row("libinput record YAML (ours, fast path)", "libinput-large")
    row("libinput record YAML (ours, libyaml only)", "libyaml-only-large")
    row("libinput record YAML (PyYAML CSafeLoader)", "pyyaml")
    row("ClearTouch trace (ours)", "trace-large")
    for format in ["evemu", "libinput", "trace"] {
        if let big = figures["\(format)-large"], let little = figures["\(format)-small"] {
            print(
                "  memory growth while reading \(format): \(little.rssGrowthKilobytes) KB at \(small >> 20) MB, "
                    + "\(big.rssGrowthKilobytes) KB at \(large >> 20) MB")
        }
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print("  peak RSS of the whole benchmark process: \(usage.ru_maxrss / 1024) MB")
    func ratio(_ ours: String, _ theirs: String) -> Double? {
        guard let a = figures[ours], let b = figures[theirs], a.megabytesPerSecond > 0,
            b.megabytesPerSecond > 0
        else {
            return nil
        }
        return a.megabytesPerSecond / b.megabytesPerSecond
    }
    let evemuRatio = ratio("evemu-large", "c-evemu")
    let yamlRatio = ratio("libinput-large", "pyyaml")
    let traceSpeed = figures["trace-large"]?.megabytesPerSecond ?? 0
    let growths = ["evemu", "libinput", "trace"].compactMap {
        figures["\($0)-large"]?.rssGrowthKilobytes
    }
    let flat = growths.allSatisfy { $0 < 16 * 1024 }
    print("ratios:")
    print(
        "  evemu ours / C libevemu: \(evemuRatio.map { benchFormat($0) + "x" } ?? "n/a") (target >= 1: \(met((evemuRatio ?? 0) >= 1)))"
    )
    print(
        "  YAML ours / PyYAML CSafeLoader: \(yamlRatio.map { benchFormat($0) + "x" } ?? "n/a") (target >= 25: \(met((yamlRatio ?? 0) >= 25)))"
    )
    print("  trace: \(benchFormat(traceSpeed)) MB/s (target >= 200: \(met(traceSpeed >= 200)))")
    print("  memory growth while reading < 16 MB at every size: \(met(flat))")
}

private func met(_ condition: Bool) -> String { condition ? "met" : "NOT met" }

private struct BenchFigure {
    var seconds: Double
    var bytes: Int
    var kernelEvents: Int?
    var inputEvents: Int?
    var rssGrowthKilobytes: Int = 0

    var megabytesPerSecond: Double { seconds > 0 ? Double(bytes) / 1_048_576 / seconds : 0 }

    var summary: String {
        var text = "\(bytes >> 20) MB, \(benchFormat(megabytesPerSecond)) MB/s"
        if let kernelEvents {
            text += ", \(benchFormat(Double(kernelEvents) / seconds / 1e6)) M evdev events/s"
        }
        if let inputEvents {
            text += ", \(benchFormat(Double(inputEvents) / seconds / 1e6)) M InputEvents/s"
        }
        text += " (\(benchFormat(seconds)) s CPU)"
        return text
    }
}

private func benchFormat(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return String(rounded)
}

private func cpuSeconds() -> Double { Double(ThreadCPUClock.nowNanoseconds()) / 1e9 }

/// Current resident set size in KB (VmRSS).
private func residentKilobytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    let fields = readLineFields(file)
    guard fields.count >= 2, let resident = Int(fields[1]) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
}

private func measure(_ path: String, desc: String?, kernelEvents: Int?, fastPath: Bool = true)
    -> BenchFigure?
{
    var best: BenchFigure? = nil
    for _ in 0..<3 {
        let before = residentKilobytes()
        var peak = before
        let start = cpuSeconds()
        var count = 0
        var checksum: Int64 = 0
        do {
            let recording = try Recording.open(
                path: path, descPath: desc, libinputFastPath: fastPath)
            while let event = try recording.next() {
                count += 1
                checksum &+= event.timeMicroseconds
                if count & 0xFFFF == 0 { peak = max(peak, residentKilobytes()) }
            }
        } catch {
            print("  \(path): \(error)")
            return nil
        }
        let seconds = cpuSeconds() - start
        peak = max(peak, residentKilobytes())
        if checksum == 42 { print("") }
        let bytes = fileSize(path)
        let figure = BenchFigure(
            seconds: seconds, bytes: bytes, kernelEvents: kernelEvents, inputEvents: count,
            rssGrowthKilobytes: peak - before)
        if best == nil || figure.seconds < best!.seconds { best = figure }
    }
    return best
}

/// Runs `tools/bench-reference ARGS` (best of 3) and reads "CPU_SECONDS EVENTS".
private func reference(_ arguments: [String]) -> BenchFigure? {
    let path = arguments.last!
    var best: BenchFigure? = nil
    for _ in 0..<(arguments[0] == "pyyaml" ? 1 : 3) {
        let command = "tools/bench-reference " + arguments.map { "'\($0)'" }.joined(separator: " ")
        guard let pipe = popen(command, "r") else { return nil }
        let fields = readLineFields(pipe)
        pclose(pipe)
        guard fields.count >= 2, let seconds = Double(fields[0]), let events = Int(fields[1]) else {
            print(
                "  tools/bench-reference \(arguments[0]) failed (is it run from the repository root?)"
            )
            return nil
        }
        let figure = BenchFigure(
            seconds: seconds, bytes: fileSize(path), kernelEvents: events, inputEvents: nil)
        if best == nil || figure.seconds < best!.seconds { best = figure }
    }
    return best
}

/// The first line of `file`, split at spaces.
private func readLineFields(_ file: UnsafeMutablePointer<FILE>) -> [Substring] {
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return [] }
    let line = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return line.split(whereSeparator: { $0 == " " || $0 == "\n" })
}

private func fileSize(_ path: String) -> Int {
    var status = stat()
    return stat(path, &status) == 0 ? Int(status.st_size) : 0
}

private func writeFile(_ path: String, _ bytes: [UInt8]) {
    let file = fopen(path, "w")!
    _ = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
}

/// A touchscreen like the test one, in evemu-describe form.
private let benchDescription = """
    # EVEMU 1.3
    N: Bench Touchscreen
    I: 0018 04f3 2234 0100
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    A: 00 0 4095 0 0 13
    A: 01 0 2303 0 0 13
    A: 2f 0 9 0 0 0
    A: 35 0 4095 0 0 13
    A: 36 0 2303 0 0 13
    A: 39 0 65535 0 0 0

    """

/// The kernel events of a synthetic session: two fingers moving at 120 Hz, lifting and
/// landing again every 200 frames. Calls `emit(seconds, microseconds, type, code, value)`.
private func synthesiseSession(
    untilBytes: Int, written: () -> Int, emit: (Int, Int, Int, Int, Int) -> Void
) -> Int {
    var frame = 0
    var count = 0
    var trackingID = 1
    func event(_ time: Int, _ type: Int, _ code: Int, _ value: Int) {
        emit(time / 1_000_000, time % 1_000_000, type, code, value)
        count += 1
    }
    while written() < untilBytes {
        let time = frame * 8333
        let phase = frame % 200
        let x0 = 1000 + phase * 5
        let y0 = 800 + (frame * 7) % 600
        if phase == 0 {
            for slot in 0..<2 {
                event(time, 3, 0x2f, slot)
                event(time, 3, 0x39, trackingID)
                trackingID += 1
                event(time, 3, 0x35, x0 + slot * 900)
                event(time, 3, 0x36, y0)
            }
            event(time, 1, 0x14a, 1)
        } else if phase == 199 {
            for slot in 0..<2 {
                event(time, 3, 0x2f, slot)
                event(time, 3, 0x39, -1)
            }
            event(time, 1, 0x14a, 0)
        } else {
            for slot in 0..<2 {
                event(time, 3, 0x2f, slot)
                event(time, 3, 0x35, x0 + slot * 900)
                event(time, 3, 0x36, y0)
            }
        }
        event(time, 3, 0, x0)
        event(time, 3, 1, y0)
        event(time, 0, 0, 0)
        frame += 1
    }
    return count
}

/// A buffered file writer for the generators.
private final class ByteFile {
    private let file: UnsafeMutablePointer<FILE>
    private var buffer: [UInt8] = []
    private(set) var written = 0

    init(_ path: String) {
        file = fopen(path, "w")!
        buffer.reserveCapacity(1 << 20)
    }

    func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    func append(number: Int, width: Int = 0, hex: Bool = false) {
        var digits: [UInt8] = []
        var magnitude = number.magnitude
        let base: UInt = hex ? 16 : 10
        repeat {
            let digit = UInt8(magnitude % base)
            digits.append(digit < 10 ? 0x30 + digit : 0x57 + digit)
            magnitude /= base
        } while magnitude > 0
        let negative = number < 0
        let pad = width - digits.count - (negative ? 1 : 0)
        if negative { buffer.append(0x2D) }
        if pad > 0 { buffer.append(contentsOf: repeatElement(UInt8(0x30), count: pad)) }
        buffer.append(contentsOf: digits.reversed())
    }

    func spaces(_ count: Int) {
        buffer.append(contentsOf: repeatElement(UInt8(0x20), count: max(0, count)))
    }

    func flushIfFull() {
        if buffer.count >= 1 << 20 { flush() }
    }

    func flush() {
        _ = buffer.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        written += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    func close() {
        flush()
        fclose(file)
    }

    var total: Int { written + buffer.count }
}

/// evemu-record's event lines (`E: sec.usec type code value`, zero-padded), events only.
private func generateEvemu(_ path: String, bytes: Int) -> Int {
    let out = ByteFile(path)
    let count = synthesiseSession(untilBytes: bytes, written: { out.total }) {
        seconds, micros, type, code, value in
        out.append("E: ")
        out.append(number: seconds)
        out.append(".")
        out.append(number: micros, width: 6)
        out.append(" ")
        out.append(number: type, width: 4, hex: true)
        out.append(" ")
        out.append(number: code, width: 4, hex: true)
        out.append(" ")
        out.append(number: value, width: 4)
        out.append("\n")
        out.flushIfFull()
    }
    out.close()
    return count
}

/// `libinput record` YAML as libinput 1.22 writes it, comments included.
private func generateLibinputRecord(_ path: String, bytes: Int) -> Int {
    let out = ByteFile(path)
    out.append(
        """
        # libinput record
        version: 1
        ndevices: 1
        libinput:
          version: "1.22.1"
          git: "unknown"
        system:
          os: "debian:12"
          kernel: "6.1.0"
          dmi: "unknown"
        devices:
        - node: /dev/input/event5
          evdev:
            # Name: Bench Touchscreen
            name: "Bench Touchscreen"
            id: [24, 1267, 8756, 256]
            codes:
              0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN
              1: [330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 4095, 0, 0, 13]
              1: [0, 2303, 0, 0, 13]
              47: [0, 9, 0, 0, 0]
              53: [0, 4095, 0, 0, 13]
              54: [0, 2303, 0, 0, 13]
              57: [0, 65535, 0, 0, 0]
            properties: [1]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
          quirks:
          events:

        """)
    let names: [Int: String] = [
        0x2f: "EV_ABS / ABS_MT_SLOT        ", 0x39: "EV_ABS / ABS_MT_TRACKING_ID ",
        0x35: "EV_ABS / ABS_MT_POSITION_X  ",
        0x36: "EV_ABS / ABS_MT_POSITION_Y  ", 0x14a: "EV_KEY / BTN_TOUCH          ",
        0: "EV_ABS / ABS_X              ",
        1: "EV_ABS / ABS_Y              ",
    ]
    var startOfFrame = true
    let count = synthesiseSession(untilBytes: bytes, written: { out.total }) {
        seconds, micros, type, code, value in
        if startOfFrame { out.append("  - evdev:\n") }
        out.append("    - [")
        for (field, width) in [(seconds, 3), (micros, 7), (type, 4), (code, 4), (value, 8)] {
            let digits = String(field).count
            out.spaces(width - digits)
            out.append(number: field)
            if width != 8 { out.append(",") }
        }
        out.append("] # ")
        if type == 0 {
            out.append("------------ SYN_REPORT (0) ---------- +8ms\n")
            startOfFrame = true
        } else {
            out.append(names[code] ?? "EV_ABS / ?")
            out.spaces(6)
            out.append(number: value)
            out.append("\n")
            startOfFrame = false
        }
        out.flushIfFull()
    }
    out.close()
    return count
}

private func convertToTrace(_ events: String, desc: String, output: String) -> Bool {
    do {
        let recording = try Recording.open(path: events, descPath: desc)
        let writer = try TraceWriter(path: output, flushesEveryCall: false)
        try writer.writeHeader(recording.header)
        while let event = try recording.next() { try writer.write(event) }
        try writer.close()
        return true
    } catch {
        print("  cannot make the trace: \(error)")
        return false
    }
}
