import Foundation
import JSONKit
import Mapping
import Testing

@Suite("DictionaryTransform maps objects keyed by an enum's raw values")
struct DictionaryTransformTests {
  enum Size: String { case small, medium, large }

  struct Variant: Mappable, Equatable {
    var price = 0
    var label: String?
    init(price: Int, label: String? = nil) {
      self.price = price
      self.label = label
    }
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      price <- map["price"]
      label <- map["label"]
    }
  }

  struct Product: Mappable {
    static let unset: [Size: Variant] = [.medium: Variant(price: -1)]
    var variants = Product.unset
    var extras: [Size: Variant]?
    var byShop: [[Size: Variant]]?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      variants <- (map["variants"], DictionaryTransform<Size, Variant>())
      extras <- (map["extras"], DictionaryTransform<Size, Variant>())
      byShop <- (map["byShop"], DictionaryTransform<Size, Variant>())
    }
  }

  struct Catalog: ImmutableMappable {
    let variants: [Size: Variant]
    let extras: [Size: Variant]?
    init(map: Map) throws {
      variants = try map.value("variants", using: DictionaryTransform<Size, Variant>())
      extras = try map.value("extras", using: DictionaryTransform<Size, Variant>())
    }
    func mapping(map: Map) {
      variants >>> (map["variants"], DictionaryTransform<Size, Variant>())
      extras >>> (map["extras"], DictionaryTransform<Size, Variant>())
    }
  }

  @Test("Reads each member into the enum keyed dictionary")
  func readsEachMemberIntoTheEnumKeyedDictionary() throws {
    let product = try txRead(
      Product.self, #"{"variants": {"small": {"price": 5}, "large": {"price": 9, "label": "XL"}}}"#)
    #expect(
      product.variants == [.small: Variant(price: 5), .large: Variant(price: 9, label: "XL")])
    let empty = try txRead(Product.self, #"{"variants": {}}"#)
    #expect(empty.variants.isEmpty)
  }

  @Test(
    "Invalid values leave the property unchanged and report the failure inside",
    arguments: [
      // No such key: ObjectMapper dropped it silently.
      (
        #"{"small": {"price": 5}, "huge": {"price": 9}}"#,
        #""huge" at .variants.huge is not a raw value of Size"#
      ),
      (
        #"{"small": {"price": "5"}}"#,
        #"Expected Int at .variants.small.price but found string ("5")"#
      ),
      (#"{"small": {}}"#, "Missing value at .variants.small.price"),
      (#"{"small": 5}"#, "Expected Variant at .variants.small but found number (5)"),
      (
        #"[{"price": 5}]"#,
        #"Expected [String: Variant] at .variants but found array ([{"price":5}])"#
      ),
      ("null", "Expected [String: Variant] at .variants but found null (null)"),
      (#""small""#, #"Expected [String: Variant] at .variants but found string ("small")"#),
    ])
  func invalidValuesLeaveThePropertyUnchangedAndReportTheFailureInside(
    value: String, description: String
  ) {
    let (model, failures) = txMap(Product.self, #"{"variants": \#(value)}"#)
    #expect(model?.variants == Product.unset)
    txExpectFailure(failures, description)
  }

  @Test("Writes raw value keys in sorted order")
  func writesRawValueKeysInSortedOrder() {
    var product = Product()
    product.variants = [
      .small: Variant(price: 5), .large: Variant(price: 9, label: "XL"), .medium: Variant(price: 7),
    ]
    #expect(
      JSONWriter().string(Mapper<Product>().toJSONValue(product))
        == #"{"variants":{"large":{"price":9,"label":"XL"},"medium":{"price":7},"small":{"price":5}}}"#
    )
    let foundation = DictionaryTransform<Size, Variant>().transformToJSON([
      .small: Variant(price: 1)
    ])
    #expect((foundation?["small"] as? [String: Any])?["price"] as? Int == 1)
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text =
      #"{"byShop":[{"small":{"price":1}},{}],"extras":{"medium":{"label":"M","price":2}},"variants":{"large":{"price":3}}}"#
    let product = try txRead(Product.self, text)
    #expect(product.byShop?.count == 2)
    #expect(product.extras?[.medium]?.label == "M")
    #expect(txText(product) == text)
    let (_, failures) = txMap(
      Product.self, #"{"variants": {}, "byShop": [{}, {"tiny": {"price": 1}}]}"#)
    txExpectFailure(failures, #""tiny" at .byShop[1].tiny is not a raw value of Size"#)
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let catalog = try Catalog(JSONString: #"{"variants": {"small": {"price": 1}}, "extras": null}"#)
    #expect(catalog.variants == [.small: Variant(price: 1)])
    #expect(catalog.extras == nil)
    #expect(txText(catalog) == #"{"variants":{"small":{"price":1}}}"#)
    let (model, failures) = Mapper<Catalog>().mapWithFailures(
      JSON: txJSON(#"{"variants": {"Small": {"price": 1}}}"#))
    #expect(model == nil)
    #expect(failures.count == 1)
    #expect(failures.first?.pathDescription == ".variants.Small")
    #expect(failures.first?.reason == .unknownRawValue(type: "Size", preview: #""Small""#))
    #expect(failures.first?.file == "TransformDictionaryTests.swift")
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] =
      (0..<60).map { i in
        txJSON(#"{"small": {"price": \#(i)}, "large": {"price": \#(i * 2), "label": "L\#(i)"}}"#)
      } + [txJSON(#"{"tiny": {"price": 1}}"#), [1]]
    await txExpectSameResultsConcurrently(DictionaryTransform<Size, Variant>(), inputs, rounds: 20)
  }
}
