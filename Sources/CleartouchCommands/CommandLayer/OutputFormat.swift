import TouchInput

/// What an output file holds, against what its name says (docs/output-files.md, "Names"):
/// a name whose extension is another known format is refused (`--snapshot x.jpg` would
/// hold PNG). A name without an extension, or with one no format here claims (a device, a
/// FIFO, `out.bin`), is taken as it is. No conversion: Cairo writes PNG and SVG, and a
/// JPEG writer would be a library for one option.
package enum OutputFormat: String, CaseIterable, Sendable {
    case png, svg, wav

    /// The extensions of every format an output could be taken for: pictures and sound.
    static let knownExtensions: [String: String] = [
        "png": "PNG", "jpg": "JPEG", "jpeg": "JPEG", "gif": "GIF", "webp": "WebP", "bmp": "BMP",
        "tif": "TIFF", "tiff": "TIFF", "avif": "AVIF", "heic": "HEIC", "svg": "SVG", "svgz": "SVG",
        "pdf": "PDF", "eps": "EPS", "ps": "PostScript", "wav": "WAV", "mp3": "MP3", "ogg": "Ogg",
        "oga": "Ogg", "flac": "FLAC", "opus": "Opus", "m4a": "AAC", "aac": "AAC", "aiff": "AIFF",
    ]

    /// This format's own extension.
    var fileExtension: String { rawValue }

    /// Refuses `path` (the value of `option`) when its name says another format.
    package func check(_ path: String, option: String) throws(UsageError) {
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return }
        let given = name[name.index(after: dot)...].lowercased()
        guard let other = Self.knownExtensions[given], given != fileExtension else { return }
        throw UsageError(
            "\(option) writes \(rawValue.uppercased()), but '\(QuotedInput.cut(path))' is named as \(other): give it a .\(fileExtension) name"
        )
    }
}
