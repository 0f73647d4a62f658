#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// `JSON` inside `Codable` models: a field of type `JSON` holds whatever the payload has.

extension JSON: Codable {
  /// Decodes any JSON value from any decoder (null, booleans, numbers, strings, arrays,
  /// objects).
  ///
  /// Integers are kept exactly; other numbers come through the decoder as `Double`.
  ///
  /// ```swift
  /// struct Event: Codable { var kind: String; var payload: JSON }
  /// let event = try JSONDecoder().decode(Event.self, from: data)
  /// event.payload["id"].int
  /// ```
  public init(from decoder: Decoder) throws {
    if let container = try? decoder.singleValueContainer() {
      if container.decodeNil() {
        self = .null
        return
      }
      if let b = try? container.decode(Bool.self) {
        self = JSON(b)
        return
      }
      if let i = try? container.decode(Int64.self) {
        self = JSON(i)
        return
      }
      if let u = try? container.decode(UInt64.self) {
        self = JSON(u)
        return
      }
      if let d = try? container.decode(Double.self) {
        self = JSON(d)
        return
      }
      if let s = try? container.decode(String.self) {
        self = JSON(s)
        return
      }
    }
    if var array = try? decoder.unkeyedContainer() {
      var elements: [JSON] = []
      while !array.isAtEnd { elements.append(try array.decode(JSON.self)) }
      self = JSON(array: elements)
      return
    }
    let object = try decoder.container(keyedBy: AnyCodingKey.self)
    let box = ObjectBox()
    for key in object.allKeys {
      box.set(key.stringValue, try object.decode(JSON.self, forKey: key))
    }
    self = JSON(storage: .object(box))
  }

  /// Encodes this value with any encoder.
  ///
  /// Numbers that are integers are encoded as
  /// integers, numbers with exact text beyond 64 bits as `Decimal`, others as `Double`.
  public func encode(to encoder: Encoder) throws {
    switch type {
    case .null, .unknown:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool:
      var container = encoder.singleValueContainer()
      try container.encode(boolValue)
    case .number:
      var container = encoder.singleValueContainer()
      if let i = exactInt64 {
        try container.encode(i)
      } else if let u = exactUInt64 {
        try container.encode(u)
      } else if !isBinaryDouble,
        let decimal = Decimal(string: stringValue, locale: Locale(identifier: "en_US_POSIX")),
        decimal.description == stringValue
      {
        try container.encode(decimal)
      } else {
        try container.encode(doubleValue)
      }
    case .string:
      var container = encoder.singleValueContainer()
      try container.encode(stringValue)
    case .array:
      var container = encoder.unkeyedContainer()
      for (_, element) in self { try container.encode(element) }
    case .dictionary:
      var container = encoder.container(keyedBy: AnyCodingKey.self)
      for (key, value) in self { try container.encode(value, forKey: AnyCodingKey(key)) }
    }
  }
}

/// A coding key for any string (object keys of `JSON`).
struct AnyCodingKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(_ string: String) {
    stringValue = string
    intValue = nil
  }

  init?(stringValue: String) { self.init(stringValue) }

  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}
