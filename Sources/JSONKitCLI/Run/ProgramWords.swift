import JSONQuery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the text of a jq program names: how a run decides whether it may take a faster
/// path that some builtins rule out (several threads, events pushed by the parser).
enum ProgramWords {
  /// Whether `program` names any of `names`: every identifier of the text is looked at,
  /// strings and comments included, so a false match only costs the faster path.
  ///
  /// The
  /// words are those the prelude subset follows (`Prelude.identifiers(in:)`).
  ///
  /// ```swift
  /// ProgramWords.mentions(["inputs"], in: "fromstream(inputs)")  // true
  /// ```
  static func mentions(_ names: Set<Substring>, in program: String) -> Bool {
    let words = Prelude.identifiers(in: program)
    return names.contains { words.contains(String($0)) }
  }

  /// Builtins that read inputs other than the one the program runs on, and the words that
  /// bring in code this text does not show (modules, which may call them).
  static let readingInputs: Set<Substring> = ["input", "inputs", "import", "include"]

  /// Whether the program is known not to read inputs itself: its text calls neither
  /// `input` nor `inputs`, and it runs no code its text does not show.
  static func readsNoInputs(_ program: String) -> Bool {
    !mentions(readingInputs, in: program) && readsNoHiddenCode(program)
  }

  /// Whether all the code the program runs is in its text: it imports no module and there
  /// is no `~/.jq` file (jq includes it in every program).
  static func readsNoHiddenCode(_ program: String) -> Bool {
    let words = Prelude.identifiers(in: program)
    if words.contains("import") || words.contains("include") { return false }
    guard let home = getenv("HOME") else { return true }
    return access(String(cString: home) + "/.jq", F_OK) != 0
  }
}
