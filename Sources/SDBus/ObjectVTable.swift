import CSystemd

#if canImport(Glibc)
    import Glibc
#endif

/// An sd-bus vtable of signals, with the C strings it points to, alive as long as this
/// object. sd-bus reads the table for introspection (`busctl introspect`, gdbus) for as
/// long as the object is registered, so the connection keeps it beside its slot.
final class ObjectVTable {
    /// `signals.count + 2` entries: start, the signals, end.
    let entries: UnsafeMutablePointer<sd_bus_vtable>
    private var strings: [UnsafeMutablePointer<CChar>] = []

    init(signals: [BusSignal]) {
        let count = signals.count + 2
        entries = .allocate(capacity: count)
        cleartouch_bus_vtable_start(entries)
        for (index, signal) in signals.enumerated() {
            // The names as SD_BUS_PARAM writes them: each one followed by a NUL.
            let names = signal.arguments.map { $0.name + "\0" }.joined()
            cleartouch_bus_vtable_signal(
                entries + 1 + index, keep(signal.member), keep(signal.signature), keep(names))
        }
        cleartouch_bus_vtable_end(entries + count - 1)
    }

    deinit {
        for string in strings { free(string) }
        entries.deallocate()
    }

    /// A copy of `text` (NULs included, plus a final one) that lives as long as the table.
    private func keep(_ text: String) -> UnsafeMutablePointer<CChar> {
        let bytes = Array(text.utf8)
        let copy = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
        for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
        copy[bytes.count] = 0
        strings.append(copy)
        return copy
    }
}
