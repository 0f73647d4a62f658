import Foundation
import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// Values read from a parsed document remember only their tape position; their paths, and
/// the paths in the errors of failed accesses below them, are worked out by the document.
///
/// These tests walk generated documents through subscripts and check every path against
/// the steps actually taken.
@Suite("Paths worked out by the document")
struct DocumentPathTests {
  @Test("Every value's path and every failed access's path match the subscripts taken")
  func walkedPathsMatchTheSteps() throws {
    var rng = SplitMix64(seed: 0x5EED_0A7B)
    var checked = 0
    for _ in 0..<300 {
      let text = Self.randomValue(&rng, depth: 0)
      let json = try JSON(data: Data(text.utf8))
      checked += try Self.walk(json, steps: [], text: text)
    }
    #expect(checked > 10_000)
  }

  @Test("Objects past the member-index threshold find every key and report misses with paths")
  func largeObjectsUseTheirIndex() throws {
    for size in [25, 26, 100, 5_000] {
      let members = (0..<size).map { #""key\#($0)":{"n":\#($0)}"# }
      let json = try JSON(
        data: Data(("{\"outer\":[{" + members.joined(separator: ",") + "}]}").utf8))
      let object = json["outer"][0]
      for i in 0..<size {
        #expect(object["key\(i)"]["n"].int == i)
        #expect(object["key\(i)"]["m"].error?.pathDescription == ".outer[0].key\(i).m")
      }
      #expect(object["key\(size)"].error?.pathDescription == ".outer[0].key\(size)")
      #expect(object["key\(size)"].error?.accessFailure == .keyNotFound("key\(size)"))
    }
  }

  @Test("Eight tasks building the same large object's index at once all read it correctly")
  func concurrentFirstLookups() async throws {
    for round in 0..<20 {
      let size = 200 + round
      let members = (0..<size).map { #""k\#($0)":\#($0)"# }
      let json = try JSON(data: Data(("{" + members.joined(separator: ",") + "}").utf8))
      let found = await withTaskGroup(of: Int.self) { group in
        for task in 0..<8 {
          group.addTask {
            var hits = 0
            for i in stride(from: task, to: size + task, by: 1)
            where json["k\(i % size)"].int == i % size {
              hits += 1
            }
            return hits
          }
        }
        return await group.reduce(0, +)
      }
      #expect(found == 8 * size)
    }
  }

  @Test("Values taken out of arrays and dictionaries keep their place in the document")
  func detachedValuesKnowTheirPlace() throws {
    let json = try JSON(
      data: Data(#"{"items":[{"id":1},{"id":2,"tags":["x"]}],"by":{"u":{"n":"a"}}}"#.utf8))
    let second = json["items"].arrayValue[1]
    #expect(second.path == [.key("items"), .index(1)])
    #expect(second["missing"].error?.pathDescription == ".items[1].missing")
    #expect(second["tags"][3].error?.pathDescription == ".items[1].tags[3]")
    let user = try #require(json["by"].dictionaryValue["u"])
    #expect(user["n"]["deeper"].error?.pathDescription == ".by.u.n")
    #expect(json.path == [])
  }

  @Test("Built containers holding parsed values give the steps through both")
  func mixedBuiltAndParsed() throws {
    let parsed = try JSON(
      data: Data(#"{"user":{"name":"Ada","age":36,"ok":true,"none":null}}"#.utf8))
    let wrapper: JSON = ["inner": parsed, "list": [parsed["user"]]]
    #expect(wrapper["inner"]["user"]["name"].path == [.key("inner"), .key("user"), .key("name")])
    #expect(wrapper["inner"]["user"]["missing"].error?.pathDescription == ".inner.user.missing")
    #expect(wrapper["list"][0]["age"]["x"].error?.pathDescription == ".list[0].age")
    #expect(wrapper["list"][0]["ok"].path == [.key("list"), .index(0), .key("ok")])
  }

  @Test("A value changed in code keeps the path its document gave it")
  func materializedValuesKeepTheirPath() throws {
    let json = try JSON(data: Data(#"{"a":{"b":{"c":1}}}"#.utf8))
    var b = json["a"]["b"]
    b["d"] = 2
    #expect(b.path == [.key("a"), .key("b")])
    #expect(b["missing"].error?.pathDescription == ".a.b.missing")
    #expect(b["c"].int == 1 && b["d"].int == 2)
    var root = json
    root["a"]["b"]["e"] = 3
    #expect(root["a"]["b"]["e"].path == [.key("a"), .key("b"), .key("e")])
    #expect(json["a"]["b"]["e"].exists() == false)
  }

  @Test("Scalars, including inline integers, booleans and null, know their paths")
  func scalarsKnowTheirPaths() throws {
    let json = try JSON(data: Data(#"[{"i":7,"t":true,"f":false,"n":null,"s":"x","d":1.5}]"#.utf8))
    for key in ["i", "t", "f", "n", "s", "d"] {
      #expect(json[0][key].path == [.index(0), .key(key)])
      #expect(json[0][key]["z"].error?.pathDescription == "[0].\(key)")
      #expect(json[0][key][0].error?.accessFailure?.isWrongType == true)
    }
  }

  @Test("A missing key's error survives storing the failed value in an array")
  func missingKeyStoredInAContainer() throws {
    let json = try JSON(data: Data(#"{"a":{"b":1}}"#.utf8))
    let missing = json["a"]["zz"]
    let stored = JSON(array: [missing])
    #expect(missing.error?.pathDescription == ".a.zz")
    #expect(stored[0].type == .null)
    #expect(stored[0].error?.pathDescription == ".a.zz")
  }

  @Test("JSON stays four words, so arrays of values and the query engine pay nothing for paths")
  func layout() {
    #expect(MemoryLayout<JSON>.size <= 32)
    #expect(MemoryLayout<JSON>.stride == 32)
  }

  // MARK: Walking

  /// Checks `value` and every value below it; returns how many checks passed.
  static func walk(_ value: JSON, steps: [JSONPathComponent], text: String) throws -> Int {
    var checks = 1
    #expect(value.path == steps, "path of \(JSONPathComponent.render(steps)) in \(text)")
    switch value.type {
    case .dictionary:
      let missing = value["\u{1}absent"]
      #expect(missing.error?.path == steps + [.key("\u{1}absent")])
      #expect(value[0].error?.path == steps)
      for (key, _) in value.dictionaryValue {
        checks += try walk(value[key], steps: steps + [.key(key)], text: text)
      }
    case .array:
      let count = value.count
      #expect(value[count].error?.path == steps + [.index(count)])
      #expect(value["k"].error?.path == steps)
      for i in 0..<count {
        checks += try walk(value[i], steps: steps + [.index(i)], text: text)
        let element = value.arrayValue[i]
        if element.type == .dictionary || element.type == .array {
          #expect(element.path == steps + [.index(i)])
        }
      }
    default:
      #expect(value["k"].error?.path == steps)
      #expect(value[0].error?.path == steps)
    }
    return checks
  }

  /// JSON text with distinct keys per object (some long, some escaped), objects large enough
  /// to get a member index, long-text strings, and nesting up to five levels.
  static func randomValue(_ rng: inout SplitMix64, depth: Int) -> String {
    let kind = depth >= 5 ? Int.random(in: 3..<7, using: &rng) : Int.random(in: 0..<7, using: &rng)
    switch kind {
    case 0, 1:
      let count = Int.random(in: 0..<10, using: &rng) == 0 ? 30 : Int.random(in: 0...5, using: &rng)
      let members = (0..<count).map { i -> String in
        let key = ["k\(i)", #"esc\"\#(i)"#, "long key number \(i) of this object", "é\(i)"][i % 4]
        return "\"\(key)\":" + randomValue(&rng, depth: depth + 1)
      }
      return "{" + members.joined(separator: ",") + "}"
    case 2:
      let count = Int.random(in: 0..<10, using: &rng) == 0 ? 40 : Int.random(in: 0...5, using: &rng)
      return "["
        + (0..<count).map { _ in randomValue(&rng, depth: depth + 1) }.joined(separator: ",") + "]"
    case 3:
      return [#""s""#, #""esc\n""#, "\"" + String(repeating: "x", count: 70) + "\"", #""""#]
        .randomElement(using: &rng)!
    case 4:
      return ["0", "-17", "123456789012345678901234567890", "2.5e-3"].randomElement(using: &rng)!
    default:
      return ["true", "false", "null"].randomElement(using: &rng)!
    }
  }
}

extension JSONError.AccessFailure {
  fileprivate var isWrongType: Bool {
    if case .wrongType = self { return true }
    return false
  }
}
