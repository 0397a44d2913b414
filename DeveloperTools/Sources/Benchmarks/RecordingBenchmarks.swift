import Evdev
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
    writeFile(desc, Array(EvemuWriter.description(benchDevice, comment: "benchmark").utf8))
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

/// A touchscreen like the test one (its evemu description is the `--desc` file).
private let benchDevice: EvdevDevice = {
    var device = EvdevDevice()
    device.name = "Bench Touchscreen"
    (device.bustype, device.vendor, device.product, device.version) = (0x18, 0x4f3, 0x2234, 0x100)
    device.properties = [InputProperty.direct]
    device.eventTypes = [.syn, .key, .abs]
    device.codes[.syn] = Set((0...15).map { EventCode(rawValue: $0) })
    device.codes[.key] = [.btnTouch]
    for code in [EventCode.absX, .absMTPositionX] {
        device.absinfo[code] = AbsoluteAxisInfo(minimum: 0, maximum: 4095, resolution: 13)
    }
    for code in [EventCode.absY, .absMTPositionY] {
        device.absinfo[code] = AbsoluteAxisInfo(minimum: 0, maximum: 2303, resolution: 13)
    }
    device.absinfo[.absMTSlot] = AbsoluteAxisInfo(minimum: 0, maximum: 9)
    device.absinfo[.absMTTrackingID] = AbsoluteAxisInfo(minimum: 0, maximum: 65535)
    device.codes[.abs] = Set(device.absinfo.keys)
    device.udev = ["ID_INPUT": "1", "ID_INPUT_TOUCHSCREEN": "1"]
    return device
}()

/// The kernel events of a synthetic session: two fingers moving at 120 Hz, lifting and
/// landing again every 200 frames. Calls `emit` with each event.
private func synthesiseSession(
    untilBytes: Int, written: () -> Int, emit: (EvdevEvent) -> Void
) -> Int {
    var frame = 0
    var count = 0
    var trackingID: Int32 = 1
    func event(_ time: Int, _ type: EventType, _ code: EventCode, _ value: Int32) {
        emit(EvdevEvent(timeMicroseconds: Int64(time), type: type, code: code, value: value))
        count += 1
    }
    while written() < untilBytes {
        let time = frame * 8333
        let phase = frame % 200
        let x0 = Int32(1000 + phase * 5)
        let y0 = Int32(800 + (frame * 7) % 600)
        if phase == 0 {
            for slot: Int32 in 0..<2 {
                event(time, .abs, .absMTSlot, slot)
                event(time, .abs, .absMTTrackingID, trackingID)
                trackingID += 1
                event(time, .abs, .absMTPositionX, x0 + slot * 900)
                event(time, .abs, .absMTPositionY, y0)
            }
            event(time, .key, .btnTouch, 1)
        } else if phase == 199 {
            for slot: Int32 in 0..<2 {
                event(time, .abs, .absMTSlot, slot)
                event(time, .abs, .absMTTrackingID, -1)
            }
            event(time, .key, .btnTouch, 0)
        } else {
            for slot: Int32 in 0..<2 {
                event(time, .abs, .absMTSlot, slot)
                event(time, .abs, .absMTPositionX, x0 + slot * 900)
                event(time, .abs, .absMTPositionY, y0)
            }
        }
        event(time, .abs, .absX, x0)
        event(time, .abs, .absY, y0)
        event(time, .syn, .synReport, 0)
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

    func appendEvemuLine(_ event: EvdevEvent) { EvemuWriter.appendEventLine(event, to: &buffer) }

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
    let count = synthesiseSession(untilBytes: bytes, written: { out.total }) { event in
        out.appendEvemuLine(event)
        out.flushIfFull()
    }
    out.close()
    return count
}

/// `libinput record` YAML as libinput 1.22 writes it, comments included.
private func generateLibinputRecord(_ path: String, bytes: Int) -> Int {
    let out = ByteFile(path)
    out.append(
        LibinputRecordWriter.header(
            device: benchDevice, node: "/dev/input/event5", comment: "benchmark"))
    let names: [EventCode: String] = [
        .absMTSlot: "EV_ABS / ABS_MT_SLOT        ",
        .absMTTrackingID: "EV_ABS / ABS_MT_TRACKING_ID ",
        .absMTPositionX: "EV_ABS / ABS_MT_POSITION_X  ",
        .absMTPositionY: "EV_ABS / ABS_MT_POSITION_Y  ", .btnTouch: "EV_KEY / BTN_TOUCH          ",
        .absX: "EV_ABS / ABS_X              ", .absY: "EV_ABS / ABS_Y              ",
    ]
    var startOfFrame = true
    let count = synthesiseSession(untilBytes: bytes, written: { out.total }) { event in
        let seconds = Int(event.timeMicroseconds / 1_000_000)
        let micros = Int(event.timeMicroseconds % 1_000_000)
        let (type, code, value) = (Int(event.type.rawValue), event.code, Int(event.value))
        if startOfFrame { out.append("  - evdev:\n") }
        out.append("    - [")
        for (field, width) in [
            (seconds, 3), (micros, 7), (type, 4), (Int(code.rawValue), 4), (value, 8),
        ] {
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
