import Foundation

/// One header field: a name (compared without regard to case) and a value.
///
/// ```swift
/// let header = HTTPHeader.authorization(bearerToken: "abc123")
/// print(header)  // Authorization: Bearer abc123
/// ```
public struct HTTPHeader: Hashable, Sendable, CustomStringConvertible {
  /// The field name, as given (compared case-insensitively).
  public let name: String
  /// The field value.
  public let value: String

  /// A header field.
  public init(name: String, value: String) {
    self.name = name
    self.value = value
  }

  public var description: String { "\(name): \(value)" }

  /// `Accept: value`.
  public static func accept(_ value: String) -> HTTPHeader {
    HTTPHeader(name: "Accept", value: value)
  }
  /// `Accept-Language: value`.
  public static func acceptLanguage(_ value: String) -> HTTPHeader {
    HTTPHeader(name: "Accept-Language", value: value)
  }
  /// `Authorization: value`, as given.
  public static func authorization(_ value: String) -> HTTPHeader {
    HTTPHeader(name: "Authorization", value: value)
  }
  /// `Authorization: Bearer token`.
  public static func authorization(bearerToken: String) -> HTTPHeader {
    authorization("Bearer \(bearerToken)")
  }
  /// `Authorization: Basic base64(username:password)`.
  public static func authorization(username: String, password: String) -> HTTPHeader {
    authorization("Basic \(Data("\(username):\(password)".utf8).base64EncodedString())")
  }
  /// `Content-Type: value`.
  public static func contentType(_ value: String) -> HTTPHeader {
    HTTPHeader(name: "Content-Type", value: value)
  }
  /// `User-Agent: value`.
  public static func userAgent(_ value: String) -> HTTPHeader {
    HTTPHeader(name: "User-Agent", value: value)
  }
}

/// An ordered list of header fields whose names are looked up without regard to case.
///
/// Setting a name that is already present replaces that field (name and value) where the
/// first one was and drops the others; `add` keeps both, as a response's `Set-Cookie` needs.
///
/// ```swift
/// var headers: HTTPHeaders = ["Accept": "application/json"]
/// headers.add(.authorization(bearerToken: "abc123"))
/// headers["accept"]                 // "application/json"
/// headers["X-Trace"] = "1"
/// ```
public struct HTTPHeaders: Hashable, Sendable, ExpressibleByDictionaryLiteral,
  ExpressibleByArrayLiteral,
  Sequence, CustomStringConvertible
{
  private var fields: [HTTPHeader] = []

  /// No headers.
  public init() {}

  /// These fields, in order (repeated names kept).
  public init(_ headers: [HTTPHeader]) {
    for header in headers { update(header) }
  }

  /// One field per entry, in the dictionary's order.
  public init(_ dictionary: [String: String]) {
    for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      update(name: name, value: value)
    }
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    for (name, value) in elements { update(name: name, value: value) }
  }

  public init(arrayLiteral elements: HTTPHeader...) { self.init(elements) }

  /// Appends a field, keeping any field of the same name.
  public mutating func add(name: String, value: String) {
    fields.append(HTTPHeader(name: name, value: value))
  }

  /// Appends a field, keeping any field of the same name.
  public mutating func add(_ header: HTTPHeader) { fields.append(header) }

  /// Sets a field: replaces the value of the first field of that name and drops the others,
  /// or appends it.
  public mutating func update(name: String, value: String) {
    update(HTTPHeader(name: name, value: value))
  }

  /// Sets a field: replaces the value of the first field of that name and drops the others,
  /// or appends it.
  public mutating func update(_ header: HTTPHeader) {
    guard let first = index(of: header.name) else {
      fields.append(header)
      return
    }
    fields[first] = header
    fields = fields.enumerated().filter {
      $0.offset == first || !Self.same($0.element.name, header.name)
    }
    .map(\.element)
  }

  /// Removes every field of that name.
  public mutating func remove(name: String) { fields.removeAll { Self.same($0.name, name) } }

  /// The value of the first field of that name.
  public func value(for name: String) -> String? { index(of: name).map { fields[$0].value } }

  /// Every value of fields of that name, in order.
  public func values(for name: String) -> [String] {
    fields.filter { Self.same($0.name, name) }.map(\.value)
  }

  /// The value of the first field of that name; assigning `nil` removes the name.
  public subscript(_ name: String) -> String? {
    get { value(for: name) }
    set {
      if let newValue { update(name: name, value: newValue) } else { remove(name: name) }
    }
  }

  /// The fields as a dictionary; of repeated names the last wins.
  public var dictionary: [String: String] {
    fields.reduce(into: [:]) { $0[$1.name] = $1.value }
  }

  /// The number of fields.
  public var count: Int { fields.count }
  /// Whether there are no fields.
  public var isEmpty: Bool { fields.isEmpty }
  public func makeIterator() -> IndexingIterator<[HTTPHeader]> { fields.makeIterator() }
  public var description: String { fields.map(\.description).joined(separator: "\n") }

  private func index(of name: String) -> Int? { fields.firstIndex { Self.same($0.name, name) } }

  /// Whether two header names are equal ignoring ASCII case.
  ///
  /// Names are ASCII tokens, so
  /// folding A-Z byte by byte is exact; it allocates nothing, where comparing `lowercased()`
  /// copies made two strings per field looked at (every lookup of every request).
  ///
  /// Compared through the strings' contiguous UTF-8 where they have it (native and small
  /// strings, so nearly always): iterating `String.UTF8View` costs tens of instructions a
  /// byte, and each response's header lines are looked up this way.
  static func same(_ a: String, _ b: String) -> Bool {
    guard a.utf8.count == b.utf8.count else { return false }
    let contiguous = a.utf8.withContiguousStorageIfAvailable { x in
      b.utf8.withContiguousStorageIfAvailable { y in sameBytes(x, y) }
    }
    if let contiguous, let result = contiguous { return result }
    return sameBytes(a.utf8, b.utf8)
  }

  /// Whether two names' bytes, of the same count, are equal ignoring ASCII case.
  private static func sameBytes<A: Sequence<UInt8>, B: Sequence<UInt8>>(_ a: A, _ b: B) -> Bool {
    a.elementsEqual(b) { x, y in
      x == y
        || (x ^ y == 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
    }
  }
}
