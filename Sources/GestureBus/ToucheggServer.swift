import GestureService
import SDBus

#if canImport(Glibc)
    import Glibc
#endif

/// Touchégg's daemon side: a peer-to-peer D-Bus server its clients (Gala, the x11gestures
/// extension) connect to unchanged, each connection with Touchégg's object for
/// introspection, every report sent to every client as Touchégg's signals
/// (`ToucheggTranslator`). A client that hangs up is dropped.
public final class ToucheggServer {
    /// At most this many clients at once; one more is closed at once (a desktop has one
    /// or two: the shell, an extension).
    public static let maximumClients = 32

    public let address: PeerAddress
    private let listener: Int32
    private var clients: [BusConnection] = []
    private var translator = ToucheggTranslator()

    /// Listens on `address` (Touchégg's own by default). Fails when another server (a
    /// running Touchégg) has it.
    public init(address: PeerAddress = .abstract("touchegg")) throws(BusError) {
        self.address = address
        listener = try address.listen(backlog: Int32(Self.maximumClients))
    }

    deinit {
        clients = []
        close(listener)
        if case .path(let path) = address { unlink(path) }
    }

    /// The clients connected now (authenticating ones included).
    public var clientCount: Int { clients.count }

    /// Queues the signals of `report` for every client; never waits. A client whose
    /// connection fails is dropped.
    public func publish(_ report: ServiceGestureReport) {
        let emissions = translator.emissions(for: report)
        guard !emissions.isEmpty else { return }
        clients.removeAll { client in
            for emission in emissions {
                do throws(BusError) { try client.emit(emission) } catch { return true }
            }
            return false
        }
    }

    /// The listening socket and every client.
    public var pollDescriptors: [BusPollDescriptor] {
        [BusPollDescriptor(descriptor: listener, events: Int16(POLLIN))]
            + clients.map(\.pollDescriptor)
    }

    /// The earliest time a client needs `process` without input (CLOCK_MONOTONIC µs).
    public var timeoutMicroseconds: UInt64? { clients.compactMap(\.timeoutMicroseconds).min() }

    /// Accepts waiting clients and lets every client's connection do what is pending;
    /// never waits. Returns what went wrong with clients (they are dropped), for the log.
    @discardableResult
    public func process() -> [BusError] {
        var problems: [BusError] = []
        while true {
            let descriptor = accept(listener, nil, nil)
            if descriptor < 0 {
                if errno == EINTR { continue }
                if errno != EAGAIN && errno != EWOULDBLOCK {
                    problems.append(BusError(operation: "accept on \(address)", errno: errno))
                }
                break
            }
            // sd-bus wants its socket non-blocking; children never inherit it.
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            guard clients.count < Self.maximumClients else {
                close(descriptor)
                problems.append(
                    BusError(
                        operation: "a client beyond \(Self.maximumClients) on \(address)",
                        errno: EMFILE))
                continue
            }
            do throws(BusError) {
                let client = try BusConnection(serving: descriptor)
                try client.addObject(
                    path: ToucheggProtocol.objectPath, interface: ToucheggProtocol.interface,
                    signals: ToucheggProtocol.signals)
                clients.append(client)
            } catch {
                problems.append(error)
            }
        }
        clients.removeAll { client in
            do throws(BusError) {
                try client.process()
            } catch {
                // A client that hung up is the usual end of a connection, not a problem.
                if error.errno != ECONNRESET && error.errno != ENOTCONN && error.errno != EPIPE {
                    problems.append(error)
                }
                return true
            }
            return !client.isOpen
        }
        return problems
    }
}
