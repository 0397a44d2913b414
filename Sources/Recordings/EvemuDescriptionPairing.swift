import DescriptorIO
import Glibc

/// Finds the device description of an events-only evemu file by the evemu-devices
/// naming: `NAME.desc` describes the device of `NAME.anything.events`. Of the `.desc`
/// (or `.device`) files in the same folder, the one whose name without its extension is
/// the longest prefix of the events file's name wins, so
/// `SynPS2 Synaptics TouchPad.hp8470p.two-finger-scroll-vertical.events` pairs with
/// `SynPS2 Synaptics TouchPad.hp8470p.desc` rather than `SynPS2 Synaptics TouchPad.desc`.
///
/// Every reader of evemu files uses this one function when no description is given
/// (`Recording.open`, so every command, and `--via-libinput`).
public enum EvemuDescriptionPairing {
    /// The extensions of description files.
    public static let descriptionExtensions = ["desc", "device"]

    /// The description file for the events file at `path`, or nil when none in its folder
    /// matches. Does not look inside `path` (a caller that found a description in the
    /// file itself does not call this).
    public static func descriptionPath(forEventsFile path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return bestMatch(for: name, among: fileNames(in: folder)).map {
            slash == nil ? $0 : folder + "/" + $0
        }
    }

    /// Of `candidates` (file names), the description whose stem is the longest prefix of
    /// `name`; `name` itself never pairs with itself.
    public static func bestMatch(for name: String, among candidates: [String]) -> String? {
        var best: (name: String, stemLength: Int)?
        for candidate in candidates where candidate != name {
            guard let dot = candidate.lastIndex(of: "."),
                descriptionExtensions.contains(String(candidate[candidate.index(after: dot)...]))
            else { continue }
            let stem = candidate[..<dot]
            guard !stem.isEmpty, name.hasPrefix(stem) else { continue }
            let length = stem.utf8.count
            // Longest stem wins; equal stems prefer `.desc` (listed first), then the name.
            if let current = best {
                if length < current.stemLength { continue }
                if length == current.stemLength && candidate > current.name { continue }
            }
            best = (candidate, length)
        }
        return best?.name
    }

    /// The names of the entries of `folder` (empty when it cannot be read).
    static func fileNames(in folder: String) -> [String] {
        FileCall.folderEntries(folder) ?? []
    }
}
