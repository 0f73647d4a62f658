// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "JSONKit",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "JSONKit", targets: ["JSONKit"]),
    .library(name: "Mapping", targets: ["Mapping"]),
    .library(name: "JSONQuery", targets: ["JSONQuery"]),
    .library(name: "Transfer", targets: ["Transfer"]),
    .library(name: "LoopbackServer", targets: ["LoopbackServer"]),
    .executable(name: "jsonkit", targets: ["JSONKitCLI"]),
  ],
  dependencies: [
    // Only a command plugin (`swift package generate-documentation`): no target links it.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0")
  ],
  targets: [
    .systemLibrary(
      name: "CYajl",
      pkgConfig: "yajl",
      providers: [.apt(["libyajl-dev"]), .brew(["yajl"])]
    ),
    .target(name: "JSONKit", dependencies: ["CYajl"]),
    .target(name: "Mapping", dependencies: ["JSONKit"]),
    .target(name: "CSystemShims"),
    .target(name: "JSONQuery", dependencies: ["JSONKit", "CSystemShims"]),
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .target(name: "Transfer", dependencies: ["CCurl", "JSONKit", "Mapping"]),
    .target(name: "LoopbackServer"),
    .executableTarget(name: "JSONKitCLI", dependencies: ["JSONKit", "JSONQuery"]),
    .testTarget(
      name: "JSONKitTests",
      dependencies: ["JSONKit", "CYajl"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "MappingTests",
      dependencies: ["Mapping", "JSONKit"]
    ),
    .testTarget(
      name: "JSONQueryTests",
      dependencies: ["JSONQuery", "JSONKit"],
      exclude: ["Fixtures"]
    ),
    .testTarget(
      name: "TransferTests",
      dependencies: ["Transfer", "LoopbackServer", "Mapping", "JSONKit"]
    ),
    .testTarget(
      name: "LoopbackServerTests",
      dependencies: ["LoopbackServer"]
    ),
    .testTarget(
      name: "JSONKitCLITests",
      dependencies: ["JSONKitCLI"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
