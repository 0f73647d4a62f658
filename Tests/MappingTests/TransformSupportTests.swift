import Foundation
import JSONKit
import Mapping
import Testing

// Helpers for the transform suites (prefixed `tx` so they never collide with other test
// files of this target), and the tests of `TransformType`'s defaults and `TransformOf`.

/// Parses JSON text that a test wrote.
func txJSON(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
  let json = JSON(parseJSON: text)
  #expect(json.error == nil, "test JSON does not parse: \(text)", sourceLocation: sourceLocation)
  return json
}

/// Maps `text` leniently into a new `M`: the model and every failure.
func txMap<M: BaseMappable>(
  _ type: M.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) -> (model: M?, failures: [MappingError]) {
  let (model, failures) = Mapper<M>().mapWithFailures(
    JSON: txJSON(text, sourceLocation: sourceLocation))
  return (model, failures)
}

/// Maps `text` into `M`, expecting no failure.
func txRead<M: BaseMappable>(
  _ type: M.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> M {
  let (model, failures) = txMap(type, text, sourceLocation: sourceLocation)
  #expect(failures.isEmpty, "unexpected failures: \(failures)", sourceLocation: sourceLocation)
  return try #require(model, sourceLocation: sourceLocation)
}

/// A model as compact JSON text with sorted keys.
func txText<M: BaseMappable>(_ model: M) -> String {
  JSONWriter(options: [.sortedKeys]).string(Mapper<M>().toJSONValue(model))
}

/// Compact JSON text of a value.
func txText(_ json: JSON) -> String {
  JSONWriter(options: [.sortedKeys]).string(json)
}

/// Expects exactly one failure among `failures`, a failed transform at `path` whose
/// description names the transform and the place; returns it.
@discardableResult
func txExpectTransformFailure(
  _ failures: [MappingError], at path: [JSONPathComponent], transform: String,
  sourceLocation: SourceLocation = #_sourceLocation
) -> MappingError? {
  #expect(
    failures.count == 1, "expected one failure, got \(failures)", sourceLocation: sourceLocation)
  guard let failure = failures.first else { return nil }
  #expect(failure.path == path, sourceLocation: sourceLocation)
  let place = JSONPathComponent.render(path)
  #expect(
    failure.description.contains(" at \(place)"), "\(failure)", sourceLocation: sourceLocation)
  #expect(failure.description.contains(transform), "\(failure)", sourceLocation: sourceLocation)
  if case .transformFailed = failure.reason {
  } else {
    Issue.record("expected .transformFailed, got \(failure.reason)", sourceLocation: sourceLocation)
  }
  return failure
}

/// Runs `body` in `tasks` concurrent tasks and returns their results.
func txConcurrently<T: Sendable>(tasks: Int = 8, _ body: @escaping @Sendable () -> T) async -> [T] {
  await withTaskGroup(of: T.self) { group in
    for _ in 0..<tasks { group.addTask { body() } }
    var results: [T] = []
    for await result in group { results.append(result) }
    return results
  }
}

/// Reads each of `inputs` with `transform` and writes the result back, `rounds` times,
/// as text: what the thread-safety tests compare.
func txExercise<Tr: TransformType>(_ transform: Tr, _ inputs: [JSON], rounds: Int = 200) -> [String]
{
  var results: [String] = []
  for _ in 0..<rounds {
    results = inputs.map { input in
      guard let object = transform.transformFromJSONValue(input) else { return "fail" }
      return txText(transform.transformToJSONValue(object))
    }
  }
  return results
}

