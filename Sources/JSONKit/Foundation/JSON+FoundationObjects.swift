import Foundation

// The Foundation side of `JSON`: SwiftyJSON's getters and initializer in terms of `NSNumber`,
// `NSNull`, `URL` and `Any`. They live in JSONKit, not JSONKitCore, because `NSNumber` and
// `NSNull` are Foundation's alone (FoundationEssentials has neither): JSONKitCore, and the
// `jsonkit` tool built on it, never load Foundation.

extension JSON {
  /// The JSON `null` (as in JSONKitCore).
  ///
  /// Declared again here, beside the instance
  /// property `null` (an `NSNull?`, SwiftyJSON's): Swift lets a module's members shadow
  /// same-named members of a module it imports, so without this one `JSON.null` would
  /// find only the instance property for every user of JSONKit. Disfavored, so that a file
  /// importing both modules finds JSONKitCore's (the same value) rather than two.
  ///
  /// ```swift
  /// let value: JSON = .null
  /// value.null  // Optional(NSNull())
  /// ```
  @_disfavoredOverload
  public static var null: JSON { nullValue }

  /// An `NSNumber`, as a boolean when it holds one, else exactly as an integer or double.
  init(number: NSNumber) {
    let kind = String(cString: number.objCType)
    if kind == "c" || kind == "B", number.int8Value == 0 || number.int8Value == 1,
      Swift.type(of: number) != NSDecimalNumber.self
    {
      self.init(number.boolValue)
    } else if number is NSDecimalNumber {
      self.init(numberText: number.description)
    } else if kind == "f" || kind == "d" {
      self.init(number.doubleValue)
    } else if kind == "Q" || kind == "L" || kind == "I" || kind == "S" || kind == "C" {
      self.init(number.uint64Value)
    } else {
      self.init(number.int64Value)
    }
  }
}

extension JSON {
  /// `NSNull()` when this is `null` (and exists), else `nil`.
  ///
  /// Setting anything stores `null`.
  public var null: NSNull? {
    get {
      if isStoredNull { return NSNull() }
      return nil
    }
    set { self = .null }
  }

  /// The string as a URL; a string that is not a valid URL as written is
  /// percent-encoded first (as SwiftyJSON).
  ///
  /// `nil` for other values.
  public var url: URL? {
    get {
      guard let s = string else { return nil }
      if let url = URL(string: s) { return url }
      guard let encoded = s.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) else {
        return nil
      }
      return URL(string: encoded)
    }
    set { self = newValue.map { JSON($0.absoluteString) } ?? .null }
  }

  /// The elements as Foundation objects (`NSNumber`, `String`, `NSNull`, arrays,
  /// dictionaries), or `nil` when this is not an array.
  public var arrayObject: [Any]? {
    get { array?.map(\.object) }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The members as Foundation objects, or `nil` when this is not an object.
  public var dictionaryObject: [String: Any]? {
    get { dictionary?.mapValues(\.object) }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// This value as Foundation objects, as `JSONSerialization` would return it: `String`,
  /// `NSNumber` (integers exactly when they fit 64 bits), `NSNull`, `[Any]`, `[String: Any]`.
  ///
  /// Setting converts with `JSON(_:)`. Deeply nested values convert recursively.
  public var object: Any {
    get {
      switch type {
      case .string: return stringValue
      case .number: return number ?? NSNumber(value: 0)
      case .bool: return boolValue
      case .array: return arrayObject ?? []
      case .dictionary: return dictionaryObject ?? [:]
      case .null, .unknown: return NSNull()
      }
    }
    set { self = JSON(newValue) }
  }

  /// SwiftyJSON's name for `object`.
  public var rawValue: Any { object }
}

extension JSON {
  /// The number as an `NSNumber` (integers exactly, others as `Double`); `nil` for
  /// booleans, unlike SwiftyJSON.
  public var number: NSNumber? {
    get {
      if let i = exactInt64 { return NSNumber(value: i) }
      if let u = exactUInt64 { return NSNumber(value: u) }
      // A Float stays a Float, so that `as? Float` of the NSNumber works (see `NumberValue`).
      if let f = storedFloat { return NSNumber(value: f) }
      if let d = double { return NSNumber(value: d) }
      return nil
    }
    set {
      guard let n = newValue else {
        self = .null
        return
      }
      self = JSON(n)
    }
  }

  /// An `NSNumber` for any number, numeric string or boolean; 0 otherwise.
  public var numberValue: NSNumber {
    get {
      if let n = number { return n }
      if type == .bool { return NSNumber(value: boolValue) }
      if type == .string {
        // All the digits, as SwiftyJSON: a Double would round "1000000000000000000000000000.1".
        let decimal = NSDecimalNumber(string: stringValue.trimmingCharacters(in: .whitespaces))
        return decimal == NSDecimalNumber.notANumber ? NSDecimalNumber.zero : decimal
      }
      if let i = JSON.coercedInt64(self) { return NSNumber(value: i) }
      return NSNumber(value: doubleValue)
    }
    set { self = JSON(newValue) }
  }
}

extension NSNull: FoundationJSONConvertible {
  /// `null`.
  package var convertedJSON: JSON { .null }
}

extension NSNumber: FoundationJSONConvertible {
  /// A boolean, integer, double or (for `NSDecimalNumber`) decimal text, exactly.
  package var convertedJSON: JSON { JSON(number: self) }
}

extension NSDictionary: FoundationJSONConvertible {
  /// An object with the members in key order (see `JSON.convert`), or a value whose `error`
  /// says that a key is not a string.
  package var convertedJSON: JSON {
    var members: [(String, Any)] = []
    for (key, value) in self {
      guard let key = key as? String else {
        return JSON(
          error: JSONError(.conversion(.unsupportedType("a dictionary with non-string keys"))))
      }
      members.append((key, value))
    }
    // `[String: Any]` converts in key order.
    return JSON.convert(Dictionary(members) { _, last in last })
  }
}
