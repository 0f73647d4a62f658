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

/// Writes JSON text: compact or pretty (any indentation), sorted keys optional, into one
/// growing byte buffer, without recursion (so any depth is safe).
///
/// Parsed numbers are written back from their source text, so
/// `123456789012345678901234567890` and `3.14159265358979323846` survive a round trip.
/// Every value produces valid JSON: control characters are escaped, non-finite doubles
/// built in code become `null` (NaN) or ±1.7976931348623157e+308 (infinities, as jq does).
///
/// ```swift
/// var writer = JSONWriter(options: [.prettyPrinted], indentation: .tab)
/// let text = writer.string(json)
/// var buffer: [UInt8] = []
/// JSONWriter().write(json, into: &buffer)   // compact
/// ```
public struct JSONWriter: Sendable {
  /// The unit of indentation for pretty output.
  public enum Indentation: Sendable, Hashable {
    /// This many spaces per level (jq's default is 2).
    case spaces(Int)
    /// One tab per level.
    case tab
  }

  /// What to write and how: `.prettyPrinted`, `.sortedKeys`, `.escapeSlashes`, ….
  public var options: JSONWritingOptions
  /// The unit of indentation when `options` contains `.prettyPrinted`.
  public var indentation: Indentation
  /// The deepest nesting level written; deeper values are written as `<skipped: too deep>`,
  /// as jq's printer does past 10,000 levels.
  ///
  /// `nil` (the default): every level, so that
  /// the text is always JSON. Set by the jq engine and `jsonkit`, which match jq.
  package var depthLimit: Int?
  /// Whether numbers that kept their text are written in decNumber's canonical form
  /// (`100e-2` as `1.00`, `1e2` as `1E+2`), as jq 1.8 prints literals.
  ///
  /// `false` (the
  /// default): as written.
  package var canonicalNumbers = false

  /// A writer; compact unless `options` contains `.prettyPrinted`.
  public init(options: JSONWritingOptions = [], indentation: Indentation = .spaces(2)) {
    self.options = options
    self.indentation = indentation
  }

  /// The JSON text of `json` as UTF-8 bytes.
  public func data(_ json: JSON) -> Data {
    var out = OutputBuffer(capacity: Self.initialCapacity(json))
    write(json, into: &out)
    // The buffer's memory comes from malloc: `Data` takes it over instead of copying it.
    return Data(bytesNoCopy: out.base, count: out.count, deallocator: .free)
  }

  /// The JSON text of `json`.
  public func string(_ json: JSON) -> String {
    // Safe: `out` holds `count` bytes written at `base`, freed only by the `defer` after this line.
    var out = OutputBuffer(capacity: Self.initialCapacity(json))
    defer { out.deallocate() }
    write(json, into: &out)
    return String(decoding: UnsafeBufferPointer(start: out.base, count: out.count), as: UTF8.self)
  }

  /// Appends the JSON text of `json` to `buffer`.
  public func write(_ json: JSON, into buffer: inout [UInt8]) {
    // Safe: `out` holds `count` bytes written at `base`, freed only by the `defer` after this line.
    var out = OutputBuffer(capacity: Self.initialCapacity(json))
    defer { out.deallocate() }
    write(json, into: &out)
    buffer.append(contentsOf: UnsafeBufferPointer(start: out.base, count: out.count))
  }

  /// Appends the JSON text of `json` to `buffer`, handing the buffer to `flush` whenever it
  /// holds at least `threshold` bytes (`flush` writes it out and empties it).
  ///
  /// Output memory
  /// stays bounded however large the value is.
  ///
  /// ```swift
  /// var buffer: [UInt8] = []
  /// writer.write(huge, into: &buffer, flushingAt: 65_536) { chunk in
  ///   chunk.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, stdout) }
  ///   chunk.removeAll(keepingCapacity: true)
  /// }
  /// ```
  public func write(
    _ json: JSON, into buffer: inout [UInt8], flushingAt threshold: Int,
    flush: @escaping (inout [UInt8]) -> Void
  ) {
    // Safe: `out` holds `count` bytes written at `base`, freed only by the `defer` after this line.
    let threshold = Swift.max(1, threshold)
    var out = OutputBuffer(capacity: Swift.min(threshold, 1 << 20))
    defer { out.deallocate() }
    write(json, into: &out, flushingAt: threshold) { chunk in
      buffer.append(contentsOf: chunk)
      flush(&buffer)
    }
    buffer.append(contentsOf: UnsafeBufferPointer(start: out.base, count: out.count))
  }

  /// Appends the JSON text of `json` to `buffer`.
  package func write(_ json: JSON, into buffer: inout OutputBuffer) {
    var emitter = Emitter(options: options, indentation: indentation, out: buffer)
    emitter.depthLimit = depthLimit ?? Int.max
    emitter.canonicalNumbers = canonicalNumbers
    emitter.write(json)
    buffer = emitter.finish()
  }

  /// Appends the JSON text of `json` to `buffer`; whenever the buffer holds at least
  /// `threshold` bytes, passes them to `flush` and empties it.
  ///
  /// The standard output writer
  /// uses this to hand each block straight to `write(2)`, without an intermediate array.
  package func write(
    _ json: JSON, into buffer: inout OutputBuffer, flushingAt threshold: Int,
    flush: (UnsafeRawBufferPointer) -> Void
  ) {
    // Safe: the emitter that holds `flush` is a local of this closure, finished before it returns,
    // so `flush` is not kept past the call.
    withoutActuallyEscaping(flush) { flush in
      var emitter = Emitter(options: options, indentation: indentation, out: buffer)
      emitter.depthLimit = depthLimit ?? Int.max
      emitter.canonicalNumbers = canonicalNumbers
      emitter.flushThreshold = Swift.max(1, threshold)
      emitter.flushHandler = flush
      emitter.write(json)
      buffer = emitter.finish()
    }
  }

  /// `s` as a quoted JSON string.
  public static func quoted(_ s: String) -> String {
    // Safe: `out` holds `count` bytes written at `base`, freed only by the `defer` after this line.
    var emitter = Emitter(
      options: [], indentation: .spaces(0), out: OutputBuffer(capacity: s.utf8.count + 2))
    emitter.writeString(s)
    let out = emitter.finish()
    defer { out.deallocate() }
    return String(decoding: UnsafeBufferPointer(start: out.base, count: out.count), as: UTF8.self)
  }

  /// Where a one-shot write starts: a whole parsed document is written back about as long
  /// as its text (one allocation instead of many); anything else starts small and doubles.
  static func initialCapacity(_ json: JSON) -> Int {
    if case .node(let document, let slot) = json.storage, slot == document.root {
      return document.storage.count + document.tapeCount
    }
    return 256
  }
}
