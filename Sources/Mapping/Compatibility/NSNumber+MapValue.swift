import Foundation
import JSONKit

// `NSNumber` properties and `NSNumber`-backed enums (`enum Kind: NSNumber`), as ObjectMapper
// maps them. Booleans are numbers here too, as they are for `NSNumber`.
extension NSNumber: MapValue {
  /// Reads a JSON number or boolean.
  ///
  /// ```swift
  /// var count: NSNumber?
  /// count <- map["count"]
  /// ```
  ///
  /// - Throws: `MappingError` for any other JSON value.
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Self {
    guard json.type == .number || json.type == .bool, let number = json.number as? Self else {
      throw .mismatch(Self.self, json)
    }
    return number
  }

  /// The number (or boolean) as JSON.
  public func toMapJSON(map: Map) -> JSONKit.JSON { JSONKit.JSON(self) }
}
