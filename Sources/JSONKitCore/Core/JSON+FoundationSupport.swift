// What JSONKit's Foundation bridges need of a value's storage, which stays internal to
// JSONKitCore (its cases name the document, the boxes and the error paths).

extension JSON {
  /// The number as stored when it was made from a `Float` (so that an `NSNumber` made
  /// from it stays a `Float`); `nil` otherwise.
  ///
  /// ```swift
  /// JSON(Float(1.5)).storedFloat  // 1.5
  /// JSON(1.5).storedFloat         // nil
  /// ```
  package var storedFloat: Float? {
    if case .number(.float(let f)) = storage { return f }
    return nil
  }

  /// `true` for a real `null` (not a failed access, which also reads as `null`).
  package var isStoredNull: Bool {
    if case .null = storage { return true }
    return false
  }

  /// The JSON `null`, by a name JSONKit's own `null` members cannot shadow.
  package static var nullValue: JSON { JSON(storage: .null) }

  /// A number kept as its decimal text, exactly (for `NSDecimalNumber`).
  ///
  /// ```swift
  /// JSON(numberText: "0.1").rawString()  // "0.1"
  /// ```
  package init(numberText: String) {
    self.init(storage: .number(.text(numberText)))
  }
}
