// swift-tools-version: 6.0
// Dependencies are chosen for build time on a 2-core CI machine: SwiftNIO's HTTP/1 codec serves both servers and
// the client (no BoringSSL: Frankly is plain HTTP), swift-argument-parser the CLI. Lua, libedit and cairo come
// from Debian as system libraries; libedit and cairo are opened at run time, by the REPL and the first screenshot.
import PackageDescription

let nio: [Target.Dependency] = [
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
    .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
]

/// Where Debian's libxml2-dev puts its headers (`pkg-config --cflags libxml-2.0`), for the targets that see CXML2:
/// MockServer imports it `internal`, so only its own tests (`@testable`) need the path too.
let libxml2Headers: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]

let package = Package(
    name: "fscript",
    products: [
        .executable(name: "fscript", targets: ["fscript"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // The mock's GraphQL body matcher parses queries with GraphQLSwift's parser (WireMock's extension uses
        // graphql-java's); about 85 s more on a clean debug build of the two shared cores.
        .package(url: "https://github.com/GraphQLSwift/GraphQL.git", from: "4.0.0"),
        // The mock's HTTPS (`--https-port`, browser proxying's interception): TLS through swift-nio-ssl, and its
        // certificates and proxy CA made at start through swift-certificates (swift-crypto, swift-asn1). BoringSSL
        // twice (nio-ssl's and swift-crypto's): 312 s of CPU more on a clean debug build, about 160 s on two idle cores.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
    ],
    targets: [
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        // The mock's XML matchers: libxml2 rather than FoundationXML, whose XPath cannot bind namespace prefixes.
        // Headers only (no pkg-config, which would link it): the library is opened on first use, see shim.h.
        .systemLibrary(name: "CXML2", providers: [.apt(["libxml2-dev"])]),
        // The one opening of libxml2 in the process, shared by the mock's XML matchers and Appium's page sources.
        .target(name: "LibXML2", dependencies: ["CXML2"], swiftSettings: libxml2Headers),
        .target(name: "LuaShim", dependencies: ["CLua"]),
        // Lua's string.find/match/gmatch/gsub rewritten to poll the interrupt check: lstrlib's run in C for as
        // long as a pattern backtracks, where no hook can stop them. C, as lstrlib is: see pattern_lib.c.
        .target(name: "LuaPatterns", dependencies: ["CLua", "LuaShim"]),
        // Headers at build time (libcairo2-dev, libedit-dev); the libraries only when a PNG is drawn or the REPL
        // starts: see CCairo.c and CEdit.c.
        .target(name: "CCairo"),
        .target(name: "CEdit"),
        // Thread CPU affinity (Platform's `ThreadAffinity`): glibc's calls and macros behind _GNU_SOURCE.
        .target(name: "CAffinity"),
        .target(name: "LuaKit", dependencies: ["CLua", "LuaShim", "LuaPatterns", "Platform"]),
        .target(name: "JSON", dependencies: ["Platform"]),
        .target(name: "LuaJSON", dependencies: ["JSON", "LuaKit", "Platform"]),
        // What is not HTTP: interruption, checked numbers, child processes, thread affinity. Below everything, and
        // without NIO.
        .target(name: "Platform", dependencies: ["CAffinity"]),
        .target(
            name: "HTTPCore",
            dependencies: [
                "Platform", .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"), .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ] + nio),
        .target(name: "Frankly", dependencies: ["JSON", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")]),
        .target(name: "Wireframe", dependencies: ["JSON", "Frankly", "CCairo"]),
        .target(
            name: "Simulator",
            dependencies: ["JSON", "Frankly", "LuaKit", "LuaJSON", "HTTPCore", "Platform", "Wireframe"] + nio,
            resources: [.embedInCode("Resources/demo.lua")]
        ),
        .testTarget(
            name: "SimulatorTests",
            dependencies: ["Simulator", "JSON", "Frankly", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .target(
            name: "MockServer",
            dependencies: [
                "JSON", "HTTPCore", "Platform", "CXML2", "LibXML2", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "GraphQL", package: "GraphQL"),
            ],
            swiftSettings: libxml2Headers
        ),
        // The inspector's page is static files embedded in the binary: nothing is fetched from outside.
        .target(
            name: "Inspector", dependencies: ["JSON", "Frankly", "HTTPCore", "Platform", "Wireframe"] + nio,
            resources: [
                .embedInCode("Resources/index.html"), .embedInCode("Resources/inspector.js"),
                .embedInCode("Resources/inspector.css"),
            ]
        ),
        .target(
            name: "FScript",
            dependencies: [
                "LuaKit", "JSON", "LuaJSON", "Frankly", "Simulator", "MockServer", "Wireframe", "CEdit", "Inspector",
                "WebTarget",
                "HTTPCore", "Platform",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "fscript",
            dependencies: ["FScript"],
            exclude: ["Linker"],
            // A position-dependent executable: as a PIE, the dynamic loader applies ~88,000 relative relocations
            // (Swift metadata is full of pointers) and copies the pages they touch, a third of `fscript -e ''`.
            // No dynamic exports: the static stdlib asks for -export-dynamic, which puts ~11,000 of our symbols in
            // front of every symbol lookup the loader does; nothing loaded later links against fscript.
            // And libstdc++ linked statically, through the linker script in Sources/fscript/Linker (see there);
            // debug builds link the shared Swift runtime, which brings its own libstdc++, and are unaffected.
            linkerSettings: [
                .unsafeFlags([
                    "-Xclang-linker", "-no-pie", "-Xlinker", "--no-export-dynamic",
                    "-L", Context.packageDirectory + "/Sources/fscript/Linker",
                ])
            ]
        ),
        // The web target: a Frankly server in front of a page driven over W3C WebDriver (chromedriver, a Grid,
        // Appium), its page script embedded in the binary.
        .target(
            name: "WebTarget", dependencies: ["JSON", "Frankly", "HTTPCore", "Platform", "CXML2", "LibXML2"] + nio,
            resources: [.embedInCode("Resources/page.js")],
            // An Appium page source is XML: read with libxml2, opened at run time as the mock does (CXML2).
            swiftSettings: libxml2Headers
        ),
        .testTarget(
            name: "WebTargetTests",
            dependencies: ["WebTarget", "JSON", "Frankly", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "MockServerTests",
            dependencies: ["MockServer", "JSON", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: libxml2Headers
        ),
        .testTarget(
            name: "HTTPCoreTests",
            dependencies: [
                "HTTPCore", "Platform", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "FranklyTests",
            dependencies: ["Frankly", "JSON", "HTTPCore", .product(name: "NIOCore", package: "swift-nio")]
        ),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        // Fuzzing: the targets (one input through a real parser), libFuzzer's harness (scripts/fuzz), and the
        // tests that run the seed corpus and every saved crasher in the ordinary suite.
        .target(
            name: "Fuzzing",
            dependencies: [
                "Frankly", "JSON", "HTTPCore", "MockServer", "LuaKit", "CLua", "LuaShim", "Platform",
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.embedInCode("Resources/pattern_oracle.lua")]
        ),
        // FSCRIPT_FUZZING=1 (scripts/fuzz) makes it libFuzzer's harness: no top-level code, the entry point instead.
        .executableTarget(
            name: "fscript-fuzz", dependencies: ["Fuzzing"],
            swiftSettings: Context.environment["FSCRIPT_FUZZING"] == "1" ? [.define("FUZZING")] : []
        ),
        .testTarget(name: "FuzzingTests", dependencies: ["Fuzzing", "LuaKit"]),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "LuaShim", "CLua"]),
        .testTarget(name: "WireframeTests", dependencies: ["Wireframe", "Frankly", "JSON"]),
        // Depending on the executable makes `swift test` build the binary the end-to-end tests run.
        .testTarget(
            name: "FScriptTests",
            dependencies: [
                "FScript", "fscript", "HTTPCore", "JSON", "LuaJSON", "LuaKit", "CLua", "Inspector", "Frankly",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["fixtures"]
        ),
    ]
)
