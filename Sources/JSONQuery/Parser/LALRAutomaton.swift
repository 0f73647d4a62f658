/// The LALR(1) automaton of `JQGrammar` with the tables bison would make of it: conflicts
/// settled by precedence, and each state's most common reduction made its default.
///
/// Bison's parser reduces by a state's default without looking at the next token, so where
/// it notices an error, and what it lists as expected there, depend on those defaults; a
/// state that shifts the `error` token has none (bison's rule), so recovery finds it intact.
struct LALRAutomaton: Sendable {
  /// What a state does with a terminal.
  enum Action: Sendable, Equatable {
    case shift(Int)
    case reduce(Int)
    /// An explicit error (a `%nonassoc` pair such as `1 == 2 == 3`).
    case error
  }

  /// A rule: its head (a nonterminal's symbol number), its symbols, and the message jq's
  /// action reports when it is reduced.
  struct Rule: Sendable {
    /// `Head: symbols` as the grammar writes it, without `%prec` and the message mark.
    var text: String
    var head: Int
    var symbols: [Int]
    var precedence: Int?
    var failure: (message: String, wholeRule: Bool)?
  }

  /// Terminal names, then nonterminal names; a symbol is its index.
  let names: [String]
  let terminalCount: Int
  /// Rule 0 is `$accept: start "end of file"`.
  let rules: [Rule]
  /// Per state: the actions on terminals that are not the default.
  let actions: [[Int: Action]]
  /// Per state: the rule it reduces by on any other terminal, if any.
  let defaultReductions: [Int?]
  /// Per state: the state reached after reducing to a nonterminal.
  let gotos: [[Int: Int]]

  /// The automaton of jq's grammar, built once: from its tables in `JQParserTables`, which
  /// a test checks are those `computed()` makes of `JQGrammar` (computing them takes longer
  /// than parsing most programs).
  static let jq = LALRAutomaton(jqGrammar, tables: JQParserTables.text)

  /// The automaton of `JQGrammar`, computed: what `JQParserTables` holds.
  static func computed() -> LALRAutomaton { LALRAutomaton(computing: jqGrammar) }

  /// `JQGrammar`, numbered.
  private static var jqGrammar: Grammar {
    Grammar(
      terminals: JQGrammar.terminals, rules: JQGrammar.rules, start: JQGrammar.start,
      precedence: JQGrammar.precedence, failures: JQGrammar.failures)
  }

  // MARK: tables as text

  /// The tables as text, as `JQParserTables` holds them.
  ///
  /// Per state, its entries each followed by `,`, and then a `;`. An entry is `d` and the
  /// default rule, or a terminal and `s` and the state it shifts to, `r` and the rule it
  /// reduces by, or `e` (an explicit error), or a nonterminal, `g` and the state it goes to;
  /// entries are sorted by symbol.
  var encodedTables: String {
    var text = ""
    for state in actions.indices {
      if let rule = defaultReductions[state] { text += "d\(rule)," }
      for (terminal, action) in actions[state].sorted(by: { $0.key < $1.key }) {
        switch action {
        case .shift(let target): text += "\(terminal)s\(target),"
        case .reduce(let rule): text += "\(terminal)r\(rule),"
        case .error: text += "\(terminal)e,"
        }
      }
      for (symbol, target) in gotos[state].sorted(by: { $0.key < $1.key }) {
        text += "\(symbol)g\(target),"
      }
      text += ";"
    }
    return text
  }

