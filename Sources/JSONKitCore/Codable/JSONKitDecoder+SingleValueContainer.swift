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
  /// `SingleValueDecodingContainer` over the decoder's current value.
  ///
  /// It holds only the decoder (one word, so the existential needs no allocation) and reads
  /// `decoder.value` and `decoder.path` when used: while the `init(from:)` that asked for it
  /// runs, those are its value and path (children swap them only for their own duration).
  struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: Impl

    var codingPath: [any CodingKey] { decoder.codingPath }

    var base: PathBase { .shared(decoder.path.count) }

    func decodeNil() -> Bool { Impl.isNull(decoder.value) }

    @inline(__always)
    func scalar<T>(_ type: T.Type, _ read: (JSON) throws(ScalarFailure) -> T) throws -> T {
      try decoder.read(decoder.value, T.self, base: base, item: nil, read)
    }

    func decode(_ type: Bool.Type) throws -> Bool {
      try scalar(Bool.self) { j throws(ScalarFailure) in
        guard let b = Impl.bool(j) else { throw .wrongType }
        return b
      }
    }

    func decode(_ type: String.Type) throws -> String {
      try scalar(String.self) { j throws(ScalarFailure) in try Impl.requireString(j) }
    }

    func decode(_ type: Double.Type) throws -> Double {
      try scalar(Double.self) { j throws(ScalarFailure) in try decoder.double(j) }
    }

    func decode(_ type: Float.Type) throws -> Float {
      try scalar(Float.self) { j throws(ScalarFailure) in try decoder.float(j) }
    }

    @inline(__always)
    func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
      try scalar(I.self) { j throws(ScalarFailure) in try Impl.integer(j, as: I.self) }
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_ type: Int128.Type) throws -> Int128 { try integer(Int128.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer(UInt128.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
      try decoder.unbox(decoder.value, as: T.self, base: base, item: nil)
    }
  }
}
