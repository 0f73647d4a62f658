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

extension JSON: ExpressibleByArrayLiteral {
  public init(arrayLiteral elements: JSON...) { self.init(array: elements) }
}

extension JSON: ExpressibleByDictionaryLiteral {
  /// Keys keep their literal order; a repeated key keeps its first position and last value.
  public init(dictionaryLiteral elements: (String, JSON)...) {
    let box = ObjectBox()
    for (key, value) in elements { box.set(key, value.detached) }
    self.init(storage: .object(box))
  }
}