  /// The automaton of `grammar` with the tables `encodedTables` wrote as `text` (white space
  /// in it is skipped).
  private init(_ grammar: Grammar, tables text: String) {
    var actions: [[Int: Action]] = []
    var defaults: [Int?] = []
    var gotos: [[Int: Int]] = []
    var row: [Int: Action] = [:]
    var defaultRule: Int?
    var targets: [Int: Int] = [:]
    var key = 0
    var number = 0
    var kind: UInt8 = 0  // the entry's letter; 0 before it
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"):
        number = number * 10 + Int(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "z"):
        (key, number, kind) = (number, 0, byte)
      case UInt8(ascii: ","):
        switch kind {
        case UInt8(ascii: "d"): defaultRule = number
        case UInt8(ascii: "s"): row[key] = .shift(number)
        case UInt8(ascii: "r"): row[key] = .reduce(number)
        case UInt8(ascii: "e"): row[key] = .error
        case UInt8(ascii: "g"): targets[key] = number
        default: preconditionFailure("a bad entry in the parser tables")
        }
        (number, kind) = (0, 0)
      case UInt8(ascii: ";"):
        actions.append(row)
        defaults.append(defaultRule)
        gotos.append(targets)
        (row, defaultRule, targets) = ([:], nil, [:])
      default:
        break
      }
    }
    self.names = grammar.names
    self.terminalCount = grammar.terminalCount
    self.rules = grammar.rules
    self.actions = actions
    self.defaultReductions = defaults
    self.gotos = gotos
  }

  // MARK: the grammar

  /// A grammar, numbered: its symbols, its rules, and its tokens' precedence.
  private struct Grammar {
    /// Terminal names, then `$accept`, then each head in order of first appearance.
    var names: [String]
    var terminalCount: Int
    var rules: [Rule]
    var tokenPrecedence: [Int: (level: Int, associativity: JQGrammar.Associativity)]

    init(
      terminals: [String], rules ruleTexts: [String], start: String,
      precedence levels: [(JQGrammar.Associativity, [String])],
      failures: [String: (message: String, wholeRule: Bool)]
    ) {
      precondition(terminals.count < 127)
      var names = terminals + ["$accept"]
      var numbers = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
      var parsed: [(head: String, symbols: [String], prec: String?, failure: String?)] = []
      var texts: [String] = []
      for text in ruleTexts {
        let colon = text.firstIndex(of: ":")!
        let head = String(text[..<colon])
        var words = text[text.index(after: colon)...].split(separator: " ").map(String.init)
        var prec: String?
        var failure: String?
        if let at = words.firstIndex(of: "%prec") {
          prec = words[at + 1]
          words.removeSubrange(at...)
        }
        if let last = words.last, last.hasPrefix("@") {
          failure = String(last.dropFirst())
          words.removeLast()
        }
        if numbers[head] == nil {
          numbers[head] = names.count
          names.append(head)
        }
        parsed.append((head, words, prec, failure))
        texts.append(([head + ":"] + words).joined(separator: " "))
      }
      let terminalCount = terminals.count
      func symbol(_ name: String) -> Int {
        guard let index = numbers[name] else {
          preconditionFailure("no symbol \(name) in the grammar")
        }
        return index
      }
      var tokenPrecedence: [Int: (level: Int, associativity: JQGrammar.Associativity)] = [:]
      for (level, (associativity, tokens)) in levels.enumerated() {
        for token in tokens { tokenPrecedence[symbol(token)] = (level, associativity) }
      }
      var rules = [
        Rule(text: "$accept: \(start)", head: terminalCount, symbols: [symbol(start), 0])
      ]
      for (rule, text) in zip(parsed, texts) {
        let symbols = rule.symbols.map(symbol)
        // A rule's precedence is its `%prec`'s, or that of its last terminal that has one.
        let precedenceToken =
          rule.prec.map(symbol)
          ?? symbols.last { $0 < terminalCount && tokenPrecedence[$0] != nil }
        rules.append(
          Rule(
            text: text, head: symbol(rule.head), symbols: symbols,
            precedence: precedenceToken.flatMap { tokenPrecedence[$0]?.level },
            failure: rule.failure.map { failures[$0]! }))
      }
      self.names = names
      self.terminalCount = terminalCount
      self.rules = rules
      self.tokenPrecedence = tokenPrecedence
    }
  }

  // MARK: construction

  /// A set of terminals (at most 128, plus the marker `propagate`).
  private struct Lookahead: Equatable {
    var low: UInt64 = 0
    var high: UInt64 = 0

    func contains(_ bit: Int) -> Bool {
      bit < 64 ? low & (1 << UInt64(bit)) != 0 : high & (1 << UInt64(bit - 64)) != 0
    }
    mutating func insert(_ bit: Int) {
      if bit < 64 { low |= 1 << UInt64(bit) } else { high |= 1 << UInt64(bit - 64) }
    }
    mutating func remove(_ bit: Int) {
      if bit < 64 { low &= ~(1 << UInt64(bit)) } else { high &= ~(1 << UInt64(bit - 64)) }
    }
    /// Adds `other`; whether anything was new.
    mutating func formUnion(_ other: Lookahead) -> Bool {
      let before = self
      low |= other.low
      high |= other.high
      return before != self
    }
    func members(below limit: Int) -> [Int] { (0..<limit).filter(contains) }
  }

  /// An LR(0) item: a rule and how much of it has been read.
  private struct Item: Hashable, Comparable {
    var rule: Int
    var dot: Int
    static func < (a: Item, b: Item) -> Bool { (a.rule, a.dot) < (b.rule, b.dot) }
  }

  // One computation in steps, each commented.
  private init(computing grammar: Grammar) {
    let names = grammar.names
    let terminalCount = grammar.terminalCount
    let rules = grammar.rules
    let tokenPrecedence = grammar.tokenPrecedence
    let symbolCount = names.count

    // Which nonterminals derive the empty string, and the terminals each can start with.
    var nullable = [Bool](repeating: false, count: symbolCount)
    var first = [Lookahead](repeating: Lookahead(), count: symbolCount)
    for t in 0..<terminalCount { first[t].insert(t) }
    var changed = true
    while changed {
      changed = false
      for rule in rules {
        var allNullable = true
        for s in rule.symbols {
          if first[rule.head].formUnion(first[s]) { changed = true }
          if !nullable[s] {
            allNullable = false
            break
          }
        }
        if allNullable && !nullable[rule.head] {
          nullable[rule.head] = true
          changed = true
        }
      }
    }
    let propagate = terminalCount  // the marker bit of the propagation pass
    /// The terminals that can start `symbols`, and whether all of them can be empty.
    func firstOf(_ symbols: ArraySlice<Int>) -> (Lookahead, Bool) {
      var set = Lookahead()
      for s in symbols {
        _ = set.formUnion(first[s])
        if !nullable[s] { return (set, false) }
      }
      return (set, true)
    }
    // What can follow each place in each rule: the terminals that can start the rest of the
    // rule, and whether it can be empty.
    let tails = rules.map { rule in
      (0...rule.symbols.count).map { firstOf(rule.symbols[min($0 + 1, rule.symbols.count)...]) }
    }
    var rulesOfHead = [[Int]](repeating: [], count: symbolCount)
    for (index, rule) in rules.enumerated() { rulesOfHead[rule.head].append(index) }
    /// The LR(1) closure of `kernel`: every item with its lookahead (the items it adds are
    /// at the start of their rules).
    func closure(_ kernel: [(Item, Lookahead)]) -> [(Item, Lookahead)] {
      var added = [Lookahead?](repeating: nil, count: rules.count)
      var work: [Int] = []
      func expand(_ item: Item, _ lookahead: Lookahead) {
        let rule = rules[item.rule]
        guard item.dot < rule.symbols.count, rule.symbols[item.dot] >= terminalCount else {
          return
        }
        var (follow, rest) = tails[item.rule][item.dot]
        if rest { _ = follow.formUnion(lookahead) }
        for r in rulesOfHead[rule.symbols[item.dot]] {
          var set = added[r] ?? Lookahead()
          if set.formUnion(follow) || added[r] == nil {
            added[r] = set
            work.append(r)
          }
        }
      }
      for (item, lookahead) in kernel { expand(item, lookahead) }
      while let r = work.popLast() { expand(Item(rule: r, dot: 0), added[r]!) }
      return kernel
        + added.enumerated().compactMap { r, set in set.map { (Item(rule: r, dot: 0), $0) } }
    }

    // The LR(0) states: kernels, numbered in the order found.
    var kernels: [[Item]] = [[Item(rule: 0, dot: 0)]]
    var stateOfKernel: [[Item]: Int] = [kernels[0]: 0]
    var transitions: [[Int: Int]] = []
    var index = 0
    while index < kernels.count {
      let items = closure(kernels[index].map { ($0, Lookahead()) })
      var bySymbol: [Int: [Item]] = [:]
      for (item, _) in items where item.dot < rules[item.rule].symbols.count {
        bySymbol[rules[item.rule].symbols[item.dot], default: []]
          .append(Item(rule: item.rule, dot: item.dot + 1))
      }
      var row: [Int: Int] = [:]
      for (s, kernel) in bySymbol.sorted(by: { $0.key < $1.key }) {
        let kernel = kernel.sorted()
        if let existing = stateOfKernel[kernel] {
          row[s] = existing
        } else {
          stateOfKernel[kernel] = kernels.count
          row[s] = kernels.count
          kernels.append(kernel)
        }
      }
      transitions.append(row)
      index += 1
    }

    // LALR(1) lookaheads of kernel items: those found on the spot, and those passed on from
    // a kernel item to the items it becomes (the dragon book's propagation method).
    var lookaheads = kernels.map { Dictionary(uniqueKeysWithValues: $0.map { ($0, Lookahead()) }) }
    lookaheads[0][Item(rule: 0, dot: 0)]!.insert(0)
    var passes: [[Item: [(state: Int, item: Item)]]] = kernels.map { _ in [:] }
    for state in kernels.indices {
      for kernelItem in kernels[state] {
        var marker = Lookahead()
        marker.insert(propagate)
        for (item, lookahead) in closure([(kernelItem, marker)]) {
          let rule = rules[item.rule]
          guard item.dot < rule.symbols.count else { continue }
          let target = transitions[state][rule.symbols[item.dot]]!
          let moved = Item(rule: item.rule, dot: item.dot + 1)
          var spontaneous = lookahead
          if lookahead.contains(propagate) {
            passes[state][kernelItem, default: []].append((target, moved))
            spontaneous.remove(propagate)
          }
          _ = lookaheads[target][moved]!.formUnion(spontaneous)
        }
      }
    }
    changed = true
    while changed {
      changed = false
      for state in kernels.indices {
        for (item, targets) in passes[state] {
          let lookahead = lookaheads[state][item]!
          for target in targets where lookaheads[target.state][target.item]!.formUnion(lookahead) {
            changed = true
          }
        }
      }
    }

    // The tables, as bison's `action_row` makes them.
    var actions: [[Int: Action]] = []
    var defaults: [Int?] = []
    var gotos: [[Int: Int]] = []
    for state in kernels.indices {
      let items = closure(kernels[state].map { ($0, lookaheads[state][$0]!) })
      var reductions = items.filter { $0.0.dot == rules[$0.0.rule].symbols.count }
        .sorted { $0.0.rule < $1.0.rule }
        .map { (rule: $0.0.rule, lookahead: $0.1) }
      let shifts = transitions[state].filter { $0.key < terminalCount }
      gotos.append(transitions[state].filter { $0.key >= terminalCount })
      // A state that needs no lookahead reduces by its one rule whatever comes.
      let consistent = reductions.count <= 1 && (reductions.isEmpty || shifts.isEmpty)
      var row: [Int: Action] = [:]
      var errors: Set<Int> = []
      for (shift, target) in shifts { row[shift] = .shift(target) }
      // Shift/reduce conflicts settled by precedence: the token's against the rule's.
      for i in reductions.indices {
        for t in reductions[i].lookahead.members(below: terminalCount) where shifts[t] != nil {
          guard let rulePrecedence = rules[reductions[i].rule].precedence,
            let token = tokenPrecedence[t]
          else {
            reductions[i].lookahead.remove(t)
            continue
          }
          if token.level > rulePrecedence {
            reductions[i].lookahead.remove(t)
            continue
          }
          if token.level < rulePrecedence || token.associativity == .left {
            row[t] = nil
            continue
          }
          if token.associativity == .nonassociative {
            row[t] = nil
            errors.insert(t)
          }
          reductions[i].lookahead.remove(t)
        }
      }
      // Reductions, the first rule winning a token two could take.
      for reduction in reductions.reversed() {
        for t in reduction.lookahead.members(below: terminalCount)
        where row[t] == nil || { if case .reduce = row[t]! { return true } else { return false } }()
        {
          row[t] = .reduce(reduction.rule)
        }
      }
      for t in errors { row[t] = .error }
      var defaultRule: Int?
      if !reductions.isEmpty && shifts[1] == nil {
        if consistent {
          defaultRule = reductions[0].rule
        } else {
          var most = 0
          for reduction in reductions {
            let count = row.values.count { $0 == .reduce(reduction.rule) }
            if count > most {
              most = count
              defaultRule = reduction.rule
            }
          }
          if let rule = defaultRule { row = row.filter { $0.value != .reduce(rule) } }
        }
      }
      // Without a default, an explicit error is the same as none.
      if defaultRule == nil { row = row.filter { $0.value != .error } }
      actions.append(row)
      defaults.append(defaultRule)
    }
    self.names = names
    self.terminalCount = terminalCount
    self.rules = rules
    self.actions = actions
    self.defaultReductions = defaults
    self.gotos = gotos
  }
}
