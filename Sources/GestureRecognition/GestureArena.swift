import TouchInput

/// Turns touch frames into gestures. Every touch belongs to at most one winning
/// recognizer; the arbitration table is in docs/gestures.md.
///
/// - The first finger down (when no single-touch gesture or pinch is running) becomes
///   the *primary* touch, watched by the tap, long-press and pan recognizers together.
///   A long-press that begins fails the pan; a pan that begins fails the tap and the
///   long-press.
/// - A second finger on the same device, landing while the primary touch is anything
///   but a running row pan, begins a pinch at once and cancels whatever the primary
///   touch was doing (tap, long-press, scroll, pull). A running row pan keeps its touch
///   and later fingers are ignored; a running pinch ignores further fingers.
/// - When a pinch ends, its remaining finger is ignored until it lifts.
///
/// Time comes only from event timestamps. Every call first clears `events`, then
/// fills it with the reports of that call in order.
public final class GestureArena {
  public let configuration: GestureConfiguration
  /// Set by the client before each frame: a vertical drag becomes a pull only when
  /// this is ≤ 0 at its start.
  public var listScrollOffsetPixels: Double = 0

  /// Reports produced by the last call to `handle`, `advance`, `deviceAdded` or
  /// `deviceRemoved`, in order (a reused buffer).
  public var events: [GestureEvent] { output.events }

  /// The latest event time seen; times earlier than this are treated as this.
  public private(set) var latestTimeMicroseconds: Int64 = .min

  private var output = GestureOutput()
  private var devices: ContiguousArray<DeviceDescription> = []
  private var touches: ContiguousArray<TouchTrack>
  private var primaryIndex = -1
  private var pinchMoved = false
  private var tap = TapRecognizer()
  private var longPress = LongPressRecognizer()
  private var pan: PanRecognizer
  private var pinch = PinchRecognizer()

  public init(configuration: GestureConfiguration = .clear) {
    self.configuration = configuration
    touches = ContiguousArray(
      repeating: TouchTrack(), count: max(1, configuration.maximumSimultaneousTouches))
    pan = PanRecognizer(configuration)
    devices.reserveCapacity(8)
  }

  /// The number of touches the arena is following.
  public var liveTouchCount: Int { touches.reduce(0) { $0 + ($1.isLive ? 1 : 0) } }

  /// A device appeared. Frames are handled only from added touchscreens; adding an id
  /// again replaces its description.
  public func deviceAdded(_ device: DeviceDescription) {
    output.events.removeAll(keepingCapacity: true)
    if let index = devices.firstIndex(where: { $0.id == device.id }) {
      devices[index] = device
    } else {
      devices.append(device)
    }
  }

  /// A device went away: every gesture one of its touches is in is cancelled, and its
  /// touches are forgotten. Unknown ids are ignored.
  public func deviceRemoved(_ device: DeviceID, timeMicroseconds: Int64) {
    output.events.removeAll(keepingCapacity: true)
    let time = observe(timeMicroseconds)
    fireTimers(at: time)
    for index in touches.indices where touches[index].isLive && touches[index].device == device {
      cancelTouch(index, at: time)
    }
    devices.removeAll { $0.id == device }
  }

  /// Lets event time pass without input: fires a long-press whose time has come.
  public func advance(toMicroseconds time: Int64) {
    output.events.removeAll(keepingCapacity: true)
    fireTimers(at: observe(time))
  }

  /// Handles one frame. Frames from devices never added, already removed, or not
  /// touchscreens are ignored (their time still counts).
  public func handle(_ frame: TouchFrame) {
    output.events.removeAll(keepingCapacity: true)
    let time = observe(frame.timeMicroseconds)
    fireTimers(at: time)
    guard isTouchscreen(frame.device) else { return }
    for contact in frame.contacts {
      switch contact.phase {
      case .down: touchDown(contact, device: frame.device, at: time)
      case .move: touchMoved(contact, device: frame.device, at: time)
      case .up: touchEnded(contact, device: frame.device, at: time, cancelled: false)
      case .cancel: touchEnded(contact, device: frame.device, at: time, cancelled: true)
      }
    }
    if pinchMoved {
      pinchMoved = false
      pinch.touchesMoved(touches, at: time, &output)
    }
  }

  // MARK: - Touches

