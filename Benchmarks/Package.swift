// swift-tools-version: 6.1
import PackageDescription

/// SwiftPM names a path dependency after its folder, not after the `name:` in its manifest,
/// so the root package is `main` in this checkout but something else in a CI clone. Derive
/// the identity from the parent folder so the `.product(…, package:)` reference always
/// matches.
let rootIdentity: String = {
  let components = Context.packageDirectory.split(separator: "/")
  guard components.count >= 2 else { return "jsonkit" }
  return String(components[components.count - 2]).lowercased()
}()

let package = Package(
  name: "JSONKitBenchmarks",
  dependencies: [
    // The traits turn on the root package's JSONKitHummingbird and JSONKitVapor adapters,
    // which the server suite runs; Hummingbird and Vapor are benchmark-only dependencies.
    .package(path: "..", traits: ["Hummingbird", "Vapor"]),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.5.0"),
    .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.65.0"),
    // The transfer suite's `asynchttpclient` subject: the HTTP client of Swift on the server.
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
  ],
  targets: [
    // Raw yajl with callbacks that do nothing: the speed ceiling for any yajl-backed parser.
    // Linked directly (not through the root package's `CYajl` system library, which is not
    // a product and whose module name would clash here).
    .target(
      name: "CYajlNoop",
      linkerSettings: [.linkedLibrary("yajl")]
    ),
    // The synthetic documents (fixed seeds) that `compare` and `perf-workload` measure.
    .target(name: "SyntheticCorpus"),
    // Callgrind's client requests (valgrind's header), so a workload measures only itself.
    .target(name: "CCallgrind"),
    // One fixed workload per run, measured by Scripts/perf-gate under callgrind. Only the
    // root package's light products: its release build stays within the CI budget.
    .executableTarget(
      name: "perf-workload",
      dependencies: [
        "CCallgrind", "CYajlNoop", "SyntheticCorpus",
        .product(name: "JSONKit", package: rootIdentity),
        .product(name: "Mapping", package: rootIdentity),
        .product(name: "Transfer", package: rootIdentity),
        .product(name: "LoopbackTestServer", package: rootIdentity),
      ]
    ),
    .executableTarget(
      name: "compare",
      dependencies: [
        "CYajlNoop", "SyntheticCorpus",
        .product(name: "JSONKit", package: rootIdentity),
        .product(name: "Mapping", package: rootIdentity),
        .product(name: "JSONQuery", package: rootIdentity),
        .product(name: "Transfer", package: rootIdentity),
        .product(name: "LoopbackTestServer", package: rootIdentity),
        .product(name: "JSONKitHummingbird", package: rootIdentity),
        .product(name: "JSONKitVapor", package: rootIdentity),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "Vapor", package: "vapor"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
