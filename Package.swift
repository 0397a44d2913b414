// swift-tools-version:6.0
// ClearTouch: Clear's gesture-driven to-do list and a touch-gesture toolkit for Linux.
//
// Layers, lowest first: a target depends on and imports only targets of its own layer or
// of the layers before it. The table is data in Tests/LayeringTests/Layers.swift;
// LayeringTests checks this list, docs/architecture.md's table (which says what each
// holds) and the real graph against it. Sources/ is the product, Tests/ the tests and what
// only they use, DeveloperTools/ (a package of its own) the benchmarks and generators.
//    1 C shims: CEvdevCodes, CLibInput, CLibEvdev, CYAML, CCairo, CGLib, CSDL2, CSystemd,
//               AllocationCounter, UmockdevFixup, ALSAMessages
//    2 kernel devices: Evdev
//    3 touch model: TouchInput
//    4 recognizers: GestureRecognition
//    5 Clear core: ClearCore
//    6 Clear's pictures and sounds: ClearPictures, ClearSound
//    7 services: DescriptorIO, JSON, ToolSupport, YAML, ListStore, SDBus
//    8 input sources: EvdevDecoding, Recordings, LibInputBackend, Umockdev
//    9 gesture service: GestureService, GestureBus
//   10 replay: Replay, RegressionSuites, ReplayPages
//   11 the lean command: CommandLayer, CleartouchCommands, cleartouch, VersionFromChangelog
//   12 devices and windows: Recorder, ClearRendering, KioskApp, GestureServiceCommand,
//                           cleartouch-gestures
//   13 every command: cleartouch-devices, cleartouch-umockdev
//   14 test support: TestSupport, TouchScript, UmockdevScenarios, RecordingScripts,
//                    cleartouch-store-writer, cleartouch-two-track-presentation
//   15 tests: TouchInputTests, JSONTests, YAMLTests, DescriptorIOTests, EvdevTests,
//             TouchScriptTests, GestureRecognitionTests, GestureServiceTests, ClearCoreTests,
//             ClearSoundTests, ListStoreTests, RecordingsTests, UmockdevTests,
//             RecordingScriptsTests, RecorderTests, ReplayTests, RegressionSuitesTests,
//             ReplayPagesTests, ClearRenderingTests, KioskAppTests, CleartouchTests,
//             ToolSupportTests, GestureBusTests, LayeringTests, LibraryPackageTests, DocsTests,
//             PackagingTests
//   16 developer tools: cleartouch-bench, cleartouch-make-recordings, cleartouch-make-scenarios
import PackageDescription

// Test hooks (docs/libinput-backend.md, "Test hooks"): the commands' `--umockdev-barrier`
// and `debug-gestures --unplug-after-events` exist only in builds for tests, as
// swift-system's ENABLE_MOCKING: debug builds (what `swift test` and `make test` build),
// or any build with CLEARTOUCH_TEST_HOOKS=1 in the environment. Release builds (`make
// release`, `make static`, the Debian package) have none of them.
let testHooks: [SwiftSetting] =
    Context.environment["CLEARTOUCH_TEST_HOOKS"] == "1"
    ? [.define("CLEARTOUCH_TEST_HOOKS")]
    : [.define("CLEARTOUCH_TEST_HOOKS", .when(configuration: .debug))]

// `@exclusivity(unchecked)` applies only where CLEARTOUCH_UNCHECKED_EXCLUSIVITY is defined:
// release builds, where each one is worth the figure its comment gives. Debug builds, and
// so every test run, check every access at run time (the attribute would win over
// `-enforce-exclusivity=checked`); so does a release build made with
// CLEARTOUCH_CHECK_EXCLUSIVITY=1 in the environment (the figures without).
let uncheckedExclusivity: [SwiftSetting] =
    Context.environment["CLEARTOUCH_CHECK_EXCLUSIVITY"] == "1"
    ? [] : [.define("CLEARTOUCH_UNCHECKED_EXCLUSIVITY", .when(configuration: .release))]

