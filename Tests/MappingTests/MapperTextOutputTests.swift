import Foundation
import JSONKit
import Mapping
import TestInputs
import Testing

/// Compact `toJSONString` writes text straight from the properties; before, it wrote the `JSON`
/// tree that `toJSONValue` builds.
///
/// These tests hold the new text to the old one, byte for byte:
/// `JSONWriter().string(mapper.toJSONValue(model))`.
@Suite("Compact toJSONString writes the same text as the JSON tree did")
struct MapperTextOutputTests {
  /// The text the tree path writes for `model`.
  static func treeText<M: BaseMappable>(_ model: M, _ mapper: Mapper<M> = Mapper<M>()) -> String {
    JSONWriter().string(mapper.toJSONValue(model))
  }

  /// The text the tree path writes for `models`.
  static func treeText<M: BaseMappable>(_ models: [M], _ mapper: Mapper<M> = Mapper<M>())
    -> String
  {
    JSONWriter().string(JSON(array: models.map(mapper.toJSONValue)))
  }

  /// Expects the direct text of `model` (as a string and as bytes) to be the tree's.
  static func expectSameText<M: BaseMappable>(
    _ model: M, _ mapper: Mapper<M> = Mapper<M>(), sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = treeText(model, mapper)
    #expect(mapper.toJSONString(model) == expected, sourceLocation: sourceLocation)
    #expect(mapper.toJSONBytes(model) == Array(expected.utf8), sourceLocation: sourceLocation)
  }

  @Test("Random timelines shaped like twitter.json's model give the tree's text")
  func timelines() {
    let seed: UInt64 = 0x7717_7e12
    print("MapperTextOutputTests.timelines seed \(seed)")
    var random = SplitMix64(seed: seed)
    let statuses = (0..<120).map { _ in TextModels.Status.random(using: &random, depth: 0) }
    let mapper = Mapper<TextModels.Status>()
    #expect(mapper.toJSONString(statuses) == Self.treeText(statuses))
    #expect(mapper.toJSONBytes(statuses) == Array(Self.treeText(statuses).utf8))
    for status in statuses.prefix(10) { Self.expectSameText(status) }
  }

  @Test("Random events shaped like github_events.json's model give the tree's text")
  func events() {
    let seed: UInt64 = 0xe7e_2026
    print("MapperTextOutputTests.events seed \(seed)")
    var random = SplitMix64(seed: seed)
    let events = (0..<120).map { _ in TextModels.Event.random(using: &random) }
    #expect(Mapper<TextModels.Event>().toJSONString(events) == Self.treeText(events))
  }

  @Test("Nested keys, repeated keys and no key give the tree's merged objects")
  func nestedAndRepeatedKeys() {
    let model = TextModels.Keys(
      first: "a", city: "Paris", zip: nil, second: 2, late: "x", list: [1, 2], repeated: "last")
    Self.expectSameText(model)
    Self.expectSameText(model, Mapper(shouldIncludeNilValues: true))
    let text = Mapper<TextModels.Keys>().toJSONString(model) ?? ""
    // The nested members share one object, in the place of the first one written; the
    // second write of a key replaces the first in its place.
    #expect(text.hasPrefix(#"{"first":"x","address":{"city":"Paris"},"n":2"#))
    #expect(text.contains(#""list":[null,[1,2]],"again":"last""#))
    Self.expectSameText(TextModels.Whole())
    #expect(Mapper<TextModels.Whole>().toJSONString(TextModels.Whole()) == #"{"k":1}"#)
    let inArray = [model, TextModels.Keys(first: "b", city: nil, zip: "75001")]
    #expect(Mapper<TextModels.Keys>().toJSONString(inArray) == Self.treeText(inArray))
    Self.expectSameText(TextModels.Holder(keys: [model], one: model))
  }

  @Test("nil properties are left out, or written as null with shouldIncludeNilValues")
  func nilHandling() {
    let empty = TextModels.Scalars()
    Self.expectSameText(empty)
    Self.expectSameText(empty, Mapper(shouldIncludeNilValues: true))
    #expect(Mapper<TextModels.Scalars>().toJSONString(empty) == #"{"nonnil":1}"#)
    let withNulls = Mapper<TextModels.Scalars>(shouldIncludeNilValues: true).toJSONString(empty)
    #expect(withNulls?.hasPrefix(#"{"nonnil":1,"optional_nil":null,"float":null"#) == true)
    var model = TextModels.Scalars()
    model.optionalNil = .some(nil)
    model.json = .null
    model.strings = ["a", nil, "c"]
    Self.expectSameText(model)
    Self.expectSameText(model, Mapper(shouldIncludeNilValues: true))
  }

  @Test("Floats, doubles, integers at their limits, decimals and escaped strings")
  func scalars() {
    var model = TextModels.Scalars()
    model.float = 0.1
    model.double = 1e300
    model.negativeZero = -0.0
    model.nan = .nan
    model.infinity = -.infinity
    model.int64 = .min
    model.uint64 = .max
    model.int8 = -128
    model.decimal = Decimal(string: "12345678901234567890.123456789")
    model.text = "quote \" slash / back \\ tab \t nul \u{0} é 🎉 \u{2028}"
    model.json = ["nested": [1, 2.5, "x", true, nil]]
    model.any = ["a": 1, "b": [true, "s"]]
    model.anyArray = [1, "two", 3.5]
    model.set = [3]
    model.dictionary = ["b": 2, "a": nil, "c": 3]
    Self.expectSameText(model)
    Self.expectSameText(model, Mapper(shouldIncludeNilValues: true))
  }

  @Test("Transforms, enums, the context and class models write the tree's text")
  func transformsAndContext() {
    let model = TextModels.Transformed(
      date: Date(timeIntervalSince1970: 1_700_000_000.25), url: URL(string: "https://a.b/c d"),
      kind: .second, kinds: [.first, .second], optionalKind: nil, colour: .blue)
    Self.expectSameText(model)
    Self.expectSameText(model, Mapper(context: TextModels.Currency(code: "EUR")))
    Self.expectSameText(
      model, Mapper(context: TextModels.Currency(code: "EUR"), shouldIncludeNilValues: true))
    let child = TextModels.Child()
    child.name = "base"
    child.extra = 7
    child.sibling = TextModels.Child()
    Self.expectSameText(child as TextModels.Base)
    Self.expectSameText(child)
  }
}
