// swift-tools-version: 6.0
// Dependencies are chosen for build time on a 2-core CI machine: SwiftNIO's HTTP/1 codec serves both servers and
// the client (no BoringSSL: Frankly is plain HTTP), swift-argument-parser the CLI. Lua, libedit and cairo come
// from Debian as system libraries.
import PackageDescription

let nio: [Target.Dependency] = [
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
    .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
]

let package = Package(
    name: "fscript",
    products: [
        .executable(name: "fscript", targets: ["fscript"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .target(name: "LuaShim", dependencies: ["CLua"]),
        .target(name: "LuaKit", dependencies: ["CLua", "LuaShim"]),
        .target(name: "JSON"),
        .target(name: "HTTPCore", dependencies: nio),
        .target(name: "Frankly", dependencies: ["JSON", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")]),
        .target(name: "Wireframe", dependencies: ["JSON", "Frankly", "CCairo"]),
        .target(
            name: "Simulator",
            dependencies: ["JSON", "Frankly", "LuaKit", "HTTPCore", "Wireframe"] + nio,
            resources: [.embedInCode("Resources/demo.lua")]
        ),
        .testTarget(name: "SimulatorTests", dependencies: ["Simulator", "JSON", "Frankly", "HTTPCore"]),
        .target(
            name: "MockServer", dependencies: ["JSON", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .target(
            name: "FScript",
            dependencies: [
                "CLua", "LuaShim", "LuaKit", "JSON", "Frankly", "Simulator", "MockServer", "Wireframe", "CEdit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "fscript", dependencies: ["FScript"]),
        .testTarget(
            name: "MockServerTests",
            dependencies: ["MockServer", "JSON", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .testTarget(
            name: "HTTPCoreTests",
            dependencies: ["HTTPCore", .product(name: "NIOPosix", package: "swift-nio")]
        ),
        .testTarget(
            name: "FranklyTests",
            dependencies: ["Frankly", "JSON", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "LuaShim", "CLua"]),
        // Depending on the executable makes `swift test` build the binary the end-to-end tests run.
        .testTarget(name: "FScriptTests", dependencies: ["FScript", "fscript", "HTTPCore"], exclude: ["fixtures"]),
    ]
)
