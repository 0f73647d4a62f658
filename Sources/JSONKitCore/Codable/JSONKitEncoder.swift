#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes `Encodable` values as JSON text or as `JSON` values, like Foundation's
/// `JSONEncoder`.
///
/// ```swift
/// struct User: Encodable { var id: Int; var screenName: String; var joined: Date }
///
/// var encoder = JSONKitEncoder()
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// encoder.dateEncodingStrategy = .iso8601
/// encoder.outputFormatting = [.sortedKeys]
/// let data = try encoder.encode(user)          // {"id":1,"joined":"2024-05-01T12:00:00Z","screen_name":"ada"}
/// let json = try encoder.encodeToJSON(user)    // the same as a JSON value: json["screen_name"].string
/// ```
///
/// Keys keep their encoding order (unless `.sortedKeys`). Integers are written exactly,
/// `Decimal` from its exact text, `Float` by its shortest text (`0.1`, not
/// `0.10000000149011612`), and a value of type `JSON` as itself. Infinities and NaN throw
/// `EncodingError.invalidValue` unless `nonConformingFloatEncodingStrategy` names them.
public struct JSONKitEncoder: Sendable {
  /// The layout of `encode(_:)`'s text.
  ///
  /// Default: compact, slashes escaped (as Foundation).
  public var outputFormatting: OutputFormatting = []
  /// How coding keys become JSON keys.
  ///
  /// Default `.useDefaultKeys`.
  public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
  /// How dates are written.
  ///
  /// Default `.deferredToDate`.
  public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
  /// How `Data` is written.
  ///
  /// Default `.base64`.
  public var dataEncodingStrategy: DataEncodingStrategy = .base64
  /// How infinities and NaN are written.
  ///
  /// Default `.throw`.
  public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
  /// Values handed to `encode(to:)` as `encoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

  /// An encoder with Foundation's defaults.
  ///
  /// ```swift
  /// let data = try JSONKitEncoder().encode(["a": [1, 2]])   // {"a":[1,2]}
  /// ```
  public init() {}

  /// The JSON text of `value`, as UTF-8.
  ///
  /// ```swift
  /// let data = try JSONKitEncoder().encode(Point(x: 1, y: 2))   // {"x":1,"y":2}
  /// ```
  ///
  /// - Throws: `EncodingError.invalidValue` for a non-conforming float under `.throw`, or
  ///   when `value` encodes nothing at all; any error the value's `encode(to:)` throws.
  public func encode<T: Encodable>(_ value: T) throws -> Data {
    if let out = try? streamed(value) {
      // The buffer's memory comes from malloc: `Data` takes it over instead of copying it.
      return Data(bytesNoCopy: out.base, count: out.count, deallocator: .free)
    }
    return JSONWriter(options: outputFormatting.writingOptions).data(try encodeToJSON(value))
  }

  /// The text of `value` written in one pass while it encodes (`StreamImpl`), when the
  /// output is compact and unsorted and the keys are default or snake case; `nil` (or an
  /// error) when the tree encoder must do it: the caller then encodes again through `Impl`,
  /// which gives Foundation's result, or its error, for whatever the pass could not follow.
  func streamed<T: Encodable>(_ value: T) throws -> OutputBuffer? {
    guard !outputFormatting.contains(.prettyPrinted), !outputFormatting.contains(.sortedKeys)
    else { return nil }
    if case .custom = keyEncodingStrategy { return nil }
    let stream = StreamImpl(options: Options(self), writing: outputFormatting.writingOptions)
    return try stream.encodeTopLevel(value)
  }

  /// `value` as a `JSON` value, built directly (no text is written or parsed).
  ///
  /// ```swift
  /// let json = try JSONKitEncoder().encodeToJSON(Point(x: 1, y: 2))
  /// json["x"].int   // 1
  /// ```
  public func encodeToJSON<T: Encodable>(_ value: T) throws -> JSON {
    let encoder = Impl(options: Options(self), path: [], sink: nil)
    guard let json = try encoder.encodeTopLevel(value) else {
      throw EncodingError.invalidValue(
        value,
        EncodingError.Context(
          codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }
    return json
  }
}

extension JSONKitEncoder {
  /// The settings of one encode.
  struct Options {
    let keys: KeyEncodingStrategy
    let dates: DateEncodingStrategy
    let data: DataEncodingStrategy
    let floats: NonConformingFloatEncodingStrategy
    let userInfo: [CodingUserInfoKey: any Sendable]
    /// `keys` is `.useDefaultKeys`.
    let defaultKeys: Bool
    /// For `.formatted`: the formatter's pattern when `FixedDateFormat` writes it exactly.
    let fixedDateFormat: FixedDateFormat?

    init(_ encoder: JSONKitEncoder) {
      keys = encoder.keyEncodingStrategy
      dates = encoder.dateEncodingStrategy
      data = encoder.dataEncodingStrategy
      floats = encoder.nonConformingFloatEncodingStrategy
      userInfo = encoder.userInfo
      if case .useDefaultKeys = encoder.keyEncodingStrategy {
        defaultKeys = true
      } else {
        defaultKeys = false
      }
      if case .formatted(let formatter) = encoder.dateEncodingStrategy {
        fixedDateFormat = FixedDateFormat(formatter.jsonKitFixedPattern)
      } else {
        fixedDateFormat = nil
      }
    }
  }
}
