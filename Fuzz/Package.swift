// swift-tools-version: 6.1
import PackageDescription

/// SwiftPM names a path dependency after its folder, not after the `name:` in its manifest,
/// so derive the root package's identity from the parent folder (as Benchmarks/ does).
let rootIdentity: String = {
  let components = Context.packageDirectory.split(separator: "/")
  guard components.count >= 2 else { return "jsonkit" }
  return String(components[components.count - 2]).lowercased()
}()

/// libFuzzer targets, in their own package so that the root `swift build` and `swift test`
/// never build them, each with the root's products it needs. Build and run them with
/// `Scripts/fuzz`. FuzzServerSentEvents reads an internal type (`@testable import`): the
/// script builds every module with `-enable-testing`.
let fuzzTargets: [(name: String, products: [String])] = [
  ("FuzzParser", ["JSONKit"]),
  ("FuzzRoundTrip", ["JSONKit"]),
  ("FuzzStreamChunks", ["JSONKit"]),
  ("FuzzMapping", ["JSONKit", "Mapping"]),
  ("FuzzQuery", ["JSONKit", "JSONQuery"]),
  // BoundaryScanner.swift in its folder is a link to the CLI's file.
  ("FuzzBoundaryScanner", ["JSONKit"]),
  // The files in its folder, but for the fuzzer's own, are links to the CLI's scanner and
  // the option table it reads.
  ("FuzzArgumentScanner", ["JSONKit", "JSONKitCore", "JSONQuery"]),
  ("FuzzServerSentEvents", ["Transfer"]),
  ("FuzzMultipart", ["Transfer"]),
  ("FuzzTransferResponse", ["Transfer", "LoopbackTestServer"]),
]

let package = Package(
  name: "JSONKitFuzz",
  dependencies: [
    .package(path: "..")
  ],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [.product(name: "JSONKit", package: rootIdentity)]
    )
  ]
    + fuzzTargets.map { target in
      .executableTarget(
        name: target.name,
        dependencies: ["FuzzSupport"]
          + target.products.map { .product(name: $0, package: rootIdentity) }
      )
    },
  swiftLanguageModes: [.v6]
)
