import Foundation

// swift-format-ignore: TypeNamesShouldBeCapitalized
/// The keys of SwiftyJSON's options-dictionary form of `rawString(_:)`,
/// under SwiftyJSON's spelling.
///
/// ```swift
/// JSON([1, nil] as [Any?]).rawString([.castNilToNSNull: true])   // "[\n  1,\n  null\n]"
/// ```
public enum writingOptionsKeys: Sendable, Hashable {
  /// A `JSONSerialization.WritingOptions` (or `JSONWritingOptions`) for the text;
  /// pretty-printed when absent.
  case jsonSerialization
  /// SwiftyJSON writes `nil` members as `null` only with this key; JSONKit always does.
  case castNilToNSNull
  /// The deepest nesting to write (SwiftyJSON's spelling, default 10); deeper values give `nil`.
  case maxObjextDepth
  /// The `String.Encoding` the text must be representable in (default UTF-8).
  case encoding
}

/// A Swift-style name for SwiftyJSON's ``writingOptionsKeys``.
public typealias WritingOptionsKeys = writingOptionsKeys

extension JSON {
  /// SwiftyJSON's options-dictionary form of `rawString`.
  ///
  /// ```swift
  /// let json = JSON(["a": nil, "b": 1] as [String: Any?])
  /// json.rawString([.castNilToNSNull: true, .jsonSerialization: JSONWritingOptions.sortedKeys])
  /// // {"a":null,"b":1}
  /// ```
  ///
  /// - Parameter options: `.jsonSerialization` (writing options, pretty by default),
  ///   `.encoding` (default UTF-8), `.maxObjextDepth` (default 10), `.castNilToNSNull`
  ///   (accepted; `nil` always writes as `null`).
  /// - Returns: the text as `rawString(_:options:)` gives it, or `nil` for a failed
  ///   access, a value nested deeper than `.maxObjextDepth` or text the encoding cannot hold.
  public func rawString(_ options: [writingOptionsKeys: Any]) -> String? {
    let encoding = options[.encoding] as? String.Encoding ?? .utf8
    let maxDepth = options[.maxObjextDepth] as? Int ?? 10
    var writing: JSONWritingOptions = .prettyPrinted
    if let given = options[.jsonSerialization] as? JSONWritingOptions {
      writing = given
    } else if let given = options[.jsonSerialization] as? JSONSerialization.WritingOptions {
      writing = JSONWritingOptions(given)
    }
    if nestingDepth > maxDepth { return nil }
    return rawString(encoding, options: writing)
  }

  /// Levels of arrays and objects around the deepest scalar (0 for a scalar), without
  /// recursion.
  var nestingDepth: Int {
    var deepest = 0
    var work: [(JSON, Int)] = [(self, 0)]
    while let (value, depth) = work.popLast() {
      guard value.type == .array || value.type == .dictionary else { continue }
      deepest = Swift.max(deepest, depth + 1)
      for (_, child) in value { work.append((child, depth + 1)) }
    }
    return deepest
  }
}

extension JSONWritingOptions {
  /// The JSONKit options that mean the same as Foundation's: pretty printing, sorted keys,
  /// unescaped slashes and top-level fragments.
  ///
  /// ```swift
  /// let options = JSONWritingOptions(JSONSerialization.WritingOptions.prettyPrinted)
  /// ```
  ///
  /// - Parameter options: Foundation's writing options.
  public init(_ options: JSONSerialization.WritingOptions) {
    var result: JSONWritingOptions = []
    if options.contains(.prettyPrinted) { result.insert(.prettyPrinted) }
    if options.contains(.sortedKeys) { result.insert(.sortedKeys) }
    if options.contains(.withoutEscapingSlashes) { result.insert(.withoutEscapingSlashes) }
    if options.contains(.fragmentsAllowed) { result.insert(.fragmentsAllowed) }
    self = result
  }
}
