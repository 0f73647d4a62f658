#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compact JSON text written piece by piece by a caller that walks its own values (Mapping's
/// `toJSONString`), with the writer's own number and string forms, so that the text is
/// byte for byte what `JSONWriter()` writes for the same values as a `JSON` tree.
///
/// A class so that the maps of nested models share one output without copying it; it owns
/// its buffer and frees it on `deinit`.
package final class JSONTextSink {
  /// Unchecked: every piece of text goes through it, and the dynamic exclusivity checks of a
  /// class's stored property cost more than the appends (a sink belongs to one write on one
  /// thread, and no method holds an access across a call out).
  @exclusivity(unchecked)
  private var emitter: Emitter

  /// An empty output with room for `capacity` bytes.
  ///
  /// - Parameter capacity: the first allocation, in bytes.
  package init(capacity: Int = 1024) {
    emitter = Emitter(options: [], indentation: .spaces(2), out: OutputBuffer(capacity: capacity))
  }

  deinit {
    emitter.finish().deallocate()
  }

  /// The number of bytes written.
  package var count: Int { emitter.out.count }

  /// Forgets the bytes after the first `count` (a member taken back).
  ///
  /// - Parameter count: the number of bytes kept; at most `self.count`.
  package func truncate(to count: Int) {
    precondition(count >= 0 && count <= emitter.out.count, "JSONTextSink: truncate past the end")
    emitter.out.count = count
  }

  /// Appends one byte of punctuation (`{`, `,`, `]`, …).
  ///
  /// - Parameter byte: the byte.
  package func append(_ byte: UInt8) { emitter.out.append(byte) }

  /// Appends `key` as a quoted string and the colon after it.
  ///
  /// - Parameter key: the member's name.
  package func writeKey(_ key: String) {
    emitter.writeString(key)
    emitter.out.append(0x3A)
  }

  /// Appends `string` as a quoted, escaped JSON string.
  ///
  /// - Parameter string: the text.
  package func write(_ string: String) { emitter.writeString(string) }

  /// Appends bytes that are already JSON text (a key written once by `writeKey` and kept).
  ///
  /// - Parameter bytes: the text.
  package func append(_ bytes: UnsafeBufferPointer<UInt8>) { emitter.out.append(bytes) }

  /// Appends an integer as `JSONWriter()` writes `JSON(value)`.
  ///
  /// - Parameter value: the integer.
  package func write(_ value: Int64) { emitter.writeInteger(value) }

  /// Appends an unsigned integer as `JSONWriter()` writes `JSON(value)`.
  ///
  /// - Parameter value: the integer.
  package func write(_ value: UInt64) { emitter.writeDecimal(value, negative: false) }

  /// Appends `true` or `false`.
  ///
  /// - Parameter value: the Boolean.
  package func write(_ value: Bool) { emitter.appendLiteral(value ? "true" : "false") }

  /// Appends a string that `write` puts at a pointer, in quotes, with no `String` on the way;
  /// appends nothing when `write` gives `nil`.
  ///
  /// - Parameters:
  ///   - maximumLength: the most bytes `write` writes.
  ///   - write: writes the string's bytes (none that needs an escape) at the pointer and
  ///     returns how many, or `nil`.
  /// - Returns: whether the string was appended.
  package func writeQuoted(
    maximumLength: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int?
  ) -> Bool {
    // Safe: `reserve` made room for `maximumLength + 2` bytes at `target`; `write` writes at
    // most `maximumLength` of them from `target + 1`, and `count + 1 <= maximumLength + 1`.
    let target = emitter.out.reserve(maximumLength &+ 2)
    guard let count = write(target + 1) else { return false }
    target[0] = 0x22
    target[count &+ 1] = 0x22
    emitter.out.commit(count &+ 2)
    return true
  }

  /// Appends the text of `json`, as `JSONWriter()` writes it.
  ///
  /// - Parameter json: the value.
  package func write(_ json: JSON) {
    switch json.storage {
    case .null, .invalid, .bool, .number, .string: emitter.writeScalar(json)
    default: emitter.write(json)
    }
  }

  /// Calls `body` with the bytes from `start` to the end, valid only during the call.
  ///
  /// - Parameters:
  ///   - start: the first byte's offset.
  ///   - body: reads the bytes.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  package func withBytes<R, E: Error>(
    from start: Int, _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    try body(UnsafeRawBufferPointer(rebasing: emitter.out.bytes[start...]))
  }

  /// The text written, as a string.
  package var string: String {
    // Safe: `emitter.out` holds `count` bytes written at `base`.
    String(
      decoding: UnsafeBufferPointer(start: emitter.out.base, count: emitter.out.count),
      as: UTF8.self)
  }

  /// The text written, as UTF-8 bytes.
  package var bytes: [UInt8] {
    // Safe: `emitter.out` holds `count` bytes written at `base`.
    Array(UnsafeBufferPointer(start: emitter.out.base, count: emitter.out.count))
  }
}
