import TouchInput

extension InputEvent {
    /// The same event at another time (the app keeps the session's clock from running backwards).
    func at(timeMicroseconds time: Int64) -> InputEvent {
        switch self {
        case .deviceAdded(let device, _):
            return .deviceAdded(device, timeMicroseconds: time)
        case .deviceRemoved(let device, _):
            return .deviceRemoved(device, timeMicroseconds: time)
        case .touchFrame(var frame):
            frame.timeMicroseconds = time
            return .touchFrame(frame)
        case .touchpadGesture(var gesture):
            gesture.timeMicroseconds = time
            return .touchpadGesture(gesture)
        case .pointerMotion(var motion):
            motion.timeMicroseconds = time
            return .pointerMotion(motion)
        case .pointerButton(var button):
            button.timeMicroseconds = time
            return .pointerButton(button)
        case .pointerScroll(var scroll):
            scroll.timeMicroseconds = time
            return .pointerScroll(scroll)
        case .key(var key):
            key.timeMicroseconds = time
            return .key(key)
        case .text(var text):
            text.timeMicroseconds = time
            return .text(text)
        }
    }
}
