#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Non-numeric getters and setters, with SwiftyJSON's names and defaults.

extension JSON {
  /// The string, or `nil` when this is not a string (numbers are not converted: use
  /// `stringValue`).
  ///
  /// Setting `nil` stores `null`.
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

  /// `true` when this is `null` or a failed access.
  public var isNull: Bool { type == .null }

  /// The elements, or `nil` when this is not an array.
  public var array: [JSON]? {
    get { arrayElements }
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

}
