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
  static func errors(in source: String, fileName: String = "<top-level>") -> [QueryError] {
    let automaton = LALRAutomaton.jq
    let text = Array(source.utf8)
    var tokenizer = JQTokenizer(text)
    let program = Source(text: text, fileName: fileName)
    var errors: [QueryError] = []
    func report(_ message: String, _ span: (start: Int, end: Int)) {
      errors.append(.compile(message, at: location(of: span, in: text)))
    }
    var states = [0]
    var spans = [(start: 0, end: 0)]
    // Each symbol's value when jq's actions make it a constant (see `constant`).
    var constants: [Folded?] = [nil]
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
        // The symbols' constants taken off the stack, so that a list that grows by one
        // (`1, 2, 3, …`) grows in place, not by a copy a reduction.
        var values = Array(constants.suffix(count))
        constants.removeLast(count)
        let symbolSpans = Array(spans.suffix(count))
        if let (message, symbol) = check(rule.text, values) {
          report(message, symbolSpans[symbol])
        }
        let value = constant(rule.text, &values, symbolSpans, program)
        states.removeLast(count)
        spans.removeLast(count)
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

  /// What jq's action for a symbol makes of it, as far as constants go (see `JQConstant`).
  private enum Folded {
    /// One constant.
    case value(JSON)
    /// Constants joined by commas from the left (`1, 2`): an array's constant elements.
    case elements([JSON])
    /// An object's pairs of constants (`a: 1, "b": [2]`), keys of any kind, last first
    /// (the grammar reads them from the right).
    case members([(key: JSON, value: JSON)])

    var value: JSON? {
      if case .value(let value) = self { return value }
      return nil
    }
  }

  /// The place and file name of the program, for the constants a rule's action makes.
  private struct Source {
    var text: [UInt8]
    var fileName: String

    func text(_ span: (start: Int, end: Int)) -> String {
      String(decoding: text[span.start..<span.end], as: UTF8.self)
    }
  }

  /// The operators jq's grammar folds when both operands are constants, by rule.
  private static let foldedOperators: [String: BinaryOperator] = [
    "'+'": .add, "'-'": .subtract, "'*'": .multiply, "'/'": .divide, "'%'": .modulo,
    "==": .equal, "!=": .notEqual, "'<'": .less, "'>'": .greater, "<=": .lessOrEqual,
    ">=": .greaterOrEqual,
  ].reduce(into: [:]) { rules, entry in rules["Expr: Expr \(entry.key) Expr"] = entry.value }

  /// The constant a rule's jq action makes of its symbols' `values`, as `JQConstant`
  /// describes them; `nil` for anything else.
  ///
  /// A list it extends is taken out of `values`, so that it grows in place.
  private static func constant(
    _ rule: String, _ values: inout [Folded?], _ spans: [(start: Int, end: Int)],
    _ source: Source
  ) -> Folded? {
    if let op = foldedOperators[rule] {
      guard let a = values[0]?.value, let b = values[2]?.value else { return nil }
      return JQConstant.fold(op, a, b).map(Folded.value)
    }
    switch rule {
    case "Term: LITERAL":
      let literal = source.text(spans[0])
      let digits = literal.hasPrefix(".") ? "0" + literal : literal
      return Double(digits).map { .value(Parser.numberLiteral($0, text: literal)) }
    case "Term: IDENT":
      switch source.text(spans[0]) {
      case "true": return .value(JSON(true))
      case "false": return .value(JSON(false))
      case "null": return .value(.null)
      default: return nil
      }
    case "Term: $__loc__":
      return .value(location(spans[0], source))
    case "Term: '[' ']'": return .value(JSON([JSON]()))
    case "Term: '[' Query ']'":
      switch values[1] {
      case .value(let element): return .value(JSON(array: [element]))
      case .elements(let elements): return .value(JSON(array: elements))
      default: return nil
      }
    case "Query: Query ',' Query":
      guard let last = values[2]?.value else { return nil }
      switch values[0] {
      case .value(let first): return .elements([first, last])
      case .elements(var elements):
        values[0] = nil
        elements.append(last)
        return .elements(elements)
      default: return nil
      }
    case "Term: '{' DictPairs '}'":
      guard case .members(let members) = values[1] else { return nil }
      var pairs: [(String, JSON)] = []
      for member in members.reversed() {
        guard let key = member.key.string else { return nil }
        pairs.append((key, member.value))
      }
      return .value(ValueOps.object(pairs))
    case "DictPairs:": return .members([])
    case "DictPairs: DictPair": return values[0]
    case "DictPairs: DictPair ',' DictPairs":
      guard case .members(let first) = values[0], case .members(var rest) = values[2] else {
        return nil
      }
      values[2] = nil
      rest.append(contentsOf: first)
      return .members(rest)
    case "DictPair: IDENT ':' DictExpr", "DictPair: Keyword ':' DictExpr":
      guard let value = values[2]?.value else { return nil }
      return .members([(JSON(source.text(spans[0])), value)])
    case "DictPair: String ':' DictExpr":
      guard let key = values[0]?.value, let value = values[2]?.value else { return nil }
      return .members([(key, value)])
    case "DictPair: '(' Query ')' ':' DictExpr":
      guard let key = values[1]?.value, let value = values[4]?.value else { return nil }
      return .members([(key, value)])
    case "DictPair: $__loc__":
      return .members([(JSON("__loc__"), location(spans[0], source))])
    case "QQString:": return .value(JSON(""))
    case "QQString: QQString QQSTRING_TEXT":
      guard var text = values[0]?.value?.string, let piece = stringText(spans[1], source) else {
        return nil
      }
      values[0] = nil
      text += piece
      return .value(JSON(text))
    case "String: StringStart QQString QQSTRING_END", "Term: '(' Query ')'": return values[1]
    case "Term: String", "Query: Expr", "Expr: Term", "ImportFrom: String", "DictExpr: Expr":
      return values[0]
    default: return nil
    }
  }

  /// What `$__loc__` at `span` stands for: `{"file": …, "line": …}`.
  private static func location(_ span: (start: Int, end: Int), _ source: Source) -> JSON {
    let line = source.text[..<span.start].count { $0 == UInt8(ascii: "\n") } + 1
    return ["file": JSON(source.fileName), "line": JSON(line)]
  }

  /// The text of a string's piece at `span`: its bytes, or the characters a run of escapes
  /// stands for; `nil` for a run jq's lexer refuses.
  private static func stringText(_ span: (start: Int, end: Int), _ source: Source) -> String? {
    let piece = source.text[span.start..<span.end]
    guard piece.first == UInt8(ascii: "\\") else { return source.text(span) }
    var text: [UInt8] = []
    guard JQTokenizer.unescape(piece, into: &text) == nil else { return nil }
    return String(decoding: text, as: UTF8.self)
  }

  /// The message of jq's check of a rule's constants: an object key that is not a string
  /// (`{(1): 2}`), module metadata that is not a constant object; at the place of the
  /// symbol it checks.
  private static func check(_ rule: String, _ values: [Folded?]) -> (String, symbol: Int)? {
    switch rule {
    case "DictPair: '(' Query ')' ':' DictExpr", "ObjPat: '(' Query ')' ':' Pattern":
      guard let key = values[1]?.value, let message = JQConstant.keyError(key) else {
        return nil
      }
      return (message, 1)
    case "Module: module Query ';'", "Import: ImportWhat Query ';'":
      guard let metadata = values[1]?.value else { return ("Module metadata must be constant", 1) }
      guard metadata.type == .dictionary else { return ("Module metadata must be an object", 1) }
      return nil
    case "ImportFrom: String":
      return values[0] == nil ? ("Import path must be constant", 0) : nil
    default:
      return nil
    }
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
