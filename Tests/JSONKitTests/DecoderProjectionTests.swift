import Foundation
import Testing

@testable import JSONKitCore

/// Models whose reads the projection must follow: conditional keys, `allKeys`, nesting,
/// arrays, enums with payloads, `JSON` fields, super decoders.
enum ProjectionModels {
  /// A GitHub event's actor, as a model reads it (not its avatar).
  struct Actor: Codable, Equatable { let id: Int, login: String }

  /// Reads `actor` and `id`; the large `payload` never.
  struct Event: Codable, Equatable { let id: String, actor: Actor }

  /// Reads `detail` only when `kind` is "b", and `extra` (with `try?`) only when `kind` is
  /// "c"; `contains(.flag)` only for "d".
  struct Conditional: Decodable, Equatable {
    var kind: String
    var detail: Actor?
    var extra: Int
    var flagged: Bool?

    enum CodingKeys: String, CodingKey { case kind, detail, extra, flag }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      kind = try c.decode(String.self, forKey: .kind)
      detail = kind == "b" ? try c.decode(Actor.self, forKey: .detail) : nil
      extra = kind == "c" ? (try? c.decode(Int.self, forKey: .extra)) ?? -1 : 0
      flagged = kind == "d" ? c.contains(.flag) : nil
    }
  }

  /// Iterates every key of `labels` (a dictionary), and of `counts` only when `all` is true.
  struct Keys: Decodable, Equatable {
    var labels: [String: Actor]
    var counts: [String]

    enum CodingKeys: String, CodingKey { case labels, counts, all }
    struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      labels = try c.decode([String: Actor].self, forKey: .labels)
      if try c.decode(Bool.self, forKey: .all) {
        let nested = try c.nestedContainer(keyedBy: AnyKey.self, forKey: .counts)
        counts = nested.allKeys.map(\.stringValue).sorted()
      } else {
        counts = []
      }
    }
  }

  /// A shape in the synthesized enum encoding: `{"circle":{"r":1}}` or `{"square":{…}}`.
  enum Shape: Codable, Equatable {
    case circle(r: Int)
    case square(side: Int, label: String)
  }

  /// Arrays of models, nested arrays, a nested container, a `JSON` field read only when
  /// `raw` is true, and a super decoder.
  struct Outer: Decodable, Equatable {
    var items: [Actor]
    var grid: [[Int]]
    var place: String
    var shapes: [Shape]
    var raw: JSON?
    var base: Actor

    enum CodingKeys: String, CodingKey {
      case items, grid, shapes, raw, keep
      case place = "where"
    }
    enum WhereKeys: String, CodingKey { case city }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      items = try c.decode([Actor].self, forKey: .items)
      grid = try c.decode([[Int]].self, forKey: .grid)
      place = try c.nestedContainer(keyedBy: WhereKeys.self, forKey: .place)
        .decode(String.self, forKey: .city)
      shapes = try c.decode([Shape].self, forKey: .shapes)
      raw = try c.decode(Bool.self, forKey: .keep) ? try c.decode(JSON.self, forKey: .raw) : nil
      base = try Actor(from: c.superDecoder())
    }
  }
}

/// `JSONKitDecoder` parses a type's documents only as far as the model reads them, from its
/// third decode on, and gives the results and errors of a full decode.
@Suite("JSONKitDecoder decodes only what the model reads")
struct DecoderProjectionTests {
  typealias M = ProjectionModels

  /// The projection `decoder` keeps for `T`, if it made one.
  func projection<T>(_ type: T.Type, in decoder: JSONKitDecoder) -> JSONProjection? {
    decoder.projections.withLock { plans in
      guard case .recorded(_, _, let projection, _) = plans.plans[ObjectIdentifier(T.self)] else {
        return nil
      }
      return projection
    }
  }

  /// `text` parsed with `projection`, as compact JSON.
  func pruned(_ text: String, _ projection: JSONProjection?) throws -> String {
    var options = JSONParser.Options()
    let kept: JSONProjection = try #require(projection)
    options.projection = kept
    return JSONWriter().string(try JSONParser.parse(Data(text.utf8), options: options))
  }

  /// Decodes `text` as `T` with `decoder` and with a fresh decoder (which reads the full
  /// document), and checks both agree.
  @discardableResult
  func decodeBoth<T: Decodable & Equatable>(
    _ type: T.Type, _ text: String, _ decoder: JSONKitDecoder
  )
    throws -> T
  {
    let value = try decoder.decode(T.self, from: Data(text.utf8))
    #expect(value == (try JSONKitDecoder().decode(T.self, from: Data(text.utf8))))
    return value
  }

