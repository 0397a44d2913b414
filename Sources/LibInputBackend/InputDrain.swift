import CLibInput
import TouchInput

#if canImport(Glibc)
    import Glibc
#endif

/// The one way what is queued becomes input events: the directly read panels that have
/// input, libinput's queue (dispatched, converted, then flushed with `finishBatch`), the
/// panels libinput did not take (once its devices are known), and hot-plug. Every reader
/// of live input goes through it: the event loop, `LiveInput.drain` (the kiosk, the
/// calibration, the latency benchmark) and `LiveInput.readInitialEvents`.
final class InputDrain {
    let context: LibInputContext
    let converter: LibInputEventConverter
    /// The devices read beside libinput (docs/devices.md).
    let direct: DirectInput?
    private var buffer: [InputEvent] = []
    /// The directly read devices' descriptors, polled on every drain (kept: no allocation).
    private var ready: [pollfd] = []
    private var directStarted = false

    init(context: LibInputContext, converter: LibInputEventConverter, direct: DirectInput?) {
        self.context = context
        self.converter = converter
        self.direct = direct
    }

    /// Reads everything queued, without waiting, and hands it to `deliver` in order: once
    /// per directly read device with input, once per libinput event (what it converted
    /// to, often nothing: a touch frame ends with its TOUCH_FRAME), once for the flush,
    /// once for the panels opened at the first drain and once for hot-plug. `onDispatched`
    /// runs when libinput has read its devices, before its first event is taken. Returns
    /// false as soon as `deliver` does.
    ///
    /// Hot-plug is handled after libinput's queue, so a device libinput takes is not
    /// opened twice.
    func drain(onDispatched: () -> Void = {}, _ deliver: ([InputEvent]) -> Bool) -> Bool {
        var hotplugPending = false
        if let direct {
            ready.removeAll(keepingCapacity: true)
            direct.appendPollDescriptors(to: &ready)
            if !ready.isEmpty, poll(&ready, nfds_t(ready.count), 0) > 0 {
                for descriptor in ready where descriptor.revents != 0 {
                    if direct.isMonitor(descriptor.fd) {
                        hotplugPending = true
                        continue
                    }
                    buffer.removeAll(keepingCapacity: true)
                    direct.read(descriptor.fd, into: &buffer)
                    if !deliver(buffer) { return false }
                }
            }
        }
        context.dispatch()
        onDispatched()
        while let event = context.nextEvent() {
            buffer.removeAll(keepingCapacity: true)
            converter.convert(event, into: &buffer)
            if !deliver(buffer) { return false }
        }
        buffer.removeAll(keepingCapacity: true)
        converter.finishBatch(into: &buffer)
        if !deliver(buffer) { return false }
        guard let direct else { return true }
        if !directStarted {
            // libinput's devices are known now: open the panels it did not take.
            directStarted = true
            buffer.removeAll(keepingCapacity: true)
            direct.start(into: &buffer)
            if !deliver(buffer) { return false }
        }
        if hotplugPending {
            buffer.removeAll(keepingCapacity: true)
            direct.hotplug(into: &buffer)
            if !deliver(buffer) { return false }
        }
        return true
    }

    /// The descriptors to wait on: libinput's, then the directly read devices' and the
    /// udev monitor's (they change with hot-plug).
    var pollDescriptors: [Int32] { [context.fileDescriptor] + (direct?.fileDescriptors ?? []) }

    /// `pollDescriptors` as `pollfd`s waiting for input, appended to `descriptors`.
    func appendPollDescriptors(to descriptors: inout [pollfd]) {
        descriptors.append(pollfd(fd: context.fileDescriptor, events: Int16(POLLIN), revents: 0))
        direct?.appendPollDescriptors(to: &descriptors)
    }
}

/// Emulated devices that play scripted input: started once libinput has opened the
/// devices, ended once every script has played out. `replay --via-libinput`'s child
/// passes umockdev's barrier scripts (module Umockdev, `UmockdevBarriers`); a test build's
/// `--umockdev-barrier` does too (docs/libinput-backend.md, "Test hooks").
public final class ScriptedInput {
    private let startScripts: () -> Void
    private let scriptsEnded: (_ devicesRemoved: Int) -> Bool
    private var started = false

    /// `start` lets the scripts play; `hasEnded` says whether all have played out, given
    /// how many devices were removed since (a removed device's script never ends).
    public init(
        start: @escaping () -> Void, hasEnded: @escaping (_ devicesRemoved: Int) -> Bool
    ) {
        startScripts = start
        scriptsEnded = hasEnded
    }

    /// Lets the scripts play; only the first call does anything.
    public func start() {
        guard !started else { return }
        started = true
        startScripts()
    }

    /// Whether every script has played out.
    public func hasEnded(devicesRemoved: Int) -> Bool { started && scriptsEnded(devicesRemoved) }
}
