import JSONKit
import Testing

@testable import JSONQuery

/// Issue 29, item 17: the update paths that copied a container per element (slices read and
/// assigned, `del` and `delpaths` of many paths, `reduce`/`until` accumulators fed by
/// `getpath` or `+` of strings, `.[]` read up front) now change values in place, as jq's
/// `jv_set`, `jv_dels` and `delpaths_sorted` do.
///
/// Their timing is in Benchmarks/README
/// (`Benchmarks/Scripts/jq-scaling`); these tests pin what they compute, with the values
/// jq 1.8.2 gave.
@Suite("Item 17: update paths that change values in place")
struct LinearUpdateTests: QueryRunning {
  @Test("class: delpaths as jv_dels, every index read against the array as it was")
  func deleteManyIndexes() throws {
    #expect(try run("[range(10)] | del(.[1.5, 1, 3])") == [[0, 2, 4, 5, 6, 7, 8, 9]])
    #expect(try run("[range(10)] | del(.[-1.5, 2.7])") == [[0, 1, 3, 4, 5, 6, 7, 8]])
    #expect(try run("[range(10)] | del(.[1:3], .[2:5], .[8])") == [[0, 5, 6, 7, 9]])
    #expect(try run("[range(10)] | del(.[0, 2, 4, -1])") == [[1, 3, 5, 6, 7, 8]])
    #expect(try run("[range(5)] | del(.[nan])") == [[0, 1, 2, 3, 4]])
    #expect(try run("[range(5)] | delpaths([[], [0]])") == [.null])
  }

  @Test("class: delpaths level by level, a container's deletions together (delpaths_sorted)")
  func deleteNestedPaths() throws {
    #expect(try run("[[0,1],[2,3]] | del(.[0][0], .[0])") == [[[2, 3]]])
    #expect(
      try run(#"{"a":[1,2,3],"b":{"c":1}} | del(.a[0], .b.c, .a[-1])"#)
        == [["a": [2], "b": [:]]])
    #expect(try run(#"{"a":1,"b":2,"c":3,"d":4} | del(.a, .c, .zz)"#) == [["b": 2, "d": 4]])
    #expect(
      try caught(#"[range(10)] | del(.[1], .["a"])"#) == [#"Cannot index array with string ("a")"#])
    #expect(try caught("[1,2] | del(.[0].a)") == [#"Cannot index number with string ("a")"#])
  }

  @Test("class: slices read and assigned in place (jv_set of a slice key)")
  func sliceAssignment() throws {
    #expect(
      try run(#"[range(10)] | .[range(0; length; 3) | {start: ., end: (. + 1)}] = ["x"]"#)
        == [["x", 1, 2, "x", 4, 5, "x", 7, 8, "x"]])
    #expect(
      try run("[range(10)] | .[range(0; length; 3) | {start: ., end: (. + 2)}] |= map(. * 10)")
        == [[0, 10, 2, 30, 40, 5, 60, 70, 8, 90]])
    #expect(
      try run(#"[range(5)] | .[1:3] = ["a", "b", "c", "d"]"#) == [[0, "a", "b", "c", "d", 3, 4]])
    #expect(try run(#"[range(5)] | .[1:4] = ["a"]"#) == [[0, "a", 4]])
    #expect(try run("null | .[1:3] = [1]") == [[1]])
    #expect(try run(#"[range(5)] | .[1:3][0] = "z""#) == [[0, "z", 2, 3, 4]])
  }

  @Test("class: accumulators changed where they stand (reduce, until, pick)")
  func accumulators() throws {
    #expect(try run("[range(5) | tostring] | add") == ["01234"])
    #expect(try run(#"["a", null, "b"] | add"#) == ["ab"])
    #expect(try run("[] | until(length >= 5; . + [length])") == [[0, 1, 2, 3, 4]])
    #expect(try run(#"{"a":{"b":1,"c":2},"d":3} | pick(.a.b, .d)"#) == [["a": ["b": 1], "d": 3]])
    #expect(try run("reduce ([0],[1]) as $p (null; setpath($p; getpath($p) // 7))") == [[7, 7]])
    #expect(try run(#"{"a":[1,2]} | [path(getpath(["a",0]))]"#) == [[["a", 0]]])
  }

  @Test("class: join builds one string, failing where jq's reduce definition fails")
  func joinIsOneString() throws {
    #expect(try run(#"[1, null, "a", true] | join("-")"#) == ["1--a-true"])
    #expect(try run(#"{"a": "x", "b": 2} | join(",")"#) == ["x,2"])
    #expect(try run(#"[] | join(1)"#) == [""])
    #expect(try run(#"["a", "b"] | join(null)"#) == ["ab"])
    #expect(try run(#"["a", "b"] | join(",", ";")"#) == ["a,b", "a;b"])
    #expect(
      try caught(#"["a", "b"] | join(1)"#) == [#"string ("a") and number (1) cannot be added"#])
    #expect(try caught(#"[[1]] | join(",")"#) == [#"string ("") and array ([1]) cannot be added"#])
    #expect(try caught(#"1 | join(",")"#) == ["Cannot iterate over number (1)"])
  }

  @Test("class: .[] reads each element when asked for")
  func lazyIteration() throws {
    #expect(try run("[range(5)] | [limit(2; .[])], first(.[])") == [[0, 1], 0])
    #expect(try run("[range(5)] | [.[]]") == [[0, 1, 2, 3, 4]])
  }
}
