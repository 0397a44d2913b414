// swift-tools-version:6.0
// ClearTouch: Clear's gesture-driven to-do list and a touch-gesture toolkit for Linux.
//
// Layers, lowest first (a module only imports modules above it in this list):
//   Shims/*            C libraries from Debian (libinput, libudev, libevdev, libyaml, cairo/pango,
//                      SDL2, the kernel's evdev codes)
//   DescriptorIO       the one write-all loop to a file descriptor (short writes, EINTR)
//   Evdev              evdev codes, the kernel device model, evemu and `libinput record` writers
//   TouchInput         the device-independent touch input model (pure Swift)
//   GestureRecognition recognizers and the arena (pure Swift, no C library)
//   ClearCore          the to-do model, layout, controller, presentation (pure Swift)
//   ClearSound         the sounds, synthesized; the 48 kHz mixer; WAV files (pure Swift)
//   ListStore          the list file (Foundation)
//   JSON               one JSON value with its parser and writer (pure Swift)
//   ToolSupport        what front ends share: the one monotonic clock, the FILE:LINE Diagnostic
//   EvdevDecoding      the evdev stream decoder: kernel events → the touch model (recordings
//                      and the devices read beside libinput)
//   Recordings         trace format, evemu and `libinput record` readers
//   LibInputBackend    live input from real libinput, and devices it ignores read with libevdev
//   TouchScript        one way to script touches (tests, generator, mock devices, benchmarks)
//   Umockdev           umockdev testbeds: device files, barrier scripts, the scripted sessions
//   ClearPictures      what a picture of a replay shows, colours, label placement (no C)
//   Recorder, ClearRendering (Cairo), Replay (no Cairo: ClearPictures), KioskApp
//   CommandLayer       the command line every executable shares (parser, shared options)
//   CleartouchCommands the commands that need no device, window or picture library
//                      (replay, test, inspect, convert, view, themes)
//   GestureServiceCommand  `gestures`' command line and live loop, the live-input options
//   cleartouch         the command, lean: those commands in process, the rest handed to
//   cleartouch-gestures    the live gesture service alone (libinput, sd-bus, libyaml), and
//   cleartouch-devices every command, linking everything (docs/architecture.md)
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
        // The recognizer library carries the touch model its API speaks in: clients
        // import both GestureRecognition and TouchInput.
        .library(name: "GestureRecognition", targets: ["GestureRecognition", "TouchInput"]),
        .library(name: "ClearCore", targets: ["ClearCore"]),
        // LD_PRELOAD companion for umockdev 0.17 (Debian 12), used by the libinput tests.
        .library(name: "UmockdevFixup", type: .dynamic, targets: ["UmockdevFixup"]),
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
        .target(name: "ListStore", dependencies: ["ClearCore", "JSON", "DescriptorIO"]),

        // MARK: input sources and outputs
        // JSON values: one parser and one writer for every JSON file and output.
        .target(name: "JSON"),
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
                "Evdev", "EvdevDecoding", "TouchInput", "CYAML", "ToolSupport", "DescriptorIO",
            ],
            swiftSettings: uncheckedExclusivity),
        .target(
            name: "LibInputBackend",
            dependencies: [
                "TouchInput", "CLibInput", "ToolSupport", "CLibEvdev", "Evdev", "EvdevDecoding",
            ]),
        // One way to script touches: touch frames and evdev streams (tests, the recording
        // generator, the mock devices, the benchmarks).
        .target(name: "TouchScript", dependencies: ["Evdev", "Recordings", "TouchInput"]),
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
                "TouchInput", "GestureRecognition", "Recordings", "ToolSupport", "JSON", "CYAML",
            ]),
        .target(
            name: "GestureBus",
            dependencies: ["GestureService", "CSystemd", "ToolSupport"]),
        .target(
            name: "Replay",
            dependencies: [
                "Recordings", "ClearCore", "GestureRecognition", "TouchInput", "JSON",
                "ClearPictures",
                "ToolSupport", "ListStore", "ClearSound", "GestureService", "CGLib",
            ],
            swiftSettings: uncheckedExclusivity),
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
                "ToolSupport", "CSDL2", "ListStore", "ClearSound", "CSystemd", "GestureBus",
                "DescriptorIO",
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
                "CommandLayer", "Replay", "GestureService", "Recordings", "ClearCore",
                "GestureRecognition", "TouchInput", "JSON", "ToolSupport", "DescriptorIO",
                "ClearSound", "ListStore",
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
                "CommandLayer", "GestureService", "GestureBus", "LibInputBackend", "ToolSupport",
                "TouchInput", "Umockdev",
            ],
            swiftSettings: testHooks),
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
                "Replay", "Recorder", "KioskApp", "ClearRendering", "Recordings",
                "LibInputBackend", "ClearCore", "GestureRecognition", "TouchInput", "JSON",
                "ToolSupport", "Umockdev", "DescriptorIO", "ClearSound",
            ],
            path: "Sources/CleartouchDevices",
            swiftSettings: testHooks),
        // Generates the `cleartouch --version` constant from debian/changelog.
        .plugin(
            name: "VersionFromChangelog", capability: .buildTool(),
            path: "Plugins/VersionFromChangelog"),
        // Writes Recordings/ (tools/make-recordings).
        .executableTarget(
            name: "cleartouch-make-recordings",
            dependencies: ["TouchScript", "Recordings", "TouchInput", "ClearCore"],
            path: "Sources/Tools/RecordingGenerator"),
        .executableTarget(
            name: "cleartouch-bench",
            dependencies: [
                "Replay", "Recordings", "ClearCore", "GestureRecognition", "TouchInput",
                "ClearRendering", "ClearPictures", "LibInputBackend", "Umockdev",
                "AllocationCounter",
                "ListStore",
                "ToolSupport", "Evdev", "TouchScript", "KioskApp", "ClearSound",
                "GestureService", "GestureBus", "CSystemd",
            ],
            path: "Sources/Benchmarks"),
        // The child process of ListStore's SIGKILL test.
        .executableTarget(
            name: "cleartouch-store-writer", dependencies: ["ListStore", "TestSupport"],
            path: "Sources/Tools/StoreWriter"),
        // Prints a two-gesture presentation for ClearCore's hash-order test.
        .executableTarget(
            name: "cleartouch-two-track-presentation",
            dependencies: ["ClearCore", "GestureRecognition", "TouchInput"],
            path: "Sources/Tools/TwoTrackPresentation"),
        // Describes evdev devices and sessions for umockdev-run: `replay --via-libinput`'s
        // testbed and its barrier scripts (product code), and the scripted sessions of the
        // tests and benchmarks.
        .target(
            name: "Umockdev",
            dependencies: ["Evdev", "Recordings", "TouchInput", "TouchScript", "LibInputBackend"]),
        .executableTarget(
            name: "cleartouch-umockdev", dependencies: ["Umockdev", "Recordings"],
            path: "Sources/Tools/Umockdev"),

        // MARK: tests (one test target per module, named after it; Tests/Fixtures holds
        // data several targets read)
        // Paths, command runs, child processes, umockdev runs and fixtures shared by the
        // test targets and test tools.
        .target(
            name: "TestSupport", dependencies: ["ClearCore", "Evdev", "Recordings", "Umockdev"],
            path: "Tests/TestSupport"),
        .testTarget(name: "TouchInputTests", dependencies: ["TouchInput"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
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
            name: "ListStoreTests", dependencies: ["ListStore", "ClearCore", "TestSupport"]),
        .testTarget(
            name: "RecordingsTests",
            dependencies: ["Recordings", "EvdevDecoding", "Evdev", "TouchInput", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "UmockdevTests", dependencies: ["Umockdev", "Evdev", "TestSupport"]),
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
                "TouchInput",
                "TestSupport",
                "GestureRecognition",
            ]),
        .testTarget(
            name: "ClearRenderingTests",
            dependencies: ["ClearRendering", "ClearPictures", "ClearCore", "TestSupport"]),
        // The kiosk app's window under Xvfb and its live input under umockdev.
        .testTarget(
            name: "KioskAppTests",
            dependencies: ["KioskApp", "ClearRendering", "ClearPictures", "TestSupport"]),
        // The command layer and every subcommand, run as the built executable.
        .testTarget(
            name: "CleartouchTests",
            dependencies: [
                "cleartouch", "cleartouch-devices", "cleartouch-gestures", "CleartouchCommands",
                "Replay", "Recordings", "TouchInput", "Umockdev", "TestSupport", "GestureService",
                "GestureServiceCommand", "CommandLayer",
                "TouchScript", "Evdev", "JSON", "ToolSupport", "ListStore",
            ]),
        .testTarget(name: "ToolSupportTests", dependencies: ["ToolSupport", "TestSupport"]),
        // The gesture service's D-Bus side through a real dbus-daemon and real clients.
        .testTarget(
            name: "GestureBusTests",
            dependencies: ["GestureBus", "GestureService", "TestSupport", "TouchInput"]),
        // Builds the README's client package against a clone of this one.
        .testTarget(name: "LibraryPackageTests", dependencies: ["TestSupport"]),
        // make deb, make install, the man page and completion, dpkg -i/-r, lintian.
        .testTarget(name: "PackagingTests", dependencies: ["TestSupport"]),
    ]
)
