import JSONKitCore

/// Every syntax error jq 1.8 reports in a program, in its order: its bison parser goes on
/// after the first error, and reports more.
///
/// A model of that parser: `LALRAutomaton.jq` driven as bison drives its tables, with
/// bison's recovery. On an error it pops states until one that can shift the `error`
/// token (jq's grammar has it in `'(' error ')'`, `'[' error ']'`, `'{' error '}'`,
/// `Term '[' error ']'`, after `break`, `.`, `if … then`, `try … catch`, and before `:` in
/// an object or a pattern), shifts it, then drops tokens until one it can go on with; no
/// error is reported until three tokens have been shifted, and an error at the end of the
/// program ends the parse then. The messages of jq's error rules ("Possibly unterminated
/// 'if' statement") come out as the rules are reduced, and an escape jq's lexer refuses
/// when its token is read.
enum SyntaxRecovery {
  /// Bison's YYMAXDEPTH, the most states jq's parser stack holds: a program that nests
  /// deeper (10,000 `[`, 10,000 `def`s in a row) fails with "memory exhausted".
  static let maximumDepth = 10_000

  /// jq's errors for `source` when its parser's stack is exhausted on it, first with the
  /// others after it (as `Parser.withFollowingErrors`); `nil` when it is not.
  ///
  /// Every state on the stack but a few holds a token or an empty rule reduced before a
  /// token: a program shorter than `maximumDepth / 2` bytes cannot exhaust it, and is not
  /// simulated. A longer one is refused here, before the parser, whose recursion then
  /// never nests deeper than jq's stack.
  static func stackExhaustion(in source: String) -> QueryError? {
    guard source.utf8.count >= maximumDepth / 2 else { return nil }
    let found = errors(in: source)
    guard let last = found.last, last.message == "memory exhausted", var first = found.first
    else { return nil }
    first.additionalErrors = Array(found.dropFirst())
    return first
  }

  /// The errors jq reports for `source`, in order, as compile errors with their places;
  /// empty when jq's grammar takes the program.
  static func errors(in source: String) -> [QueryError] {
    let automaton = LALRAutomaton.jq
    var tokenizer = JQTokenizer(source, automaton: automaton)
    let text = Array(source.utf8)
    var errors: [QueryError] = []
    func report(_ message: String, _ span: (start: Int, end: Int)) {
      errors.append(.compile(message, at: location(of: span, in: text)))
    }
    var states = [0]
    var spans = [(start: 0, end: 0)]
    // Each symbol's value when jq's actions make it a constant (see `constant`).
    var constants: [JSON?] = [nil]
    var lookahead: JQTokenizer.Token?
    // The place of the last token read (bison's `yylloc`), kept after the token is dropped.
    var lastRead = (start: 0, end: 0)
    var status = 0  // bison's `yyerrstatus`: tokens still to shift before errors show
    // Bison's stack full (YYMAXDEPTH states): the parse ends with its "memory exhausted",
    // placed at the last token read.
    func exhausted() -> [QueryError] {
      report("memory exhausted", lastRead)
      return errors
    }
    func read() -> JQTokenizer.Token {
      if let lookahead { return lookahead }
      let token = tokenizer.next()
      if let failure = token.failure { report(failure, (token.start, token.end)) }
      lastRead = (token.start, token.end)
      lookahead = token
      return token
    }
    // Each step shifts, reduces or drops a token: a bound far above any program's needs.
    for _ in 0..<(text.count + 16) * 64 {
      let state = states[states.count - 1]
      var action: LALRAutomaton.Action?
      if automaton.actions[state].isEmpty {
        // A state with only a default reduction reads no token.
        action = automaton.defaultReductions[state].map { .reduce($0) }
      } else {
        let token = read()
        action =
          automaton.actions[state][token.terminal]
          ?? automaton.defaultReductions[state].map { .reduce($0) }
      }
      switch action {
      case .shift(let target):
        let token = read()
        if status > 0 { status -= 1 }
        states.append(target)
        spans.append((token.start, token.end))
        constants.append(nil)
        lookahead = nil
        if states.count >= maximumDepth { return exhausted() }
      case .reduce(let index):
        if index == 0 { return errors }
        let rule = automaton.rules[index]
        let count = rule.symbols.count
        let span =
          count == 0
          ? (start: spans[spans.count - 1].end, end: spans[spans.count - 1].end)
          : (start: spans[spans.count - count].start, end: spans[spans.count - 1].end)
        if let failure = rule.failure {
          report(failure.message, failure.wholeRule ? span : spans[spans.count - count])
        }
        let values = Array(constants.suffix(count))
        let symbolSpans = Array(spans.suffix(count))
        let value = constant(rule.text, values, symbolSpans, text)
        if let message = check(rule.text, values) { report(message, symbolSpans[1]) }
        if rule.text == "ImportFrom: String" && values[0] == nil {
          report("Import path must be constant", symbolSpans[0])
        }
        states.removeLast(count)
        spans.removeLast(count)
        constants.removeLast(count)
        guard let target = automaton.gotos[states[states.count - 1]][rule.head] else {
          return errors
        }
        states.append(target)
        spans.append(span)
        constants.append(value)
        if states.count >= maximumDepth { return exhausted() }
      case .error, nil:
        let token = read()
        if status == 0 {
          report(message(state: state, unexpected: token.terminal, automaton), lastRead)
        }
        var errorStart = lastRead.start
        if status == 3 {
          if token.terminal == 0 { return errors }
          lookahead = nil
        }
        status = 3
        // Pop to a state that shifts `error`.
        while true {
          let top = states[states.count - 1]
          if case .shift(let target) = automaton.actions[top][1] {
            states.append(target)
            spans.append((errorStart, lastRead.end))
            constants.append(nil)
            break
          }
          if states.count == 1 { return errors }
          errorStart = spans[spans.count - 1].start
          states.removeLast()
          spans.removeLast()
          constants.removeLast()
        }
      }
    }
    return errors
  }

