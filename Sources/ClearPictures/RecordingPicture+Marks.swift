import GestureRecognition
import TouchInput

/// The marks the SVG picture (`RecordingPictureRenderer`) and the `cleartouch view` page
/// share: the colour of a gesture by what it did, and where a gesture report was.
extension RecordingPicture {
    /// A gesture that caused an action.
    public static let actionColor = RGBAColor(hex: 0x69f0ae)
    /// A gesture that ended without causing anything.
    public static let noActionColor = RGBAColor(hex: 0xbdbdbd)
    /// A cancelled gesture.
    public static let cancelledColor = RGBAColor(hex: 0xff1744)

    /// Where a gesture report was: the finger of a pan, the centre of a pinch.
    public static func location(of event: GestureEvent) -> Point {
        switch event.values {
        case .pan(let pan), .scroll(let pan): pan.locationPixels
        case .pull(let pull): pull.drag.locationPixels
        case .pinch(let pinch): pinch.centroidPixels
        case .tap(let location), .longPress(let location): location
        }
    }
}
