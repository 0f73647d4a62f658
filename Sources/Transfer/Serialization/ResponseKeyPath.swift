import JSONKit

/// A dotted path into a response body: `"data.items.0.name"`.
///
/// A component made of digits
/// indexes an array and names a key of an object, so `"0"` works for both.
enum ResponseKeyPath {
  static func value(in json: JSON, at keyPath: String?) throws(TransferError) -> JSON {
    guard let keyPath, !keyPath.isEmpty else { return json }
    var current = json
    for component in keyPath.split(separator: ".", omittingEmptySubsequences: false) {
      let key = String(component)
      switch current.type {
      case .array:
        guard let index = Int(key), index >= 0, index < current.count else {
          throw .responseSerializationFailed(reason: .keyPathNotFound(keyPath: keyPath))
        }
        current = current[index]
      case .dictionary:
        let next = current[key]
        guard next.exists() else {
          throw .responseSerializationFailed(reason: .keyPathNotFound(keyPath: keyPath))
        }
        current = next
      default:
        throw .responseSerializationFailed(reason: .keyPathNotFound(keyPath: keyPath))
      }
    }
    return current
  }
}
