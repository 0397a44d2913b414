/// The package's layers, lowest first, and the targets in each: the one table of the
/// layering. A module imports, and depends on, only modules of its own layer or of the
/// layers before it. `LayeringTests` checks Package.swift's dependencies, every import of
/// every source file, Package.swift's header and docs/architecture.md's table against it.
///
/// The order says more than "lower": the lean command comes before the layer of devices
/// and windows, so that `cleartouch` can link no device, window or picture library; the
/// replay before both, so that it draws nothing itself.
enum Layers {
    struct Layer {
        /// The name docs/architecture.md and Package.swift's header give the layer.
        let name: String
        /// Its targets, by target name (an executable's, such as `cleartouch-devices`).
        let targets: [String]
    }

    static let all: [Layer] = [
        Layer(
            name: "C shims",
            targets: [
                "CEvdevCodes", "CLibInput", "CLibEvdev", "CYAML", "CCairo", "CGLib", "CSDL2",
                "CSystemd", "AllocationCounter", "UmockdevFixup", "ALSAMessages",
            ]),
        Layer(name: "kernel devices", targets: ["Evdev"]),
        Layer(name: "touch model", targets: ["TouchInput"]),
        Layer(name: "recognizers", targets: ["GestureRecognition"]),
        Layer(name: "Clear core", targets: ["ClearCore"]),
        Layer(name: "Clear's pictures and sounds", targets: ["ClearPictures", "ClearSound"]),
        Layer(
            name: "services",
            targets: ["DescriptorIO", "JSON", "ToolSupport", "YAML", "ListStore", "SDBus"]),
        Layer(
            name: "input sources",
            targets: ["EvdevDecoding", "Recordings", "LibInputBackend", "Umockdev"]),
        Layer(name: "gesture service", targets: ["GestureService", "GestureBus"]),
        Layer(name: "replay", targets: ["Replay", "RegressionSuites", "ReplayPages"]),
        Layer(
            name: "the lean command",
            targets: ["CommandLayer", "CleartouchCommands", "cleartouch", "VersionFromChangelog"]),
        Layer(
            name: "devices and windows",
            targets: [
                "Recorder", "ClearRendering", "KioskApp", "GestureServiceCommand",
                "cleartouch-gestures",
            ]),
        Layer(name: "every command", targets: ["cleartouch-devices", "cleartouch-umockdev"]),
        Layer(
            name: "test support",
            targets: [
                "TestSupport", "TouchScript", "UmockdevScenarios", "RecordingScripts",
                "cleartouch-store-writer", "cleartouch-two-track-presentation",
            ]),
        Layer(
            name: "tests",
            targets: [
                "TouchInputTests", "JSONTests", "YAMLTests", "DescriptorIOTests", "EvdevTests",
                "TouchScriptTests", "GestureRecognitionTests", "GestureServiceTests",
                "ClearCoreTests", "ClearSoundTests", "ListStoreTests", "RecordingsTests",
                "UmockdevTests", "RecordingScriptsTests", "RecorderTests", "ReplayTests",
                "RegressionSuitesTests", "ReplayPagesTests", "ClearRenderingTests",
                "KioskAppTests", "CleartouchTests", "ToolSupportTests", "GestureBusTests",
                "LayeringTests", "LibraryPackageTests", "DocsTests", "PackagingTests",
            ]),
        Layer(
            name: "developer tools",
            targets: [
                "cleartouch-bench", "cleartouch-make-recordings", "cleartouch-make-scenarios",
            ]),
    ]

    /// The last layer of the product: every target up to it lives in Sources/ (or
    /// Plugins/), none after it does.
    static let lastProductLayer = "every command"
}
