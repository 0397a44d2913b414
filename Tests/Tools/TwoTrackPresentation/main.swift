// cleartouch-two-track-presentation: prints the presentation of a controller with two
// gestures in progress at once, a pull and a pinch, each of which draws a placeholder.
// The hash-order test (Tests/ClearCoreTests/HashOrderTests.swift) runs it in several
// processes, each with its own random hash seed, and expects the same output from all.
import ClearCore
import GestureRecognition
import TouchInput

let layout = ClearLayout(screen: ScreenSize(widthPixels: 320, heightPixels: 480))
let controller = ClearController(items: TodoList.swiftTutorialSamples, layout: layout)

/// A pull and then a pinch on rows 1 and 2 (the list is pulled down 30 px by then).
let pullDistancePixels = 30.0
let pull = PanValues(
    startPixels: Point(x: 100, y: 100),
    locationPixels: Point(x: 100, y: 100 + pullDistancePixels),
    translationPixels: Point(x: 0, y: pullDistancePixels), velocityPixelsPerSecond: .zero)
let spreadPixels = 20.0
let pinch = PinchValues(
    upperStartPixels: Point(x: 150, y: 125), upperPixels: Point(x: 150, y: 125 - spreadPixels),
    lowerStartPixels: Point(x: 170, y: 175), lowerPixels: Point(x: 170, y: 175 + spreadPixels),
    spreadDeltaPixels: spreadPixels, gapPixels: 2 * spreadPixels, scale: 1.8,
    centroidPixels: Point(x: 160, y: 150), spanPixels: 90)
controller.handle(
    GestureEvent(
        id: GestureID(rawValue: 1), state: .began, timeMicroseconds: 10_000,
        values: .pull(PullValues(drag: pull, pullDistancePixels: pullDistancePixels))))
controller.handle(
    GestureEvent(
        id: GestureID(rawValue: 2), state: .began, timeMicroseconds: 20_000,
        values: .pinch(pinch)))
print(controller.presentation(atMicroseconds: 30_000))
