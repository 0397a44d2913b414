import CSDL2
import ClearPictures
import ClearRendering
import Glibc
import LibInputBackend
import ToolSupport
import TouchInput

/// `cleartouch calibrate`'s live session: a full-screen window shows the five targets of
/// `CalibrationFit.targets` one at a time; each is touched once on the panel. libinput
/// reads the touches with the identity calibration set on every device (so a matrix
/// already in place does not bend the measurement); a touch's position is the median of
/// its samples. The first device touched is the one calibrated; other devices are ignored.
public final class CalibrationSession {
    /// What the session measured.
    public struct Measurement: Hashable, Sendable {
        /// Each target's touch, device-normalized, in target order.
        public var touches: [Point]
        /// The screen the targets were shown on.
        public var screen: ScreenSize
        /// The device touched.
        public var deviceName: String
    }

    /// The target's ring radius, in pixels.
    static let targetRadiusPixels = 24.0
    /// How long the loop waits for input before looking at the window again.
    static let pollMilliseconds: Int32 = 30

    let window: KioskWindow
    let input: LiveInput
    let surface: ImageSurface
    let context: GraphicsContext
    private let log: (String) -> Void

    /// Opens the window (full screen unless `windowed`) and libinput (`devicePaths`, else
    /// every device of `seat`); `scriptedInput`: emulated devices to start once open (tests).
    public init(
        devicePaths: [String], seat: String, screen: ScreenSize?, windowed: Bool,
        scriptedInput: ScriptedInput? = nil, log: @escaping (String) -> Void
    ) throws(KioskError) {
        self.log = log
        do {
            window = try KioskWindow(
                title: "ClearTouch calibration", frameSize: screen, fullscreen: !windowed)
        } catch {
            throw KioskError("cannot open a window: \(error)")
        }
        do {
            input = try LiveInput(
                devicePaths: devicePaths, seat: seat, screen: window.frameSize,
                logPriority: .error, logger: { _, _ in }, scriptedInput: scriptedInput,
                calibrationForDevice: { _ in .identity })
        } catch {
            throw KioskError("libinput: \(error)")
        }
        do {
            surface = try ImageSurface(width: window.frameWidth, height: window.frameHeight)
            context = try GraphicsContext(surface: surface)
        } catch {
            throw KioskError("cannot create the drawing surface: \(error)")
        }
    }

    /// Shows the targets until each was touched; nil when the window was closed,
    /// Escape pressed or `timeoutSeconds` passed first.
    public func run(timeoutSeconds: Double? = nil) -> Measurement? {
        let deadline = timeoutSeconds.map {
            MonotonicClock.nowMicroseconds() + Int64($0 * 1_000_000)
        }
        var events = input.readInitialEvents()
        input.startScriptedInput()
        var device: DeviceID?
        var deviceName = ""
        var names: [DeviceID: String] = [:]
        var samples: [Point] = []
        var touching: Int?
        var touches: [Point] = []
        let screen = window.frameSize
        draw(target: 0)
        while touches.count < CalibrationFit.targets.count {
            for event in events {
                switch event {
                case .deviceAdded(let description, _): names[description.id] = description.name
                case .touchFrame(let frame):
                    if device == nil { device = frame.device }
                    guard frame.device == device else { continue }
                    deviceName = names[frame.device] ?? deviceName
                    for contact in frame.contacts {
                        switch contact.phase {
                        case .down where touching == nil:
                            touching = contact.seatSlot
                            samples = [contact.positionPixels]
                        case .move where touching == contact.seatSlot:
                            samples.append(contact.positionPixels)
                        case .up where touching == contact.seatSlot:
                            samples.append(contact.positionPixels)
                            let median = CalibrationFit.position(ofSamples: samples)
                            touches.append(
                                Point(
                                    x: median.x / Double(screen.widthPixels),
                                    y: median.y / Double(screen.heightPixels)))
                            touching = nil
                            log(
                                "target \(touches.count) of \(CalibrationFit.targets.count) touched"
                            )
                            if touches.count < CalibrationFit.targets.count {
                                draw(target: touches.count)
                            }
                        case .cancel where touching == contact.seatSlot:
                            touching = nil
                        default: break
                        }
                    }
                default: break
                }
            }
            events.removeAll(keepingCapacity: true)
            if touches.count == CalibrationFit.targets.count { break }
            if let deadline, MonotonicClock.nowMicroseconds() > deadline {
                log("no touch on every target within the time given")
                return nil
            }
            var descriptors = input.pollDescriptors.map {
                pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), Self.pollMilliseconds)
            input.drain { events.append(contentsOf: $0) }
            var sdlEvent = SDL_Event()
            while SDL_PollEvent(&sdlEvent) == 1 {
                if sdlEvent.type == SDL_QUIT.rawValue { return nil }
                if sdlEvent.type == SDL_KEYDOWN.rawValue
                    && sdlEvent.key.keysym.sym == SDL_Keycode(SDLK_ESCAPE.rawValue)
                {
                    return nil
                }
                if sdlEvent.type == SDL_WINDOWEVENT.rawValue {
                    draw(target: touches.count)
                }
            }
        }
        return Measurement(touches: touches, screen: screen, deviceName: deviceName)
    }

    /// Draws target `index` (a ring with a cross) and one dot per target, filled when done.
    func draw(target index: Int) {
        let width = Double(window.frameWidth)
        let height = Double(window.frameHeight)
        context.setSource(RGBAColor(red: 0.08, green: 0.08, blue: 0.1))
        context.paintReplacing()
        let target = CalibrationFit.targets[index]
        let x = target.x * width
        let y = target.y * height
        let radius = Self.targetRadiusPixels
        context.setSource(RGBAColor(red: 1, green: 0.3, blue: 0.2))
        context.setRoundLine(widthPixels: 3)
        context.addCircle(centreX: x, centreY: y, radius: radius)
        context.stroke()
        context.moveTo(x: x - radius * 1.6, y: y)
        context.lineTo(x: x + radius * 1.6, y: y)
        context.moveTo(x: x, y: y - radius * 1.6)
        context.lineTo(x: x, y: y + radius * 1.6)
        context.stroke()
        for done in 0..<CalibrationFit.targets.count {
            let dotX = width / 2 + Double(done - 2) * 30
            context.setSource(
                done < index
                    ? RGBAColor(red: 0.4, green: 0.9, blue: 0.4)
                    : RGBAColor(red: 0.5, green: 0.5, blue: 0.5))
            context.addCircle(centreX: dotX, centreY: height * 0.3, radius: 8)
            context.fill()
        }
        context.flush()
        do {
            try window.present(surface)
        } catch {
            log("\(error)")
        }
    }
}
