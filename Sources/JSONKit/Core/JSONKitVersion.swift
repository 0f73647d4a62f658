/// The version of the JSONKit package, in semantic-versioning form.
///
/// One constant for the whole package: `jsonkit --version` prints it, and the CHANGELOG's
/// newest released heading names it. Before 1.0 a minor version may change public API (see the
/// README's "Stability" section).
///
/// ```swift
/// print("JSONKit \(JSONKitVersion.current)")  // JSONKit 0.3.0
/// ```
public enum JSONKitVersion {
  /// The released version this source tree builds, such as `"0.3.0"`.
  public static let current = "0.3.0"
}
