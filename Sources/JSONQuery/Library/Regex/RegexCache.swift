import Foundation
import Synchronization

/// Compiled patterns, shared by every run: a program like `.[] | test("^a")` would
/// otherwise compile the same pattern once per value. `NSRegularExpression` is immutable
/// and safe to use from several threads; the table is guarded by a mutex.
final class RegexCache: Sendable {
  static let shared = RegexCache()

  /// Patterns kept; the table is emptied when it grows past this (programs use a few).
  private static let limit = 256

  private struct Key: Hashable {
    let pattern: String
    let options: UInt
  }

  private let compiled = Mutex<[Key: NSRegularExpression]>([:])
  private let names = Mutex<[String: [Int: String]]>([:])

  func regex(_ pattern: String, options: NSRegularExpression.Options) throws -> NSRegularExpression
  {
    let key = Key(pattern: pattern, options: options.rawValue)
    if let regex = compiled.withLock({ $0[key] }) { return regex }
    let regex = try NSRegularExpression(pattern: pattern, options: options)
    compiled.withLock { table in
      if table.count >= Self.limit { table.removeAll() }
      table[key] = regex
    }
    return regex
  }

  /// The names of the named groups of `pattern`, by group number (ICU does not say them).
  func groupNames(_ pattern: String) -> [Int: String] {
    if let known = names.withLock({ $0[pattern] }) { return known }
    let found = Self.scanGroupNames(pattern)
    names.withLock { table in
      if table.count >= Self.limit { table.removeAll() }
      table[pattern] = found
    }
    return found
  }

  /// Numbers the capturing groups of `pattern` from the left, as the engine does, and
  /// keeps the names of `(?<name>…)` ones. Escapes and character classes are skipped;
  /// `(?:`, `(?=`, `(?!`, `(?<=`, `(?<!`, `(?>`, `(?i)`… do not capture.
  static func scanGroupNames(_ pattern: String) -> [Int: String] {
    let characters = Array(pattern)
    var names: [Int: String] = [:]
    var group = 0
    var i = 0
    var inClass = false
    while i < characters.count {
      let c = characters[i]
      if c == "\\" {
        i += 2
        continue
      }
      if inClass {
        if c == "]" { inClass = false }
        i += 1
        continue
      }
      if c == "[" {
        inClass = true
        // A `]` right after `[` or `[^` is a literal member.
        if i + 1 < characters.count, characters[i + 1] == "^" { i += 1 }
        if i + 1 < characters.count, characters[i + 1] == "]" { i += 1 }
        i += 1
        continue
      }
      if c == "(" {
        let next = i + 1 < characters.count ? characters[i + 1] : " "
        if next != "?" {
          group += 1
        } else if i + 2 < characters.count, characters[i + 2] == "<" || characters[i + 2] == "P" {
          var j = i + 3
          if characters[i + 2] == "P" {
            guard j < characters.count, characters[j] == "<" else {
              i += 1
              continue
            }
            j += 1
          }
          if j < characters.count, characters[j] != "=" && characters[j] != "!" {
            group += 1
            var name = ""
            while j < characters.count, characters[j] != ">" {
              name.append(characters[j])
              j += 1
            }
            names[group] = name
          }
        }
      }
      i += 1
    }
    return names
  }
}
