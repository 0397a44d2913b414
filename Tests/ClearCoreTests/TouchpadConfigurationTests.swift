import ClearCore
import GestureRecognition
import Testing
import TouchInput

/// Clear's layout reaches the touchpad mapping as configuration.
struct TouchpadConfigurationTests {
    @Test func theSessionsTouchpadMappingUsesClearsRowHeightDerivedFromTheWidth() {
        let screen = ScreenSize(widthPixels: 1080, heightPixels: 1920)
        let session = ClearSession(
            items: TodoList.swiftTutorialSamples, layout: ClearLayout(screen: screen))
        let configuration = session.touchpad.configuration
        // round(1080 · 50 / 320) = 169.
        #expect(configuration.pinchCentreGridPixels == 169)
        #expect(configuration.pinchSpanPerScalePixels == 169)
        #expect(configuration.screen == screen)
    }
}
