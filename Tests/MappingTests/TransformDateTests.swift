import Foundation
import JSONKit
import Mapping
import TestInputs
import Testing

@Suite("DateTransform reads and writes Unix time")
struct DateTransformTests {
  static let unset = Date(timeIntervalSince1970: 42)

  struct Event: Mappable {
    var at = DateTransformTests.unset
    var maybe: Date?
    var history: [Date]?
    var byName: [String: Date]?
    var ms: Date?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      at <- (map["at"], DateTransform())
      maybe <- (map["maybe"], DateTransform())
      history <- (map["history"], DateTransform())
      byName <- (map["byName"], DateTransform())
      ms <- (map["ms"], DateTransform(unit: .milliseconds))
    }
  }

  struct Timeline: Mappable {
    var dates: [Date] = []
    var named: [String: Date] = [:]
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      dates <- (map["dates"], DateTransform())
      named <- (map["named"], DateTransform())
    }
  }

  struct Stamp: ImmutableMappable {
    let at: Date
    let maybe: Date?
    init(map: Map) throws {
      at = try map.value("at", using: DateTransform())
      maybe = try map.value("maybe", using: DateTransform(unit: .milliseconds))
    }
    func mapping(map: Map) {
      at >>> (map["at"], DateTransform())
      maybe >>> (map["maybe"], DateTransform(unit: .milliseconds))
    }
  }

  @Test("Reads numbers and numeric strings as seconds since 1970")
  func readsNumbersAndNumericStringsAsSecondsSince1970() throws {
    let event = try txRead(Event.self, #"{"at": 1700000000, "maybe": "1700000000.5"}"#)
    #expect(event.at == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(event.maybe == Date(timeIntervalSince1970: 1_700_000_000.5))
    let negative = try txRead(Event.self, #"{"at": -86400.25}"#)
    #expect(negative.at == Date(timeIntervalSince1970: -86_400.25))
    let exponent = try txRead(Event.self, #"{"at": "1.7e9"}"#)
    #expect(exponent.at == Date(timeIntervalSince1970: 1_700_000_000))
  }

  @Test(
    "Invalid values leave the property unchanged and report a failure at the key",
    arguments: [
      #""soon""#, #""12abc""#, #""""#, #"" 17""#, #""0x10""#, #""nan""#, #""inf""#, "true", "1e400",
      "[1]", #"{"s": 1}"#, "null",
    ])
  func invalidValuesLeaveThePropertyUnchangedAndReportAFailureAtTheKey(value: String) {
    let (model, failures) = txMap(Event.self, #"{"at": \#(value)}"#)
    #expect(model?.at == Self.unset)
    txExpectTransformFailure(failures, at: [.key("at")], transform: "DateTransform")
  }

  @Test("Reads milliseconds")
  func readsMilliseconds() throws {
    let event = try txRead(Event.self, #"{"at": 0, "ms": 1700000000123}"#)
    let ms = try #require(event.ms)
    #expect(abs(ms.timeIntervalSince1970 - 1_700_000_000.123) < 1e-6)
    #expect(
      DateTransform(unit: .milliseconds).transformFromJSONValue("1500")
        == Date(timeIntervalSince1970: 1.5))
  }

  @Test("Writes integers when the date is a whole number of units")
  func writesIntegersWhenTheDateIsAWholeNumberOfUnits() {
    var event = Event()
    event.at = Date(timeIntervalSince1970: 1_700_000_000)
    event.maybe = Date(timeIntervalSince1970: 1_700_000_000.5)
    event.ms = Date(timeIntervalSince1970: 1_700_000_000.123)
    #expect(txText(event) == #"{"at":1700000000,"maybe":1700000000.5,"ms":1700000000123}"#)
    #expect(DateTransform().transformToJSON(Date(timeIntervalSince1970: 12)) == 12)
    #expect(DateTransform().transformToJSON(nil) == nil)
  }

  @Test("Every millisecond value round trips to the same integer")
  func everyMillisecondValueRoundTripsToTheSameInteger() {
    // Date counts Double seconds from 2001, so `timeIntervalSince1970 * 1000` is often a
    // hair off (about 1 in 12 of these); the written number must still be the integer read.
    let transform = DateTransform(unit: .milliseconds)
    var generator = SplitMix64(seed: 1970)
    for _ in 0..<5_000 {
      let ms = Int64.random(in: -4_000_000_000_000...4_000_000_000_000, using: &generator)
      let date = transform.transformFromJSONValue(JSON(ms))
      #expect(transform.transformToJSONValue(date) == JSON(ms), "\(ms)")
    }
  }

  @Test("Decimal seconds round trip as the shortest number that reads back the same date")
  func decimalSecondsRoundTripAsTheShortestNumberThatReadsBackTheSameDate() {
    let transform = DateTransform()
    for text in ["1700000000.123", "0.001", "-1.5", "1234567890.987654", "253402300799.999"] {
      let date = transform.transformFromJSONValue(txJSON(text))
      #expect(txText(transform.transformToJSONValue(date)) == text)
    }
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text = #"{"at":1,"byName":{"a":2,"b":3.5},"history":[4,5],"maybe":6,"ms":7}"#
    let model = try txRead(Event.self, text)
    #expect(model.history == [Date(timeIntervalSince1970: 4), Date(timeIntervalSince1970: 5)])
    #expect(
      model.byName == ["a": Date(timeIntervalSince1970: 2), "b": Date(timeIntervalSince1970: 3.5)])
    #expect(model.ms == Date(timeIntervalSince1970: 0.007))
    #expect(txText(model) == text)

    let timeline = try txRead(Timeline.self, #"{"dates": [0, "1"], "named": {"x": 2}}"#)
    #expect(timeline.dates == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1)])
    #expect(txText(timeline) == #"{"dates":[0,1],"named":{"x":2}}"#)
  }

  @Test("Null clears an optional and missing keys leave it alone")
  func nullClearsAnOptionalAndMissingKeysLeaveItAlone() throws {
    var event = Event()
    event.maybe = Date(timeIntervalSince1970: 9)
    let cleared = Mapper<Event>().map(JSON: txJSON(#"{"at": 1, "maybe": null}"#), toObject: event)
    #expect(cleared.maybe == nil)
    let kept = Mapper<Event>().map(JSON: txJSON(#"{"at": 1}"#), toObject: event)
    #expect(kept.maybe == Date(timeIntervalSince1970: 9))
    #expect(txText(cleared) == #"{"at":1}"#)
  }

  @Test("A bad element names its index or key and is dropped from the collection")
  func aBadElementNamesItsIndexOrKeyAndIsDroppedFromTheCollection() {
    let (event, failures) = txMap(Event.self, #"{"at": 1, "history": [1, "x"]}"#)
    #expect(event?.history == [Date(timeIntervalSince1970: 1)])
    txExpectTransformFailure(
      failures, at: [.key("history"), .index(1)], transform: "DateTransform")

    let (timeline, more) = txMap(Timeline.self, #"{"dates": [], "named": {"ok": 1, "bad": false}}"#)
    #expect(timeline?.named == ["ok": Date(timeIntervalSince1970: 1)])
    txExpectTransformFailure(more, at: [.key("named"), .key("bad")], transform: "DateTransform")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let stamp = try Stamp(JSONString: #"{"at": "1700000000", "maybe": 1500}"#)
    #expect(stamp.at == Date(timeIntervalSince1970: 1_700_000_000))
    #expect(stamp.maybe == Date(timeIntervalSince1970: 1.5))
    #expect(txText(stamp) == #"{"at":1700000000,"maybe":1500}"#)
    let noMaybe = try Stamp(JSONString: #"{"at": 0, "maybe": null}"#)
    #expect(noMaybe.maybe == nil)

    let (model, failures) = Mapper<Stamp>().mapWithFailures(JSON: txJSON(#"{"at": "later"}"#))
    #expect(model == nil)
    let failure = txExpectTransformFailure(failures, at: [.key("at")], transform: "DateTransform")
    #expect(failure?.file == "TransformDateTests.swift")
    #expect(throws: MappingError.self) { try Stamp(JSONString: #"{"maybe": 1}"#) }
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] =
      (0..<50).map { JSON(1_700_000_000 + Double($0) * 0.125) } + ["17", "x", true]
    await txExpectSameResultsConcurrently(DateTransform(), inputs)
    await txExpectSameResultsConcurrently(DateTransform(unit: .milliseconds), inputs)
  }
}