let package = Package(
    name: "ClearTouch",
    products: [
        .executable(name: "cleartouch", targets: ["cleartouch"]),
        .executable(name: "cleartouch-devices", targets: ["cleartouch-devices"]),
        .executable(name: "cleartouch-gestures", targets: ["cleartouch-gestures"]),
        // Emulated touch devices for trying the two above without hardware
        // (docs/emulated-devices.md); built with them by `make release`, not packaged.
        .executable(name: "cleartouch-umockdev", targets: ["cleartouch-umockdev"]),
        // The recognizer library carries the touch model its API speaks in: clients
        // import both GestureRecognition and TouchInput.
        .library(name: "GestureRecognition", targets: ["GestureRecognition", "TouchInput"]),
        .library(name: "ClearCore", targets: ["ClearCore"]),
        // LD_PRELOAD companion for umockdev 0.17 (Debian 12), used by the libinput tests.
        .library(name: "UmockdevFixup", type: .dynamic, targets: ["UmockdevFixup"]),
        // Not an API: what DeveloperTools/ (the benchmarks and the generators, a package of
        // its own so that neither the product nor `make test` builds them) is built on, one
        // product per tool.
        .library(
            name: "ForBenchmarks",
            targets: [
                "AllocationCounter", "ClearCore", "ClearPictures", "ClearRendering", "ClearSound",
                "Evdev", "GestureBus", "GestureRecognition", "GestureService",
                "KioskApp",
                "LibInputBackend", "ListStore", "Recordings", "RegressionSuites", "Replay",
                "SDBus", "ToolSupport", "TouchInput", "TouchScript", "Umockdev",
                "UmockdevScenarios",
            ]),
        // (A system library is a product alone: the benchmarks' own D-Bus client.)
        .library(name: "CSystemd", targets: ["CSystemd"]),
        .library(name: "ForRecordingGenerator", targets: ["RecordingScripts"]),
        .library(
            name: "ForScenarioWriter", targets: ["Recordings", "Umockdev", "UmockdevScenarios"]),
    ],
    targets: [
        // MARK: C shims
        .systemLibrary(
            name: "CLibInput", path: "Sources/Shims/CLibInput", pkgConfig: "libinput",
            providers: [.apt(["libinput-dev", "libudev-dev"])]),
        .systemLibrary(
            name: "CYAML", path: "Sources/Shims/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CCairo", path: "Sources/Shims/CCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        // GLib's SHA-256 and Base64 (the pages' script hashes); linked already under Pango.
        .systemLibrary(
            name: "CGLib", path: "Sources/Shims/CGLib", pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(
            name: "CSDL2", path: "Sources/Shims/CSDL2", pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev"])]),
        // sd-bus (the gesture service's D-Bus) and sd_notify (the kiosk's watchdog).
        .systemLibrary(
            name: "CSystemd", path: "Sources/Shims/CSystemd", pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]),
        // Devices libinput ignores, read directly (SYN_DROPPED resync included).
        .systemLibrary(
            name: "CLibEvdev", path: "Sources/Shims/CLibEvdev", pkgConfig: "libevdev",
            providers: [.apt(["libevdev-dev"])]),
        // linux-libc-dev has no pkg-config file: the header is on the default include path.
        .systemLibrary(
            name: "CEvdevCodes", path: "Sources/Shims/CEvdevCodes",
            providers: [.apt(["linux-libc-dev"])]),
        .target(name: "UmockdevFixup", path: "Sources/Shims/UmockdevFixup"),
        // ALSA's own error messages, kept for the app's one line about sound (a variadic C
        // handler; libasound loaded with dlopen, as SDL loads it).
        .target(name: "ALSAMessages", path: "Sources/Shims/ALSAMessages"),
        // Counts heap allocations (interposes malloc); linked only into cleartouch-bench and
        // the core's tests (FrameAllocationTests), never into the app.
        .target(name: "AllocationCounter", path: "Sources/Shims/AllocationCounter"),

        // The kernel's evdev codes, evemu and `libinput record` files (below TouchInput).
        .target(name: "Evdev", dependencies: ["CEvdevCodes"]),

        // MARK: pure Swift layers
        .target(name: "TouchInput"),
        // libm: `squareRoot()` becomes a call to sqrt in debug builds.
        .target(
            name: "GestureRecognition", dependencies: ["TouchInput"],
            swiftSettings: uncheckedExclusivity, linkerSettings: [.linkedLibrary("m")]),
        .target(
            name: "ClearCore", dependencies: ["GestureRecognition", "TouchInput"],
            swiftSettings: uncheckedExclusivity),
        // The sounds of the actions: synthesis, the mixer, WAV (no Foundation, no C).
        .target(name: "ClearSound", dependencies: ["ClearCore"]),
        // The list file (Foundation: file I/O, JSON, the wall clock it is given).
        .target(
            name: "ListStore", dependencies: ["ClearCore", "TouchInput", "JSON", "DescriptorIO"]),

        // MARK: input sources and outputs
        // JSON values: one parser and one writer for every JSON file and output.
        .target(name: "JSON"),
        // YAML through libyaml: the event stream (the `libinput record` reader's) and a small
        // document tree (its header, the gesture service's configuration), FILE:LINE errors.
        .target(
            name: "YAML", dependencies: ["CYAML", "DescriptorIO", "ToolSupport", "TouchInput"]),
        // The one write-all loop (short writes, EINTR) for every file and stream written.
        .target(name: "DescriptorIO"),
        // What the front ends share: the one monotonic clock, the FILE:LINE diagnostic.
        .target(name: "ToolSupport", dependencies: ["TouchInput", "DescriptorIO"]),
        // Kernel events → the touch model, the way libinput does it: for the readers and for
        // the devices read beside libinput.
        .target(
            name: "EvdevDecoding", dependencies: ["Evdev", "TouchInput"],
            swiftSettings: uncheckedExclusivity),
        .target(
            name: "Recordings",
            dependencies: [
                "Evdev", "EvdevDecoding", "TouchInput", "CYAML", "YAML", "ToolSupport",
                "DescriptorIO",
            ],
            swiftSettings: uncheckedExclusivity),
        .target(
            name: "LibInputBackend",
            dependencies: [
                "TouchInput", "CLibInput", "ToolSupport", "CLibEvdev", "Evdev", "EvdevDecoding",
            ],
            swiftSettings: uncheckedExclusivity),
        .target(
            name: "Recorder",
            dependencies: [
                "LibInputBackend", "Recordings", "TouchInput", "Umockdev", "Evdev", "ToolSupport",
            ]),
        // The gesture service (`cleartouch gestures`): its configuration, bindings and
        // reports (docs/gesture-service.md); the D-Bus side is GestureBus.
        .target(
            name: "GestureService",
            dependencies: [
                "TouchInput", "GestureRecognition", "YAML", "ToolSupport", "JSON",
            ]),
        // sd-bus, typed: a connection and its poll descriptor, method calls, values,
        // signals, object vtables, errors, peer addresses (nothing of what is said on it).
        .target(name: "SDBus", dependencies: ["CSystemd"]),
        // The gesture service on D-Bus: Gestures1 and the Touchégg protocol.
        .target(
            name: "GestureBus",
            dependencies: ["GestureService", "SDBus", "ToolSupport"]),
        // The replay engine: a recording (or events) through the session, the read-ahead,
        // the result and its JSON, timeline, sound and picture; the gesture service's replay.
        .target(
            name: "Replay",
            dependencies: [
                "Recordings", "ClearCore", "GestureRecognition", "TouchInput", "JSON",
                "ClearPictures", "ToolSupport", "ListStore", "ClearSound", "GestureService",
                "DescriptorIO",
            ],
            swiftSettings: uncheckedExclusivity),
        // Expectations and their differences, the suite runner (`cleartouch test`), shards,
        // margins, sweeps, JUnit.
        .target(
            name: "RegressionSuites",
            dependencies: [
                "Replay", "ClearCore", "GestureRecognition", "TouchInput", "JSON", "ToolSupport",
                "GestureService", "DescriptorIO",
            ]),
        // The HTML pages: the trace viewer (`cleartouch view`), failure pages, the sweep's
        // page; the only module of the lean command with GLib (the pages' script hashes).
        .target(
            name: "ReplayPages",
            dependencies: [
                "Replay", "RegressionSuites", "ClearCore", "ClearPictures", "GestureRecognition",
                "GestureService", "TouchInput", "JSON", "ToolSupport", "CGLib",
            ]),
        // What the SVG picture of a replay and the `cleartouch view` page show, without
        // Cairo: Replay (and so the lean `cleartouch`) draws nothing itself.
        .target(
            name: "ClearPictures", dependencies: ["ClearCore", "GestureRecognition", "TouchInput"]),
        .target(
            name: "ClearRendering",
            dependencies: [
                "ClearCore", "ClearPictures", "GestureRecognition", "TouchInput", "JSON", "CCairo",
            ],
            // Cairo's pkg-config flags do not bring libm, which Double.rounded() needs.
            linkerSettings: [.linkedLibrary("m")]),
        .target(
            name: "KioskApp",
            dependencies: [
                "ClearRendering", "ClearPictures", "ClearCore", "LibInputBackend", "Recordings",
                "TouchInput",
                "ToolSupport", "CSDL2", "ListStore", "ClearSound", "CSystemd", "SDBus",
                "DescriptorIO", "ALSAMessages",
            ],
            swiftSettings: testHooks),

        // MARK: executables
        // The command line every executable shares: one option parser, the shared options,
        // the usage error, the command catalog and the hand-over to the other executables
        // (no Replay, no Foundation: the gesture service links it).
        .target(
            name: "CommandLayer",
            dependencies: ["Recordings", "TouchInput", "ToolSupport", "DescriptorIO"]),
        // The command line and the lean commands (they link no Cairo, Pango, SDL, libinput,
        // udev, libevdev or libsystemd); DeviceLibraries is what they take from the rest.
        .target(
            name: "CleartouchCommands",
            dependencies: [
                "CommandLayer", "Replay", "RegressionSuites", "ReplayPages", "GestureService",
                "Recordings", "ClearCore", "GestureRecognition", "TouchInput", "JSON",
                "ToolSupport", "DescriptorIO", "ClearSound", "ListStore",
            ],
            // `ClearTouchVersion.current`, from debian/changelog.
            plugins: ["VersionFromChangelog"]),
        // What a user runs: the lean commands in process; the others, and options that need
        // a device, window or picture library, handed to cleartouch-devices (execv).
        .executableTarget(name: "cleartouch", dependencies: ["CleartouchCommands"]),
        // `cleartouch gestures`' command line, the live service's loop and the live-input
        // options every live command shares; a replay is the executable's (GestureReplays).
        .target(
            name: "GestureServiceCommand",
            dependencies: [
                "CommandLayer", "GestureService", "GestureBus", "SDBus", "LibInputBackend",
                "ToolSupport", "TouchInput", "Umockdev",
            ],
            swiftSettings: testHooks + uncheckedExclusivity),
        // The live gesture service alone, handed `gestures` by the front: libinput, libudev,
        // libevdev, libsystemd and libyaml, no SDL, Cairo, Pango or Foundation; installed
        // in /usr/libexec/cleartouch (docs/architecture.md, "Three executables").
        .executableTarget(
            name: "cleartouch-gestures", dependencies: ["GestureServiceCommand", "CommandLayer"],
            path: "Sources/CleartouchGestures"),
        // Every command, linking everything; installed in /usr/libexec/cleartouch.
        .executableTarget(
            name: "cleartouch-devices",
            dependencies: [
                "CleartouchCommands", "GestureService", "GestureBus", "GestureServiceCommand",
                "SDBus", "Replay", "RegressionSuites", "Recorder", "KioskApp", "ClearRendering",
                "Recordings",
                "LibInputBackend", "ClearCore", "GestureRecognition", "TouchInput", "JSON",
                "ToolSupport", "Umockdev", "DescriptorIO", "ClearSound",
            ],
            path: "Sources/CleartouchDevices",
            swiftSettings: testHooks),
        // `run`: a program on emulated devices (any build, no test hook), and the testbed
        // files for umockdev-run by hand (docs/emulated-devices.md).
        .executableTarget(
            name: "cleartouch-umockdev",
            dependencies: ["Recorder", "Recordings", "Umockdev", "ToolSupport"],
            path: "Sources/CleartouchUmockdev"),
        // Generates the `cleartouch --version` constant from debian/changelog.
        .plugin(
            name: "VersionFromChangelog", capability: .buildTool(),
            path: "Plugins/VersionFromChangelog"),
        // Describes evdev devices for umockdev-run: `replay --via-libinput`'s testbed and
        // its barrier scripts (the tests' scripted sessions are UmockdevScenarios).
        .target(
            name: "Umockdev",
            dependencies: ["Evdev", "Recordings", "TouchInput", "LibInputBackend"]),

        // MARK: tests (one test target per module, named after it; Tests/Fixtures holds
        // data several targets read). What only tests and DeveloperTools/ use lives in
        // Tests/ too: no target in Sources/ depends on one of these.
        // One way to script touches: touch frames and evdev streams (tests, the recording
        // scripts, the mock devices, the benchmarks).
        .target(
            name: "TouchScript", dependencies: ["Evdev", "Recordings", "TouchInput"],
            path: "Tests/TouchScript"),
        // The scripted sessions umockdev plays to the libinput tests and the benchmarks.
        .target(
            name: "UmockdevScenarios", dependencies: ["Evdev", "TouchInput", "TouchScript"],
            path: "Tests/UmockdevScenarios"),
        // The scripts of the bundled recordings (Recordings/): RecordingScriptsTests checks
        // the files against them; DeveloperTools' cleartouch-make-recordings writes them.
        .target(
            name: "RecordingScripts",
            dependencies: ["TouchScript", "Recordings", "TouchInput", "ClearCore"],
            path: "Tests/RecordingScripts"),
        // The child process of ListStore's SIGKILL test.
        .executableTarget(
            name: "cleartouch-store-writer", dependencies: ["ListStore", "TestSupport"],
            path: "Tests/Tools/StoreWriter"),
        // Prints a two-gesture presentation for ClearCore's hash-order test.
        .executableTarget(
            name: "cleartouch-two-track-presentation",
            dependencies: ["ClearCore", "GestureRecognition", "TouchInput"],
            path: "Tests/Tools/TwoTrackPresentation"),
        // Paths, command runs, child processes, umockdev runs and fixtures shared by the
        // test targets and test tools.
        .target(
            name: "TestSupport",
            dependencies: [
                "ClearCore", "ClearPictures", "Evdev", "Recordings", "TouchInput", "Umockdev",
                "UmockdevScenarios",
            ],
            path: "Tests/TestSupport"),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(
            name: "YAMLTests", dependencies: ["YAML", "CYAML", "ToolSupport", "TestSupport"]),
        .testTarget(name: "DescriptorIOTests", dependencies: ["DescriptorIO"]),
        .testTarget(name: "EvdevTests", dependencies: ["Evdev"]),
        .testTarget(
            name: "TouchScriptTests",
            dependencies: ["TouchScript", "Recordings", "Evdev", "TouchInput"]),
        .testTarget(
            name: "GestureRecognitionTests",
            dependencies: ["GestureRecognition", "TouchInput", "TouchScript"]),
        .testTarget(
            name: "GestureServiceTests",
            dependencies: ["GestureService", "GestureRecognition", "TouchInput", "ToolSupport"]),
        .testTarget(
            name: "ClearCoreTests",
            dependencies: [
                "ClearCore", "GestureRecognition", "TouchInput", "TouchScript", "TestSupport",
                "AllocationCounter",
            ]),
        .testTarget(
            name: "ClearSoundTests", dependencies: ["ClearSound", "ClearCore", "TouchInput"]),
        .testTarget(
            name: "ListStoreTests",
            dependencies: [
                "ListStore", "ClearCore", "GestureRecognition", "TouchInput", "TestSupport",
            ]),
        .testTarget(
            name: "RecordingsTests",
            dependencies: ["Recordings", "EvdevDecoding", "Evdev", "TouchInput", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "UmockdevTests",
            dependencies: ["Umockdev", "UmockdevScenarios", "Evdev", "Recordings", "TestSupport"]),
        .testTarget(
            name: "RecordingScriptsTests", dependencies: ["RecordingScripts", "TestSupport"]),
        // The live recorder and the via-libinput replay, through the real libinput under
        // umockdev.
        .testTarget(
            name: "RecorderTests",
            dependencies: [
                "Recorder", "Recordings", "TouchInput", "GestureRecognition", "ClearCore",
                "Umockdev", "TestSupport", "Evdev", "LibInputBackend",
            ]),
        .testTarget(
            name: "ReplayTests",
            dependencies: [
                "Replay", "Recordings", "ClearCore", "ClearRendering", "ClearPictures",
                "ClearSound", "TouchInput", "TestSupport", "GestureRecognition", "GestureService",
            ]),
        .testTarget(
            name: "RegressionSuitesTests",
            dependencies: [
                "RegressionSuites", "Replay", "Recordings", "ClearCore", "ClearRendering",
                "TouchInput", "TestSupport", "GestureRecognition",
            ]),
        .testTarget(
            name: "ReplayPagesTests",
            dependencies: [
                "ReplayPages", "RegressionSuites", "Replay", "ClearCore", "ClearRendering",
                "ClearPictures", "JSON", "ToolSupport", "TestSupport",
            ]),
        .testTarget(
            name: "ClearRenderingTests",
            dependencies: [
                "ClearRendering", "ClearPictures", "ClearCore", "GestureRecognition", "TouchInput",
                "TestSupport",
            ]),
        // The kiosk app's window under Xvfb and its live input under umockdev.
        .testTarget(
            name: "KioskAppTests",
            dependencies: [
                "KioskApp", "ClearRendering", "ClearPictures", "ClearCore", "TouchInput", "CSDL2",
                "TestSupport",
            ]),
        // The command layer and every subcommand, run as the built executable.
        .testTarget(
            name: "CleartouchTests",
            dependencies: [
                "cleartouch", "cleartouch-devices", "cleartouch-gestures", "CleartouchCommands",
                "Replay", "RegressionSuites", "Recordings", "TouchInput", "Umockdev", "TestSupport",
                "SDBus", "GestureServiceCommand", "CommandLayer", "TouchScript", "Evdev", "JSON",
                "ToolSupport", "ListStore", "ClearCore", "KioskApp", "DescriptorIO", "GestureBus",
                "GestureService",
            ]),
        .testTarget(
            name: "ToolSupportTests", dependencies: ["ToolSupport", "DescriptorIO", "TestSupport"]),
        // The layering (Tests/LayeringTests/Layers.swift) against the manifests and imports.
        .testTarget(name: "LayeringTests", dependencies: ["TestSupport"]),
        // The gesture service's D-Bus side through a real dbus-daemon and real clients.
        .testTarget(
            name: "GestureBusTests",
            dependencies: ["GestureBus", "SDBus", "GestureService", "TestSupport", "TouchInput"]),
        // Builds the README's client package against a clone of this one.
        .testTarget(name: "LibraryPackageTests", dependencies: ["TestSupport"]),
        // Every block and command of README.md and docs/ run as written (docs/docs-tests.md).
        .testTarget(
            name: "DocsTests",
            dependencies: [
                "TestSupport", "JSON", "YAML", "GestureService", "RegressionSuites", "Replay",
                "ToolSupport",
            ]),
        // make deb, make install, the man page and completion, dpkg -i/-r, lintian.
        .testTarget(name: "PackagingTests", dependencies: ["TestSupport"]),
    ]
)
