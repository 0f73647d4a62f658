import COniguruma
import CSystemShims
import CYajl
import JSONKitCore

/// What `jsonkit --version` and `--build-configuration` print, as jq 1.8's do.
///
/// SwiftPM runs no script at build time, so the commit and the build's options come from
/// `Scripts/build-cli`, which passes them to CSystemShims as C string macros (see
/// `BuildInformation.c`). A plain `swift build` records neither: its version is the release
/// the source names with `-unknown` after it, since it cannot tell whether it is that
/// release's commit.
///
/// ```swift
/// BuildInformation.version  // "jsonkit-0.4.0", "jsonkit-0.4.0-12-gabc1234", …
/// ```
enum BuildInformation {
  /// `jsonkit-` and what `git describe` named the source (`0.4.0` on the release commit,
  /// `0.4.0-12-gabc1234` twelve commits after it, `-dirty` with uncommitted changes), or
  /// `jsonkit-0.4.0-unknown` when the build did not record it.
  static var version: String {
    let described = String(cString: csystemshims_describe())
    return "jsonkit-" + (described.isEmpty ? "\(JSONKitRelease.current)-unknown" : described)
  }

  /// One line, as jq's `--build-configuration`: how the binary was built (the build
  /// script's options and compiler, or that it was a plain `swift build`), then the
  /// platform and the versions of yajl (linked in) and Oniguruma (loaded now).
  static var configuration: String {
    var recorded = String(cString: csystemshims_build_configuration())
    if recorded.isEmpty {
      #if DEBUG
        recorded = "swift build -c debug (not Scripts/build-cli: no configuration recorded)"
      #else
        recorded = "swift build -c release (not Scripts/build-cli: no configuration recorded)"
      #endif
    }
    let yajl = Int(yajl_version())
    let parts = [
      recorded, platform,
      "yajl \(yajl / 10000).\(yajl / 100 % 100).\(yajl % 100)",
      "Oniguruma \(String(cString: onig_version()))",
    ]
    return parts.joined(separator: "; ")
  }

  /// The processor and system the binary was compiled for.
  private static var platform: String {
    #if arch(x86_64)
      let processor = "x86_64"
    #elseif arch(arm64)
      let processor = "aarch64"
    #else
      let processor = "unknown processor"
    #endif
    #if os(Linux)
      return processor + "-linux"
    #elseif os(macOS)
      return processor + "-macos"
    #else
      return processor
    #endif
  }
}
