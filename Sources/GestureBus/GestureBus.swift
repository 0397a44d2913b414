import CSystemd
import GestureService

// The gesture service's D-Bus side: `io.github.cleartouch.Gestures1` and Touchégg's
// protocol, through sd-bus (docs/dependencies.md). Filled in by issue 21.
