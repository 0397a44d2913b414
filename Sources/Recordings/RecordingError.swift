import Evdev

/// What went wrong reading a recording, and where (`FILE:LINE: what is wrong`); the
/// evdev file readers in `Evdev` throw it too.
public typealias RecordingError = Evdev.RecordingError
