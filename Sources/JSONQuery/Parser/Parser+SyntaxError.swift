/// Syntax errors in the words of jq 1.8's bison parser.
///
/// jq's grammar names each token by its kind (`Token.jqName`): `IDENT` (a name), `FIELD`
/// (`.foo`), `BINDING` (`$x`), `LITERAL` (a number), `FORMAT` (`@csv`), `QQSTRING_START` (a
/// string's opening quote), `QQSTRING_INTERP_END` (the `)` closing `\(`), keywords and
/// operators as they are spelled, other punctuation quoted (`'|'`), and `INVALID_CHARACTER`
/// for a character jq's lexer does not know or a closing bracket that closes nothing open.
extension Parser {
  /// Where jq puts an error found at the end of the program: at the last thing its lexer
  /// read after the last token: a run of white space, or one character of a comment (its
  /// lexer reads a comment a character at a time, `\\\\` and an escaped newline as one).
  static func endLocation(after previous: Token?, end: Token, source: [UInt8]) -> ProgramLocation {
    guard let previous else { return end.location }
    let previousEnd = previous.location.offset + previous.location.length
    let limit = min(end.location.offset, source.count)
    var last: Range<Int>?
    if previousEnd < limit {
      // Only white space and comments are left: jq's lexer reads them to the end.
      var trivia = JQTokenizer(Array(source[previousEnd..<limit]))
      while trivia.next().terminal != JQTokenizer.Terminal.endOfFile {}
      last = previousEnd + trivia.lastMatch.start..<previousEnd + trivia.lastMatch.end
    }
    // The last token jq's lexer read of a string is its closing quote.
    if last == nil, case .string = previous.kind, previousEnd <= source.count {
      last = previousEnd - 1..<previousEnd
    }
    guard let last else { return previous.location }
    let before = source[..<last.lowerBound]
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return ProgramLocation(
      line: before.count { $0 == UInt8(ascii: "\n") } + 1,
      column: last.lowerBound - lineStart + 1,
      offset: last.lowerBound, length: last.count)
  }

  /// `error` with jq's follow-on `hint` after it (the message of one of its grammar's
  /// `error` rules), at the construct from `start` to the end of the error's place; an
  /// error an inner rule has dealt with, or that is not a syntax error, is left as it is.
  static func hinted(_ error: QueryError, _ hint: String, from start: ProgramLocation)
    -> QueryError
  {
    guard error.kind == .compile, !error.isRecovered, error.message.hasPrefix("syntax error"),
      let at = error.location
    else { return error }
    var span = start
    span.length = max(at.offset + at.length - start.offset, start.length)
    var error = error
    error.additionalErrors.append(.compile(hint, at: span))
    error.isRecovered = true
    return error
  }

  /// `error`, marked as dealt with by a bracket's `error` rule (`'(' error ')'`): jq's
  /// parser skips to the closing bracket, and no outer rule adds a hint.
  static func recovered(_ error: QueryError) -> QueryError {
    var error = error
    if error.kind == .compile { error.isRecovered = true }
    return error
  }

  /// `error`, the first error found in the program `source`, with those jq's parser reports
  /// after it, as `SyntaxRecovery` (the model of jq's parser) finds them: its list, when it
  /// has `error` in it, or when both begin with a syntax error (the model reads jq's
  /// grammar exactly); else `error` as it is.
  static func withFollowingErrors(
    _ error: QueryError, in source: String, fileName: String = "<top-level>"
  ) -> QueryError {
    guard error.kind == .compile, let location = error.location else { return error }
    let found = SyntaxRecovery.errors(in: source, fileName: fileName)
    guard let first = found.first else { return error }
    let isSyntax = { (error: QueryError) in error.message.hasPrefix("syntax error") }
    let includesError = found.contains {
      $0.message == error.message && $0.location?.offset == location.offset
        && $0.location?.length == location.length
    }
    guard includesError || (isSyntax(error) && isSyntax(first)) else { return error }
    var result = first
    result.additionalErrors = Array(found.dropFirst())
    return result
  }
}
