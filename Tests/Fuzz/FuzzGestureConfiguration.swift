// libFuzzer entry for the gesture service's configuration reader (tools/fuzz
// gestureconfig), compiled together with GestureService's sources so internal API is
// visible.

// Properties: never crashes or hangs; a problem names a line of the input (0 only for
// the whole file); a configuration read has unique names, one binding per gesture, every
// value in range, and each binding is the one found for its own gesture.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGestureConfiguration(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = bytes.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
    do {
        let configuration = try GestureServiceConfiguration.parse(bytes: bytes, path: "fuzz.yaml")
        precondition(Set(configuration.bindings.map(\.name)).count == configuration.bindings.count)
        for binding in configuration.bindings {
            precondition(!binding.name.isEmpty)
            precondition((binding.kind == .pinch ? 2 : 1)...5 ~= binding.fingers)
            precondition(
                (binding.direction == nil) == (binding.kind == .tap || binding.kind == .longPress))
            precondition((binding.edge != nil) == (binding.kind == .edgeSwipe))
            if let distance = binding.distanceMillimetres {
                precondition(
                    distance > 0
                        && distance <= GestureServiceConfiguration.maximumDistanceMillimetres)
            }
            precondition(binding.command.map { !$0.isEmpty && !$0[0].isEmpty } ?? true)
            let found = configuration.binding(
                for: binding.kind, fingers: binding.fingers, direction: binding.direction,
                edge: binding.edge)
            precondition(found == binding, "a binding is not the one found for its gesture")
        }
    } catch {
        precondition(error.path == "fuzz.yaml")
        precondition(error.line >= 1 && error.line <= lines + 1, "line \(error.line) of \(lines)")
    }
    return 0
}
