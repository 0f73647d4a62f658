/// jq 1.8's language as an LR grammar: the form its bison parser reads, which decides where
/// that parser finds its syntax errors, what it lists as expected, and how it resumes after
/// one (see `SyntaxRecovery`).
///
/// jsonkit parses programs by recursive descent (`Parser`); this grammar is only the model of
/// jq's parser used to find the errors jq reports after the first. Its rules are listed in
/// the order jq's grammar has them (bison breaks ties between reductions by that order), and
/// its terminals in the order bison numbers them (the order of an `expecting` list).
enum JQGrammar {
  /// The terminals, named as jq's messages name them, in bison's numbering: the end, the
  /// `error` token, the token bison uses for an unknown one, then jq's tokens.
  static let terminals: [String] = [
    "end of file", "error", "invalid token", "INVALID_CHARACTER", "IDENT", "FIELD", "BINDING",
    "LITERAL", "FORMAT", "..", "%=", "==", "!=", "//", "as", "def", "module", "import",
    "include", "if", "then", "else", "elif", "reduce", "foreach", "end", "and", "or", "try",
    "catch", "label", "break", "$__loc__", "|=", "+=", "-=", "*=", "/=", "//=", "<=", ">=",
    "?//", "QQSTRING_START", "QQSTRING_TEXT", "QQSTRING_INTERP_START", "QQSTRING_INTERP_END",
    "QQSTRING_END", "FUNCDEF", "'|'", "','", "'='", "'<'", "'>'", "'+'", "'-'", "'*'", "'/'",
    "'%'", "NONOPT", "'?'", "'.'", "'['", "';'", "':'", "'('", "')'", "']'", "'{'", "'}'",
    "'$'",
  ]

  /// How tokens of one precedence level group.
  enum Associativity {
    case left, right, nonassociative, precedenceOnly
  }

  /// Precedence levels, lowest first.
  ///
  /// `FUNCDEF` and `NONOPT` name levels only: rules take them with `%prec`.
  static let precedence: [(Associativity, [String])] = [
    (.precedenceOnly, ["FUNCDEF"]),
    (.right, ["'|'"]),
    (.left, ["','"]),
    (.right, ["//"]),
    (.nonassociative, ["'='", "|=", "+=", "-=", "*=", "/=", "%=", "//="]),
    (.left, ["or"]),
    (.left, ["and"]),
    (.nonassociative, ["!=", "==", "'<'", "'>'", "<=", ">="]),
    (.left, ["'+'", "'-'"]),
    (.left, ["'*'", "'/'", "'%'"]),
    (.precedenceOnly, ["NONOPT"]),
    (.precedenceOnly, ["'?'", "'.'", "'['", "FIELD"]),
    (.precedenceOnly, ["try"]),
    (.precedenceOnly, ["catch"]),
  ]

