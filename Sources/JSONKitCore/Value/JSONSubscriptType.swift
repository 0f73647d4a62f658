/// One step of a subscript path, with SwiftyJSON's names.
public enum JSONKey: Sendable, Hashable {
  /// An array index.
  case index(Int)
  /// An object key.
  case key(String)
}

/// A type usable as a step in `json[path]`: `Int` (array index) and `String` (object key).
///
/// ```swift
/// let path: [JSONSubscriptType] = ["users", 0, "name"]
/// json[path].string
/// ```
public protocol JSONSubscriptType {
  /// The step this value stands for.
  var jsonKey: JSONKey { get }
}

extension Int: JSONSubscriptType {
  /// The integer as an array index.
  public var jsonKey: JSONKey { .index(self) }
}

extension String: JSONSubscriptType {
  /// The string as an object key.
  public var jsonKey: JSONKey { .key(self) }
}
