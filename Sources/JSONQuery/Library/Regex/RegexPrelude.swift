/// jq's regular-expression builtins, written in jq on top of `_match_impl` (`RegexMatch`),
/// as jq's own `builtin.jq` does: they need the language (generators, closures for the
/// replacement of `sub`).
enum RegexPrelude {
  static let source = #"""
    def _regex_pattern($val): ($val | type) as $vt
      | if $vt == "string" then $val
        elif $vt == "array" and ($val | length) > 0 then $val[0]
        else error($vt + " not a string or array") end;
    def _regex_flags($val): if ($val | type) == "array" and ($val | length) > 1 then $val[1] else null end;
    def match(re; mode): _match_impl(re; mode; false) | .[];
    def match($val): match(_regex_pattern($val); _regex_flags($val));
    def test(re; mode): _match_impl(re; mode; true);
    def test($val): test(_regex_pattern($val); _regex_flags($val));
    def capture(re; mods): match(re; mods)
      | reduce (.captures | .[] | select(.name != null) | {(.name): .string}) as $pair
          ({}; . + $pair);
    def capture($val): capture(_regex_pattern($val); _regex_flags($val));
    def scan($re; $flags): match($re; "g" + ($flags // ""))
      | if (.captures | length) > 0 then [.captures | .[] | .string] else .string end;
    def scan($re): scan($re; null);
    def split($re; flags): . as $s
      | [match($re; "g" + (flags // "")) | (.offset, .offset + .length)] as $ms
      | [0] + $ms + [$s | length]
      | [range(0; length; 2) as $i | $s[.[$i]:.[$i + 1]]];
    def splits($re; flags): split($re; flags) | .[];
    # Several replacement outputs give several results, the k-th using every match's k-th
    # output (jq 1.8), not every combination.
    def sub($re; str; $flags): . as $in | [match($re; $flags)] as $edits
      | if ($edits | length) == 0 then $in
        else [$edits[] | reduce (.captures[] | select(.name != null) | {(.name): .string}) as $pair
                ({}; . + $pair) | [str]] as $inserts
          | range(0; $inserts[0] | length) as $k
          | reduce range(0; $edits | length) as $i ({result: "", previous: 0};
              $edits[$i] as $edit
              | .result += $in[.previous:$edit.offset] + $inserts[$i][$k]
              | .previous = $edit.offset + $edit.length)
          | .result + $in[.previous:] end;
    def sub($re; str): sub($re; str; "");
    def gsub($re; str; $flags): sub($re; str; $flags + "g");
    def gsub($re; str): sub($re; str; "g");
    """#
}
