/// 16-bit PCM WAV files, mono, at the mixer's rate: the RIFF header and the samples,
/// little-endian (the canonical 44-byte header: `RIFF`, `WAVE`, a 16-byte `fmt ` chunk,
/// `data`).
public enum WAVEncoder {
    /// Bytes before the first sample.
    public static let headerBytes = 44
    /// The most frames a WAV holds (its sizes are 32-bit): about 12.4 hours at 48 kHz.
    public static let largestFrameCount = (Int(UInt32.max) - (headerBytes - 8)) / 2

    /// The header of a file of `frameCount` mono 16-bit frames at `sampleRateHertz`.
    /// `frameCount` is at most `largestFrameCount`.
    public static func header(
        frameCount: Int, sampleRateHertz: Int = SoundSynthesizer.sampleRateHertz
    ) -> [UInt8] {
        precondition(frameCount >= 0 && frameCount <= largestFrameCount)
        let bytesPerFrame = 2
        let dataBytes = UInt32(frameCount * bytesPerFrame)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerBytes)
        bytes += Array("RIFF".utf8)
        append(UInt32(headerBytes - 8) + dataBytes, to: &bytes)
        bytes += Array("WAVE".utf8)
        bytes += Array("fmt ".utf8)
        append(UInt32(16), to: &bytes)  // the fmt chunk's size
        append(UInt16(1), to: &bytes)  // PCM
        append(UInt16(1), to: &bytes)  // channels
        append(UInt32(sampleRateHertz), to: &bytes)
        append(UInt32(sampleRateHertz * bytesPerFrame), to: &bytes)  // bytes per second
        append(UInt16(bytesPerFrame), to: &bytes)  // block align
        append(UInt16(16), to: &bytes)  // bits per sample
        bytes += Array("data".utf8)
        append(dataBytes, to: &bytes)
        return bytes
    }

    /// Appends `samples` little-endian.
    public static func append(_ samples: [Int16], to bytes: inout [UInt8]) {
        bytes.reserveCapacity(bytes.count + samples.count * 2)
        for sample in samples {
            let bits = UInt16(bitPattern: sample)
            bytes.append(UInt8(truncatingIfNeeded: bits))
            bytes.append(UInt8(truncatingIfNeeded: bits >> 8))
        }
    }

    /// A whole file of `samples`.
    public static func file(_ samples: [Int16]) -> [UInt8] {
        var bytes = header(frameCount: samples.count)
        append(samples, to: &bytes)
        return bytes
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 32, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    private static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }
}
