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
        .executable(name: "cleartouch-make-scenarios", targets: ["cleartouch-make-scenarios"]),
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
        // Writes the synthetic sessions umockdev plays to the tests (the evemu fixtures of
        // Tests/Fixtures/umockdev; docs/libinput-backend.md). The product's
        // cleartouch-umockdev turns them into testbeds.
        .executableTarget(
            name: "cleartouch-make-scenarios",
            dependencies: [.product(name: "ForScenarioWriter", package: "ClearTouch")],
            path: "Sources/ScenarioWriter"),
    ]
)
