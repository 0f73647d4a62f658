/// One token of a jq program, with where it starts and the terminal jq's parser knows it by.
struct Token: Sendable {
  enum Kind: Sendable, Equatable {
    /// A name or keyword (`map`, `if`, `mod::fn`).
    case identifier(String)
    /// `.foo` (the dot and the name).
    case field(String)
    /// `$name` (without the `$`); `$__loc__` included.
    case variable(String)
    case number(Double, text: String)
    /// A string literal; interpolations hold their own tokens.
    case string([StringPart])
    /// `@base64`, `@json`...
    case format(String)
    /// Punctuation and operators, spelled as in the program (`|=`, `?//`, `..`).
    case symbol(String)
    case end
  }

  /// A piece of a string literal.
  enum StringPart: Sendable, Equatable {
    case literal(String)
    /// `\(…)`: the tokens inside, and the `\(` (where an error at the end of the
    /// program is when nothing follows it).
    case interpolation([Token], opening: Token)
  }

  var kind: Kind
  /// Its number in `JQGrammar.terminals` (`JQTokenizer.Terminal`), what jq's parser calls it.
  ///
  /// A string is its `QQSTRING_START`; the `.end` of an interpolation is
  /// `QQSTRING_INTERP_END`; a closing bracket that closes nothing open is an
  /// `INVALID_CHARACTER`.
  var terminal: Int
  var location: ProgramLocation

  /// How jq's parser names the token in `unexpected …`.
  var jqName: String { JQGrammar.terminals[terminal] }

  /// How the token reads in an error message.
  var spelling: String {
    switch kind {
    case .identifier(let name): return name
    case .field(let name): return "." + name
    case .variable(let name): return "$" + name
    case .number(_, let text): return text
    case .string: return "string"
    case .format(let name): return "@" + name
    case .symbol(let text): return text
    case .end: return "end of program"
    }
  }
}

extension Token: Equatable {
  static func == (a: Token, b: Token) -> Bool { a.kind == b.kind && a.location == b.location }
}
