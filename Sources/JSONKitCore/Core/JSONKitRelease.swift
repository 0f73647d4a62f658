/// The release of the JSONKit package, in semantic-versioning form.
///
/// (Not `JSONKitVersion`: Swift 6.3's symbol-graph extractor leaves out a type named
/// `<Module>Version`, so DocC would not document it.)
///
/// One constant for the whole package: `jsonkit --version` prints it, and the CHANGELOG's
/// newest released heading names it. Before 1.0 a minor version may change public API (see the
/// README's "Stability" section).
///
/// ```swift
/// print("JSONKit \(JSONKitRelease.current)")  // JSONKit 0.4.0
/// ```
public enum JSONKitRelease {
  /// The released version this source tree builds, such as `"0.4.0"`.
  public static let current = "0.4.0"
}