  /// The rules, `Head: symbols`, one alternative each, in jq's order.
  ///
  /// A name in capitals or quotes is a terminal; `%prec X` gives the rule the precedence of
  /// `X`; `@` before a name marks the message jq's action for it reports (see `failures`).
  static let rules: [String] =
    [
      "TopLevel: Module Imports Query",
      "TopLevel: Module Imports FuncDefs",
      "Module:",
      "Module: module Query ';'",
      "Imports:",
      "Imports: Import Imports",
      "FuncDefs:",
      "FuncDefs: FuncDef FuncDefs",
      "Query: FuncDef Query %prec FUNCDEF",
      "Query: Expr as Patterns '|' Query",
      "Query: label BINDING '|' Query",
      "Query: Query '|' Query",
      "Query: Query ',' Query",
      "Query: Expr",
    ]
    + [
      "//", "'='", "or", "and", "//=", "|=", "'+'", "+=", "'-'", "-=", "'*'", "*=", "'/'",
      "'%'", "/=", "%=", "==", "!=", "'<'", "'>'", "<=", ">=",
    ].map { "Expr: Expr \($0) Expr" } + [
      "Expr: Term %prec NONOPT",
      "Import: ImportWhat ';'",
      "Import: ImportWhat Query ';'",
      "ImportWhat: import ImportFrom as BINDING",
      "ImportWhat: import ImportFrom as IDENT",
      "ImportWhat: include ImportFrom",
      "ImportFrom: String",
      "FuncDef: def IDENT ':' Query ';'",
      "FuncDef: def IDENT '(' Params ')' ':' Query ';'",
      "Params: Param",
      "Params: Params ';' Param",
      "Param: BINDING",
      "Param: IDENT",
      "StringStart: FORMAT QQSTRING_START",
      "StringStart: QQSTRING_START",
      "String: StringStart QQString QQSTRING_END",
      "QQString:",
      "QQString: QQString QQSTRING_TEXT",
      "QQString: QQString QQSTRING_INTERP_START Query QQSTRING_INTERP_END",
      "ElseBody: elif Query then Query ElseBody",
      "ElseBody: else Query end",
      "ElseBody: end",
      "Term: '.'",
      "Term: ..",
      "Term: break BINDING",
      "Term: break error @label",
      "Term: Term FIELD '?'",
      "Term: FIELD '?'",
      "Term: Term '.' String '?'",
      "Term: '.' String '?'",
      "Term: Term FIELD %prec NONOPT",
      "Term: FIELD %prec NONOPT",
      "Term: Term '.' String %prec NONOPT",
      "Term: '.' String %prec NONOPT",
      "Term: '.' error @field",
      "Term: '.' IDENT error @field",
      "Term: Term '[' Query ']' '?'",
      "Term: Term '[' Query ']' %prec NONOPT",
      "Term: Term '.' '[' Query ']' '?'",
      "Term: Term '.' '[' Query ']' %prec NONOPT",
      "Term: Term '[' ']' '?'",
      "Term: Term '[' ']' %prec NONOPT",
      "Term: Term '.' '[' ']' '?'",
      "Term: Term '.' '[' ']' %prec NONOPT",
      "Term: Term '[' Query ':' Query ']' '?'",
      "Term: Term '[' Query ':' ']' '?'",
      "Term: Term '[' ':' Query ']' '?'",
      "Term: Term '[' Query ':' Query ']' %prec NONOPT",
      "Term: Term '[' Query ':' ']' %prec NONOPT",
      "Term: Term '[' ':' Query ']' %prec NONOPT",
      "Term: Term '?'",
      "Term: LITERAL",
      "Term: String",
      "Term: FORMAT",
      "Term: '-' Term",
      "Term: '(' Query ')'",
      "Term: '[' Query ']'",
      "Term: '[' ']'",
      "Term: '{' DictPairs '}'",
      "Term: reduce Expr as Patterns '(' Query ';' Query ')'",
      "Term: foreach Expr as Patterns '(' Query ';' Query ';' Query ')'",
      "Term: foreach Expr as Patterns '(' Query ';' Query ')'",
      "Term: if Query then Query ElseBody",
      "Term: if Query then error @if",
      "Term: try Expr catch Expr",
      "Term: try Expr catch error @try",
      "Term: try Expr",
      "Term: '$' '$' '$' BINDING",
      "Term: BINDING",
      "Term: $__loc__",
      "Term: IDENT",
      "Term: IDENT '(' Args ')'",
      "Term: '(' error ')'",
      "Term: '[' error ']'",
      "Term: Term '[' error ']'",
      "Term: '{' error '}'",
      "Args: Arg",
      "Args: Args ';' Arg",
      "Arg: Query",
      "RepPatterns: RepPatterns ?// Pattern",
      "RepPatterns: Pattern",
      "Patterns: RepPatterns ?// Pattern",
      "Patterns: Pattern",
      "Pattern: BINDING",
      "Pattern: '[' ArrayPats ']'",
      "Pattern: '{' ObjPats '}'",
      "ArrayPats: Pattern",
      "ArrayPats: ArrayPats ',' Pattern",
      "ObjPats: ObjPat",
      "ObjPats: ObjPats ',' ObjPat",
      "ObjPat: BINDING",
      "ObjPat: BINDING ':' Pattern",
      "ObjPat: IDENT ':' Pattern",
      "ObjPat: Keyword ':' Pattern",
      "ObjPat: String ':' Pattern",
      "ObjPat: '(' Query ')' ':' Pattern",
      "ObjPat: error ':' Pattern @key",
    ] + keywords.map { "Keyword: \($0)" } + [
      "DictPairs:",
      "DictPairs: DictPair",
      "DictPairs: DictPair ',' DictPairs",
      "DictPair: IDENT ':' DictExpr",
      "DictPair: Keyword ':' DictExpr",
      "DictPair: String ':' DictExpr",
      "DictPair: String",
      "DictPair: BINDING ':' DictExpr",
      "DictPair: BINDING",
      "DictPair: IDENT",
      "DictPair: $__loc__",
      "DictPair: Keyword",
      "DictPair: '(' Query ')' ':' DictExpr",
      "DictPair: error ':' DictExpr @key1",
      "DictExpr: DictExpr '|' DictExpr",
      "DictExpr: Expr",
    ]

  /// The keywords a `Keyword` stands for (an object key or a pattern's key), in jq's order.
  static let keywords = [
    "as", "def", "module", "import", "include", "if", "then", "else", "elif", "reduce",
    "foreach", "end", "and", "or", "try", "catch", "label", "break",
  ]

  /// What jq's action for a rule marked `@name` reports when it reduces the rule, and
  /// whether at the rule's whole place (`true`) or at its first symbol's.
  static let failures: [String: (message: String, wholeRule: Bool)] = [
    "label": ("break requires a label to break to", true),
    "field": ("try .[\"field\"] instead of .field for unusually named fields", true),
    "if": ("Possibly unterminated 'if' statement", true),
    "try": ("Possibly unterminated 'try' statement", true),
    "key": ("May need parentheses around object key expression", true),
    "key1": ("May need parentheses around object key expression", false),
  ]

  /// The start symbol.
  static let start = "TopLevel"
}
