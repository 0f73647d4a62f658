import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// Objects built in code keep their keys in insertion order and, past eight members, an
/// open-addressing index of their own: checked against a reference model through thousands
/// of random inserts, replacements and removals around and far past the threshold.
@Suite("Objects built in code")
struct BuiltObjectIndexTests {
  @Test("Random inserts, replacements and removals agree with a reference model")
  func randomOperationsMatchAReference() {
    var rng = SplitMix64(seed: 0xB0_17)
    for round in 0..<60 {
      let keySpace = [4, 9, 12, 40, 300][round % 5]
      var json = JSON(dictionary: [:])
      var order: [String] = []
      var values: [String: Int] = [:]
      for step in 0..<(keySpace * 6) {
        let key = "key-\(Int.random(in: 0..<keySpace, using: &rng))"
        if Int.random(in: 0..<5, using: &rng) == 0 {
          let removed = json.removeValue(forKey: key)
          #expect(removed?.int == values[key])
          if values.removeValue(forKey: key) != nil { order.removeAll { $0 == key } }
        } else {
          json[key] = JSON(step)
          if values.updateValue(step, forKey: key) == nil { order.append(key) }
        }
        if step % 17 == 0 || step == keySpace * 6 - 1 {
          #expect(json.dictionaryValue.count == values.count)
          #expect(Array(json.dictionaryValue.keys).sorted() == order.sorted())
          for (key, value) in values { #expect(json[key].int == value) }
          #expect(json["absent"].exists() == false)
        }
      }
      #expect(json.rawString(options: [])?.hasPrefix("{") == true)
      let written = try? JSON(data: json.rawData())
      #expect(written?.dictionaryValue.keys.sorted() == order.sorted())
    }
  }

  @Test("Keys keep insertion order in output past the index threshold")
  func insertionOrderIsKept() throws {
    var json = JSON(dictionary: [:])
    let keys = (0..<50).map { "k\(($0 * 37) % 50)" }
    for (i, key) in keys.enumerated() { json[key] = JSON(i) }
    json["k3"] = "replaced"
    let text = try #require(json.rawString(options: []))
    let positions = keys.map { text.range(of: "\"\($0)\":")!.lowerBound }
    #expect(positions == positions.sorted())
    #expect(json["k3"].string == "replaced")
  }

  @Test("A copy is independent of the original after either changes")
  func copiesAreIndependent() {
    var a = JSON(dictionary: [:])
    for i in 0..<20 { a["k\(i)"] = JSON(i) }
    var b = a
    b["k5"] = "b"
    b["new"] = true
    a["k6"] = "a"
    #expect(a["k5"].int == 5 && a["new"].exists() == false && a["k6"].string == "a")
    #expect(b["k5"].string == "b" && b["new"].bool == true && b["k6"].int == 6)
  }
}
