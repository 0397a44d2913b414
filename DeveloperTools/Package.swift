// swift-tools-version:6.0
// ClearTouch's developer tools: the benchmarks and the generators. A package of its own
// beside the product, as swift-collections keeps its Benchmarks package: neither the
// product (`cleartouch`, `cleartouch-devices`) nor the suite's build (`swift build
// --build-tests`, what `make test` builds) compiles them. Built by `make bench`,
// tools/make-recordings and by hand (`swift build --package-path DeveloperTools`); they use
// the product's modules through ClearTouch's `For…` libraries, one per tool
// (docs/architecture.md, "Three packages of code").
import PackageDescription

let package = Package(
    name: "ClearTouchDeveloperTools",
    products: [
        .executable(name: "cleartouch-bench", targets: ["cleartouch-bench"]),
        .executable(name: "cleartouch-make-recordings", targets: ["cleartouch-make-recordings"]),
        .executable(name: "cleartouch-umockdev", targets: ["cleartouch-umockdev"]),
    ],
    dependencies: [.package(name: "ClearTouch", path: "..")],
    targets: [
        // The benchmarks (docs/performance.md): `make bench` builds them with `cleartouch`,
        // `cleartouch-devices` and libUmockdevFixup.so beside them in this package's
        // release folder, as the benchmarks run those.
        .executableTarget(
            name: "cleartouch-bench",
            dependencies: [
                .product(name: "ForBenchmarks", package: "ClearTouch"),
                .product(name: "CSystemd", package: "ClearTouch"),
            ],
            path: "Sources/Benchmarks"),
        // Writes Recordings/ from their scripts (tools/make-recordings).
        .executableTarget(
            name: "cleartouch-make-recordings",
            dependencies: [.product(name: "ForRecordingGenerator", package: "ClearTouch")],
            path: "Sources/RecordingGenerator"),
        // Describes evdev devices and sessions for umockdev-run: the fixtures of
        // Tests/Fixtures/umockdev and testbeds by hand (docs/libinput-backend.md).
        .executableTarget(
            name: "cleartouch-umockdev",
            dependencies: [.product(name: "ForUmockdevTool", package: "ClearTouch")],
            path: "Sources/UmockdevTool"),
    ]
)
