import JSONKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Recursive-descent parser with jq's precedence, lowest first:
/// `def`, `|` (right), `,` (left), `//` (right), assignments (nonassoc), `or`, `and`,
/// comparisons (nonassoc), `+ -`, `* / %`, unary minus, postfix (`?`, `.foo`, `[…]`),
/// and `Term as $x | …`, `reduce`, `foreach`, `if`, `try`, `label` as terms.
struct Parser {
  private var tokens: [Token]
  private var position = 0
  /// What `$__loc__` calls the source: "<top-level>", or a module file's path.
  private let fileName: String
  /// The program's text, for where a syntax error at its end is (see `endLocation`).
  private var source: [UInt8] = []
  /// Whether this parser reads a whole program, which may be empty in jq's grammar: a
  /// first token that cannot start it leaves jq's parser expecting the end of the file.
  private var readsProgram = false
  /// The `\(` an interpolation's tokens follow: the place of an error at the end of the
  /// program when no token of them was read.
  private var opening: Token?
  /// The error of the token the lexer could not read, where the tokens end: reported when
  /// the parser gets there without an error of its own first.
  private var lexError: QueryError?

  /// A parser of `source`'s tokens up to any the lexer cannot read.
  private init(source: String, fileName: String = "<top-level>") {
    let (tokens, lexError) = Lexer.tokenizeUntilError(source)
    self.init(tokens: tokens, fileName: fileName)
    self.source = Array(source.utf8)
    self.lexError = lexError
  }

  init(tokens: [Token], fileName: String = "<top-level>") {
    self.tokens = tokens
    self.fileName = fileName
  }

  /// Parses a whole program.
  static func parse(_ source: String) throws(QueryError) -> AST {
    if let exhausted = SyntaxRecovery.stackExhaustion(in: source) { throw exhausted }
    var parser = Parser(source: source)
    parser.stackGuard.enter()
    parser.readsProgram = true
    do {
      let ast = try parser.parsePipe()
      try parser.expectEnd(expecting: "end of file")
      return ast
    } catch {
      throw withFollowingErrors(error, in: source)
    }
  }

  /// Parses a program: `module` metadata and `import`s, then the body.
  static func parseProgram(_ source: String) throws(QueryError) -> ModuleSource {
    if let exhausted = SyntaxRecovery.stackExhaustion(in: source) { throw exhausted }
    var parser = Parser(source: source)
    parser.stackGuard.enter()
    parser.readsProgram = true
    do {
      var module = try parser.parseDirectives()
      try parser.requireMain()
      module.body = try parser.parsePipe()
      try parser.expectEnd(expecting: "end of file")
      return module
    } catch {
      throw withFollowingErrors(error, in: source)
    }
  }

  /// Parses a library file: `module` metadata and `import`s, then only definitions.
  static func parseLibrary(_ source: String, fileName: String) throws(QueryError) -> ModuleSource {
    var parser = Parser(source: source, fileName: fileName)
    do {
      var module = try parser.parseDirectives()
      while parser.isKeyword("def") { module.definitions.append(try parser.parseDefinition()) }
      try parser.expectEnd()
      return module
    } catch {
      // Each error is the file's, those after the first too.
      var error = withFollowingErrors(error, in: source, fileName: fileName)
      for index in error.additionalErrors.indices {
        error.additionalErrors[index].sourceFile = fileName
      }
      throw error
    }
  }

  /// Stops the descent before it overflows the thread's stack (`parsePrimary`); entered for
  /// a program (never stops otherwise).
  private var stackGuard = StackGuard()

  /// Throws when the descent is near the end of the thread's stack (`stackGuard`).
  private mutating func checkStack() throws(QueryError) {
    do {
      try stackGuard.check()
    } catch {
      throw .compile("program nested too deeply to parse (stack limit reached)", at: nil)
    }
  }

  // MARK: token helpers

  private var current: Token { tokens[position] }

  private mutating func advance() -> Token {
    let token = tokens[position]
    if position < tokens.count - 1 { position += 1 }
    return token
  }

  private func isSymbol(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }
  private func isKeyword(_ word: String) -> Bool { current.kind == .identifier(word) }

  private mutating func accept(_ symbol: String) -> Bool {
    guard isSymbol(symbol) else { return false }
    _ = advance()
    return true
  }

  private mutating func acceptKeyword(_ word: String) -> Bool {
    guard isKeyword(word) else { return false }
    _ = advance()
    return true
  }

