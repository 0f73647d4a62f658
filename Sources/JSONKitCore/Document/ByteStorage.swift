#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The text of one or more documents: for a one-shot parse, a copy of the input followed by
/// the decoded text of strings that had escapes; for the push parser, the text of one value.
///
/// A one-shot parse copies the input once and then refers to every unescaped string, number
/// and key in place, so parsing copies no text token by token. All values of a multi-value
/// one-shot parse share one storage.
///
/// `@unchecked Sendable`: `base` and `count` are written only by the parser (when it
/// shrinks the buffer to fit), before any value referring to this storage is returned.
@usableFromInline
final class ByteStorage: @unchecked Sendable {
  // Safe: `base` and `count` are written only by the parser, before any value refers to the storage
  // (above).
  // `@exclusivity(unchecked)`: read for every string, number and key of every value, and
  // written only by the parser before values exist (see above), so the dynamic exclusivity
  // check (a thread-local access set per read) guards nothing and cost ~2% of a mapping.
  @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
  @exclusivity(unchecked) @usableFromInline var count: Int

  init(base: UnsafeMutablePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  // `base` comes from `GrowableBuffer` (`take()` or `TapeBuilder.adoptInput`), which may
  // have mapped it itself (see `LargeAllocation`): `free` is not the way back.
  deinit { GrowableBuffer<UInt8>.release(base) }
}
