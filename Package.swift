// swift-tools-version: 6.1
//
// Permit: permission and OS-integration system for iOS apps, native and hybrid.
// The core modules hold no platform code and build and test on Linux.

import PackageDescription

let package = Package(
    name: "Permit",
    platforms: [
        .iOS(.v16),
        .macOS(.v13),
    ],
    products: [
        .library(name: "Permit", targets: ["Permit"]),
        .library(name: "PermitWeb", targets: ["PermitWeb"]),
        .library(name: "PermitChromium", targets: ["PermitChromium"]),
        .library(name: "PermitSystem", targets: ["PermitSystem"]),
        // The center's states as an @Observable model (PermissionModel): Observation only, so it builds and is
        // tested on Linux too; PermitSwiftUI re-exports it.
        .library(name: "PermitObservation", targets: ["PermitObservation"]),
        .library(name: "PermitTesting", targets: ["PermitTesting"]),
        // The web view and push-token doubles, apart so that a native app's tests compile no web code.
        .library(name: "PermitWebTesting", targets: ["PermitWebTesting"]),
        // The build-time checks, for an app's own tests and for tools; `permit lint` and `permit generate` wrap it.
        .library(name: "PermitLint", targets: ["PermitLint"]),
        // The network seam over a Linux host's files, for the tools and for apps' server-side Swift.
        .library(name: "PermitLinux", targets: ["PermitLinux"]),
        // No product names the `permit` tool, the demo or the page server: an app that depends on the libraries
        // above resolves swift-log and nothing else (hummingbird and swift-argument-parser serve only the tool).
        // `swift run permit` and the scripts build the tool from this checkout.
        // Apple adapters, one per framework, so that an app links only the privacy APIs it declares (ITMS-90683).
        // Each builds empty where its framework is missing (Linux); scripts/check-apple-adapters type-checks them.
        .library(name: "PermitLocation", targets: ["PermitLocation"]),
        .library(name: "PermitLocationAlways", targets: ["PermitLocationAlways"]),
        .library(name: "PermitCamera", targets: ["PermitCamera"]),
        .library(name: "PermitMicrophone", targets: ["PermitMicrophone"]),
        .library(name: "PermitNotifications", targets: ["PermitNotifications"]),
        .library(name: "PermitContacts", targets: ["PermitContacts"]),
        .library(name: "PermitPhotos", targets: ["PermitPhotos"]),
        .library(name: "PermitPhotosAddOnly", targets: ["PermitPhotosAddOnly"]),
        .library(name: "PermitCalendar", targets: ["PermitCalendar"]),
        .library(name: "PermitCalendarWriteOnly", targets: ["PermitCalendarWriteOnly"]),
        .library(name: "PermitReminders", targets: ["PermitReminders"]),
        .library(name: "PermitFocusStatus", targets: ["PermitFocusStatus"]),
        .library(name: "PermitFaceID", targets: ["PermitFaceID"]),
        .library(name: "PermitBluetooth", targets: ["PermitBluetooth"]),
        .library(name: "PermitMotion", targets: ["PermitMotion"]),
        .library(name: "PermitSpeech", targets: ["PermitSpeech"]),
        .library(name: "PermitTracking", targets: ["PermitTracking"]),
        .library(name: "PermitMediaLibrary", targets: ["PermitMediaLibrary"]),
        .library(name: "PermitLocalNetwork", targets: ["PermitLocalNetwork"]),
        .library(name: "PermitHealth", targets: ["PermitHealth"]),
        .library(name: "PermitHome", targets: ["PermitHome"]),
        .library(name: "PermitNFC", targets: ["PermitNFC"]),
        .library(name: "PermitSiri", targets: ["PermitSiri"]),
        .library(name: "PermitNearbyInteraction", targets: ["PermitNearbyInteraction"]),
        .library(name: "PermitContactsPicker", targets: ["PermitContactsPicker"]),
        .library(name: "PermitPhotosPicker", targets: ["PermitPhotosPicker"]),
        .library(name: "PermitKeychain", targets: ["PermitKeychain"]),
        .library(name: "PermitUIKit", targets: ["PermitUIKit"]),
        .library(name: "PermitWebKit", targets: ["PermitWebKit"]),
        .library(name: "PermitCloud", targets: ["PermitCloud"]),
        .library(name: "PermitNetwork", targets: ["PermitNetwork"]),
        .library(name: "PermitSwiftUI", targets: ["PermitSwiftUI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        // The core's helpers that every module shares (Locked, SerialGate, ElapsedClock, BlockingWork, the JSON
        // value and its reader): `package` access, not a product: no app calls them.
        .target(name: "PermitSupport"),
        .target(
            name: "Permit",
            dependencies: [
                "PermitSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "PermitWeb",
            dependencies: [
                "Permit", "PermitSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/bridge.js"), .copy("Resources/web-permissions.js"), .copy("Resources/web-requests.js")]
        ),
        // posix_spawn with fds 3 and 4 for Chromium's DevTools pipe: Swift's Glibc lacks _GNU_SOURCE.
        .target(name: "CPermitSpawn"),
        .target(
            name: "PermitChromium",
            dependencies: [
                "PermitSupport",
                "PermitWeb", "PermitHostSupport",
                "CPermitSpawn",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Serves pages on loopback for the browser tests, the benchmarks and the demo; not a product.
        .target(
            name: "PermitPageServer",
            dependencies: [
                "Permit", "PermitSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The server side (push-token registry, grant rates) for `permit server`: a target, not a product.
        // A SwiftPM 6.1 trait was tried: a `Server` trait gating a `PermitServer` product's dependencies with
        // `condition: .when(traits: ["Server"])` does keep them out of a consumer's resolution unless it enables
        // the trait (while a product's unconditional dependencies are resolved by every consumer, even one using
        // other products only). It was not chosen: with the trait off the module still builds, so every file
        // would sit inside `#if Server`, and this package's own tool and scripts would need `--traits Server`.
        // As a target, hummingbird, sqlite-nio and postgres-nio are pruned for apps like the tool's other
        // dependencies, and an app that depends on Permit and PermitWeb resolves swift-log alone.
        .target(
            name: "PermitServer",
            dependencies: [
                "Permit", "PermitSupport",
                "PermitPageServer",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The adapters' portable decisions (what an Apple API's answer means, when an adapter may ask, how
        // long it waits for a callback), tested on Linux; `package` access, not a product: no app calls them.
        .target(
            name: "PermitAdapterSupport",
            dependencies: ["Permit", "PermitSupport"]
        ),
        // What the web view hosts and the web-facing adapters share (restart policy, cookie field mapping,
        // delegate forwarding, load and navigation decisions, the keychain and haptics plans), tested on Linux;
        // `package` access, not a product: no app calls them.
        .target(
            name: "PermitHostSupport",
            dependencies: ["Permit", "PermitWeb"]
        ),
        .target(
            name: "PermitObservation",
            dependencies: ["Permit"]
        ),
        .target(
            name: "PermitSystem",
            dependencies: [
                "Permit", "PermitSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "PermitLint",
            dependencies: ["Permit"]
        ),
        .target(
            name: "PermitLinux",
            dependencies: [
                "Permit", "PermitSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "PermitTesting",
            dependencies: [
                "Permit", "PermitSupport",
                "PermitSystem",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "PermitWebTesting",
            dependencies: [
                "Permit",
                "PermitWeb",
                "PermitTesting",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The simulated hybrid app behind `permit demo` and `permit shell`: the demo page, the wiring of
        // Permit's pieces around one web view, the demo's scenarios and the shell's commands; not a product.
        .target(
            name: "PermitDemo",
            dependencies: [
                "Permit", "PermitSupport",
                "PermitWeb",
                "PermitChromium",
                "PermitPageServer",
                "PermitServer",
                "PermitSystem",
                "PermitTesting",
                "PermitWebTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources/demo.html")]
        ),
        .executableTarget(
            name: "permit",
            dependencies: [
                "PermitDemo",
                "Permit", "PermitSupport",
                "PermitWeb",
                "PermitChromium",
                "PermitLint",
                "PermitLinux",
                "PermitPageServer",
                "PermitServer",
                "PermitSystem",
                "PermitTesting",
                "PermitWebTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PermitTests",
            dependencies: [
                "Permit", "PermitSupport",
                "PermitAdapterSupport",
                "PermitLinux",
                "PermitObservation",
                "PermitTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "PermitWebTests",
            dependencies: [
                "Permit", "PermitSupport",
                "PermitWeb", "PermitHostSupport",
                "PermitAdapterSupport",
                "PermitChromium",
                "PermitPageServer",
                "PermitTesting",
                "PermitWebTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "PermitSystemTests",
            dependencies: [
                "Permit",
                "PermitSystem",
                "PermitTesting",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "PermitDemoTests",
            dependencies: [
                "Permit",
                "PermitDemo",
                "PermitChromium",
                "PermitPageServer",
                "PermitTesting",
                "PermitWeb",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "PermitServerTests",
            dependencies: [
                "Permit", "PermitSupport",
                "PermitPageServer",
                "PermitServer",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "Clocks", package: "swift-clocks"),
            ]
        ),
        .testTarget(
            name: "PermitLintTests",
            dependencies: ["Permit", "PermitLint"],
            resources: [.copy("Fixtures")]
        ),
        // Apple adapters: every file is one `#if canImport(Framework)` ... `#endif`.
        .target(
            name: "PermitLocation",
            dependencies: ["Permit", "PermitAdapterSupport", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "PermitLocationAlways",
            dependencies: ["PermitLocation", .product(name: "Logging", package: "swift-log")]),
        .target(name: "PermitCamera", dependencies: ["Permit", "PermitAdapterSupport", .product(name: "Logging", package: "swift-log")]),
        .target(
            name: "PermitMicrophone", dependencies: ["Permit", "PermitAdapterSupport", .product(name: "Logging", package: "swift-log")]),
        .target(name: "PermitNotifications", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitContacts", dependencies: ["Permit"]),
        .target(name: "PermitPhotos", dependencies: ["Permit"]),
        .target(name: "PermitPhotosAddOnly", dependencies: ["Permit"]),
        .target(name: "PermitCalendar", dependencies: ["Permit"]),
        .target(name: "PermitCalendarWriteOnly", dependencies: ["Permit"]),
        .target(name: "PermitReminders", dependencies: ["Permit"]),
        .target(name: "PermitFocusStatus", dependencies: ["Permit"]),
        .target(name: "PermitFaceID", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitBluetooth", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitMotion", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitSpeech", dependencies: ["Permit"]),
        .target(name: "PermitTracking", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitMediaLibrary", dependencies: ["Permit"]),
        .target(name: "PermitLocalNetwork", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitHealth", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitHome", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitNFC", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitSiri", dependencies: ["Permit"]),
        .target(name: "PermitNearbyInteraction", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitContactsPicker", dependencies: ["Permit"]),
        .target(name: "PermitPhotosPicker", dependencies: ["Permit"]),
        .target(name: "PermitKeychain", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(name: "PermitUIKit", dependencies: ["Permit", "PermitAdapterSupport"]),
        .target(
            name: "PermitWebKit",
            dependencies: [
                "Permit", "PermitAdapterSupport",
                "PermitWeb", "PermitHostSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(name: "PermitCloud", dependencies: ["PermitSystem"]),
        .target(name: "PermitNetwork", dependencies: ["Permit"]),
        .target(name: "PermitSwiftUI", dependencies: ["Permit", "PermitObservation", "PermitSystem"]),
        // Writes the file store in a loop until killed: the child process of the crash-safety test; not a product.
        .executableTarget(
            name: "permit-store-writer",
            dependencies: [
                "Permit",
                "PermitTesting",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "PermitCrashTests",
            dependencies: [
                "Permit",
                "PermitWeb",
                "PermitTesting",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// WebKitGTK, the engine iOS runs, as a web view host on Linux only: Apple platforms have WKWebView (the
// PermitWebKit adapter), and no target that builds for them depends on these.
#if os(Linux)
package.products.append(.library(name: "PermitWebKitGTK", targets: ["PermitWebKitGTK"]))
package.targets.append(contentsOf: [
    // WebKitGTK 6.0 and GTK 4 through pkg-config; only the C shim includes their headers.
    .systemLibrary(
        name: "CWebKitGTK",
        pkgConfig: "webkitgtk-6.0",
        providers: [.apt(["libwebkitgtk-6.0-dev"])]
    ),
    // GObject signals, async callbacks and the GTK thread, behind plain C functions for Swift.
    .target(name: "CPermitWebKitGTK", dependencies: ["CWebKitGTK"]),
    .target(
        name: "PermitWebKitGTK",
        dependencies: [
            "Permit", "PermitSupport",
            "PermitWeb",
            "PermitHostSupport",
            "CPermitWebKitGTK",
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
])
for target in package.targets where ["PermitDemo", "permit", "PermitWebTests", "PermitDemoTests"].contains(target.name) {
    target.dependencies.append("PermitWebKitGTK")
}
#endif

// One settings list for every target, as swift-log does.
for target in package.targets where target.type != .system && !target.name.hasPrefix("CPermit") {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
