/// One 64-bit word describing a value inside a `JSONDocument`.
///
/// The top four bits are a tag; the low 60 bits are its payload:
///
/// | tag | payload |
/// |---|---|
/// | `null`, `false`, `true` | unused |
/// | `int` | a 60-bit two's-complement integer (every integer literal of up to 17 digits) |
/// | `number`, `string` | byte offset (40 bits) and length (20 bits) of the text in `bytes` |
/// | `longNumber`, `longString` | tape index of two words: byte offset, length |
/// | `array`, `object` | tape index of the container's block |
///
/// An array block is `[count, slot0, slot1, …]`; an object block is
/// `[count, key0, value0, key1, value1, …]` where each key is an index into the document's
/// key table. Blocks are written when a container closes, so children precede their parent
/// on the tape and every element is reachable in O(1) from its container.
@usableFromInline
enum Slot {
  @usableFromInline static let tagShift: UInt64 = 60
  @usableFromInline static let payloadMask: UInt64 = (1 << 60) - 1

  @usableFromInline static let null: UInt64 = 0 << 60
  @usableFromInline static let `false`: UInt64 = 1 << 60
  @usableFromInline static let `true`: UInt64 = 2 << 60
  @usableFromInline static let intTag: UInt64 = 3
  @usableFromInline static let numberTag: UInt64 = 4
  @usableFromInline static let stringTag: UInt64 = 5
  @usableFromInline static let longNumberTag: UInt64 = 6
  @usableFromInline static let longStringTag: UInt64 = 7
  @usableFromInline static let arrayTag: UInt64 = 8
  @usableFromInline static let objectTag: UInt64 = 9

  /// Texts up to this length are described inline; longer ones use two tape words.
  @usableFromInline static let maxInlineLength = (1 << 20) - 1
  /// Offsets up to this value are described inline.
  @usableFromInline static let maxInlineOffset = (1 << 40) - 1

  /// Integers in this range are stored inline.
  @usableFromInline static let minInlineInt: Int64 = -(1 << 59)
  @usableFromInline static let maxInlineInt: Int64 = (1 << 59) - 1

  @inlinable @inline(__always)
  static func tag(_ slot: UInt64) -> UInt64 { slot >> tagShift }

  @inlinable @inline(__always)
  static func payload(_ slot: UInt64) -> UInt64 { slot & payloadMask }

  @inlinable @inline(__always)
  static func make(_ tag: UInt64, _ payload: UInt64) -> UInt64 { tag << tagShift | payload }

  @inlinable @inline(__always)
  static func int(_ value: Int64) -> UInt64 {
    make(intTag, UInt64(bitPattern: value) & payloadMask)
  }

  @inlinable @inline(__always)
  static func intValue(_ slot: UInt64) -> Int64 {
    Int64(bitPattern: slot << 4) >> 4
  }

  @inlinable @inline(__always)
  static func text(_ tag: UInt64, offset: Int, length: Int) -> UInt64 {
    make(tag, UInt64(offset) << 20 | UInt64(length))
  }

  @inlinable @inline(__always)
  static func textOffset(_ slot: UInt64) -> Int { Int((slot & payloadMask) >> 20) }

  @inlinable @inline(__always)
  static func textLength(_ slot: UInt64) -> Int { Int(slot & 0xFFFFF) }
}
