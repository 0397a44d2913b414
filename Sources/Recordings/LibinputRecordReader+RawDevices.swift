import Evdev

extension LibinputRecordReader {
    /// Reads every device of the evdev level of a `libinput record` file: each device's
    /// kernel description and its rows, undecoded (`cleartouch replay --via-libinput`).
    /// Errors name the file and line, as the reader's do.
    public static func rawDevices(path: String, maximumLineBytes: Int = 1 << 20)
        throws(RecordingError) -> [LibinputRecordDevice]
    {
        // The reader's own parsing (fast path included), its frames still undecoded.
        let reader = try LibinputRecordReader(path: path, maximumLineBytes: maximumLineBytes)
        var events: [[EvdevEvent]] = Array(repeating: [], count: reader.evdevDevices.count)
        while let (index, frame) = try reader.nextRawFrame() { events[index] += frame }
        return zip(reader.evdevDevices, events).map {
            LibinputRecordDevice(device: $0, events: $1)
        }
    }
}
