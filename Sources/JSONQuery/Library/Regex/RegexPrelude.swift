/// jq's regular-expression builtins, written in jq on top of `_match_impl` (`RegexMatch`),
/// as jq's own `builtin.jq` does: they need the language (generators).
///
/// `sub` and `gsub`
/// are Swift (`RegexSubstitution`).
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
    # The flags are joined to "g" with `+`, as jq 1.8 does (after them for splits, before
    # for scan), so flags that are not a string fail as jq's do.
    def scan($re; $flags): match($re; "g" + $flags)
      | if (.captures | length) > 0 then [.captures | .[] | .string] else .string end;
    def scan($re): scan($re; null);
    # Each piece between matches, then the rest (the final `null` has no offset: to the end).
    def splits($re; $flags): . as $s
      | foreach (match($re; $flags + "g"), null) as $m
          (null; {from: .next, upto: $m.offset, next: ($m.offset + $m.length)}; $s[.from:.upto]);
    def split($re; $flags): [splits($re; $flags)];
    """#
}
