import Foundation
import JSONKit
import Mapping
import Testing

@Suite("CodableTransform maps nested Codable values inside Mappable models")
struct CodableTransformTests {
  struct Address: Codable, Equatable, Sendable {
    var street: String
    var zip: String?
    var floors: [Int]? = nil
  }

  enum Role: String, Codable { case admin, guest }

  static let unset = Address(street: "unset")

  struct Person: Mappable {
    var home = CodableTransformTests.unset
    var work: Address?
    var previous: [Address]?
    var byName: [String: Address]?
    var role: Role?
    var tags: [String]?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      home <- (map["home"], CodableTransform<Address>())
      work <- (map["work"], CodableTransform<Address>())
      previous <- (map["previous"], CodableTransform<Address>())
      byName <- (map["byName"], CodableTransform<Address>())
      role <- (map["role"], CodableTransform<Role>())
      tags <- (map["tags"], CodableTransform<[String]>())
    }
  }

  struct Badge: ImmutableMappable {
    let address: Address
    let role: Role?
    init(map: Map) throws {
      address = try map.value("address", using: CodableTransform<Address>())
      role = try map.value("role", using: CodableTransform<Role>())
    }
    func mapping(map: Map) {
      address >>> (map["address"], CodableTransform<Address>())
      role >>> (map["role"], CodableTransform<Role>())
    }
  }

  @Test("Decodes objects arrays and single values")
  func decodesObjectsArraysAndSingleValues() throws {
    let person = try txRead(
      Person.self,
      #"{"home": {"street": "Main", "floors": [1, 2]}, "role": "admin", "tags": ["a", "b"]}"#)
    #expect(person.home == Address(street: "Main", zip: nil, floors: [1, 2]))
    #expect(person.role == .admin)
    #expect(person.tags == ["a", "b"])
  }

  @Test(
    "Undecodable values leave the property unchanged and report the failure inside",
    arguments: [
      (#"{"zip": "75001"}"#, "Missing value at .home.street"),
      (#"{"street": 12}"#, "Expected String at .home.street but found number (12)"),
      (#"{"street": "Main", "floors": [1.5]}"#, "number 1.5 does not fit Int at .home.floors[0]"),
      (
        #"{"street": "Main", "floors": [1e400]}"#,
        "number 1e400 does not fit Int at .home.floors[0]"
      ),
      (#""Main""#, #"Expected Address at .home but found string ("Main")"#),
      ("[]", "Expected Address at .home but found array ([])"),
      ("null", "Expected Address at .home but found null (null)"),
      ("42", "Expected Address at .home but found number (42)"),
    ])
  func undecodableValuesLeaveThePropertyUnchangedAndReportTheFailureInside(
    value: String, description: String
  ) {
    let (model, failures) = txMap(Person.self, #"{"home": \#(value)}"#)
    #expect(model?.home == Self.unset)
    txExpectFailure(failures, description)
  }

  @Test("Encodes into the model's JSON")
  func encodesIntoTheModelsJSON() {
    var person = Person()
    person.home = Address(street: "Main", zip: "75001", floors: [3])
    person.role = .guest
    #expect(
      txText(person) == #"{"home":{"floors":[3],"street":"Main","zip":"75001"},"role":"guest"}"#)
    let foundation = CodableTransform<Address>().transformToJSON(Address(street: "x"))
    #expect((foundation as? [String: Any])?["street"] as? String == "x")
    #expect(CodableTransform<Address>().transformToJSON(nil) == nil)
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text =
      #"{"byName":{"old":{"floors":[],"street":"Old"}},"home":{"floors":[1],"street":"Main","zip":"1"},"previous":[{"floors":[],"street":"A"},{"floors":[2],"street":"B"}],"work":{"floors":[],"street":"Office"}}"#
    let person = try txRead(Person.self, text)
    #expect(person.previous?.map(\.street) == ["A", "B"])
    #expect(person.byName?["old"]?.street == "Old")
    #expect(txText(person) == text)
    let (_, failures) = txMap(
      Person.self, #"{"home": {"street": "x"}, "previous": [{"street": "A"}, {}]}"#)
    txExpectFailure(failures, "Missing value at .previous[1].street")
    let (_, more) = txMap(
      Person.self, #"{"home": {"street": "x"}, "byName": {"a": {"street": null}}}"#)
    txExpectFailure(more, "Expected String at .byName.a.street but found null (null)")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let badge = try Badge(JSONString: #"{"address": {"street": "Main"}, "role": "guest"}"#)
    #expect(badge.address.street == "Main")
    #expect(badge.role == .guest)
    #expect(txText(badge) == #"{"address":{"street":"Main"},"role":"guest"}"#)
    let (model, failures) = Mapper<Badge>().mapWithFailures(
      JSON: txJSON(#"{"address": {"street": "Main"}, "role": "owner"}"#))
    #expect(model == nil)
    #expect(failures.count == 1)
    #expect(failures.first?.pathDescription == ".role")
    #expect(
      failures.first?.description.hasPrefix(
        "Cannot initialize Role from invalid String value owner at .role") == true)
  }

  struct Money: Codable, Equatable {
    var amount: Decimal
    var cents: Int64
  }

  struct Ledger: Mappable {
    var entry: Money?
    init?(map: Map) {}
    mutating func mapping(map: Map) { entry <- (map["entry"], CodableTransform<Money>()) }
  }

  @Test("Numbers inside the Codable value are exact")
  func numbersInsideTheCodableValueAreExact() throws {
    let text =
      #"{"entry":{"amount":3.14159265358979323846264338327950288,"cents":9007199254740993}}"#
    let ledger = try txRead(Ledger.self, text)
    #expect(ledger.entry?.amount.description == "3.14159265358979323846264338327950288")
    #expect(ledger.entry?.cents == 9_007_199_254_740_993)
    #expect(txText(ledger) == text)
    let (_, failures) = txMap(Ledger.self, #"{"entry": {"amount": 1, "cents": 1.5}}"#)
    txExpectFailure(failures, "number 1.5 does not fit Int64 at .entry.cents")
  }

  struct Reading: Codable { var value: Double }

  struct Sensor: Mappable {
    var last: Reading?
    var home: Address?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      last <- (map["last"], CodableTransform<Reading>())
      home <- (map["home"], CodableTransform<Address>())
    }
  }

  @Test("Writes members in encoding order and leaves out what cannot be encoded")
  func writesMembersInEncodingOrderAndLeavesOutWhatCannotBeEncoded() throws {
    var sensor = try txRead(
      Sensor.self,
      #"{"home": {"zip": "9", "floors": [1], "street": "Main"}, "last": {"value": 1.5}}"#)
    #expect(
      JSONWriter().string(sensor.toJSONValue())
        == #"{"last":{"value":1.5},"home":{"street":"Main","zip":"9","floors":[1]}}"#)
    sensor.last = Reading(value: .nan)
    #expect(
      JSONWriter().string(sensor.toJSONValue())
        == #"{"home":{"street":"Main","zip":"9","floors":[1]}}"#)
    #expect(CodableTransform<Reading>().transformToJSONValue(Reading(value: .infinity)) == .null)
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] =
      (0..<60).map { i in
        txJSON(#"{"street": "S\#(i)", "zip": "\#(i)", "floors": [\#(i), \#(i + 1)]}"#)
      } + [txJSON(#"{"zip": "1"}"#), "x"]
    await txExpectSameResultsConcurrently(CodableTransform<Address>(), inputs, rounds: 20)
  }
}
