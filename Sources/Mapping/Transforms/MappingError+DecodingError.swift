import Foundation
import JSONKit

extension MappingError {
  /// A `DecodingError` from decoding `json` as a mapping failure: its coding path becomes
  /// the path (relative to `json`) and its case the reason, so a `Codable` value inside a
  /// model fails as precisely as a mapped one.
  ///
  /// `rootType` names what was expected when the value itself has the wrong type (the
  /// decoder names the container it asked for, `[String: Any]`).
  init(decoding error: DecodingError, in json: JSONKit.JSON, rootType: Any.Type) {
    func located(_ codingPath: [any CodingKey]) -> (path: [JSONPathComponent], value: JSONKit.JSON?)
    {
      var path: [JSONPathComponent] = []
      var value: JSONKit.JSON? = json
      for key in codingPath {
        if let index = key.intValue, value?.type == .array {
          path.append(.index(index))
          value = value?.element(index)
        } else {
          path.append(.key(key.stringValue))
          value = value?.member(key.stringValue)
        }
      }
      return (path, value)
    }
    switch error {
    case .keyNotFound(let key, let context):
      self.init(.keyNotFound, path: located(context.codingPath + [key]).path)
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let (path, value) = located(context.codingPath)
      let found = value ?? .null
      let expected = path.isEmpty ? rootType : type
      self.init(
        .typeMismatch(expected: typeName(expected), found: found.type, preview: found.shortPreview),
        path: path)
    case .dataCorrupted(let context):
      // JSONKitDecoder's text names the place itself; the description adds the full path.
      let path = located(context.codingPath).path
      let text = context.debugDescription.replacingOccurrences(
        of: " at \(JSONPathComponent.render(path))", with: "")
      self.init(.custom(text), path: path)
    @unknown default:
      self.init(.custom("\(error)"))
    }
  }
}
