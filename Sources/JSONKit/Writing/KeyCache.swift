#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The written form of each key of a document (`"key":`, escaped, with the space of pretty
/// output), kept for the rest of one write.
///
/// A document shaped like twitter.json repeats a few hundred distinct keys hundreds of
/// thousands of times; copying a key's finished text is a fraction of checking and quoting
/// it again. Documents with very many distinct keys (maps keyed by ids) repeat few of them,
/// so they get no cache and no table to allocate.
struct KeyCache {
  /// Per key id: the text's offset in `text` shifted left by 20 bits, plus its length; 0
  /// when not cached yet (a written key is at least `"":`, three bytes).
  private var entries: UnsafeMutablePointer<Int>?
  private var text: OutputBuffer?

  /// Caching pays off when a key is written many times; beyond this many distinct keys
  /// that is unlikely, and the table would cost more to clear than it saves.
  static let maximumKeyCount = 4096
  /// Longer keys are written afresh each time (they are rare, and stay out of the text).
  static let maximumLength = 256

  init(keyCount: Int) {
    guard keyCount > 0 && keyCount <= Self.maximumKeyCount else { return }
    entries = calloc(keyCount, MemoryLayout<Int>.stride)?.assumingMemoryBound(to: Int.self)
  }

  mutating func deallocate() {
    free(entries)
    text?.deallocate()
  }

  /// The written text of key `id`, if cached.
  @inline(__always)
  func text(_ id: Int) -> UnsafeBufferPointer<UInt8>? {
    guard let entries, let text else { return nil }
    let entry = entries[id]
    guard entry != 0 else { return nil }
    return UnsafeBufferPointer(start: text.base + (entry >> 20), count: entry & 0xFFFFF)
  }

  /// Remembers `written` as the text of key `id`.
  mutating func store(_ id: Int, _ written: UnsafeBufferPointer<UInt8>) {
    guard let entries, written.count <= Self.maximumLength else { return }
    if text == nil { text = OutputBuffer(capacity: 4096) }
    entries[id] = text.unsafelyUnwrapped.count << 20 | written.count
    text!.append(written)
  }
}
