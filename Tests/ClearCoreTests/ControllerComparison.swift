import ClearCore

/// Whether two controllers that heard the same events show something different at the
/// first one's current time: another picture, or one animating where the other is not.
func showDifferently(_ controller: ClearController, _ other: ClearController) -> Bool {
    let time = controller.currentTimeMicroseconds
    return controller.presentation(atMicroseconds: time)
        != other.presentation(atMicroseconds: time)
        || controller.isAnimating(at: time) != other.isAnimating(at: time)
}
