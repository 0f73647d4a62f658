#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension JSONKitDecoder {
  /// An array being decoded: a block of a parsed document's tape, or a box built in code.
  enum ArraySource {
    case tape(JSONDocument, UInt64)
    case box(ArrayBox)

    @inline(__always)
    func element(_ i: Int) -> JSON {
      switch self {
      case .tape(let document, let slot):
        return JSON(document: document, slot: document.element(slot, i))
      case .box(let box): return box.elements[i]
      }
    }
  }

  /// `UnkeyedDecodingContainer` over an array: elements are read by index, straight from
  /// the tape for parsed documents.
  ///
  /// As in Foundation, `currentIndex` advances only when a
  /// decode succeeds, so a caller can try another type on the same element.
  struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: Impl
    let array: ArraySource
    let total: Int
    let base: PathBase
    private(set) var currentIndex = 0

    init(decoder: Impl, array: ArraySource, count: Int, base: PathBase) {
      self.decoder = decoder
      self.array = array
      self.total = count
      self.base = base
    }

    var codingPath: [any CodingKey] { base.items(decoder.path).map(\.codingKey) }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    /// The current element, or the error for reading past the end (`expected` names what
    /// was asked for; the type's name by default).
    @inline(__always)
    func next(_ type: Any.Type, expected: String? = nil) throws -> JSON {
      guard currentIndex < total else {
        throw decoder.atEnd(
          type, expected: expected ?? "\(type)", base: base, index: currentIndex, count: total)
      }
      return array.element(currentIndex)
    }

    @inline(__always)
    var item: CodingPathItem { .index(currentIndex) }

    mutating func decodeNil() throws -> Bool {
      guard Impl.isNull(try next(Any?.self, expected: "a value")) else { return false }
      currentIndex += 1
      return true
    }

    /// Reads the current element with `read` and advances.
    @inline(__always)
    mutating func scalar<T>(_ type: T.Type, _ read: (JSON) throws(ScalarFailure) -> T) throws -> T {
      let json = try next(T.self)
      let value = try decoder.read(json, T.self, base: base, item: item, read)
      currentIndex += 1
      return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
      try scalar(Bool.self) { j throws(ScalarFailure) in
        guard let b = Impl.bool(j) else { throw .wrongType }
        return b
      }
    }

    mutating func decode(_ type: String.Type) throws -> String {
      try scalar(String.self) { j throws(ScalarFailure) in try Impl.requireString(j) }
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
      let decoder = decoder
      return try scalar(Double.self) { j throws(ScalarFailure) in try decoder.double(j) }
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
      let decoder = decoder
      return try scalar(Float.self) { j throws(ScalarFailure) in try decoder.float(j) }
    }

    @inline(__always)
    mutating func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
      try scalar(I.self) { j throws(ScalarFailure) in try Impl.integer(j, as: I.self) }
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer(Int128.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(UInt128.self) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
      let json = try next(T.self)
      let value = try decoder.unbox(json, as: T.self, base: base, item: item)
      currentIndex += 1
      return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
      let json = try next(KeyedDecodingContainer<NestedKey>.self, expected: "dictionary")
      let path = base.items(decoder.path, appending: item)
      let container = try decoder.keyedContainer(
        for: json, base: .own(path), keyedBy: NestedKey.self)
      currentIndex += 1
      return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
      let json = try next((any UnkeyedDecodingContainer).self, expected: "array")
      let container = try decoder.unkeyedContainer(
        for: json, base: .own(base.items(decoder.path, appending: item)))
      currentIndex += 1
      return container
    }

    /// A decoder for the current element, which counts as decoded.
    mutating func superDecoder() throws -> any Decoder {
      let json = try next((any Decoder).self, expected: "a value")
      let result = decoder.superDecoder(for: json, path: base.items(decoder.path, appending: item))
      currentIndex += 1
      return result
    }
  }
}