  private func touchDown(_ contact: TouchContact, device: DeviceID, at time: Int64) {
    // A second down on a live slot means its up was lost: the old touch cannot be
    // trusted to commit anything, so it is cancelled and the new one starts afresh.
    if let old = liveIndex(of: contact.seatSlot, device: device) {
      cancelTouch(old, at: time)
    }
    guard contact.positionPixels.isFinite,
      let index = touches.firstIndex(where: { !$0.isLive })
    else { return }
    let millimetres = finiteOrNil(contact.positionMillimetres)
    touches[index] = TouchTrack(
      seatSlot: contact.seatSlot, device: device, isLive: true, role: .ignored,
      downTimeMicroseconds: time, startPixels: contact.positionPixels,
      startMillimetres: millimetres, pixels: contact.positionPixels, millimetres: millimetres)

    if primaryIndex < 0 && !pinch.isActive {
      primaryIndex = index
      touches[index].role = .primary
      tap.start()
      longPress.start(touches[index], configuration)
      pan.start(touches[index])
    } else if primaryIndex >= 0 && !pan.isRowPanActive && touches[primaryIndex].device == device {
      beginPinch(with: index, at: time)
    }
  }

  private func beginPinch(with secondIndex: Int, at time: Int64) {
    let firstIndex = primaryIndex
    let first = touches[firstIndex]
    tap.fail()
    longPress.cancel(first, at: time, &output)
    pan.cancel(first, at: time, &output)
    primaryIndex = -1
    touches[firstIndex].role = .pinch
    touches[secondIndex].role = .pinch
    pinch.begin(
      first: first, at: firstIndex, second: touches[secondIndex], at: secondIndex, time: time,
      &output)
  }

  private func touchMoved(_ contact: TouchContact, device: DeviceID, at time: Int64) {
    guard let index = liveIndex(of: contact.seatSlot, device: device),
      contact.positionPixels.isFinite
    else { return }
    touches[index].pixels = contact.positionPixels
    touches[index].millimetres = finiteOrNil(contact.positionMillimetres)
    switch touches[index].role {
    case .primary:
      let touch = touches[index]
      tap.touchMoved(touch, configuration)
      longPress.touchMoved(touch, at: time, configuration, &output)
      if longPress.state.isActive { pan.fail() }
      pan.touchMoved(
        touch, at: time, listScrollOffsetPixels: listScrollOffsetPixels, configuration,
        &output)
      if pan.state.isActive {
        tap.fail()
        longPress.cancel(touch, at: time, &output)
      }
    case .pinch:
      pinchMoved = true
    case .ignored:
      break
    }
  }

  private func touchEnded(
    _ contact: TouchContact, device: DeviceID, at time: Int64, cancelled: Bool
  ) {
    guard let index = liveIndex(of: contact.seatSlot, device: device) else { return }
    if cancelled {
      cancelTouch(index, at: time)
      return
    }
    // Up contacts carry no position in libinput: the last known one is used.
    let touch = touches[index]
    switch touch.role {
    case .primary:
      tap.touchLifted(touch, at: time, configuration, &output)
      longPress.touchLifted(touch, at: time, &output)
      pan.touchLifted(touch, at: time, &output)
      primaryIndex = -1
    case .pinch:
      endPinch(.ended, at: time)
    case .ignored:
      break
    }
    touches[index].isLive = false
  }

  /// Cancels every gesture the touch is in and forgets the touch.
  private func cancelTouch(_ index: Int, at time: Int64) {
    let touch = touches[index]
    switch touch.role {
    case .primary:
      tap.fail()
      longPress.cancel(touch, at: time, &output)
      pan.cancel(touch, at: time, &output)
      primaryIndex = -1
    case .pinch:
      endPinch(.cancelled, at: time)
    case .ignored:
      break
    }
    touches[index].isLive = false
  }

  private func endPinch(_ final: GestureState, at time: Int64) {
    pinchMoved = false
    let upper = pinch.upperIndex
    let lower = pinch.lowerIndex
    pinch.finish(final, touches, at: time, &output)
    touches[upper].role = .ignored
    touches[lower].role = .ignored
  }

  // MARK: - Time and lookup

  /// Clamps time so it never goes backwards.
  private func observe(_ time: Int64) -> Int64 {
    latestTimeMicroseconds = max(latestTimeMicroseconds, time)
    return latestTimeMicroseconds
  }

  private func fireTimers(at time: Int64) {
    guard primaryIndex >= 0 else { return }
    longPress.advance(to: time, touches[primaryIndex], &output)
    if longPress.state.isActive {
      tap.fail()
      pan.fail()
    }
  }

  private func liveIndex(of seatSlot: Int, device: DeviceID) -> Int? {
    for index in touches.indices
    where touches[index].isLive && touches[index].seatSlot == seatSlot
      && touches[index].device == device
    {
      return index
    }
    return nil
  }

  private func isTouchscreen(_ device: DeviceID) -> Bool {
    for description in devices where description.id == device {
      return description.kind == .touchscreen
    }
    return false
  }

  private func finiteOrNil(_ point: Point?) -> Point? {
    guard let point, point.isFinite else { return nil }
    return point
  }
}
