import Foundation
import JSONKit
import Mapping
import Testing

@Suite("EnumTransform maps enums through their raw values")
struct EnumTransformTests {
  enum Level: Int {
    case low = 1
    case high = 2
  }
  enum Kind: String { case user, bot }

  struct Account: Mappable {
    var level = Level.low
    var kind: Kind?
    var kinds: [Kind]?
    var levels: [String: Level]?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      level <- (map["level"], EnumTransform<Level>())
      kind <- (map["kind"], EnumTransform<Kind>())
      kinds <- (map["kinds"], EnumTransform<Kind>())
      levels <- (map["levels"], EnumTransform<Level>())
    }
  }

  struct Badge: ImmutableMappable {
    let kind: Kind
    let level: Level?
    init(map: Map) throws {
      kind = try map.value("kind", using: EnumTransform<Kind>())
      level = try map.value("level", using: EnumTransform<Level>())
    }
    func mapping(map: Map) {
      kind >>> (map["kind"], EnumTransform<Kind>())
      level >>> (map["level"], EnumTransform<Level>())
    }
  }

  @Test("Reads raw values")
  func readsRawValues() throws {
    let account = try txRead(Account.self, #"{"level": 2, "kind": "bot"}"#)
    #expect(account.level == .high)
    #expect(account.kind == .bot)
    #expect(EnumTransform<Level>().transformFromJSON(2) == .high)
    #expect(EnumTransform<Kind>().transformFromJSON("user") == .user)
  }

  @Test(
    "Invalid values leave the property unchanged and report a failure at the key",
    arguments: ["3", "2.5", #""2""#, "true", "null", "[2]"])
  func invalidValuesLeaveThePropertyUnchangedAndReportAFailureAtTheKey(value: String) {
    let (model, failures) = txMap(Account.self, #"{"level": \#(value)}"#)
    #expect(model?.level == .low)
    txExpectTransformFailure(failures, at: [.key("level")], transform: "EnumTransform<Level>")
  }

  @Test("An integral number in another notation is the same raw value")
  func anIntegralNumberInAnotherNotationIsTheSameRawValue() throws {
    #expect(try txRead(Account.self, #"{"level": 2.0}"#).level == .high)
    #expect(try txRead(Account.self, #"{"level": 2e0}"#).level == .high)
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text = #"{"kind":"user","kinds":["bot","user"],"level":2,"levels":{"a":1,"b":2}}"#
    let account = try txRead(Account.self, text)
    #expect(account.kinds == [.bot, .user])
    #expect(account.levels == ["a": .low, "b": .high])
    #expect(txText(account) == text)
    let (_, failures) = txMap(Account.self, #"{"level": 1, "kinds": ["bot", "alien"]}"#)
    txExpectTransformFailure(
      failures, at: [.key("kinds"), .index(1)], transform: "EnumTransform<Kind>")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let badge = try Badge(JSONString: #"{"kind": "bot"}"#)
    #expect(badge.kind == .bot)
    #expect(badge.level == nil)
    #expect(txText(badge) == #"{"kind":"bot"}"#)
    let (model, failures) = Mapper<Badge>().mapWithFailures(
      JSON: txJSON(#"{"kind": "bot", "level": 9}"#))
    #expect(model == nil)
    txExpectTransformFailure(failures, at: [.key("level")], transform: "EnumTransform<Level>")
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] = (0..<100).map { JSON($0 % 4) } + ["1", 1.5]
    await txExpectSameResultsConcurrently(EnumTransform<Level>(), inputs, rounds: 50)
  }
}