  /// jq's error for the current token, which the grammar cannot take there.
  ///
  /// The token is named as `Token.jqName` says; at the end of the program the error is at
  /// the last thing jq's lexer read. `expecting` is the list bison adds when the parser's state takes at most four tokens
  /// (`'|' or ',' or ')'`), given where the grammar makes it certain.
  private func unexpected(expecting: String? = nil) -> QueryError {
    if let lexError, position == tokens.count - 1 { return lexError }
    let token = current
    let name = token.jqName
    var location = token.location
    // jq's lexer reads a string's opening quote as a token of its own.
    if case .string = token.kind { location.length = 1 }
    if token.kind == .end && token.location.length == 0 {
      location = Self.endLocation(
        after: position > 0 ? tokens[position - 1] : opening, end: token, source: source)
    }
    let expecting = expecting ?? (readsProgram && position == 0 ? "end of file" : nil)
    let expected = expecting.map { ", expecting \($0)" } ?? ""
    return .compile("syntax error, unexpected \(name)\(expected)", at: location)
  }

  /// jq's error for a program with no main expression (empty, or only definitions).
  private mutating func requireMain() throws(QueryError) {
    let start = position
    defer { position = start }
    while isKeyword("def") { _ = try parseDefinition() }
    if current.kind == .end {
      if let lexError { throw lexError }
      throw .compile("Top-level program not given (try \".\")", at: nil)
    }
  }

  /// `f()` where an error inside is taken by one of jq's bracket `error` rules.
  private mutating func bracketed<T>(_ f: (inout Parser) throws(QueryError) -> T)
    throws(QueryError) -> T
  {
    do {
      return try f(&self)
    } catch {
      throw Self.recovered(error)
    }
  }

  /// Whether jq's parser refuses `terminal` after a lone `.` (with the field hint).
  ///
  /// A switch over constants: a set of these terminals, built at first use, cost 44,000
  /// instructions on every run of `jsonkit -c .` (as a local, 12 allocations on every `.`).
  private static func stopsAfterDot(_ terminal: Int) -> Bool {
    typealias Terminal = JQTokenizer.Terminal
    return switch terminal {
    case Terminal.binding, Terminal.literal, Terminal.ident, Terminal.openParenthesis,
      Terminal.openBrace, Terminal.dollar, Terminal.recurse, Terminal.location, Terminal.if,
      Terminal.try, Terminal.reduce, Terminal.foreach, Terminal.def, Terminal.label,
      Terminal.import, Terminal.include, Terminal.module, Terminal.break,
      Terminal.invalidCharacter, Terminal.alternation:
      true
    default: false
    }
  }

  /// jq's `'.' error` and `'.' IDENT error` rules: a `.` followed by what can neither
  /// follow a term nor start a string or a `[` (`.$x`, `. 1`, `. foo`).
  private mutating func checkAfterDot(_ dot: Token) throws(QueryError) {
    let hint = "try .[\"field\"] instead of .field for unusually named fields"
    // `'.' String` where the string has a format: `.@base64 "x"`.
    if case .format = current.kind, case .string = tokens[position + 1].kind { return }
    if case .format = current.kind {
      _ = advance()
      throw Self.hinted(unexpected(expecting: "QQSTRING_START"), hint, from: dot.location)
    }
    guard Self.stopsAfterDot(current.terminal) else { return }
    if current.terminal == JQTokenizer.Terminal.ident { _ = advance() }
    throw Self.hinted(unexpected(), hint, from: dot.location)
  }

  /// `expecting`: the tokens jq's parser lists in its error here (see `unexpected`).
  private mutating func expect(_ symbol: String, expecting: String? = nil) throws(QueryError) {
    guard accept(symbol) else { throw unexpected(expecting: expecting) }
  }

  private mutating func expectKeyword(_ word: String, expecting: String? = nil)
    throws(QueryError)
  {
    guard acceptKeyword(word) else { throw unexpected(expecting: expecting) }
  }

  mutating func expectEnd(expecting: String? = nil) throws(QueryError) {
    guard current.kind == .end, lexError == nil else { throw unexpected(expecting: expecting) }
  }

  private mutating func expectVariable(expecting: String? = nil) throws(QueryError) -> String {
    guard case .variable(let name) = current.kind, !Self.isLocation(name) else {
      throw unexpected(expecting: expecting)
    }
    _ = advance()
    return name
  }

