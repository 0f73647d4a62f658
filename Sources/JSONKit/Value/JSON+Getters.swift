import Foundation

// Non-numeric getters and setters, with SwiftyJSON's names and defaults.

extension JSON {
  /// The string, or `nil` when this is not a string (numbers are not converted: use
  /// `stringValue`). Setting `nil` stores `null`.
  public var string: String? {
    get {
      switch storage {
      case .string(let s): return s
      case .node(let document, let slot):
        let tag = Slot.tag(slot)
        return tag == Slot.stringTag || tag == Slot.longStringTag ? document.string(slot) : nil
      default: return nil
      }
    }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The string; a number's text (as written in the source); `"true"`/`"false"`; else `""`.
  public var stringValue: String {
    get {
      if let s = string { return s }
      switch storage {
      case .bool(let b): return b ? "true" : "false"
      case .number(let n):
        var writer = Emitter(options: [], indentation: .spaces(0), out: OutputBuffer(capacity: 32))
        writer.writeNumber(n)
        let out = writer.finish()
        defer { out.deallocate() }
        return String(decoding: out.bytes, as: UTF8.self)
      default:
        return withNumberText { String(decoding: $0, as: UTF8.self) } ?? ""
      }
    }
    set { self = JSON(newValue) }
  }

  /// The boolean, or `nil` when this is not a boolean (numbers are not converted).
  public var bool: Bool? {
    get {
      if case .bool(let b) = storage { return b }
      return nil
    }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// The boolean; a number ≠ 0; a string that is `true`, `yes`, `y`, `t` or `1` (any case);
  /// else `false`.
  public var boolValue: Bool {
    get {
      switch type {
      case .bool: return bool ?? false
      case .number: return (nearestDouble ?? 0) != 0
      case .string: return ["true", "yes", "y", "t", "1"].contains(stringValue.lowercased())
      default: return false
      }
    }
    set { self = JSON(newValue) }
  }

  /// `NSNull()` when this is `null` (and exists), else `nil`. Setting anything stores `null`.
  public var null: NSNull? {
    get {
      if case .null = storage { return NSNull() }
      return nil
    }
    set { self = .null }
  }

  /// `true` when this is `null` or a failed access.
  public var isNull: Bool { type == .null }

  /// The string as a URL; a string that is not a valid URL as written is
  /// percent-encoded first (as SwiftyJSON). `nil` for other values.
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

  /// The elements, or `nil` when this is not an array.
  public var array: [JSON]? {
    get {
      guard type == .array, let cursor = ContainerCursor(self) else {
        return type == .array ? [] : nil
      }
      return (0..<cursor.count).map(cursor.element)
    }
    set { self = newValue.map { JSON(array: $0) } ?? .null }
  }

  /// The elements, or `[]`.
  public var arrayValue: [JSON] {
    get { array ?? [] }
    set { self = JSON(array: newValue) }
  }

  /// The members, or `nil` when this is not an object.
  public var dictionary: [String: JSON]? {
    get {
      guard type == .dictionary else { return nil }
      guard let cursor = ContainerCursor(self) else { return [:] }
      var result = [String: JSON](minimumCapacity: cursor.count)
      for i in 0..<cursor.count { result[cursor.key(i)] = cursor.value(i) }
      return result
    }
    set { self = newValue.map { JSON(dictionary: $0) } ?? .null }
  }

  /// The members, or `[:]`.
  public var dictionaryValue: [String: JSON] {
    get { dictionary ?? [:] }
    set { self = JSON(dictionary: newValue) }
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
