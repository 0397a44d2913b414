import Glibc
import JSON

/// The strings of a page's data, each kept once and named by index (`texts` in the
/// viewer's data). A string that differs from one added just before it by one stretch
/// (the edited text, one keystroke later) is kept as that change, `[base, keep, insert,
/// keepEnd]`: the first `keep` and the last `keepEnd` UTF-16 units of string `base`
/// around `insert`. So a session typing a long text costs the page what was typed, not
/// the whole text once per frame (docs/trace-format.md, "Ranges of the viewer and the
/// pictures"). `viewer.js`'s `text(i)` rebuilds a string.
struct PageTexts {
    /// A change is kept only where it saves at least this many UTF-8 bytes over the whole
    /// string, so pages of short texts keep plain strings.
    static let minimumSavingBytes = 64
    /// A new string is compared with this many strings added just before it.
    static let candidateCount = 4

    /// Strings of at least this many UTF-8 bytes are found again by their SHA-256, not kept as keys: a
    /// typed text a frame would otherwise keep every version of it in memory.
    static let longStringBytes = 256

    /// The strings in index order, as JSON: a string, or a change to an earlier one.
    private(set) var entries: [JSONValue] = []
    /// Short strings by their UTF-8 (not by `String`'s equality, under which `é` and `e`
    /// with a combining accent are one string), long ones by their SHA-256.
    private var indexOfBytes: [[UInt8]: Int] = [:]
    /// The last strings added, newest last, as UTF-8 (for the comparison).
    private var recent:
        [(index: Int, string: String, address: UnsafeRawPointer?, bytes: [UInt8], units: Int)] = []
    /// Strings up to this many bytes are held in the `String` itself (no storage to name).
    static let inlineStringBytes = 15
    /// Per entry: the bytes of the changes since its nearest whole string. A change is
    /// kept only while this stays below the string's own length, so the changes never cost
    /// more than writing each string once more.
    private var bytesSinceWhole: [Int] = []

    /// The index of `string`, added when new (a string kept as a change to a recent one is
    /// not looked up among the older ones: it may be added twice, at the cost of the
    /// change). Its cost is linear in the string (its bytes are compared, hashed or copied
    /// a few times, never per character of another).
    mutating func index(of string: String) -> Int {
        var string = string
        // The same text as a frame before (an edited text between keystrokes) is the same
        // storage: found at once, without looking at its bytes (`recent` keeps the
        // storage alive, so its address is not reused).
        let (address, count) = string.withUTF8 { (UnsafeRawPointer($0.baseAddress), $0.count) }
        if count > Self.inlineStringBytes {
            for candidate in recent
            where candidate.address == address && candidate.bytes.count == count {
                return candidate.index
            }
        }
        let bytes = string.withUTF8 { Array($0) }
        for candidate in recent.reversed() where candidate.bytes == bytes {
            return candidate.index
        }
        let index = entries.count
        var best:
            (base: Int, old: [UInt8], oldUnits: Int, start: Int, end: Int, cost: Int, since: Int)?
        // Newest first: a small change to the newest (a keystroke) ends the search.
        for candidate in recent.reversed() where (best?.cost ?? .max) > Self.minimumSavingBytes {
            let (start, end) = Self.change(from: candidate.bytes, to: bytes)
            let cost = bytes.count - start - end + 16
            let since = bytesSinceWhole[candidate.index] + cost
            guard cost + Self.minimumSavingBytes <= bytes.count, since < bytes.count,
                cost < best?.cost ?? .max
            else { continue }
            best = (candidate.index, candidate.bytes, candidate.units, start, end, cost, since)
        }
        // The UTF-16 lengths from the change alone (the base's is kept): a keystroke costs
        // what it changed, not a count over the whole text.
        let units: Int
        if let best {
            let inserted = bytes[best.start..<(bytes.count - best.end)]
            let removed = Self.utf16Units(best.old[best.start..<(best.old.count - best.end)])
            let keptEnd = Self.utf16Units(best.old[(best.old.count - best.end)...])
            let insertedUnits = Self.utf16Units(inserted)
            units = best.oldUnits - removed + insertedUnits
            entries.append(
                .array([
                    .integer(best.base), .integer(best.oldUnits - removed - keptEnd),
                    .string(String(decoding: inserted, as: UTF8.self)), .integer(keptEnd),
                ]))
        } else {
            // Only a string kept whole is looked up (and hashed): hashing every version of
            // a text typed a keystroke at a time would cost the square of its length.
            let key = bytes.count >= Self.longStringBytes ? SHA256.digest(bytes) : bytes
            if let earlier = indexOfBytes[key] { return earlier }
            indexOfBytes[key] = index
            units = Self.utf16Units(bytes[...])
            entries.append(.string(string))
        }
        bytesSinceWhole.append(best?.since ?? 0)
        recent.append((index, string, address, bytes, units))
        if recent.count > Self.candidateCount { recent.removeFirst() }
        return index
    }

    /// The one stretch where `new` differs from `old` (both UTF-8): how many bytes they
    /// share at the start and at the end, cut between scalars.
    static func change(from old: [UInt8], to new: [UInt8]) -> (start: Int, end: Int) {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
                let limit = min(old.count, new.count)
                var start = 0
                // Whole blocks by memcmp (a keystroke shares all but the end of the text).
                let block = 256
                while start + block <= limit,
                    memcmp(old.baseAddress! + start, new.baseAddress! + start, block) == 0
                {
                    start += block
                }
                while start < limit, old[start] == new[start] { start += 1 }
                // Back to where a scalar starts in both.
                while start > 0,
                    (start < old.count && isContinuation(old[start]))
                        || (start < new.count && isContinuation(new[start]))
                {
                    start -= 1
                }
                var end = 0
                while end < limit - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
                    end += 1
                }
                // The common end starts a scalar (the same byte in both).
                while end > 0, isContinuation(new[new.count - end]) { end -= 1 }
                return (start, end)
            }
        }
    }

    /// The UTF-16 length of valid UTF-8: a unit per scalar, two for one beyond U+FFFF.
    static func utf16Units(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var units = 0
            for index in 0..<buffer.count where buffer[index] & 0xC0 != 0x80 {
                units += buffer[index] >= 0xF0 ? 2 : 1
            }
            return units
        }
    }

    /// The strings rebuilt from `entries` (as `viewer.js` does; tests and the fuzzer
    /// check that they round-trip). Nil when an entry is malformed.
    static func resolved(_ entries: [JSONValue]) -> [String]? {
        var strings: [[UInt16]] = []
        for entry in entries {
            switch entry {
            case .string(let string): strings.append(Array(string.utf16))
            case .array(let parts):
                guard parts.count == 4, case .number(let base) = parts[0],
                    case .number(let keep) = parts[1], case .string(let insert) = parts[2],
                    case .number(let keepEnd) = parts[3], let b = Int(exactly: base.value),
                    let k = Int(exactly: keep.value), let e = Int(exactly: keepEnd.value),
                    strings.indices.contains(b), k >= 0, e >= 0, k + e <= strings[b].count
                else { return nil }
                let old = strings[b]
                strings.append(Array(old[..<k]) + Array(insert.utf16) + old[(old.count - e)...])
            default: return nil
            }
        }
        return strings.map { String(decoding: $0, as: UTF16.self) }
    }
}
