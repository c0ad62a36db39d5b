// swift-tools-version:6.0
// A package that uses Zeitkonto as an app or a server would, in Swift 6 language mode (strict
// concurrency checking complete). scripts/swift-test builds and runs it against the sandbox:
//   Quickstart        the README's Swift quickstart, copied from README.md verbatim at test time
//   ZeitkontoConsumer one client shared by tasks, a task group, an actor and a @MainActor model
//   PayrollTests      the test files of the bindings-uniffi README and the guide (XCTest)
import PackageDescription

let package = Package(
    name: "ZeitkontoConsumer",
    platforms: [.macOS(.v12), .iOS(.v15)],
    dependencies: [.package(path: "../swift")],
    targets: [
        .executableTarget(name: "ZeitkontoConsumer", dependencies: [.product(name: "Zeitkonto", package: "swift")]),
        .executableTarget(name: "Quickstart", dependencies: [.product(name: "Zeitkonto", package: "swift")]),
        // The bindings-uniffi README's test file (PayrollTests.swift), copied verbatim at test time.
        .testTarget(name: "PayrollTests", dependencies: [
            .product(name: "Zeitkonto", package: "swift"), .product(name: "ZeitkontoTesting", package: "swift"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
