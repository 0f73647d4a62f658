/// The builtins written in jq, compiled into the scope every program starts in (see
/// `CompiledPrelude`).
package enum Prelude {
  static let source = #"""
    def values: select(. != null);
    def nulls: select(. == null);
    def booleans: select(type == "boolean");
    def numbers: select(type == "number");
    def strings: select(type == "string");
    def arrays: select(type == "array");
    def objects: select(type == "object");
    def iterables: select(type|. == "array" or . == "object");
    def scalars: select(type|. != "array" and . != "object");
    def map(f): [.[] | f];
    def select(f): if f then . else empty end;
    def recurse(f; cond): recurse(f | select(cond));
    def until(cond; update): def _until: if cond then . else (update | _until) end; _until;
    def while(cond; update): def _while: if cond then ., (update | _while) else empty end; _while;
    def range($x): range(0; $x);
    def range($from; $upto; $by):
      if $by > 0 then $from | while(. < $upto; . + $by)
      elif $by < 0 then $from | while(. > $upto; . + $by)
      else empty end;
    def with_entries(f): to_entries | map(f) | from_entries;
    def del(f): delpaths([path(f)]);
    def map_values(f): .[] |= f;
    def add(f): reduce f as $x (null; . + $x);
    def add: add(.[]);
    def first(f): label $__first | (f | ., break $__first);
    def first: .[0];
    def last: .[-1];
    def nth($n): .[$n];
    def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else first(skip($n; f)) end;
    def isempty(g): first((g | false), true);
    def in(xs): . as $x | xs | has($x);
    def inside(xs): . as $x | xs | contains($x);
    def any(generator; condition): isempty(first(generator | condition or empty)) | not;
    def all(generator; condition): isempty(first(generator | condition and empty));
    def any(condition): any(.[]; condition);
    def all(condition): all(.[]; condition);
    def any: any(.);
    def all: all(.);
    def IN(s): any(s == .; .);
    def IN(src; s): any(src == s; .);
    def INDEX(stream; idx_expr): reduce stream as $row ({}; .[$row | idx_expr | tostring] |= $row);
    def INDEX(idx_expr): INDEX(.[]; idx_expr);
    def isnormal: type == "number" and (isnan or isinfinite | not) and fabs >= 2.2250738585072014e-308;
    def JOIN($idx; idx_expr): [.[] | [., $idx[idx_expr]]];
    def JOIN($idx; stream; idx_expr): stream | [., $idx[idx_expr]];
    def JOIN($idx; stream; idx_expr; join_expr): stream | [., $idx[idx_expr]] | join_expr;
    def flatten: flatten(1e9);
    def combinations:
      if length == 0 then [] else .[0][] as $x | (.[1:] | combinations) as $w | [$x] + $w end;
    def combinations(n): . as $dot | [range(n)] | map($dot) | combinations;
    def index($i): indices($i) | .[0];
    def rindex($i): indices($i) | .[-1:][0];
    def pick(pathexps): . as $top | reduce path(pathexps) as $p (null; setpath($p; $top | getpath($p)));
    def debug(msg): (msg | debug | empty), .;
    def halt_error: halt_error(5);
    def todate: strftime("%Y-%m-%dT%H:%M:%SZ");
    def isfinite: type == "number" and (isinfinite | not);
    def finites: select(isfinite);
    def normals: select(isnormal);
    def truncate_stream(stream): . as $n | null | stream | . as $input
      | if (.[0] | length) > $n then setpath([0]; .[0][$n:]) else empty end;
    def trimstr($x): ltrimstr($x) | rtrimstr($x);
    def transpose: (map(length) | max // 0) as $width | [range(0; $width) as $i | [.[][$i]]];
    def todate: strftime("%Y-%m-%dT%H:%M:%SZ");
    def todateiso8601: todate;
    def fromdateiso8601: strptime("%Y-%m-%dT%H:%M:%SZ") | mktime;
    def fromdate: fromdateiso8601;
    def splits($re): splits($re; null);
    def inputs: try repeat(input) catch if . == "break" then empty else error end;
    .
    """#

  /// The whole prelude (the library's jq-source definitions, then `source`'s), compiled once
  /// for every query that does not ask for less.
  static let whole = CompiledPrelude(text: RegexPrelude.source + source)

  /// The prelude definitions a program whose text is `program` can call, and those they
  /// call, compiled for that program alone: a `jsonkit` run compiles one program, and
  /// parsing and compiling the whole prelude was half of its start-up.
  ///
  /// Only for a program
  /// that imports no module and includes no `~/.jq` file: their code does not appear in
  /// `program` (`Query` checks both).
  ///
  /// ```swift
  /// Prelude.reachable(from: ".[] | map(.a)").refs.keys  // ["map/1"], not `join/1`
  /// ```
  static func reachable(from program: String) -> CompiledPrelude {
    // A program that calls no prelude definition (`.a`) compiles none.
    CompiledPrelude(text: PreludeSubset.text(neededBy: identifiers(in: program)))
  }

  /// "name/arity" of every prelude definition (also of those a reachable prelude leaves out).
  static let names = Set(PreludeSubset.pieces.map(\.key))

  /// Every word of `text` that may be an identifier: runs of ASCII letters, digits, `_` and
  /// `$` (a variable is not a call: `$input` is not `input`), and of bytes that are not
  /// ASCII, strings and comments included.
  ///
  /// Bytes, not `Character`s: this runs at every
  /// start, for the prelude a program needs and for the faster paths its words allow.
  ///
  /// ```swift
  /// Prelude.identifiers(in: #"map(.a) | $x | "input""#)  // ["map", "a", "$x", "input"]
  /// ```
  package static func identifiers(in text: String) -> Set<String> {
    var text = text
    return text.withUTF8 { identifiers(in: $0) }
  }

  /// The words of UTF-8 `bytes`, as `identifiers(in:)` finds them in a string.
  static func identifiers(in bytes: UnsafeBufferPointer<UInt8>) -> Set<String> {
    // Safe: every read of `bytes[i]` is behind `i < bytes.count`, and `start <= i <= bytes.count`.
    var words: Set<String> = []
    var i = 0
    while i < bytes.count {
      guard isWordByte(bytes[i]) else {
        i += 1
        continue
      }
      let start = i
      while i < bytes.count && isWordByte(bytes[i]) { i += 1 }
      words.insert(
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
    }
    return words
  }

  /// Bytes of words (see `identifiers(in:)`): ASCII letters, digits, `_`, `$`, and anything
  /// not ASCII.
  static func isWordByte(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
      || c == 0x24 || c >= 0x80
  }
}
