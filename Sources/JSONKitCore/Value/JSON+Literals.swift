// Literal conformances: `let json: JSON = ["name": "Ada", "tags": ["x"], "age": nil]`.

extension JSON: ExpressibleByStringLiteral {
  public init(stringLiteral value: String) { self.init(value) }
}

extension JSON: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int) { self.init(value) }
}

extension JSON: ExpressibleByFloatLiteral {
  public init(floatLiteral value: Double) { self.init(value) }
}

extension JSON: ExpressibleByBooleanLiteral {
  public init(booleanLiteral value: Bool) { self.init(value) }
}

extension JSON: ExpressibleByNilLiteral {
  public init(nilLiteral: ()) { self.init(storage: .null) }
}

// Elements are `Any?`, as SwiftyJSON's `Any`, so that `NSNull()`, `NSNumber` and other
// Foundation values can sit in a literal beside `JSON` values and `nil`; each converts as
// `JSON(_:)` does.
extension JSON: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: Any?...) {
    self.init(array: elements.map(JSON.literalElement))
  }
}

extension JSON: ExpressibleByDictionaryLiteral {
  /// Keys keep their literal order; a repeated key keeps its first position and last value.
  public init(dictionaryLiteral elements: (String, Any?)...) {
    let box = ObjectBox()
    for (key, value) in elements { box.set(key, JSON.literalElement(value).detached) }
    self.init(storage: .object(box))
  }
}

extension JSON {
  /// One element of an array or dictionary literal.
  static func literalElement(_ element: Any?) -> JSON {
    guard let element else { return .null }
    if let json = element as? JSON { return json }
    return JSON.convert(element)
  }
}
