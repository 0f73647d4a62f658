import COniguruma
import Threading

/// Compiled Oniguruma patterns, shared by every run: a program like `.[] | test("^a")`
/// would otherwise compile the same pattern once per value.
///
/// The table is guarded by a
/// mutex, and so is each pattern's use (see `CompiledRegex`).
final class RegexCache: Sendable {
  static let shared = RegexCache()

  /// Patterns kept; the table is emptied when it grows past this (programs use a few).
  private static let limit = 256

  private struct Key: Hashable {
    let pattern: String
    let options: OnigOptionType
  }

  private let compiled = Locked<[Key: CompiledRegex]>([:])

  /// The compiled `pattern`, or Oniguruma's error message for it.
  func regex(_ pattern: String, options: OnigOptionType) throws(RegexError) -> CompiledRegex {
    let key = Key(pattern: pattern, options: options)
    if let regex = compiled.withLock({ $0[key] }) { return regex }
    let regex = try CompiledRegex(pattern, options: options)
    compiled.withLock { table in
      if table.count >= Self.limit { table.removeAll() }
      table[key] = regex
    }
    return regex
  }
}

/// Oniguruma's error message (`onig_error_code_to_str`).
struct RegexError: Error {
  let message: String
  /// Whether the search passed `QueryLimits.regexRetries` (a resource limit, not jq's error).
  var isLimit = false
}

/// One compiled pattern (an Oniguruma `regex_t`) with the names of its groups.
///
/// `@unchecked Sendable`: the `regex_t` is only used inside `search`, under `lock`, so one
/// thread at a time searches with it; it is freed once, when the last reference goes.
final class CompiledRegex: @unchecked Sendable {
  // Safe: `regex` is used only inside `search`, under `lock`, and freed once in `deinit` (above).
  private let regex: OnigRegex
  private let lock = Locked(())
  /// The name of each named group, by group number.
  let names: [Int: String]
  /// The named groups in the order of their numbers (what `sub` builds its capture
  /// object from).
  let namedGroups: [(group: Int, name: String)]

  init(_ pattern: String, options: OnigOptionType) throws(RegexError) {
    // Safe: Oniguruma reads `start..<start + p.count`, the array's bytes (none for an empty
    // pattern, when the stand-in address is never read).
    var compiled: OnigRegex?
    var info = OnigErrorInfo()
    let bytes = Array(pattern.utf8)
    let status = bytes.withUnsafeBufferPointer { p -> Int32 in
      let start = p.baseAddress ?? UnsafePointer(bitPattern: 1)!
      return onig_new(
        &compiled, start, start + p.count, options, coniguruma_utf8(), coniguruma_perl_ng(),
        &info)
    }
    guard status == ONIG_NORMAL, let compiled else {
      throw RegexError(message: Self.message(status, &info))
    }
    regex = compiled
    names = Self.groupNames(compiled)
    namedGroups = names.sorted { $0.key < $1.key }.map { (group: $0.key, name: $0.value) }
  }

  deinit { onig_free(regex) }

  /// Runs `body` with the pattern, one thread at a time.
  func search<R>(_ body: (OnigRegex) throws(RegexError) -> R) throws(RegexError) -> R {
    try lock.withLock { _ throws(RegexError) in try body(regex) }
  }

  /// Oniguruma's text for an error code.
  static func message(_ code: Int32, _ info: UnsafeMutablePointer<OnigErrorInfo>?) -> String {
    // Safe: `buffer` is not empty, and holds the `ONIG_MAX_ERROR_MESSAGE_LEN + 1` bytes the call
    // may write.
    var buffer = [UInt8](repeating: 0, count: Int(ONIG_MAX_ERROR_MESSAGE_LEN) + 1)
    let length = buffer.withUnsafeMutableBufferPointer { out in
      onig_error_code_to_str_wrapper(out.baseAddress!, code, info)
    }
    return String(decoding: buffer.prefix(Int(max(0, length))), as: UTF8.self)
  }

  /// The names of the named groups, by group number (`onig_foreach_name`).
  private static func groupNames(_ regex: OnigRegex) -> [Int: String] {
    // Safe: `box` outlives `onig_foreach_name`, which calls back only during the call, with the
    // context given; `name..<nameEnd` and `groups[0..<count]` are Oniguruma's arrays for that call.
    final class Box { var names: [Int: String] = [:] }
    let box = Box()
    let context = Unmanaged.passUnretained(box).toOpaque()
    _ = onig_foreach_name(
      regex,
      { name, nameEnd, count, groups, _, context in
        guard let name, let nameEnd, let groups, let context else { return 0 }
        let box = Unmanaged<Box>.fromOpaque(context).takeUnretainedValue()
        let text = String(
          decoding: UnsafeBufferPointer(start: name, count: nameEnd - name), as: UTF8.self)
        for i in 0..<Int(count) { box.names[Int(groups[i])] = text }
        return 0
      }, context)
    return box.names
  }
}
