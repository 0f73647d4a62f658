import Foundation
import JSONKit
import Mapping
import Testing

@Suite("DateFormatterTransform and CustomDateFormatTransform read and write formatted dates")
struct DateFormatterTransformTests {
  static let unset = Date(timeIntervalSince1970: 42)
  /// The instant 2024-12-24T17:30:00Z.
  static let christmasEve = Date(timeIntervalSince1970: 1_735_061_400)

  static func parisFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "Europe/Paris")
    formatter.dateFormat = "dd/MM/yyyy HH:mm"
    return formatter
  }

  struct Agenda: Mappable {
    var meeting = DateFormatterTransformTests.unset
    var day: Date?
    var days: [Date]?
    var stamps: [String: Date]?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      meeting <- (
        map["meeting"],
        DateFormatterTransform(dateFormatter: DateFormatterTransformTests.parisFormatter())
      )
      day <- (map["day"], CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
      days <- (map["days"], CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
      stamps <- (map["stamps"], CustomDateFormatTransform(formatString: "yyyy-MM-dd HH:mm:ss Z"))
    }
  }

  struct Holiday: ImmutableMappable {
    let day: Date
    let until: Date?
    init(map: Map) throws {
      day = try map.value("day", using: CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
      until = try map.value("until", using: CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
    }
    func mapping(map: Map) {
      day >>> (map["day"], CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
      until >>> (map["until"], CustomDateFormatTransform(formatString: "yyyy-MM-dd"))
    }
  }

  @Test("Reads and writes through the given formatter")
  func readsAndWritesThroughTheGivenFormatter() throws {
    let agenda = try txRead(Agenda.self, #"{"meeting": "24/12/2024 18:30"}"#)
    #expect(agenda.meeting == Self.christmasEve)
    #expect(txText(agenda) == #"{"meeting":"24/12/2024 18:30"}"#)
  }

  @Test("Keeps its own copy of the formatter")
  func keepsItsOwnCopyOfTheFormatter() {
    let formatter = Self.parisFormatter()
    let transform = DateFormatterTransform(dateFormatter: formatter)
    formatter.dateFormat = "yyyy"
    formatter.timeZone = TimeZone(identifier: "UTC")
    #expect(transform.transformToJSON(Self.christmasEve) == "24/12/2024 18:30")
    #expect(transform.dateFormatter.dateFormat == "dd/MM/yyyy HH:mm")
    transform.dateFormatter.dateFormat = "yyyy"
    #expect(transform.transformFromJSONValue("24/12/2024 18:30") == Self.christmasEve)
  }

  @Test("Custom formats use UTC and the POSIX locale")
  func customFormatsUseUTCAndThePOSIXLocale() throws {
    let transform = CustomDateFormatTransform(formatString: "yyyy-MM-dd")
    #expect(transform.formatString == "yyyy-MM-dd")
    #expect(transform.dateFormatter.timeZone == TimeZone(identifier: "UTC"))
    #expect(transform.dateFormatter.locale?.identifier == "en_US_POSIX")
    #expect(
      transform.transformFromJSONValue("2024-12-24") == Date(timeIntervalSince1970: 1_734_998_400))
    #expect(transform.transformToJSON(Self.christmasEve) == "2024-12-24")
    let named = CustomDateFormatTransform(formatString: "EEE, d MMM yyyy")
    #expect(named.transformToJSON(Self.christmasEve) == "Tue, 24 Dec 2024")
  }

  @Test("A format with a zone reads the offset from the text and writes UTC")
  func aFormatWithAZoneReadsTheOffsetFromTheTextAndWritesUTC() throws {
    let transform = CustomDateFormatTransform(formatString: "yyyy-MM-dd HH:mm:ss Z")
    #expect(transform.transformFromJSONValue("2024-12-24 18:30:00 +0100") == Self.christmasEve)
    #expect(transform.transformFromJSONValue("2024-12-24 12:30:00 -0500") == Self.christmasEve)
    #expect(transform.transformToJSON(Self.christmasEve) == "2024-12-24 17:30:00 +0000")
  }

  @Test(
    "Invalid values leave the property unchanged and report a failure at the key",
    arguments: [
      #""2024-12-24T10:00""#, #""2024-02-30""#, #""24 Dec 2024""#, #""""#, "20241224", "null",
      "false",
    ])
  func invalidValuesLeaveThePropertyUnchangedAndReportAFailureAtTheKey(value: String) {
    let (model, failures) = txMap(
      Agenda.self, #"{"meeting": "24/12/2024 18:30", "day": \#(value)}"#)
    #expect(model?.meeting == Self.christmasEve)
    if value == "null" {
      #expect(failures.isEmpty)  // null clears an optional
      #expect(model?.day == nil)
    } else {
      txExpectTransformFailure(failures, at: [.key("day")], transform: "CustomDateFormatTransform")
    }
    let (agenda, more) = txMap(Agenda.self, #"{"meeting": \#(value)}"#)
    #expect(agenda?.meeting == Self.unset)
    txExpectTransformFailure(more, at: [.key("meeting")], transform: "DateFormatterTransform")
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text =
      #"{"day":"2024-12-24","days":["2024-01-01","2024-02-29"],"meeting":"01/01/2025 00:00","stamps":{"a":"2024-12-24 17:30:00 +0000"}}"#
    let agenda = try txRead(Agenda.self, text)
    #expect(agenda.stamps?["a"] == Self.christmasEve)
    #expect(agenda.days?.count == 2)
    #expect(txText(agenda) == text)
    let (_, failures) = txMap(
      Agenda.self, #"{"meeting": "01/01/2025 00:00", "days": ["2024-01-01", "2024-01-32"]}"#)
    txExpectTransformFailure(
      failures, at: [.key("days"), .index(1)], transform: "CustomDateFormatTransform")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let holiday = try Holiday(JSONString: #"{"day": "2024-12-25", "until": "2024-12-26"}"#)
    #expect(txText(holiday) == #"{"day":"2024-12-25","until":"2024-12-26"}"#)
    #expect(try Holiday(JSONString: #"{"day": "2024-12-25"}"#).until == nil)
    let (model, failures) = Mapper<Holiday>().mapWithFailures(
      JSON: txJSON(#"{"day": "Christmas"}"#))
    #expect(model == nil)
    txExpectTransformFailure(failures, at: [.key("day")], transform: "CustomDateFormatTransform")
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let days: [JSON] =
      (0..<120).map { JSON("20\(10 + $0 % 20)-\($0 % 3 + 10)-\($0 % 18 + 10)") } + ["nope", 1]
    await txExpectSameResultsConcurrently(
      CustomDateFormatTransform(formatString: "yyyy-MM-dd"), days, rounds: 20)
    let meetings: [JSON] = (0..<120).map {
      JSON("1\($0 % 9)/0\($0 % 9 + 1)/2024 1\($0 % 10):\($0 % 50 + 10)")
    }
    await txExpectSameResultsConcurrently(
      DateFormatterTransform(dateFormatter: Self.parisFormatter()), meetings, rounds: 20)
  }
}
