extension JSON: RawRepresentable {
  /// A value from a Foundation object, or `nil` when the object (or anything inside it) has no
  /// JSON representation; SwiftyJSON's failable spelling of `JSON(_:)`.
  ///
  /// ```swift
  /// JSON(rawValue: ["a": 1])       // {"a": 1}
  /// JSON(rawValue: NSObject())     // nil
  /// ```
  ///
  /// - Parameter rawValue: a string, number, `Bool`, `NSNull`, array, dictionary or `JSON`.
  public init?(rawValue: Any) {
    let json = JSON(rawValue)
    if json.type == .unknown { return nil }
    self = json
  }
}
