#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// `DecodingError`s with Foundation's cases and coding paths, and a `debugDescription` that
// says where (in jq notation) and what was found there. They are built only when a decode
// fails, so the path is rendered only then.

extension JSONKitDecoder.Impl {
  /// The error for a scalar that could not be read from `json`, the child `item` of the
  /// container at `base`.
  func failure(
    _ failure: ScalarFailure, _ expected: Any.Type, _ json: JSON, base: PathBase,
    item: CodingPathItem?
  ) -> DecodingError {
    let items = base.items(path, appending: item)
    let context = { (text: String) in
      DecodingError.Context(codingPath: items.map(\.codingKey), debugDescription: text)
    }
    let place = CodingPathItem.render(items)
    if let error = json.error {
      return .valueNotFound(
        expected, context("Expected \(expected) at \(place) but found no value: \(error)"))
    }
    switch failure {
    case .doesNotFit:
      return .dataCorrupted(
        context("number \(json.preview) does not fit \(expected) at \(place)"))
    case .wrongType:
      if Self.isNull(json) {
        return .valueNotFound(expected, context("Expected \(expected) at \(place) but found null"))
      }
      return .typeMismatch(
        expected, context("Expected \(expected) at \(place) but found \(Self.found(json))"))
    }
  }

  /// The error for a value of the right JSON type whose contents are invalid (a date
  /// string in another format, invalid Base64…).
  func corrupted(_ expected: String, _ json: JSON, base: PathBase, item: CodingPathItem?)
    -> DecodingError
  {
    let items = base.items(path, appending: item)
    return .dataCorrupted(
      DecodingError.Context(
        codingPath: items.map(\.codingKey),
        debugDescription:
          "\(expected) at \(CodingPathItem.render(items)) but found \(Self.found(json))"))
  }

  /// The error for a container requested from a value of another type.
  func containerMismatch(expected: String, type: Any.Type, _ json: JSON, _ base: PathBase)
    -> DecodingError
  {
    let items = base.items(path)
    let context = { (text: String) in
      DecodingError.Context(codingPath: items.map(\.codingKey), debugDescription: text)
    }
    let place = CodingPathItem.render(items)
    if Self.isNull(json) {
      return .valueNotFound(type, context("Expected \(expected) at \(place) but found null"))
    }
    return .typeMismatch(
      type, context("Expected \(expected) at \(place) but found \(Self.found(json))"))
  }

  /// The error for a key that the object at `base` does not have.
  func keyNotFound(_ key: any CodingKey, base: PathBase) -> DecodingError {
    let items = base.items(path)
    let place = CodingPathItem.render(items + [.key(key)])
    return .keyNotFound(
      key,
      DecodingError.Context(
        codingPath: items.map(\.codingKey),
        debugDescription: "Dictionary key '\(key.stringValue)' does not exist at \(place)"))
  }

  /// The error for reading past the end of an unkeyed container; `expected` describes
  /// what was asked for (a type name, `dictionary`, `array` or `a value`).
  func atEnd(_ type: Any.Type, expected: String, base: PathBase, index: Int, count: Int)
    -> DecodingError
  {
    let items = base.items(path, appending: .index(index))
    let elements = count == 1 ? "1 element" : "\(count) elements"
    return .valueNotFound(
      type,
      DecodingError.Context(
        codingPath: items.map(\.codingKey),
        debugDescription:
          "Expected \(expected) at \(CodingPathItem.render(items)) but the array has only \(elements)"
      ))
  }

  /// What a value is, for messages: its JSON type and a short preview, as `JSONError` says
  /// it (`string ("x")`, `array ([1,2,3])`).
  static func found(_ json: JSON) -> String {
    "\(json.type) (\(json.preview))"
  }
}
