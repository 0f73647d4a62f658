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
/// never build them. Build and run one with `Scripts/fuzz TARGET SECONDS`.
let fuzzTargets = ["FuzzParser", "FuzzRoundTrip", "FuzzStreamChunks", "FuzzMapping", "FuzzQuery"]

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
    + fuzzTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzSupport",
          .product(name: "JSONKit", package: rootIdentity),
          .product(name: "Mapping", package: rootIdentity),
          .product(name: "JSONQuery", package: rootIdentity),
        ]
      )
    },
  swiftLanguageModes: [.v6]
)
