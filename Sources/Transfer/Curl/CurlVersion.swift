import CCurl

/// The linked libcurl's version, for the default `User-Agent` and diagnostics.
enum CurlVersion {
  /// `"7.88.1"`.
  static let string: String = {
    CurlGlobal.ensureInitialized()
    guard let info = ccurl_version_info(), let version = info.pointee.version else { return "?" }
    return String(cString: version)
  }()

  static var userAgent: String { "JSONKit-Transfer/1 libcurl/\(string)" }
}