/// Same results from 8 concurrent tasks sharing `transform` as from one thread.
func txExpectSameResultsConcurrently<Tr: TransformType & Sendable>(
  _ transform: Tr, _ inputs: [JSON], rounds: Int = 200,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let expected = txExercise(transform, inputs, rounds: 1)
  let results = await txConcurrently { txExercise(transform, inputs, rounds: rounds) }
  #expect(results.count == 8, sourceLocation: sourceLocation)
  for result in results { #expect(result == expected, sourceLocation: sourceLocation) }
}

@Suite("TransformType defaults and TransformOf")
struct TransformSupportTests {
  struct Cents: Mappable {
    var price = -1
    var prices: [Int] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      let cents = TransformOf<Int, Double>(
        fromJSON: { $0.map { Int(($0 * 100).rounded()) } },
        toJSON: { $0.map { Double($0) / 100 } })
      price <- (map["price"], cents)
      prices <- (map["prices"], cents)
    }
  }

  @Test("TransformOf reads through Foundation objects and writes its result")
  func transformOfReadsThroughFoundationObjectsAndWritesItsResult() throws {
    let model = try txRead(Cents.self, #"{"price": 12.5, "prices": [1, 0.25]}"#)
    #expect(model.price == 1250)
    #expect(model.prices == [100, 25])
    #expect(txText(model) == #"{"price":12.5,"prices":[1,0.25]}"#)
  }

  @Test("A TransformOf that returns nil is recorded as a failure naming the key")
  func transformOfThatReturnsNilIsRecordedAsAFailureNamingTheKey() {
    let (model, failures) = txMap(Cents.self, #"{"price": "twelve", "prices": []}"#)
    #expect(model?.price == -1)
    txExpectTransformFailure(failures, at: [.key("price")], transform: "TransformOf<Int, Double>")
  }

  /// A transform of the project's own: a `[lo, hi]` pair that says which element is wrong.
  struct RangeTransform: TransformType {
    func transformFromJSON(_ value: Any?) -> ClosedRange<Int>? { nil }
    func transformToJSON(_ value: ClosedRange<Int>?) -> [Int]? {
      value.map { [$0.lowerBound, $0.upperBound] }
    }

    func transformFromJSONValueOrThrow(_ json: JSON) throws(MappingError) -> ClosedRange<Int> {
      guard json.type == .array, json.count == 2 else {
        throw MappingError(.custom("Expected [lo, hi]"))
      }
      guard let low = json[0].int else {
        throw MappingError(.custom("Expected an integer"), path: [.index(0)])
      }
      guard let high = json[1].int, high >= low else {
        throw MappingError(.custom("Expected an integer ≥ \(low)"), path: [.index(1)])
      }
      return low...high
    }
  }

  struct Window: Mappable {
    var hours: ClosedRange<Int>?
    var days: [ClosedRange<Int>] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      hours <- (map["hours"], RangeTransform())
      days <- (map["days"], RangeTransform())
    }
  }

  @Test("A transform that throws passes its reason and inner path on")
  func aTransformThatThrowsPassesItsReasonAndInnerPathOn() throws {
    let window = try txRead(Window.self, #"{"hours": [9, 17], "days": [[1, 5]]}"#)
    #expect(window.hours == 9...17)
    #expect(window.days == [1...5])
    #expect(txText(window) == #"{"days":[[1,5]],"hours":[9,17]}"#)
    let (_, failures) = txMap(Window.self, #"{"hours": [9, 8], "days": [[1, 5], ["x", 2]]}"#)
    #expect(
      failures.map(\.description) == [
        "Expected an integer ≥ 9 at .hours[1]", "Expected an integer at .days[1][0]",
      ])
  }

  @Test("The Foundation entry point of built-in transforms agrees with the JSONKit one")
  func theFoundationEntryPointOfBuiltInTransformsAgreesWithTheJSONKitOne() {
    #expect(
      DateTransform().transformFromJSON(1_700_000_000) == Date(timeIntervalSince1970: 1_700_000_000)
    )
    #expect(
      DateTransform().transformFromJSON(NSNumber(value: 1.5)) == Date(timeIntervalSince1970: 1.5))
    #expect(DateTransform().transformFromJSON("12abc") == nil)
    #expect(DateTransform().transformFromJSON(nil) == nil)
    #expect(DateTransform().transformFromJSON(NSNull()) == nil)
    #expect(
      URLTransform().transformFromJSON("https://example.com") == URL(string: "https://example.com"))
    #expect(DataTransform().transformFromJSON("aGk=") == Data("hi".utf8))
    #expect(DecimalTransform().transformFromJSON("1.10") == Decimal(string: "1.1"))
  }
}

/// Expects exactly one failure, described as `description` (a transform of a structured
/// value passes on the failure inside it, with its full path).
func txExpectFailure(
  _ failures: [MappingError], _ description: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(failures.map(\.description) == [description], sourceLocation: sourceLocation)
}
