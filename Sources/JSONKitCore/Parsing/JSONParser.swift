#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Parses JSON text into `JSON` values, over yajl.
///
/// ```swift
/// let json = try JSONParser.parse(Data(#"{"id": 1, "tags": ["a"]}"#.utf8))
/// let values = try JSONParser.parseAll(Data("1 2 [3]".utf8))   // three values
/// var options = JSONParser.Options()
/// options.allowComments = true
/// let config = try JSONParser.parse(Data("{/* port */ \"port\": 80}".utf8), options: options)
/// ```
public enum JSONParser {
  /// How strict the parser is.
  public struct Options: Sendable, Hashable {
    /// Accept `/* … */` and `// …` comments.
    ///
    /// Default `false`.
    public var allowComments: Bool
    /// Accept several top-level values (NDJSON, concatenated values).
    ///
    /// `parse` then returns
    /// them as one array, as `jq -s` does; `parseAll` and `JSONStreamParser` always allow
    /// them. Default `false`.
    public var allowMultipleValues: Bool
    /// Stop after the first value and ignore whatever follows.
    ///
    /// Default `false`.
    public var allowTrailingGarbage: Bool
    /// The deepest nesting of arrays and objects accepted; deeper input is an error, never a
    /// stack overflow.
    ///
    /// Default 10,000 (jq's limit).
    public var maxDepth: Int
    /// Build only these parts of each top-level value (see `JSONProjection`); the rest of
    /// the input is checked but not stored.
    ///
    /// Default `nil`: everything.
    public var projection: JSONProjection?
    /// Replace what is not Unicode inside strings with U+FFFD instead of failing: bytes
    /// that are not UTF-8 and `\u` escapes of lone surrogates, as jq's parser does.
    ///
    /// Default `false`: such input is an error that says where.
    public var replacesInvalidUnicode = false
    /// Whether a projected one-shot parse may check pruned values with `SkipScanner` instead
    /// of yajl; off only to compare the two (tests).
    var skipsPrunedValues = true

    /// Options; the defaults read one strict RFC 8259 value nested at most 10,000 deep.
    ///
    /// - Parameters:
    ///   - allowComments: accept `/* … */` and `// …` comments.
    ///   - allowMultipleValues: accept several top-level values (NDJSON, concatenated).
    ///   - allowTrailingGarbage: stop after the first value and ignore what follows.
    ///   - maxDepth: the deepest nesting accepted; deeper input is an `elementTooDeep` error.
    ///   - projection: build only the parts of the document that these paths reach.
    public init(
      allowComments: Bool = false, allowMultipleValues: Bool = false,
      allowTrailingGarbage: Bool = false, maxDepth: Int = 10_000, projection: JSONProjection? = nil
    ) {
      self.allowComments = allowComments
      self.allowMultipleValues = allowMultipleValues
      self.allowTrailingGarbage = allowTrailingGarbage
      self.maxDepth = maxDepth
      self.projection = projection
    }

    /// Strict RFC 8259 JSON, one value, depth limit 10,000.
    public static let `default` = Options()
  }

  /// Parses exactly one JSON value (or, with `allowMultipleValues`, an array of all values).
  ///
  /// - Throws: `JSONError` with the byte offset, line and column of the first problem.
  public static func parse(_ data: Data, options: Options = .default) throws(JSONError) -> JSON {
    do {
      return try data.withUnsafeBytes { bytes throws(JSONError) -> JSON in
        try parse(bytes, options: options)
      }
    } catch let error as JSONError {
      throw error
    } catch {
      fatalError("unreachable: \(error)")
    }
  }

  /// Parses exactly one JSON value from raw bytes.
  public static func parse(_ bytes: UnsafeRawBufferPointer, options: Options = .default)
    throws(JSONError) -> JSON
  {
    let values = try parseValues(bytes, options: options, multiple: options.allowMultipleValues)
    if options.allowMultipleValues { return JSON(array: values) }
    return values[0]
  }

  /// Parses every top-level value: NDJSON, or values separated by white space.
  public static func parseAll(_ data: Data, options: Options = .default) throws(JSONError) -> [JSON]
  {
    do {
      return try data.withUnsafeBytes { bytes throws(JSONError) -> [JSON] in
        try parseValues(bytes, options: options, multiple: true)
      }
    } catch let error as JSONError {
      throw error
    } catch {
      fatalError("unreachable: \(error)")
    }
  }

  static func parseValues(_ bytes: UnsafeRawBufferPointer, options: Options, multiple: Bool)
    throws(JSONError) -> [JSON]
  {
    var options = options
    options.allowMultipleValues = multiple
    do {
      return try parseValues(bytes, options: options, tracksPositions: false)
    } catch {
      // The first parse noted no positions, so its error cannot say where: parse again with
      // them, which fails at the same token and locates it.
      let values = try parseValues(bytes, options: options, tracksPositions: true)
      assertionFailure("a parse with positions accepted what the parse without them rejected")
      return values
    }
  }

  /// One parse of the whole input, with or without every token's position noted (see
  /// `TapeBuilder.tracksPositions`).
  static func parseValues(
    _ bytes: UnsafeRawBufferPointer, options: Options, tracksPositions: Bool
  ) throws(JSONError) -> [JSON] {
    let core = ParserCore(
      options: options, expectedSize: bytes.count, streaming: false,
      tracksPositions: tracksPositions)
    // Without positions (the first try), a projection's pruned values are jumped over; a
    // failed try is parsed again with positions, and a doubted one without skipping.
    if !tracksPositions && skipsPrunedValues(options) { core.skipping = .on(skipped: 0) }
    do {
      try core.feed(bytes)
      try core.finish()
    } catch {
      guard core.skipping == .doubted else { throw error }
      return try parseValues(bytes, options: options, tracksPositions: false, skipping: false)
    }
    return core.takeValues()  // `finish` reports empty input when one value is expected
  }

  /// `parseValues(_:options:tracksPositions:)` without skipping pruned values.
  static func parseValues(
    _ bytes: UnsafeRawBufferPointer, options: Options, tracksPositions: Bool, skipping: Bool
  ) throws(JSONError) -> [JSON] {
    var options = options
    if !skipping { options.skipsPrunedValues = false }
    return try parseValues(bytes, options: options, tracksPositions: tracksPositions)
  }

  /// Whether a one-shot parse with `options` jumps over the values its projection prunes
  /// (see `ParserCore+Skipping`): not with comments (the scanner does not read them) nor
  /// when invalid text is repaired (the scanner only accepts valid text).
  static func skipsPrunedValues(_ options: Options) -> Bool {
    guard options.skipsPrunedValues, let projection = options.projection else { return false }
    return !projection.keepsEverything && !options.allowComments
      && !options.replacesInvalidUnicode
  }
}
