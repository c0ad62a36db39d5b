// swift-tools-version:6.0
// The Swift package of Zeitkonto. `scripts/build-mobile` fills in the generated parts
// (Sources/Zeitkonto/Zeitkonto.swift, Sources/ZeitkontoFFI/ZeitkontoFFI.h) and the native library
// (lib/), and the test kit's (Sources/ZeitkontoTesting/ZeitkontoTesting.swift,
// Sources/ZeitkontoTestingFFI/ZeitkontoTestingFFI.h, lib/libzeitkonto_testing). Build and test with the library on the linker path:
//   swift test -Xlinker -L$PWD/lib            (Linux: also LD_LIBRARY_PATH=$PWD/lib)
// The XCTest suite needs the sandbox binary: ZEITKONTO_SANDBOX_BIN=<path to zeitkonto-sandbox>.
import PackageDescription

let package = Package(
    name: "Zeitkonto",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "Zeitkonto", targets: ["Zeitkonto"]),
        // The test kit: the sandbox in-process for an app's tests (its own engine library).
        .library(name: "ZeitkontoTesting", targets: ["ZeitkontoTesting"]),
    ],
    targets: [
        // The C interface of libzeitkonto_uniffi (header + module map that links the library).
        .systemLibrary(name: "ZeitkontoFFI", path: "Sources/ZeitkontoFFI"),
        // The generated Swift API (async throws methods, records, ZeitkontoError) and ApiKey.
        .target(name: "Zeitkonto", dependencies: ["ZeitkontoFFI"], path: "Sources/Zeitkonto"),
        .testTarget(name: "ZeitkontoTests", dependencies: ["Zeitkonto"], path: "Tests/ZeitkontoTests"),
        // The C interface of libzeitkonto_testing, the sandbox engine (generated header, our module map).
        .systemLibrary(name: "ZeitkontoTestingFFI", path: "Sources/ZeitkontoTestingFFI"),
        // ZeitkontoSandbox (hand-written) over the generated engine bindings (ZeitkontoTesting.swift).
        .target(name: "ZeitkontoTesting", dependencies: ["Zeitkonto", "ZeitkontoTestingFFI"], path: "Sources/ZeitkontoTesting"),
        .testTarget(name: "ZeitkontoTestingTests", dependencies: ["ZeitkontoTesting"], path: "Tests/ZeitkontoTestingTests"),
    ],
    // Swift 5 language mode for the generated code (Swift 6 mode trips an assertion of Swift 6.0.3;
    // apps in Swift 6 mode use the package as it is: bindings-uniffi/swift-consumer/).
    swiftLanguageModes: [.v5]
)