  // MARK: binary levels

  // Chains of one operator are read in loops and joined by `AST.joined` and `AST.chain`:
  // neither the parser nor the passes after it recurse once per element of a long chain.

  mutating func parsePipe() throws(QueryError) -> AST {
    var stages: [AST] = []
    repeat {
      if let query = try parseQueryStart() {
        stages.append(query)
        break
      }
      stages.append(try parseComma())
    } while accept("|")
    return AST.joined(stages, rightAssociative: true, AST.pipe)
  }

  private mutating func parseComma() throws(QueryError) -> AST {
    var elements = [try parseBinding()]
    while accept(",") {
      // jq's `Query ',' Query`: the right side may be a definition or a label, which
      // reach as far as a query does.
      if let query = try parseQueryStart() {
        elements.append(query)
        break
      }
      elements.append(try parseBinding())
    }
    return AST.joined(elements, rightAssociative: false, AST.comma)
  }

  /// jq's `FuncDef Query` and `"label" BINDING '|' Query`, which start a query and
  /// nothing else (`1 + label $x | 2` is a syntax error); nil when neither starts here.
  private mutating func parseQueryStart() throws(QueryError) -> AST? {
    if isKeyword("def") {
      // A run of definitions in a loop, not one nested call per definition (jq's parser
      // takes 9,990 in a row; the rest is the innermost one's, as when nested).
      var definitions: [FunctionDefinition] = []
      while isKeyword("def") { definitions.append(try parseDefinition()) }
      let rest = try parsePipe()
      return definitions.reversed().reduce(rest) { .define($1, $0) }
    }
    guard acceptKeyword("label") else { return nil }
    // Labels nest without a term between them (`label $a | label $b | …`).
    try checkStack()
    let name = try expectVariable(expecting: "BINDING")
    try expect("|", expecting: "'|'")
    return .label(name, try parsePipe())
  }

  /// jq's `Expr "as" Patterns '|' Query`, or an `Expr`: `as` binds the whole expression
  /// before it, `//` and assignments included (`1 // 2 as $x | …` binds 1).
  private mutating func parseBinding() throws(QueryError) -> AST {
    let lhs = try parseAlternative()
    guard acceptKeyword("as") else { return lhs }
    var patterns = [try parsePattern()]
    while accept("?//") { patterns.append(try parsePattern()) }
    try expect("|", expecting: "'|'")
    return .bind(source: lhs, patterns: patterns, body: try parsePipe())
  }

  /// jq's `Expr`: `//` (right), over the assignments and the operators below them.
  private mutating func parseAlternative() throws(QueryError) -> AST {
    var operands = [try parseAssignment()]
    while accept("//") { operands.append(try parseAssignment()) }
    return AST.joined(operands, rightAssociative: true, AST.alternative)
  }

  /// `=`, `|=`, `+=`… bind tighter than `//` and are not associative, as in jq's grammar:
  /// `.a |= empty // 5` is `(.a |= empty) // 5`, and `. += 1 -= 2` is a syntax error.
  private mutating func parseAssignment() throws(QueryError) -> AST {
    let lhs = try parseOr()
    guard case .symbol(let text) = current.kind, let op = AssignOperator(rawValue: text) else {
      return lhs
    }
    _ = advance()
    let rhs = try parseOr()
    if case .symbol(let next) = current.kind, AssignOperator(rawValue: next) != nil {
      throw unexpected()
    }
    return .assign(op, lhs, rhs)
  }

  private mutating func parseOr() throws(QueryError) -> AST {
    var operands = [try parseAnd()]
    while acceptKeyword("or") { operands.append(try parseAnd()) }
    return AST.joined(operands, rightAssociative: false, AST.or)
  }

  private mutating func parseAnd() throws(QueryError) -> AST {
    var operands = [try parseComparison()]
    while acceptKeyword("and") { operands.append(try parseComparison()) }
    return AST.joined(operands, rightAssociative: false, AST.and)
  }

