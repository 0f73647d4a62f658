import Foundation
import JSONKit
import Mapping
import TestInputs
import Testing

@Suite("ISO8601DateTransform reads every offset and writes UTC")
struct ISO8601DateTransformTests {
  static let unset = Date(timeIntervalSince1970: 42)
  /// The instant 2024-01-02T03:04:05Z.
  static let reference = Date(timeIntervalSince1970: 1_704_164_645)

  struct Profile: Mappable {
    var born = ISO8601DateTransformTests.unset
    var seen: Date?
    var visits: [Date]?
    var byPlace: [String: Date]?
    var precise: Date?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      born <- (map["born"], ISO8601DateTransform())
      seen <- (map["seen"], ISO8601DateTransform())
      visits <- (map["visits"], ISO8601DateTransform())
      byPlace <- (map["byPlace"], ISO8601DateTransform())
      precise <- (map["precise"], ISO8601DateTransform(fractionalSeconds: true))
    }
  }

  struct Log: ImmutableMappable {
    let at: Date
    let until: Date?
    init(map: Map) throws {
      at = try map.value("at", using: ISO8601DateTransform(fractionalSeconds: true))
      until = try map.value("until", using: ISO8601DateTransform())
    }
    func mapping(map: Map) {
      at >>> (map["at"], ISO8601DateTransform(fractionalSeconds: true))
      until >>> (map["until"], ISO8601DateTransform())
    }
  }

  func read(_ text: String) -> Date? {
    ISO8601DateTransform().transformFromJSONValue(JSON(text))
  }

  @Test(
    "Reads with and without fractional seconds and any offset",
    arguments: [
      ("2024-01-02T03:04:05Z", 0.0),
      ("2024-01-02T03:04:05z", 0.0),
      ("2024-01-02t03:04:05Z", 0.0),
      ("2024-01-02 03:04:05Z", 0.0),
      ("2024-01-02T05:04:05+02:00", 0.0),
      ("2024-01-02T05:04:05+0200", 0.0),
      ("2024-01-02T05:04:05+02", 0.0),
      ("2024-01-01T21:34:05-0530", 0.0),
      ("2024-01-01T21:34:05-05:30", 0.0),
      ("2024-01-02T03:04:05-00:00", 0.0),
      ("2024-01-02T03:04:05.5Z", 0.5),
      ("2024-01-02T03:04:05,25Z", 0.25),
      ("2024-01-02T03:04:05.123Z", 0.123),
      ("2024-01-02T08:34:05.123456+05:30", 0.123456),
      ("2024-01-02T03:04:05.000000000001Z", 0.000000000001),
    ])
  func readsWithAndWithoutFractionalSecondsAndAnyOffset(text: String, fraction: Double) throws {
    let date = try #require(read(text))
    #expect(abs(date.timeIntervalSince(Self.reference) - fraction) < 1e-6)
  }

  @Test("Reads the exact millisecond")
  func readsTheExactMillisecond() throws {
    let date = try #require(read("2024-01-02T03:04:05.123Z"))
    #expect(
      date
        == Date(
          timeIntervalSinceReferenceDate: Self.reference.timeIntervalSinceReferenceDate + 0.123))
  }

  @Test(
    "Rejects anything that is not a complete valid date-time",
    arguments: [
      "2024-01-02T03:04:05",  // no zone: the instant would depend on the machine
      "2024-01-02", "2024-01-02T03:04Z", "2024-13-02T03:04:05Z", "2023-02-29T03:04:05Z",
      "2024-04-31T03:04:05Z",
      "2024-01-02T24:00:00Z", "2024-01-02T03:60:05Z", "2024-01-02T03:04:60Z",
      "2024-01-02T03:04:05+24:00",
      "2024-01-02T03:04:05+02:60", "2024-01-02T03:04:05.Z", "2024-01-02T03:04:05Z ",
      " 2024-01-02T03:04:05Z",
      "2024-01-02T03:04:05+2:00", "2024-01-02T03:04:05+02:0", "24-01-02T03:04:05Z",
      "2024-1-2T03:04:05Z",
      "20240102T030405Z", "2024-01-02X03:04:05Z", "", "soon",
    ])
  func rejectsAnythingThatIsNotACompleteValidDateTime(text: String) {
    #expect(read(text) == nil)
  }

  @Test("Accepts leap days and expanded years")
  func acceptsLeapDaysAndExpandedYears() throws {
    #expect(read("2024-02-29T00:00:00Z") != nil)
    #expect(read("2000-02-29T00:00:00Z") != nil)
    #expect(read("1900-02-29T00:00:00Z") == nil)
    let early = try #require(read("0001-01-01T00:00:00Z"))
    #expect(early.timeIntervalSince1970 == -62_135_596_800)
    let beforeEpoch = try #require(read("1969-12-31T23:59:59.5Z"))
    #expect(beforeEpoch.timeIntervalSince1970 == -0.5)
    #expect(
      read("+12345-06-07T08:09:10Z").flatMap { ISO8601DateTransform().transformToJSON($0) }
        == "+12345-06-07T08:09:10Z")
    #expect(
      read("-0001-01-01T00:00:00Z").flatMap { ISO8601DateTransform().transformToJSON($0) }
        == "-0001-01-01T00:00:00Z")
  }

  @Test("Uses the proleptic Gregorian calendar before the reform")
  func usesTheProlepticGregorianCalendarBeforeTheReform() throws {
    let before = try #require(read("1582-10-04T00:00:00Z"))
    let after = try #require(read("1582-10-15T00:00:00Z"))
    #expect(after.timeIntervalSince(before) == 11 * 86_400)
    #expect(read("1582-10-10T00:00:00Z") != nil)
    #expect(
      ISO8601DateTransform().transformToJSON(Date(timeIntervalSince1970: -62_135_596_800))
        == "0001-01-01T00:00:00Z")
  }

  @Test("Invalid values leave the property unchanged and report a failure at the key")
  func invalidValuesLeaveThePropertyUnchangedAndReportAFailureAtTheKey() {
    for value in [#""2024-01-02""#, "1704164645", "null", "true"] {
      let (model, failures) = txMap(Profile.self, #"{"born": \#(value)}"#)
      #expect(model?.born == Self.unset)
      txExpectTransformFailure(failures, at: [.key("born")], transform: "ISO8601DateTransform")
    }
  }

  @Test("Writes UTC with Z and whole seconds or milliseconds")
  func writesUTCWithZAndWholeSecondsOrMilliseconds() {
    let date = Date(
      timeIntervalSinceReferenceDate: Self.reference.timeIntervalSinceReferenceDate + 0.9876)
    #expect(ISO8601DateTransform().transformToJSON(date) == "2024-01-02T03:04:05Z")
    #expect(
      ISO8601DateTransform(fractionalSeconds: true).transformToJSON(date)
        == "2024-01-02T03:04:05.988Z")
    let carry = Date(
      timeIntervalSinceReferenceDate: Self.reference.timeIntervalSinceReferenceDate + 0.9996)
    #expect(
      ISO8601DateTransform(fractionalSeconds: true).transformToJSON(carry)
        == "2024-01-02T03:04:06.000Z")
    #expect(
      ISO8601DateTransform().transformToJSON(Date(timeIntervalSince1970: -0.5))
        == "1969-12-31T23:59:59Z")
    #expect(ISO8601DateTransform().transformToJSON(nil) == nil)
    #expect(
      ISO8601DateTransform().transformToJSONValue(Date(timeIntervalSinceReferenceDate: .nan))
        == .null)
  }

  @Test("Agrees with Foundation's ISO 8601 date formatter from 1583 on")
  func agreesWithFoundationsISO8601DateFormatterFrom1583On() throws {
    // Before the Gregorian reform (1582-10-15) Foundation switches to the Julian calendar;
    // ISO 8601 and this transform use the proleptic Gregorian calendar throughout.
    let formatter = ISO8601DateFormatter()
    let precise = ISO8601DateFormatter()
    precise.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    var generator = SplitMix64(seed: 8601)
    for _ in 0..<2_000 {
      let ms = Int64.random(in: -12_000_000_000_000...200_000_000_000_000, using: &generator)
      let date = Date(timeIntervalSince1970: Double(ms) / 1000)
      let text = try #require(ISO8601DateTransform().transformToJSON(date))
      #expect(text == formatter.string(from: date))
      #expect(read(text) == formatter.date(from: text))
      let preciseText = try #require(
        ISO8601DateTransform(fractionalSeconds: true).transformToJSON(date))
      #expect(preciseText == precise.string(from: date))
      #expect(read(preciseText).map { ($0.timeIntervalSince1970 * 1000).rounded() } == Double(ms))
    }
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text =
      #"{"born":"1990-05-17T10:00:00Z","byPlace":{"home":"2024-01-02T03:04:05Z"},"precise":"2024-01-02T03:04:05.123Z","seen":"2024-01-02T03:04:05Z","visits":["2024-01-02T03:04:05Z","2000-02-29T23:59:59Z"]}"#
    let profile = try txRead(Profile.self, text)
    #expect(profile.visits?.count == 2)
    #expect(profile.byPlace?["home"] == Self.reference)
    #expect(txText(profile) == text)

    let offsets = try txRead(
      Profile.self, #"{"born": "1990-05-17T12:00:00+02:00", "seen": "2024-01-01T21:34:05-0530"}"#)
    #expect(txText(offsets) == #"{"born":"1990-05-17T10:00:00Z","seen":"2024-01-02T03:04:05Z"}"#)
  }

  @Test("A bad element names its index or key")
  func aBadElementNamesItsIndexOrKey() {
    let (_, failures) = txMap(
      Profile.self,
      #"{"born": "2024-01-02T03:04:05Z", "visits": ["2024-01-02T03:04:05Z", "yesterday"]}"#)
    txExpectTransformFailure(
      failures, at: [.key("visits"), .index(1)], transform: "ISO8601DateTransform")
    let (_, more) = txMap(
      Profile.self, #"{"born": "2024-01-02T03:04:05Z", "byPlace": {"work": "2024-01-02"}}"#)
    txExpectTransformFailure(
      more, at: [.key("byPlace"), .key("work")], transform: "ISO8601DateTransform")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let log = try Log(
      JSONString: #"{"at": "2024-01-02T05:04:05.250+02:00", "until": "2024-01-02T03:04:05Z"}"#)
    #expect(
      log.at
        == Date(
          timeIntervalSinceReferenceDate: Self.reference.timeIntervalSinceReferenceDate + 0.25))
    #expect(log.until == Self.reference)
    #expect(txText(log) == #"{"at":"2024-01-02T03:04:05.250Z","until":"2024-01-02T03:04:05Z"}"#)
    let (model, failures) = Mapper<Log>().mapWithFailures(
      JSON: txJSON(#"{"at": "2024-01-02T03:04:05Z", "until": "never"}"#))
    #expect(model == nil)
    let failure = txExpectTransformFailure(
      failures, at: [.key("until")], transform: "ISO8601DateTransform")
    #expect(failure?.line != nil)
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] =
      (0..<100).map { i in
        JSON(
          "20\(10 + i % 15)-0\(1 + i % 9)-1\(i % 10)T0\(i % 10):\(10 + i % 50):0\(i % 10).\(i)+0\(i % 10):30"
        )
      } + ["nope", 3]
    #expect(inputs.filter { ISO8601DateTransform().transformFromJSONValue($0) == nil }.count == 2)
    await txExpectSameResultsConcurrently(ISO8601DateTransform(), inputs)
    await txExpectSameResultsConcurrently(ISO8601DateTransform(fractionalSeconds: true), inputs)
  }
}
