import Foundation
import GestureBus
import SDBus
import TestSupport

/// Runs `bus` as the service's loop does (poll on its descriptors, then `process`) until
/// `condition` holds; false when it never did within the hang guard. The 20 ms poll
/// timeout only lets the condition be checked; nothing depends on it.
func pump(_ bus: GestureBus, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(hangGuardSeconds)
    while Date() < deadline {
        bus.process()
        if condition() { return true }
        var descriptors = bus.pollDescriptors.map {
            pollfd(fd: $0.descriptor, events: $0.events, revents: 0)
        }
        _ = poll(&descriptors, nfds_t(descriptors.count), 20)
    }
    return condition()
}

/// The JSON objects of a client's output lines (the other lines, such as "ready", left out).
func jsonLines(_ program: BackgroundProgram) -> [[String: Any]] {
    program.outputLines.compactMap { line in
        guard line.hasPrefix("{") else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }
}

/// A fresh abstract socket name: abstract names are shared by the whole machine.
func uniqueAbstractAddress() -> PeerAddress {
    .abstract("cleartouch-test-touchegg-\(UUID().uuidString)")
}
