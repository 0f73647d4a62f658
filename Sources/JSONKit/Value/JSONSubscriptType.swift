/// One step of a subscript path, with SwiftyJSON's names.
public enum JSONKey: Sendable, Hashable {
  case index(Int)
  case key(String)
}

/// A type usable as a step in `json[path]`: `Int` (array index) and `String` (object key).
///
/// ```swift
/// let path: [JSONSubscriptType] = ["users", 0, "name"]
/// json[path].string
/// ```
public protocol JSONSubscriptType {
  var jsonKey: JSONKey { get }
}

extension Int: JSONSubscriptType {
  public var jsonKey: JSONKey { .index(self) }
}

extension String: JSONSubscriptType {
  public var jsonKey: JSONKey { .key(self) }
}
