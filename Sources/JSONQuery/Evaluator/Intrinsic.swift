/// The builtins written in Swift that `IntrinsicRunner` runs, by "name/arity".
///
/// A call site is
/// resolved to a case once, at compile time.
enum Intrinsic: String, CaseIterable, Sendable {
  // Control: these need the evaluator (generators, paths, unevaluated arguments).
  case empty = "empty/0"
  case path = "path/1"
  case getpath = "getpath/1"
  case range = "range/2"
  case repeatFilter = "repeat/1"
  case recurse = "recurse/0"
  case recurseFilter = "recurse/1"
  case limit = "limit/2"
  case skip = "skip/2"
  case last = "last/1"
  case debug = "debug/0"
  case stderr = "stderr/0"
  case label = "label/0"
  case paths = "paths/0"
  case pathsFilter = "paths/1"
  case toStream = "tostream/0"
  case fromStream = "fromstream/1"
  case walk = "walk/1"
  /// `until(cond; update)` whose arguments have one output each, as a loop (see
  /// `Executor.until`); other calls go to the prelude's definition.
  case until = "until/2"
  // Substitutions: a pattern, flags and a replacement run on each match (`RegexSubstitution`).
  case sub = "sub/2"
  case subFlags = "sub/3"
  case gsub = "gsub/2"
  case gsubFlags = "gsub/3"
  // Collectors: one array from the input and `f` evaluated on each of its elements.
  case sortBy = "sort_by/1"
  case groupBy = "group_by/1"
  case uniqueBy = "unique_by/1"
  case unique = "unique/0"
  case minBy = "min_by/1"
  case maxBy = "max_by/1"
  // Value functions: one value from the input and one value per argument.
  case error = "error/0"
  case errorMessage = "error/1"
  case not = "not/0"
  case length = "length/0"
  case utf8ByteLength = "utf8bytelength/0"
  case keys = "keys/0"
  case keysUnsorted = "keys_unsorted/0"
  case type = "type/0"
  case toString = "tostring/0"
  case toJSON = "tojson/0"
  case fromJSON = "fromjson/0"
  case toNumber = "tonumber/0"
  case toBoolean = "toboolean/0"
  case setpath = "setpath/2"
  case delpaths = "delpaths/1"
  case has = "has/1"
  case matchImplementation = "_match_impl/3"
  case sort = "sort/0"
  case min = "min/0"
  case max = "max/0"
  case reverse = "reverse/0"
  case input = "input/0"
  case inputLineNumber = "input_line_number/0"
  case inputFilename = "input_filename/0"
  case moduleMeta = "modulemeta/0"
  case searchList = "get_search_list/0"
  case getJQOrigin = "get_jq_origin/0"
  case getProgOrigin = "get_prog_origin/0"
  case env = "env/0"
  case builtins = "builtins/0"
  case halt = "halt/0"
  case haltError = "halt_error/1"
  case infinite = "infinite/0"
  case nan = "nan/0"
  case isInfinite = "isinfinite/0"
  case isNaN = "isnan/0"
  case floor = "floor/0"
  case ceil = "ceil/0"
  case round = "round/0"
  case sqrt = "sqrt/0"
  case abs = "abs/0"
  case log = "log/0"
  case exp = "exp/0"
  case significand = "significand/0"
  case pow = "pow/2"
  case now = "now/0"
  case haveDecnum = "have_decnum/0"
  case haveLiteralNumbers = "have_literal_numbers/0"
  case explode = "explode/0"
  case implode = "implode/0"
  case ltrimstr = "ltrimstr/1"
  case rtrimstr = "rtrimstr/1"
  case startsWith = "startswith/1"
  case endsWith = "endswith/1"
  case trim = "trim/0"
  case ltrim = "ltrim/0"
  case rtrim = "rtrim/0"
  case split = "split/1"
  case asciiDowncase = "ascii_downcase/0"
  case asciiUpcase = "ascii_upcase/0"
  case indices = "indices/1"
  case flatten = "flatten/1"
  case contains = "contains/1"

  /// Whether the builtin maps its input and one value per argument to one value (run once
  /// per combination of the arguments' outputs, by `IntrinsicRunner.value`); otherwise it is run
  /// by `IntrinsicRunner.call`.
  var isValueFunction: Bool {
    switch self {
    case .empty, .path, .getpath, .range, .repeatFilter, .recurse, .recurseFilter, .limit, .skip,
      .last, .debug, .stderr, .label, .paths, .pathsFilter, .toStream, .fromStream, .walk, .until:
      false
    case .sortBy, .groupBy, .uniqueBy, .unique, .minBy, .maxBy: false
    case .sub, .subFlags, .gsub, .gsubFlags: false
    default: true
    }
  }

  /// Whether the builtin is `sub` or `gsub`: one output when each argument has one (run
  /// by `RegexSubstitution`).
  var isSubstitution: Bool {
    switch self {
    case .sub, .subFlags, .gsub, .gsubFlags: true
    default: false
    }
  }

  /// Whether the builtin sorts or groups the input's elements by a key filter (run by
  /// `IntrinsicRunner.collect`; one output).
  var isCollector: Bool {
    switch self {
    case .sortBy, .groupBy, .uniqueBy, .unique, .minBy, .maxBy: true
    default: false
    }
  }

  /// Whether the builtin's outputs are values it makes, counted against a memory limit
  /// (`QueryLimits.memory`) with their elements' and members' values; not for those that
  /// hand on values they were given (`getpath`, `limit`, `min`, `input`, …), nor for
  /// `setpath` and `delpaths`, which count only what they add (an array's padding) where
  /// they add it.
  var makesValue: Bool {
    switch self {
    case .empty, .getpath, .range, .repeatFilter, .recurse, .recurseFilter, .limit, .debug,
      .stderr, .label, .until, .error, .errorMessage, .setpath, .delpaths, .min, .max, .minBy,
      .maxBy, .input, .halt, .haltError:
      false
    default: true
    }
  }
}
