// swift-tools-version:6.0
// The release form of the Swift package: the native library comes as an XCFramework attached to
// the GitHub release (built by scripts/build-xcframework in .github/workflows/release-swift.yml),
// so an app adds this package by URL and needs no Rust toolchain. The release workflow replaces
// VERSION and CHECKSUM (`swift package compute-checksum`) and publishes it as Package.swift of the
// release tag. The generated Swift is kept in Swift 5 language mode until uniffi's fix for async
// callback interfaces under Swift 6 (uniffi-rs #2929) is released.
import PackageDescription

let package = Package(
    name: "Zeitkonto",
    platforms: [.macOS(.v12), .iOS(.v15)],
    products: [
        .library(name: "Zeitkonto", targets: ["Zeitkonto"]),
        .library(name: "ZeitkontoTesting", targets: ["ZeitkontoTesting"]),
    ],
    targets: [
        .binaryTarget(
            name: "ZeitkontoFFI",
            url: "https://github.com/zeitkonto/zeitkonto/releases/download/VERSION/ZeitkontoFFI.xcframework.zip",
            checksum: "CHECKSUM"
        ),
        .target(name: "Zeitkonto", dependencies: ["ZeitkontoFFI"], path: "Sources/Zeitkonto"),
        // The test kit's engine (scripts/build-xcframework testing); CHECKSUM_TESTING likewise replaced.
        .binaryTarget(
            name: "ZeitkontoTestingFFI",
            url: "https://github.com/zeitkonto/zeitkonto/releases/download/VERSION/ZeitkontoTestingFFI.xcframework.zip",
            checksum: "CHECKSUM_TESTING"
        ),
        .target(name: "ZeitkontoTesting", dependencies: ["Zeitkonto", "ZeitkontoTestingFFI"], path: "Sources/ZeitkontoTesting"),
    ],
    // Swift 5 language mode for the generated code (Swift 6 mode trips an assertion of Swift 6.0.3;
    // apps in Swift 6 mode use the package as it is: bindings-uniffi/swift-consumer/).
    swiftLanguageModes: [.v5]
)