  /// The constant a rule's jq action makes of its symbols' `values`.
  ///
  /// It serves the checks of object keys and import paths: literals, `true`, `false`, `null`, `[]`, strings without
  /// interpolation, and what passes one of those on (`(1)`); `nil` for anything else. A
  /// string's text is not kept: only its kind is checked.
  private static func constant(
    _ rule: String, _ values: [JSON?], _ spans: [(start: Int, end: Int)], _ text: [UInt8]
  ) -> JSON? {
    switch rule {
    case "Term: LITERAL":
      let literal = String(decoding: text[spans[0].start..<spans[0].end], as: UTF8.self)
      let digits = literal.hasPrefix(".") ? "0" + literal : literal
      return Double(digits).map { Parser.numberLiteral($0, text: literal) }
    case "Term: IDENT":
      switch String(decoding: text[spans[0].start..<spans[0].end], as: UTF8.self) {
      case "true": return JSON(true)
      case "false": return JSON(false)
      case "null": return .null
      default: return nil
      }
    case "Term: '[' ']'": return JSON([JSON]())
    case "QQString:": return JSON("")
    case "QQString: QQString QQSTRING_TEXT": return values[0]
    case "String: StringStart QQString QQSTRING_END", "Term: '(' Query ')'": return values[1]
    case "Term: String", "Query: Expr", "Expr: Term", "ImportFrom: String": return values[0]
    default: return nil
    }
  }

  /// The message of jq's check of a constant object key (`{(1): 2}`), for the rules that
  /// make one.
  private static func check(_ rule: String, _ values: [JSON?]) -> String? {
    guard
      rule.hasSuffix("'(' Query ')' ':' DictExpr") || rule.hasSuffix("'(' Query ')' ':' Pattern"),
      let key = values[1], key.type != .string
    else { return nil }
    return "Cannot use \(ValueOps.describe(key)) as object key"
  }

  /// Bison's message for `unexpected` in `state`: the tokens the state has an action for,
  /// listed when there are at most four.
  private static func message(state: Int, unexpected: Int, _ automaton: LALRAutomaton)
    -> String
  {
    func name(_ terminal: Int) -> String { automaton.names[terminal] }
    let expected = automaton.actions[state]
      .filter { $0.key != 1 && $0.value != .error }
      .keys.sorted()
    var text = "syntax error, unexpected \(name(unexpected))"
    if !expected.isEmpty && expected.count <= 4 {
      text += ", expecting " + expected.map(name).joined(separator: " or ")
    }
    return text
  }

  /// `span`'s place in the program's bytes: its line and its column counted in bytes.
  private static func location(of span: (start: Int, end: Int), in text: [UInt8])
    -> ProgramLocation
  {
    let start = min(span.start, text.count)
    let before = text[..<start]
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return ProgramLocation(
      line: before.count { $0 == UInt8(ascii: "\n") } + 1, column: start - lineStart + 1,
      offset: start, length: max(0, span.end - start))
  }
}
