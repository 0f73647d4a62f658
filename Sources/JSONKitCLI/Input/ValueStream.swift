import JSONKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns the chunks of one input into JSON values, each with the number of the line it ends
/// on, by feeding a `JSONStreamParser` line by line rather than 64 KiB at a time.
///
/// Line-sized feeds matter for two reasons:
/// - `feed` throws away the values it completed before a syntax error in the same call, so
///   with 64 KiB feeds a bad line in NDJSON would swallow the good lines before it; jq
///   prints them, and so do we.
/// - The parser does not say where a value ends. When a feed holds one line, a value it
///   completes ends on that line, which is the line filter errors report (as jq does).
///
/// A line followed by an indented line is fed together with it: inside a pretty-printed
/// document every line but the first and the closing bracket is indented, so a large
/// document goes through in large feeds (one feed per line costs 2–3× the parse time there),
/// while NDJSON and values written one after another, which start at column 0, are still
/// split at every value. Minified input has no newlines and goes through in whole chunks.
/// Splitting at newlines is always safe: JSON text never holds a raw newline inside a token.
final class ValueStream {
  private let parser = JSONStreamParser()
  /// The line of the next byte to feed, 1-based.
  private var line = 1
  /// The line of the last byte fed, for values that only `finish` completes.
  private var lastLine = 1

  /// Feeds `chunk`, calling `body` with each completed value and its line, in order.
  ///
  /// - Returns: `false` when `body` asked to stop (by returning `false`).
  /// - Throws: the parser's `JSONError`, after `body` has seen every value before it.
  func feed(
    _ chunk: UnsafeRawBufferPointer, to body: (JSON, _ line: Int) -> Bool
  ) throws(JSONError) -> Bool {
    guard let base = chunk.baseAddress else { return true }
    var start = 0
    while start < chunk.count {
      // The segment ends after the first newline that is followed by an unindented line (or
      // ends the chunk); `newlines` counts the newlines in it.
      var end = chunk.count
      var newlines = 0
      var searchFrom = start
      while let hit = memchr(base + searchFrom, 0x0A, chunk.count - searchFrom) {
        newlines += 1
        let next = UnsafeRawPointer(hit) - base + 1
        if next == chunk.count || (chunk[next] != 0x20 && chunk[next] != 0x09) {
          end = next
          break
        }
        searchFrom = next
      }
      let values = try parser.feed(UnsafeRawBufferPointer(rebasing: chunk[start..<end]))
      // The line of the segment's last byte: a value completed by this feed ends there (or,
      // in unusual layouts, on an earlier line of the segment).
      lastLine = line + newlines - (chunk[end - 1] == 0x0A ? 1 : 0)
      line += newlines
      for value in values where !body(value, lastLine) { return false }
      start = end
    }
    return true
  }

  /// Ends the input and hands `body` the last value, if one was still open (a top-level
  /// number is complete only when the input ends).
  func finish(to body: (JSON, _ line: Int) -> Bool) throws(JSONError) {
    for value in try parser.finish() where !body(value, lastLine) { return }
  }
}
