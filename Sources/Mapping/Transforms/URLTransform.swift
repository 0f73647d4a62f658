import Foundation
import JSONKit

/// Reads and writes a `URL` as its string, as ObjectMapper's `URLTransform`.
///
/// ```swift
/// homepage <- (map["homepage"], URLTransform())                                 // "https://example.com/a%20b"
/// links    <- (map["links"], URLTransform(shouldEncodeURLString: false))         // [String: URL]?
/// ```
///
/// **Reading.** A string that is a valid URL is taken as it is (its `%` escapes are kept,
/// never encoded a second time). A string that is not a valid URL (`"https://example.com/a
/// b"`, with a space) is percent-encoded with `allowedCharacterSet` when
/// `shouldEncodeURLString` is on (the default), and fails when it is off; so does the
/// empty string, and anything that is not a string. ObjectMapper encoded every string when
/// the option was on, turning `a%20b` into `a%2520b`.
///
/// Characters outside `allowedCharacterSet` are encoded, so with the default
/// `.urlQueryAllowed` a `#` in an invalid string becomes `%23` (part of the query rather
/// than a fragment); pass `CharacterSet.urlQueryAllowed.union(["#"])` to keep it.
///
/// **Writing** gives `absoluteString`.
///
/// Immutable and `Sendable`: one instance can serve any number of threads.
public final class URLTransform: TransformType, Sendable {
  /// The property's type.
  public typealias Object = URL
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = String

  /// Whether a string that is not a valid URL is percent-encoded (else it fails).
  public let shouldEncodeURLString: Bool
  /// The characters left unencoded when `shouldEncodeURLString` encodes a string.
  public let allowedCharacterSet: CharacterSet

  /// A transform for URLs written as strings.
  ///
  /// - Parameters:
  ///   - shouldEncodeURLString: whether a string that is not a valid URL is percent-encoded
  ///     (the default, as ObjectMapper) rather than failing.
  ///   - allowedCharacterSet: the characters left unencoded when it is.
  public init(
    shouldEncodeURLString: Bool = true, allowedCharacterSet: CharacterSet = .urlQueryAllowed
  ) {
    self.shouldEncodeURLString = shouldEncodeURLString
    self.allowedCharacterSet = allowedCharacterSet
  }

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> URL? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: URL?) -> String? {
    value?.absoluteString
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> URL? {
    guard let string = json.string else { return nil }
    if let url = Self.strictURL(string) { return url }
    guard shouldEncodeURLString,
      let encoded = string.addingPercentEncoding(withAllowedCharacters: allowedCharacterSet)
    else { return nil }
    return Self.strictURL(encoded)
  }

  public func transformToJSONValue(_ object: URL?) -> JSONKit.JSON {
    object.map { JSONKit.JSON($0.absoluteString) } ?? .null
  }

  /// `URL(string:)` without its own repairs: since macOS 14 / iOS 17 and in Swift 6's
  /// Foundation on Linux, `URL(string:)` percent-encodes invalid characters by itself
  /// (`"a b"` gives `a%20b`), which would make `shouldEncodeURLString: false` meaningless.
  private static func strictURL(_ string: String) -> URL? {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) {
      return URL(string: string, encodingInvalidCharacters: false)
    } else {
      return URL(string: string)
    }
  }
}
