/// The programs whose run on one document whose top level is an array can be made from runs
/// on pieces of that array, in order: what lets `BigArrayRunner` spread one large array over
/// several threads.
///
/// The decision is made from the program's text alone, and only for forms whose meaning
/// follows from their shape:
/// - `.[]`, `.[]?`, and `.[] | f` for any `f`: `|` binds loosest in jq and
///   `.[]` is its whole left side, so `f` sees one element at a time and nothing else (the
///   words that could reach further, `input`, `inputs`, `input_line_number`, are ruled
///   out by `ParallelRunner.allows` before this). On the array `A ++ B`
///   the program prints what it prints on `A`, then what it prints on `B`; an error stops
///   it at the same element.
/// - `.` printed without colours: the array's text is rebuilt from its elements' texts (see
///   `BigArrayRunner`), byte for byte what the writer prints for the whole array.
///
/// Anything else (`.[] as $x | …`, `.[] |= f`, `first(.[])`, `length`) is not one of these.
enum ArrayProgramShape: Equatable {
  /// The program runs on each piece of the array as on the whole array.
  case elements
  /// `.`: the array printed whole.
  case identity

  /// The shape of `program` under `format`, or `nil` when it is none of the forms.
  ///
  /// ```swift
  /// ArrayProgramShape(program: ".[] | select(.n > 1)", format: OutputFormat())  // .elements
  /// ```
  init?(program: String, format: OutputFormat) {
    let text = Substring(program).drop { $0.isWhitespace }
    let trimmed = String(text.reversed().drop { $0.isWhitespace }.reversed())
    if trimmed == "." {
      // Colours are written by their own writer, whose layout is not rebuilt here.
      guard format.colors == nil, !format.seq else { return nil }
      self = .identity
      return
    }
    guard trimmed.hasPrefix(".[]") else { return nil }
    var rest = trimmed.dropFirst(3)
    // `.[]?` alone: an error after it in the pipe may be caught by its `try` and end the
    // whole iteration, which one piece cannot know of; so no `.[]? | f`.
    if rest.isEmpty || rest == "?" {
      self = .elements
      return
    }
    rest = rest.drop { $0.isWhitespace }
    // `|` alone (not `|=`, an update of the whole array), with a right side.
    guard rest.first == "|" else { return nil }
    rest = rest.dropFirst()
    guard rest.first != "=", rest.contains(where: { !$0.isWhitespace }) else { return nil }
    self = .elements
  }
}