  static let events = #"""
    [{"id":"1","type":"PushEvent","actor":{"id":7,"login":"ada","avatar":"x"},
      "payload":{"commits":[{"sha":"a","message":"m"}],"size":1},"public":true},
     {"id":"2","type":"WatchEvent","actor":{"id":8,"login":"bob","avatar":"y"},
      "payload":{"action":"started"},"public":false}]
    """#

  @Test("The third decode parses only the keys the model reads, and decodes the same")
  func projectsAfterRecording() throws {
    let decoder = JSONKitDecoder()
    let first = try decodeBoth([M.Event].self, Self.events, decoder)
    #expect(projection([M.Event].self, in: decoder) == nil)
    try decodeBoth([M.Event].self, Self.events, decoder)
    let kept = try pruned(Self.events, projection([M.Event].self, in: decoder))
    #expect(
      kept
        == #"[{"id":"1","actor":{"id":7,"login":"ada"}},{"id":"2","actor":{"id":8,"login":"bob"}}]"#
    )
    #expect(try decodeBoth([M.Event].self, Self.events, decoder) == first)
    #expect(first.map(\.actor.login) == ["ada", "bob"])
  }

  @Test("A decoder used once records nothing, and copies share what a decoder learnt")
  func cacheScope() throws {
    let once = JSONKitDecoder()
    try decodeBoth([M.Event].self, Self.events, once)
    #expect(once.projections.withLock { $0.plans.isEmpty && $0.first != nil })
    let decoder = JSONKitDecoder()
    try decodeBoth([M.Event].self, Self.events, decoder)
    var copy = decoder
    copy.userInfo[CodingUserInfoKey(rawValue: "k")!] = 1
    try decodeBoth([M.Event].self, Self.events, copy)
    #expect(projection([M.Event].self, in: decoder) != nil)
  }

  @Test("Keys read only in some documents are found when a later document needs them")
  func conditionalKeysWiden() throws {
    let decoder = JSONKitDecoder()
    let plain = #"{"kind":"a","detail":{"id":1,"login":"x"},"extra":5,"flag":true,"big":[1,2,3]}"#
    for _ in 0..<3 { #expect(try decodeBoth(M.Conditional.self, plain, decoder).detail == nil) }
    #expect(try pruned(plain, projection(M.Conditional.self, in: decoder)) == #"{"kind":"a"}"#)
    let b = #"{"kind":"b","detail":{"id":1,"login":"x","more":0},"big":[1]}"#
    #expect(try decodeBoth(M.Conditional.self, b, decoder).detail == M.Actor(id: 1, login: "x"))
    // A model that swallows the error of a dropped key (`try?`) still gets the value.
    let c = #"{"kind":"c","extra":5}"#
    #expect(try decodeBoth(M.Conditional.self, c, decoder).extra == 5)
    #expect(try decodeBoth(M.Conditional.self, #"{"kind":"c"}"#, decoder).extra == -1)
    // `contains` of a dropped key says present.
    #expect(
      try decodeBoth(M.Conditional.self, #"{"kind":"d","flag":null}"#, decoder).flagged == true)
    #expect(try decodeBoth(M.Conditional.self, #"{"kind":"d"}"#, decoder).flagged == false)
    let kept = try pruned(
      #"{"kind":"b","detail":{"id":1,"login":"x","more":0},"extra":1,"flag":1,"big":[1]}"#,
      projection(M.Conditional.self, in: decoder))
    #expect(kept == #"{"kind":"b","detail":{"id":1,"login":"x"},"extra":1,"flag":1}"#)
  }

  @Test("Objects whose keys the model lists keep every member, pruned alike")
  func allKeysKeepEveryMember() throws {
    let decoder = JSONKitDecoder()
    let doc =
      #"{"labels":{"p":{"id":1,"login":"a","x":[1]},"q":{"id":2,"login":"b"}},"all":false,"counts":{"z":1}}"#
    for _ in 0..<3 { try decodeBoth(M.Keys.self, doc, decoder) }
    let kept = try pruned(doc, projection(M.Keys.self, in: decoder))
    #expect(kept == #"{"labels":{"p":{"id":1,"login":"a"},"q":{"id":2,"login":"b"}},"all":false}"#)
    // New dictionary keys are kept; `counts`, listed only now, makes the decode widen.
    let more =
      #"{"labels":{"new":{"id":3,"login":"c"}},"all":true,"counts":{"z":1,"y":{"deep":2}}}"#
    let value = try decodeBoth(M.Keys.self, more, decoder)
    #expect(value.counts == ["y", "z"])
    #expect(value.labels["new"]?.login == "c")
    #expect(try decodeBoth(M.Keys.self, more, decoder) == value)
  }

  @Test("Arrays of models, nested arrays, nested containers, enums, JSON fields, super")
  func nestedShapes() throws {
    let decoder = JSONKitDecoder()
    let empty = #"""
      {"items":[],"grid":[],"where":{"city":"Oslo","zip":"0150"},"shapes":[],"keep":false,
       "raw":{"a":[1,{"b":2}]},"super":{"id":9,"login":"s","skip":1},"other":"x"}
      """#
    for _ in 0..<3 { try decodeBoth(M.Outer.self, empty, decoder) }
    let kept = try pruned(empty, projection(M.Outer.self, in: decoder))
    #expect(
      kept
        == #"{"items":[],"grid":[],"where":{"city":"Oslo"},"shapes":[],"keep":false,"super":{"id":9,"login":"s"}}"#
    )
    // Elements appear where the recorded documents had none; the JSON field is read whole.
    let full = #"""
      {"items":[{"id":1,"login":"a","z":0},{"id":2,"login":"b"}],"grid":[[1,2],[],[3]],
       "where":{"city":"Rome"},"shapes":[{"circle":{"r":2}},{"square":{"side":3,"label":"s"}}],
       "keep":true,"raw":{"a":[1,{"b":2}],"c":null},"super":{"id":9,"login":"s"}}
      """#
    let value = try decodeBoth(M.Outer.self, full, decoder)
    #expect(value.items.count == 2 && value.grid == [[1, 2], [], [3]])
    #expect(value.shapes == [.circle(r: 2), .square(side: 3, label: "s")])
    #expect(value.raw?["a"][1]["b"].int == 2 && value.raw?["c"].exists() == true)
    #expect(try decodeBoth(M.Outer.self, full, decoder) == value)
  }

  @Test("Errors are those of a full decode, and invalid JSON is the same syntax error")
  func errorsAreTheFullDecodes() throws {
    let decoder = JSONKitDecoder()
    for _ in 0..<3 { try decodeBoth([M.Event].self, Self.events, decoder) }
    let cases = [
      #"[{"id":"1","actor":{"id":"seven","login":"a"},"payload":{}}]"#,
      #"[{"id":"1","actor":{"login":"a"}}]"#,
      #"[{"id":"1","actor":{"id":7,"login":"a"},"payload":{"x":[1,}}]"#,
      #"[{"id":"1","actor":{"id":7,"login":"a"},"payload":"\u12"}]"#,
    ]
    for text in cases {
      let projected = #expect(throws: DecodingError.self) {
        try decoder.decode([M.Event].self, from: Data(text.utf8))
      }
      let full = #expect(throws: DecodingError.self) {
        try JSONKitDecoder().decode([M.Event].self, from: Data(text.utf8))
      }
      #expect(String(describing: projected) == String(describing: full))
    }
  }

  @Test("Key strategies, several top-level values and a caller's own projection decode in full")
  func settingsThatDecodeInFull() throws {
    var snake = JSONKitDecoder()
    snake.keyDecodingStrategy = .convertFromSnakeCase
    for _ in 0..<3 { _ = try snake.decode([M.Event].self, from: Data(Self.events.utf8)) }
    #expect(projection([M.Event].self, in: snake) == nil)
    var own = JSONKitDecoder()
    own.parsingOptions.projection = JSONProjection(paths: [
      [.each, .key("id")], [.each, .key("actor")],
    ])
    for _ in 0..<3 { _ = try own.decode([M.Event].self, from: Data(Self.events.utf8)) }
    #expect(projection([M.Event].self, in: own) == nil)
  }

  @Test("One decoder shared by concurrent tasks learns once and decodes each document right")
  func concurrentDecodes() async throws {
    let decoder = JSONKitDecoder()
    let documents = (0..<8).map { i in
      #"[{"id":"\#(i)","actor":{"id":\#(i),"login":"u\#(i)","x":[\#(i)]},"payload":{"n":\#(i)}}]"#
    }
    let logins = try await withThrowingTaskGroup(of: [String].self) { group in
      for task in 0..<4 {
        group.addTask {
          try (0..<50).map { round in
            let text = documents[(task + round) % documents.count]
            return try decoder.decode([M.Event].self, from: Data(text.utf8))[0].actor.login
          }
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    #expect(logins.count == 200)
    #expect(logins.allSatisfy { $0.hasPrefix("u") })
    let expected = (0..<4).flatMap { task in
      (0..<50).map { round in "u\((task + round) % documents.count)" }
    }
    #expect(logins.sorted() == expected.sorted())
    #expect(projection([M.Event].self, in: decoder) != nil)
  }

  @Test("Bytes decode with the same projection as Data")
  func bytesAreProjected() throws {
    let decoder = JSONKitDecoder()
    let bytes = Array(Self.events.utf8)
    for _ in 0..<3 {
      #expect(try decoder.decode([M.Event].self, from: bytes).map(\.id) == ["1", "2"])
    }
    #expect(projection([M.Event].self, in: decoder) != nil)
  }
}
