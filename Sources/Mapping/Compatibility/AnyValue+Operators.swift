import JSONKit

// `<-` on `Any` properties, as ObjectMapper: the value is read as Foundation objects
// (`String`, `NSNumber`/`Int`/`Double`, `Bool`, `[Any]`, `[String: Any]`, `NSNull`) and
// written back from them.

/// Reads the value at the key as a Foundation object; writes it back.
///
/// ```swift
/// var payload: Any = NSNull()
/// payload <- map["payload"]
/// ```
public func <- (left: inout Any, right: Map) {
  switch right.mappingType {
  case .fromJSON:
    guard let json = right.presentValue(optional: false) else { return }
    left = json.object
  case .toJSON: left >>> right
  }
}

/// Writes a Foundation object (or a `JSON`) at the key.
public func >>> (left: Any, right: Map) {
  if right.mappingType == .toJSON { right.write(JSONKit.JSON(left)) }
}

/// Reads the value at the key as a Foundation object, `nil` for `null`; writes it back.
///
/// ```swift
/// var extra: Any?
/// extra <- map["extra"]
/// ```
public func <- (left: inout Any?, right: Map) {
  switch right.mappingType {
  case .fromJSON:
    guard let json = right.presentValue(optional: true) else { return }
    if json.type == .null {
      if !right.ignoreNil { left = nil }
      return
    }
    left = json.object
  case .toJSON: left >>> right
  }
}

/// Writes a Foundation object at the key, `null` for `nil`.
public func >>> (left: Any?, right: Map) {
  guard right.mappingType == .toJSON else { return }
  right.write(left.map { JSONKit.JSON($0) } ?? .null)
}
