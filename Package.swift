// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "JSONKit",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "JSONKit", targets: ["JSONKit"]),
    .library(name: "JSONKitCore", targets: ["JSONKitCore"]),
    .library(name: "Mapping", targets: ["Mapping"]),
    .library(name: "JSONQuery", targets: ["JSONQuery"]),
    .library(name: "Transfer", targets: ["Transfer"]),
    .library(name: "LoopbackTestServer", targets: ["LoopbackTestServer"]),
    .executable(name: "jsonkit", targets: ["JSONKitCLI"]),
    // Framework adapters: empty unless their trait is enabled (see `traits`).
    .library(name: "JSONKitHummingbird", targets: ["JSONKitHummingbird"]),
    .library(name: "JSONKitVapor", targets: ["JSONKitVapor"]),
  ],
  // SE-0450: the adapters' frameworks are built only for a package that enables the trait,
  // e.g. `.package(url: …, from: "0.4.0", traits: ["Hummingbird"])`.
  traits: [
    .trait(
      name: "Hummingbird",
      description: "JSONKitHummingbird: JSONKit's coders and models in Hummingbird 2."),
    .trait(name: "Vapor", description: "JSONKitVapor: JSONKit's coders and models in Vapor 4."),
    .default(enabledTraits: []),
  ],
  dependencies: [
    // Only a command plugin (`swift package generate-documentation`): no target links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.5.0"),
    .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
    // Transfer's logs, spans and metrics; ServiceLifecycle only for the Hummingbird trait.
    .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-distributed-tracing", from: "1.1.0"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
  ],
  targets: [
    .systemLibrary(
      name: "CYajl",
      pkgConfig: "yajl",
      providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
    ),
    // JSONKitCore: the value, parsers, writer, paths, coders and jq's reader, with
    // FoundationEssentials at most (Scripts/check-core-imports reads the compiler's loaded-module
    // trace and fails on Foundation); `jsonkit` and JSONQuery link it alone and never load
    // Foundation, FoundationInternationalization or ICU's data (most of a tiny run's start-up:
    // JSONKit's "Module layout" article). JSONKit re-exports it (Exports.swift) and adds what needs Foundation and
    // SwiftyJSON's own spellings: `import JSONKit` is the whole API.
    // The package's one lock and one way to start a thread (see Locked's comment for why not
    // Mutex); package access only, in no product of its own.
    .target(name: "Threading"),
    .target(name: "JSONKitCore", dependencies: ["CYajl", "Threading"]),
    .target(name: "JSONKit", dependencies: ["JSONKitCore"]),
    .target(name: "Mapping", dependencies: ["JSONKit"]),
    .target(name: "CSystemShims"),
    .systemLibrary(
      name: "COniguruma",
      pkgConfig: "oniguruma",
      providers: [.apt(["libonig-dev"]), .brew(["oniguruma"])]
    ),
    .target(
      name: "JSONQuery", dependencies: ["JSONKitCore", "CSystemShims", "COniguruma", "Threading"]),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .target(
      name: "Transfer",
      dependencies: [
        "CCurl", "JSONKit", "Mapping", "Threading",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Tracing", package: "swift-distributed-tracing"),
        .product(name: "Metrics", package: "swift-metrics"),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle",
          condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .target(name: "LoopbackTestServer", dependencies: ["CSystemShims", "Threading"]),
    // The tests' child processes (jsonkit, curl, nginx, python3): not in any product.
    .target(
      name: "TestProcesses", dependencies: ["Threading"], path: "Tests/Support/TestProcesses"),
    // Inputs several test targets generate alike (seeded random numbers, hostile request
    // bodies): not in any product.
    .target(name: "TestInputs", path: "Tests/Support/TestInputs"),
    .executableTarget(
      name: "JSONKitCLI", dependencies: ["JSONKitCore", "JSONQuery", "CSystemShims", "Threading"]),
    .target(
      name: "JSONKitHummingbird",
      dependencies: [
        "JSONKit", "Mapping",
        .product(
          name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .target(
      name: "JSONKitVapor",
      dependencies: [
        "JSONKit", "Mapping",
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
      ]
    ),
    // The example services (Examples/): each built with its trait, a main that names the
    // trait without it; not products, so a package that depends on this one never builds them.
    .target(
      name: "ExampleModels",
      dependencies: [
        "JSONKit", "Mapping", "Transfer", .product(name: "Logging", package: "swift-log"),
      ],
      path: "Examples/Models"),
    .executableTarget(
      name: "HummingbirdService",
      dependencies: [
        "ExampleModels", "JSONKitHummingbird", "JSONKit", "Mapping", "Transfer",
        .product(name: "Logging", package: "swift-log"),
        .product(
          name: "Hummingbird", package: "hummingbird", condition: .when(traits: ["Hummingbird"])),
      ],
      path: "Examples/HummingbirdService"
    ),
    .executableTarget(
      name: "VaporService",
      dependencies: [
        "ExampleModels", "JSONKitVapor", "JSONKit", "Mapping", "Transfer",
        .product(name: "Vapor", package: "vapor", condition: .when(traits: ["Vapor"])),
      ],
      path: "Examples/VaporService"
    ),
    .testTarget(
      name: "JSONKitTests",
      dependencies: ["JSONKit", "JSONKitCore", "CYajl", "TestInputs"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "MappingTests",
      dependencies: ["Mapping", "JSONKit", "TestInputs"]
    ),
    .testTarget(
      name: "JSONQueryTests",
      dependencies: ["JSONQuery", "JSONKit", "TestProcesses"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "TransferTests",
      dependencies: [
        "Transfer", "LoopbackTestServer", "Mapping", "JSONKit", "TestProcesses", "Threading",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "InMemoryLogging", package: "swift-log"),
        .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
        .product(name: "MetricsTestKit", package: "swift-metrics"),
        .product(
          name: "ServiceLifecycle", package: "swift-service-lifecycle",
          condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .testTarget(
      name: "LoopbackTestServerTests",
      dependencies: ["LoopbackTestServer", "TestProcesses", "CSystemShims", "Threading"]
    ),
    .testTarget(
      name: "JSONKitHummingbirdTests",
      dependencies: [
        "JSONKitHummingbird", "JSONKit", "Mapping",
        "Transfer", "LoopbackTestServer", "TestInputs",
        .product(
          name: "HummingbirdTesting", package: "hummingbird",
          condition: .when(traits: ["Hummingbird"])),
      ]
    ),
    .testTarget(
      name: "JSONKitVaporTests",
      dependencies: [
        "JSONKitVapor", "JSONKit", "Mapping",
        "Transfer", "LoopbackTestServer", "TestInputs",
        .product(name: "VaporTesting", package: "vapor", condition: .when(traits: ["Vapor"])),
      ]
    ),
    .testTarget(
      name: "JSONKitCLITests",
      dependencies: ["JSONKitCLI", "TestProcesses"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
