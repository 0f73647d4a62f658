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
  private var keyCount: Int
  /// Keys written afresh so far; caching starts after `warmUp` of them.
  private var misses = 0

  /// Caching pays off when a key is written many times; beyond this many distinct keys
  /// that is unlikely, and the table would cost more to clear than it saves.
  static let maximumKeyCount = 4096
  /// Longer keys are written afresh each time (they are rare, and stay out of the text).
  static let maximumLength = 256
  /// A write of a few small objects (one value of a `.[]` stream, say) ends before this
  /// many keys and never allocates the table.
  static let warmUp = 32

  init(keyCount: Int) {
    self.keyCount = keyCount <= Self.maximumKeyCount ? keyCount : 0
  }

  mutating func deallocate() {
    free(entries)
    text?.deallocate()
  }

  /// The written text of key `id`, if cached.
  @inline(__always)
  func text(_ id: Int) -> UnsafeBufferPointer<UInt8>? {
    // Safe: `id` is a key of the document whose key count made this cache (`Emitter.writeNode`), so
    // below `keyCount`; an entry is an offset and a length of text stored in `text`.
    guard let entries, let text else { return nil }
    let entry = entries[id]
    guard entry != 0 else { return nil }
    return UnsafeBufferPointer(start: text.base + (entry >> 20), count: entry & 0xFFFFF)
  }

  /// Remembers `written` as the text of key `id`.
  mutating func store(_ id: Int, _ written: UnsafeBufferPointer<UInt8>) {
    // Safe: `calloc` returned `keyCount` zeroed `Int`s, or `nil`, checked before any use;
    // `id < keyCount` as in `text(_:)`; `entries` and `text` are set together.
    guard keyCount > 0, written.count <= Self.maximumLength else { return }
    if entries == nil {
      misses &+= 1
      guard misses > Self.warmUp else { return }
      entries = calloc(keyCount, MemoryLayout<Int>.stride)?.assumingMemoryBound(to: Int.self)
      text = OutputBuffer(capacity: 4096)
      guard entries != nil else {
        keyCount = 0  // out of memory: write keys afresh
        return
      }
    }
    entries.unsafelyUnwrapped[id] = text.unsafelyUnwrapped.count << 20 | written.count
    text!.append(written)
  }
}
