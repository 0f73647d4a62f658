#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSON {
  /// The JSON text of this value: compact by default (as SwiftyJSON's `rawData()`), pretty
  /// with `options: .prettyPrinted`.
  ///
  /// Top-level scalars are allowed.
  ///
  /// ```swift
  /// let data = try json.rawData()                                    // compact
  /// let sorted = try json.rawData(options: [.prettyPrinted, .sortedKeys])
  /// ```
  ///
  /// - Parameter options: how to write; compact by default.
  /// - Returns: UTF-8 JSON text.
  /// - Throws: the access error, when this value is the result of a failed subscript.
  public func rawData(options: JSONWritingOptions = []) throws(JSONError) -> Data {
    if let error { throw error }
    return JSONWriter(options: options).data(self)
  }

  /// The text of this value.
  ///
  /// As in SwiftyJSON, a string value gives its contents unquoted,
  /// numbers and booleans their literal text, `null` gives `"null"`; arrays and objects give
  /// JSON text, pretty-printed by default. `nil` for a failed access.
  ///
  /// ```swift
  /// JSON(["a": 1]).rawString(options: [])  // {"a":1}
  /// JSON("hi").rawString()                 // hi
  /// ```
  public func rawString(
    _ encoding: String.Encoding = .utf8, options: JSONWritingOptions = .prettyPrinted
  ) -> String? {
    if error != nil { return nil }
    if let string = self.string { return string }
    let text = JSONWriter(options: options).string(self)
    if encoding == .utf8 { return text }
    guard let data = text.data(using: encoding) else { return nil }
    return String(data: data, encoding: encoding)
  }
}

extension JSON: CustomStringConvertible, CustomDebugStringConvertible {
  /// Pretty JSON text (a string value prints its contents unquoted, as SwiftyJSON); a failed
  /// access prints `null`.
  public var description: String {
    if error != nil { return "null" }
    return rawString(options: .prettyPrinted) ?? "null"
  }

  /// Compact JSON text, with the error of a failed access.
  public var debugDescription: String {
    if let error { return "JSON(error: \(error))" }
    return JSONWriter().string(self)
  }
}
