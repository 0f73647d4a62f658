import Foundation
import JSONKit
import Mapping
import Testing

@Suite("MapContext reaches every mapping, in both directions")
struct ContextTests {
  struct Units: MapContext {
    let metric: Bool
  }

  /// Reads a length in centimetres or inches depending on the context.
  struct Length: Mappable {
    var centimetres = 0.0
    var contextSeen = false

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      let units = map.context as? Units
      contextSeen = units != nil
      let factor = units?.metric == false ? 2.54 : 1
      switch map.mappingType {
      case .fromJSON:
        var value = 0.0
        value <- map["value"]
        centimetres = value * factor
      case .toJSON:
        var value = centimetres / factor
        value <- map["value"]
      }
    }
  }

  struct Shelf: Mappable {
    var width: Length?
    var parts: [Length] = []
    var byName: [String: [Length]] = [:]

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      width <- map["width"]
      parts <- map["parts"]
      byName <- map["byName"]
    }
  }

  static let text =
    #"{"width": {"value": 10}, "parts": [{"value": 1}, {"value": 2}], "byName": {"leg": [{"value": 4}]}}"#

  @Test("The context of Mapper(context:) reaches nested models, arrays and dictionaries")
  func reachesNested() throws {
    let shelf = try #require(
      Mapper<Shelf>(context: Units(metric: false)).map(JSONString: Self.text))
    #expect(shelf.width?.centimetres == 25.4)
    #expect(shelf.parts.map(\.centimetres) == [2.54, 5.08])
    #expect(shelf.byName["leg"]?.first?.centimetres == 10.16)
    #expect(shelf.width?.contextSeen == true)
    #expect(shelf.parts.map(\.contextSeen) == [true, true])
  }

  @Test("Without a context map.context is nil")
  func noContext() throws {
    let shelf = try #require(Mapper<Shelf>().map(JSONString: Self.text))
    #expect(shelf.width?.centimetres == 10)
    #expect(shelf.width?.contextSeen == false)
  }

  @Test("The context is used when writing too")
  func writing() throws {
    let shelf = try #require(
      Mapper<Shelf>(context: Units(metric: false)).map(JSONString: Self.text))
    let imperial = Mapper<Shelf>(context: Units(metric: false)).toJSONString(shelf)
    #expect(
      imperial
        == #"{"width":{"value":10},"parts":[{"value":1},{"value":2}],"byName":{"leg":[{"value":4}]}}"#
    )
    let metric = Mapper<Shelf>(context: Units(metric: true)).toJSONString(shelf)
    #expect(metric?.contains(#""width":{"value":25.4}"#) == true)
  }

  @Test("Model conveniences and mapArray take a context")
  func conveniences() throws {
    let length = try #require(Length(JSONString: #"{"value": 2}"#, context: Units(metric: false)))
    #expect(length.centimetres == 5.08)
    let lengths = try #require(
      [Length](JSONString: #"[{"value": 1}]"#, context: Units(metric: false)))
    #expect(lengths.map(\.centimetres) == [2.54])
    let mapped = try #require(
      Mapper<Length>(context: Units(metric: false)).mapArray(JSONString: #"[{"value": 1}]"#))
    #expect(mapped.map(\.centimetres) == [2.54])
  }

  @Test("ImmutableMappable and StaticMappable models see the context")
  func otherProtocols() throws {
    struct Tagged: ImmutableMappable {
      let tag: String
      init(map: Map) throws {
        let prefix = (map.context as? Prefix)?.value ?? ""
        tag = prefix + (try map.value("tag") as String)
      }
    }
    struct Prefix: MapContext { let value: String }
    struct Holder: Mappable {
      var tagged: [Tagged] = []
      init?(map: Map) {}
      mutating func mapping(map: Map) { tagged <- map["tagged"] }
    }
    let holder = try #require(
      Mapper<Holder>(context: Prefix(value: "#")).map(JSONString: #"{"tagged": [{"tag": "a"}]}"#))
    #expect(holder.tagged.map(\.tag) == ["#a"])
    #expect(try Tagged(JSONString: #"{"tag": "b"}"#, context: Prefix(value: "@")).tag == "@b")
  }

  @Test("A model can set map.context for what it maps next")
  func settingContext() throws {
    struct Level: MapContext { let depth: Int }
    final class Node: Mappable {
      var depth = -1
      var children: [Node] = []
      required init?(map: Map) {}
      func mapping(map: Map) {
        depth = (map.context as? Level)?.depth ?? 0
        map.context = Level(depth: depth + 1)
        children <- map["children"]
      }
    }
    let root = try #require(Mapper<Node>().map(JSONString: #"{"children": [{"children": [{}]}]}"#))
    #expect(root.depth == 0)
    #expect(root.children.first?.depth == 1)
    #expect(root.children.first?.children.first?.depth == 2)
  }
}