  private mutating func parseComparison() throws(QueryError) -> AST {
    let lhs = try parseAdditive()
    for op in [BinaryOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
    where accept(op.rawValue) {
      let rhs = try parseAdditive()
      if case .symbol(let text) = current.kind, ["==", "!=", "<", "<=", ">", ">="].contains(text) {
        throw unexpected()
      }
      return .binary(op, lhs, rhs)
    }
    return lhs
  }

  private mutating func parseAdditive() throws(QueryError) -> AST {
    var operands = [try parseMultiplicative()]
    var operators: [BinaryOperator] = []
    while true {
      if accept("+") {
        operators.append(.add)
      } else if accept("-") {
        operators.append(.subtract)
      } else {
        return AST.chain(operators, operands)
      }
      operands.append(try parseMultiplicative())
    }
  }

  private mutating func parseMultiplicative() throws(QueryError) -> AST {
    var operands = [try parseUnary()]
    var operators: [BinaryOperator] = []
    while true {
      if accept("*") {
        operators.append(.multiply)
      } else if accept("/") {
        operators.append(.divide)
      } else if accept("%") {
        operators.append(.modulo)
      } else {
        return AST.chain(operators, operands)
      }
      operands.append(try parseUnary())
    }
  }

  private mutating func parseUnary() throws(QueryError) -> AST {
    if accept("-") { return Self.negated(try parseUnary()) }
    return try parsePostfix()
  }

  /// jq's `'-' Term`: a term, or a term negated.
  private mutating func parseSignedTerm() throws(QueryError) -> AST {
    if accept("-") { return Self.negated(try parseSignedTerm()) }
    return try parsePostfix()
  }

  // MARK: terms

  /// A term with its suffixes (`as` bindings are parsed a level up, in `parseAssignment`).
  mutating func parsePostfix() throws(QueryError) -> AST {
    // Whether `term` ends with an index, a slice or an iteration (`.a`, `.b`, `[0]`, `[]`,
    // `[1:]`), which a `?` right after guards alone (jq's `Term FIELD '?'`, INDEX_OPT).
    var step: Bool
    switch current.kind {
    case .field: step = true
    case .symbol("."):
      switch tokens[position + 1].kind {
      case .string, .symbol("["): step = true
      default: step = false
      }
    default: step = false
    }
    var term = try parsePrimary()
    // A long chain of steps is cut into runs joined by `|` (PostfixChain).
    var chain = PostfixChain()
    if step { chain.didStep(term) }
    while true {
      if case .field(let name) = current.kind {
        _ = advance()
        chain.willStep(&term)
        term = .index(target: term, key: .literal(JSON(name)))
        step = true
      } else if isSymbol("."), case .string = tokens[position + 1].kind {
        _ = advance()
        chain.willStep(&term)
        term = .index(target: term, key: try parseStringLiteral(format: nil))
        step = true
      } else if isSymbol("."), tokens[position + 1].kind == .symbol("[") {
        _ = advance()
        chain.willStep(&term)
        term = try parseBracketSuffix(term, slices: false)
        step = true
      } else if isSymbol("[") {
        chain.willStep(&term)
        let target = term
        term = try bracketed { (parser: inout Parser) throws(QueryError) -> AST in
          try parser.parseBracketSuffix(target)
        }
        step = true
      } else if accept("?") {
        term = step ? .optionalStep(term) : .optional(chain.whole(term))
        step = false
      } else if isSymbol("."), case .format = tokens[position + 1].kind {
        break
      } else if isSymbol(".") {
        // jq's `Term '.' String` and `Term '.' '['`: nothing else follows a term's `.`.
        _ = advance()
        throw unexpected(expecting: "FORMAT or QQSTRING_START or '['")
      } else {
        break
      }
      if step { chain.didStep(term) }
    }
    try chain.checkSize()
    return chain.whole(term)
  }

  /// `[]`, `[e]`, `[e:f]`, `[:f]`, `[e:]` after a term (the `[` is current).
  ///
  /// After a term and a `.` (`.a.[0]`) jq 1.8's grammar has `[]` and `[e]` only: `slices` is false.
  private mutating func parseBracketSuffix(_ target: AST, slices: Bool = true)
    throws(QueryError) -> AST
  {
    try expect("[")
    if accept("]") { return .iterate(target) }
    if !slices && isSymbol(":") { throw unexpected() }
    if accept(":") {
      let to = try parsePipe()
      try expect("]", expecting: "'|' or ',' or ']'")
      return .slice(target: target, from: nil, to: to)
    }
    let key = try parsePipe()
    if !slices && isSymbol(":") { throw unexpected(expecting: "'|' or ',' or ']'") }
    if accept(":") {
      if accept("]") { return .slice(target: target, from: key, to: nil) }
      let to = try parsePipe()
      try expect("]", expecting: "'|' or ',' or ']'")
      return .slice(target: target, from: key, to: to)
    }
    try expect("]", expecting: slices ? "'|' or ',' or ':' or ']'" : "'|' or ',' or ']'")
    return .index(target: target, key: key)
  }

  private mutating func parsePrimary() throws(QueryError) -> AST {
    // Once per level of nesting: a program nested thousands deep fails, never overflows.
    try checkStack()
    let token = current
    switch token.kind {
    case .number(let value, let text):
      _ = advance()
      return .literal(Parser.numberLiteral(value, text: text))
    case .string:
      return try parseStringLiteral(format: nil)
    case .format(let name):
      _ = advance()
      if case .string = current.kind { return try parseStringLiteral(format: name) }
      return .format(name)
    case .field(let name):
      _ = advance()
      return .index(target: .identity, key: .literal(JSON(name)))
    case .variable(let name):
      _ = advance()
      if Self.isLocation(name) { return locationLiteral(token) }
      return .variable(name, token.location)
    case .symbol("."):
      _ = advance()
      try checkAfterDot(token)
      if case .string = current.kind {
        return .index(target: .identity, key: try parseStringLiteral(format: nil))
      }
      if case .format(let name) = current.kind {
        _ = advance()
        return .index(target: .identity, key: try parseStringLiteral(format: name))
      }
      if isSymbol("[") { return try parseBracketSuffix(.identity) }
      return .identity
    case .symbol(".."):
      _ = advance()
      return .recurseDefault
    case .symbol("$"):
      // jq's `'$' '$' '$' BINDING` (its builtins' `$$$$name`): the variable, read.
      _ = advance()
      try expect("$", expecting: "'$'")
      try expect("$", expecting: "'$'")
      let name = try expectVariable(expecting: "BINDING")
      return .variable(name, token.location)
    case .symbol("("):
      _ = advance()
      return try bracketed { (parser: inout Parser) throws(QueryError) -> AST in
        let inner = try parser.parsePipe()
        try parser.expect(")", expecting: "'|' or ',' or ')'")
        return inner
      }
    case .symbol("["):
      _ = advance()
      if accept("]") { return .array(nil) }
      return try bracketed { (parser: inout Parser) throws(QueryError) -> AST in
        let inner = try parser.parsePipe()
        try parser.expect("]", expecting: "'|' or ',' or ']'")
        return .array(inner)
      }
    case .symbol("{"):
      _ = advance()
      return try bracketed { (parser: inout Parser) throws(QueryError) -> AST in
        try parser.parseObject()
      }
    case .symbol("-"):
      _ = advance()
      return Self.negated(try parsePostfix())
    case .identifier(let word):
      return try parseWord(word, token)
    default:
      throw unexpected()
    }
  }

  private mutating func parseWord(_ word: String, _ token: Token) throws(QueryError) -> AST {
    // `true(1)` is a call (to a function jq does not define), not the constant.
    if word == "true" || word == "false" || word == "null",
      tokens[position + 1].kind != .symbol("(")
    {
      _ = advance()
      return .literal(word == "null" ? .null : JSON(word == "true"))
    }
    switch word {
    case "if":
      _ = advance()
      return try parseIfRest(hintFrom: token.location)
    case "try":
      // jq's `"try" Expr "catch" Expr` binds tighter than every binary operator, so each
      // side is a term (with its own unary minus): `try .a catch . + 1` adds 1 to the result.
      _ = advance()
      let body = try parseSignedTerm()
      if acceptKeyword("catch") {
        do {
          return .tryCatch(body, try parseSignedTerm())
        } catch {
          throw Self.hinted(error, "Possibly unterminated 'try' statement", from: token.location)
        }
      }
      return .tryCatch(body, nil)
    case "reduce", "foreach":
      // jq 1.8: `reduce Expr as …`, so `reduce .[] / .[] as $i (…)` divides first.
      _ = advance()
      let source = try parseAlternative()
      try expectKeyword("as")
      let pattern = try parsePattern()
      try expect("(", expecting: "'('")
      let initial = try parsePipe()
      try expect(";", expecting: "'|' or ',' or ';'")
      let update = try parsePipe()
      var extract: AST?
      if word == "foreach" {
        if accept(";") {
          extract = try parsePipe()
          try expect(")", expecting: "'|' or ',' or ')'")
        } else {
          try expect(")", expecting: "'|' or ',' or ';' or ')'")
        }
      } else {
        try expect(")", expecting: "'|' or ',' or ')'")
      }
      if word == "reduce" {
        return .reduce(source: source, pattern: pattern, initial: initial, update: update)
      }
      return .foreach(
        source: source, pattern: pattern, initial: initial, update: update, extract: extract)
    case "break":
      let start = current.location
      _ = advance()
      let name = try expectVariable(expecting: "BINDING")
      let end = tokens[position - 1].location
      let span = ProgramLocation(
        line: start.line, column: start.column, offset: start.offset,
        length: end.offset + end.length - start.offset)
      return .breakLabel(name, span)
    default:
      if token.terminal != JQTokenizer.Terminal.ident { throw unexpected() }
      _ = advance()
      var arguments: [AST] = []
      if accept("(") {
        repeat { arguments.append(try parsePipe()) } while accept(";")
        try expect(")", expecting: "';' or ')'")
      }
      return .call(word, arguments, token.location)
    }
  }

  /// After `if` (or `elif`); `hintFrom` is the `if`'s place, for jq's `"if" Query "then"
  /// error` rule (`Possibly unterminated 'if' statement`), which `elif` does not have.
  private mutating func parseIfRest(hintFrom start: ProgramLocation? = nil)
    throws(QueryError) -> AST
  {
    let condition = try parsePipe()
    try expectKeyword("then", expecting: "then or '|' or ','")
    do {
      let then = try parsePipe()
      if acceptKeyword("elif") {
        return .ifThen(cond: condition, then: then, otherwise: try parseIfRest())
      }
      var otherwise: AST?
      if acceptKeyword("else") {
        otherwise = try parsePipe()
        try expectKeyword("end", expecting: "end or '|' or ','")
      } else {
        try expectKeyword("end")
      }
      return .ifThen(cond: condition, then: then, otherwise: otherwise)
    } catch {
      guard let start else { throw error }
      throw Self.hinted(error, "Possibly unterminated 'if' statement", from: start)
    }
  }

  private mutating func parseDefinition() throws(QueryError) -> FunctionDefinition {
    let location = current.location
    try expectKeyword("def")
    guard case .identifier(let name) = current.kind, current.terminal == JQTokenizer.Terminal.ident
    else {
      throw unexpected(expecting: "IDENT")
    }
    _ = advance()
    var parameters: [String] = []
    if accept("(") {
      repeat {
        switch current.kind {
        case .identifier(let parameter) where current.terminal == JQTokenizer.Terminal.ident:
          parameters.append(parameter)
        case .variable(let parameter) where !Self.isLocation(parameter):
          parameters.append("$" + parameter)
        default: throw unexpected(expecting: "IDENT or BINDING")
        }
        _ = advance()
      } while accept(";")
      try expect(")", expecting: "';' or ')'")
      try expect(":", expecting: "':'")
    } else {
      try expect(":", expecting: "':' or '('")
    }
    let body = try parsePipe()
    try expect(";", expecting: "'|' or ',' or ';'")
    return FunctionDefinition(name: name, parameters: parameters, body: body, location: location)
  }

  private mutating func parseObject() throws(QueryError) -> AST {
    var entries: [ObjectEntry] = []
    if accept("}") { return .object(entries) }
    repeat {
      let token = current
      switch token.kind {
      case .variable(let name):
        _ = advance()
        if !Self.isLocation(name), accept(":") {
          // jq 1.8: `{$key: value}` takes the key from the variable's value.
          let key = AST.variable(name, token.location)
          entries.append(ObjectEntry(key: key, value: try parseObjectValue()))
          continue
        }
        let value =
          Self.isLocation(name) ? locationLiteral(token) : .variable(name, token.location)
        entries.append(ObjectEntry(key: .literal(JSON(name)), value: value))
        continue
      case .identifier(let name):
        _ = advance()
        let key = AST.literal(JSON(name))
        if accept(":") {
          entries.append(ObjectEntry(key: key, value: try parseObjectValue()))
        } else {
          entries.append(ObjectEntry(key: key, value: .index(target: .identity, key: key)))
        }
      case .string, .format:
        var format: String?
        if case .format(let name) = token.kind {
          _ = advance()
          format = name
          guard case .string = current.kind else { throw unexpected(expecting: "QQSTRING_START") }
        }
        let key = try parseStringLiteral(format: format)
        if accept(":") {
          entries.append(ObjectEntry(key: key, value: try parseObjectValue()))
        } else {
          entries.append(
            ObjectEntry(key: key, value: .index(target: .identity, key: key), indexesByKey: true))
        }
      case .symbol("("):
        _ = advance()
        let keyToken = current
        let key = try parsePipe()
        let keyLocation = locationRead(from: keyToken)
        try expect(")", expecting: "'|' or ',' or ')'")
        try expect(":", expecting: "':'")
        let value = try parseObjectValue()
        // A key jq makes a constant (`(1 + 1)`, not `(-1)`) that is not a string can never
        // work: jq refuses it once it has read the pair.
        if let message = JQConstant.keyError(key) {
          throw .compile(message, at: keyLocation)
        }
        entries.append(ObjectEntry(key: key, value: value))
      default:
        throw unexpected()
      }
      // jq's grammar ends a pair list with an optional ',' (`{a: 1,}`); a lone ',' is not one.
    } while accept(",") && !isSymbol("}")
    try expect("}", expecting: "'}'")
    return .object(entries)
  }

  /// An object value: alternatives joined by `|`, without `,`.
  private mutating func parseObjectValue() throws(QueryError) -> AST {
    var stages = [try parseAlternative()]
    while accept("|") { stages.append(try parseAlternative()) }
    return AST.joined(stages, rightAssociative: true, AST.pipe)
  }

  /// Whether `name` is `__loc__`: jq's lexer reads `$__loc__` as a token of its own, so it
  /// names no variable a pattern, a parameter or a label could bind.
  private static func isLocation(_ name: String) -> Bool { name == "__loc__" }

  /// What `$__loc__` at `token` stands for: `{"file": …, "line": …}`.
  private func locationLiteral(_ token: Token) -> AST {
    .literal(["file": JSON(fileName), "line": JSON(token.location.line)])
  }

  private mutating func parsePattern() throws(QueryError) -> Pattern {
    if case .variable(let name) = current.kind, !Self.isLocation(name) {
      _ = advance()
      return .variable(name)
    }
    if accept("[") {
      var items: [Pattern] = []
      repeat { items.append(try parsePattern()) } while accept(",")
      try expect("]", expecting: "',' or ']'")
      return .array(items)
    }
    try expect("{", expecting: "BINDING or '[' or '{'")
    var entries: [(key: AST, pattern: Pattern?, bindsKey: String?)] = []
    repeat {
      let token = current
      switch token.kind {
      case .variable(let name) where !Self.isLocation(name):
        _ = advance()
        let pattern: Pattern? = accept(":") ? try parsePattern() : nil
        entries.append((key: .literal(JSON(name)), pattern: pattern, bindsKey: name))
      case .identifier(let name):
        _ = advance()
        try expect(":", expecting: "':'")
        entries.append((key: .literal(JSON(name)), pattern: try parsePattern(), bindsKey: nil))
      case .string:
        let key = try parseStringLiteral(format: nil)
        try expect(":", expecting: "':'")
        entries.append((key: key, pattern: try parsePattern(), bindsKey: nil))
      case .symbol("("):
        _ = advance()
        let keyToken = current
        let key = try parsePipe()
        let keyLocation = locationRead(from: keyToken)
        try expect(")", expecting: "'|' or ',' or ')'")
        try expect(":", expecting: "':'")
        let pattern = try parsePattern()
        if let message = JQConstant.keyError(key) {
          throw .compile(message, at: keyLocation)
        }
        entries.append((key: key, pattern: pattern, bindsKey: nil))
      default:
        throw unexpected()
      }
      // Unlike an object's construction, its pattern takes no ',' after the last pair.
    } while accept(",")
    try expect("}", expecting: "',' or '}'")
    return .object(entries)
  }

  // MARK: module directives

  /// `module META;` then any number of `import "p" as name META;` / `include "p" META;`.
  private mutating func parseDirectives() throws(QueryError) -> ModuleSource {
    var module = ModuleSource(metadata: nil, imports: [], definitions: [], body: nil)
    if acceptKeyword("module") {
      module.metadata = try parseMetadata()
    }
    while isKeyword("import") || isKeyword("include") {
      let start = current.location
      let isImport = advance().kind == .identifier("import")
      let pathToken = current
      guard case .string = current.kind else {
        throw unexpected(expecting: "FORMAT or QQSTRING_START")
      }
      guard case .literal(let path) = try parseStringLiteral(format: nil), let path = path.string
      else {
        throw .compile("Import path must be constant", at: pathToken.location)
      }
      // Errors about the directive (module not found…) underline `import "path"`.
      var location = start
      location.length = pathToken.location.offset + pathToken.location.length - start.offset
      var alias: String?
      var isData = false
      if isImport {
        try expectKeyword("as", expecting: "as")
        switch current.kind {
        case .identifier(let name) where current.terminal == JQTokenizer.Terminal.ident:
          alias = name
        case .variable(let name) where !Self.isLocation(name):
          alias = name
          isData = true
        default: throw unexpected(expecting: "IDENT or BINDING")
        }
        _ = advance()
      }
      let metadata = accept(";") ? nil : try parseMetadata()
      module.imports.append(
        ImportDirective(
          path: path, alias: alias, isData: isData, metadata: metadata, location: location))
    }
    return module
  }

  /// A directive's metadata and the `;` after it: a query (as jq's grammar reads it) that
  /// must be a constant object.
  private mutating func parseMetadata() throws(QueryError) -> JSON {
    let first = current.location
    let term = try parsePipe()
    let last = tokens[max(position - 1, 0)].location
    try expect(";", expecting: "'|' or ',' or ';'")
    let span = ProgramLocation(
      line: first.line, column: first.column, offset: first.offset,
      length: last.offset + last.length - first.offset)
    guard let value = JQConstant.value(of: term) else {
      throw .compile("Module metadata must be constant", at: span)
    }
    guard value.type == .dictionary else {
      throw .compile("Module metadata must be an object", at: span)
    }
    return value
  }

  /// The current string token, its interpolations parsed.
  private mutating func parseStringLiteral(format: String?) throws(QueryError) -> AST {
    guard case .string(let parts) = current.kind else { throw unexpected() }
    _ = advance()
    var pieces: [StringPiece] = []
    for part in parts {
      switch part {
      case .literal(let text): pieces.append(.literal(text))
      case .interpolation(let inner, let opening):
        var parser = Parser(tokens: inner, fileName: fileName)
        parser.source = source
        parser.opening = opening
        let ast = try parser.parsePipe()
        // The interpolation's `)`, or the end of the program that cut it.
        let expecting = "QQSTRING_INTERP_END or '|' or ','"
        try parser.expectEnd(expecting: expecting)
        if parser.current.location.length == 0 { throw parser.unexpected(expecting: expecting) }
        pieces.append(.interpolation(ast))
      }
    }
    if format == nil, pieces.count <= 1 {
      if pieces.isEmpty { return .literal(JSON("")) }
      if case .literal(let text) = pieces[0] { return .literal(JSON(text)) }
    }
    return .string(format: format, parts: pieces)
  }

  /// `-x`, a negation even of a number literal.
  ///
  /// jq's parser makes `-1` a call of `_negate` on the constant `1`, not a constant
  /// (`{(-1): 2}` fails only when it runs). The compiler makes a negated literal one
  /// literal, with its text.
  static func negated(_ operand: AST) -> AST { .negate(operand) }

  /// The place of the tokens from `first` to the last one read, as jq underlines an
  /// expression (an object key's).
  private func locationRead(from first: Token) -> ProgramLocation {
    var location = first.location
    let last = tokens[max(position - 1, 0)].location
    location.length = max(location.length, last.offset + last.length - location.offset)
    return location
  }

  /// A number literal: integers that fit stay exact; other literals written as JSON numbers
  /// keep their text, as jq 1.8 keeps them (`1.0` prints `1.0`, `100000000000000000000`
  /// keeps its digits) until arithmetic turns them into doubles; jq-only forms (`.5`, `1.`)
  /// are doubles.
  static func numberLiteral(_ value: Double, text: String) -> JSON {
    if let integer = Int64(text) { return JSON(integer) }
    // jq's number syntax, not JSON's: `.5` and `1.` and `1.e2`. As decimal literals they are
    // `0.5`, `1` and `1e2` (jq 1.8 prints `.50` as 0.50 and `1.e2` as 1E+2).
    var text = text
    if text.hasPrefix(".") { text = "0" + text }
    if let dot = text.firstIndex(of: "."),
      text.index(after: dot) == text.endIndex || "eE".contains(text[text.index(after: dot)])
    {
      text.remove(at: dot)
    }
    if let literal = try? JSONParser.parse(Data(text.utf8)),
      literal.type == .number
    {
      return literal
    }
    return JSON(value)
  }
}
