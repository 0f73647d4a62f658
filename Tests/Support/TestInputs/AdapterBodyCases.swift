/// The request bodies that the Hummingbird and Vapor test targets both send, with the replies
/// both adapters must give.
///
/// Each target serves the same routes under the same paths and keeps only what differs: how
/// its framework is driven and its own body limits.
public enum AdapterBodyCases {
  /// Bodies read value by value, and JSONKit's limits on them.
  ///
  /// The routes: `events` sums `.n` of `jsonValues()`; `events/decoded` sums
  /// `decodedValues(_:)` of `{n, at}` and appends the latest date's seconds; `users/bulk`
  /// lists `mappedValues(_:strict:)` of `{name, age}` as `name:age`; `events/big` counts the
  /// bytes of `.s` with `maxValueBytes` of 16 MiB; `events/shallow` counts values read with
  /// `maxDepth` 64.
  public static let streamed: [BodyCase] = [
    BodyCase(
      "jsonValues() reads a body of about 3 MB, past either framework's collection limit",
      "events", { ndjson(50_000) }, 200, .body("\(50_000 * 50_001 / 2)")),
    BodyCase(
      "decodedValues(_:) decodes each line with the framework's ISO-8601 dates",
      "events/decoded",
      {
        text(
          "{\"n\": 40, \"at\": \"2024-05-01T12:00:00Z\"}\n"
            + "{\"n\": 2, \"at\": \"2024-05-01T12:00:01Z\"}")
      },
      200, .body("42 1714564801.0")),
    BodyCase(
      "decodedValues(_:) answers a line of the wrong shape with a 400 that says where",
      "events/decoded", { text("{\"n\": 1, \"at\": \"2024-05-01T12:00:00Z\"}\n{\"n\": \"x\"}\n") },
      400, #"Expected Int at .n but found string (\"x\")"#),
    BodyCase(
      "mappedValues(_:strict:) maps each line; a missing optional age is nil", "users/bulk",
      { text("{\"name\": \"Ada\", \"age\": 36}\n{\"name\": \"Grace\"}\n") }, 200,
      .body("Ada:36,Grace:-")),
    BodyCase(
      "mappedValues(_:strict:) answers a line that does not map with a 400 and its path",
      "users/bulk", { text("{\"name\": \"Ada\"}\n{\"name\": \"Grace\", \"age\": \"x\"}\n") }, 400,
      "Expected Int at .age but found string"),
    BodyCase(
      "A streamed value over maxValueBytes is a 413 with a short reply", "events", bigValue,
      413, "Value longer than the limit of 4194304 bytes (maxValueBytes)"),
    BodyCase(
      "A route can raise maxValueBytes", "events/big", bigValue, 200,
      .body("\(5 * 1024 * 1024)")),
    BodyCase(
      "Values 64 levels deep are within maxDepth 64", "events/shallow",
      { nest(64) + [0x0A] + nest(64) }, 200, .body("2")),
    BodyCase(
      "A value 65 levels deep is a 400 under maxDepth 64 that says where", "events/shallow",
      { nest(65) }, 400, "Nesting deeper than 64 levels at line 1, column 65"),
  ]

  /// The hostile bodies of the article "Hostile request bodies" that both adapters answer
  /// alike.
  ///
  /// Small ones are collected at `decode` (a model `{id}`), the rest streamed at `events`
  /// (counts `jsonValues()`) or `events/decoded` (sums `decodedValues(_:)` of `{n}`). Large
  /// collected bodies meet each framework's own collection limit, so each target lists those.
  public static let hostile: [BodyCase] = [
    BodyCase("truncated JSON", "decode", HostileBody.truncated, 400, "Unexpected end of input"),
    BodyCase("invalid UTF-8", "decode", HostileBody.invalidUTF8, 400, "Invalid UTF-8"),
    BodyCase(
      "1,000,000-deep nest, streamed", "events", HostileBody.deepNest, 400,
      "Nesting deeper than 10000 levels at line 1, column 10001"),
    BodyCase(
      "100,000-digit number, streamed", "events/decoded", HostileBody.longNumber(key: "n"), 400,
      "does not fit Int at .n"),
    BodyCase(
      "1,000,000 keys, streamed", "events", HostileBody.manyKeys, 413,
      "Value longer than the limit of 4194304 bytes"),
    BodyCase("lone surrogate escape", "decode", HostileBody.loneSurrogate, 400, "Invalid escape"),
    BodyCase(
      "malformed NDJSON, streamed", "events", HostileBody.malformedNDJSON, 400,
      "at line 2, column 9"),
    BodyCase(
      "one 20 MiB value, streamed", "events", HostileBody.hugeValue, 413,
      "Value longer than the limit of 4194304 bytes"),
  ]

  /// NDJSON events `{"n": 1, "pad": "pp…"}` … of `count` lines, about 60 bytes each.
  public static func ndjson(_ count: Int) -> [UInt8] {
    text(
      (1...count).map { #"{"n": \#($0), "pad": "\#(String(repeating: "p", count: 40))"}"# }
        .joined(separator: "\n"))
  }

  private static func text(_ string: String) -> [UInt8] { Array(string.utf8) }

  /// `{"n": 1}` then `{"s": "vvv…"}` with 5 MiB of `v`: over the default `maxValueBytes`.
  private static func bigValue() -> [UInt8] {
    text("{\"n\": 1}\n{\"s\": \"") + [UInt8](repeating: 0x76, count: 5 * 1024 * 1024)
      + text("\"}\n")
  }

  /// `depth` arrays, one inside the other.
  private static func nest(_ depth: Int) -> [UInt8] {
    [UInt8](repeating: 0x5B, count: depth) + [UInt8](repeating: 0x5D, count: depth)
  }
}
