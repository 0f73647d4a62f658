import Foundation
import Testing

@testable import JSONKitCore

/// `mayHoldContainer`, the flag by which freeing a box decides whether it needs the work list
/// (see `Teardown`): every way of storing a container into a box sets it (a box left unflagged
/// with a container inside would let a deep value recurse when freed), and a box of scalars
/// keeps it clear (or freeing it would look at its values again).
@Suite("Container boxes flag every container stored into them")
struct TeardownFlagTests {
  /// The flag of `json`'s box; `nil` when `json` is not a built container.
  static func flag(_ json: JSON) -> Bool? {
    switch json.storage {
    case .array(let box): return box.mayHoldContainer
    case .object(let box): return box.mayHoldContainer
    default: return nil
    }
  }

  /// Whether `json`'s box holds a built container among its own values.
  static func holdsContainer(_ json: JSON) -> Bool {
    switch json.storage {
    case .array(let box): return Teardown.holdsContainer(box.elements[...])
    case .object(let box): return Teardown.holdsContainer(box.values[...])
    default: return false
    }
  }

  @Test(
    "Each way of storing a container into a box sets its flag", arguments: ContainerStore.allCases)
  func storingAContainerSetsTheFlag(_ store: ContainerStore) throws {
    for container: JSON in [[1], ["k": 1], [], [:]] {
      let json = try store.store(container)
      #expect(Self.holdsContainer(json), "stored no container")
      #expect(Self.flag(json) == true)
    }
  }

  @Test(
    "A box's flag says whether it holds a container after each store that looks at it",
    arguments: ContainerStore.allCases.filter(\.isPrecise))
  func theFlagIsExactAfterEachPreciseStore(_ store: ContainerStore) throws {
    let parsed = JSON(parseJSON: #"{"list": [1, [2]], "text": "x"}"#)
    let values = [JSON(1), "s", .null, parsed, parsed["list"], parsed["list"][1], [1], ["k": 1]]
    for value in values {
      let json = try store.store(value)
      #expect(Self.flag(json) == Self.holdsContainer(json), "with \(value)")
    }
  }

  @Test("Storing scalars and parsed values keeps a box's flag clear")
  func storingScalarsKeepsTheFlagClear() throws {
    let parsed = JSON(parseJSON: #"{"list": [1, [2]]}"#)
    var json: JSON = [1, "a"]
    json.append(parsed)
    json.insert(parsed["list"], at: 0)
    json[1] = 2
    json.append(contentsOf: [3, parsed["list"][1]])
    #expect(json.count == 6)
    #expect(Self.flag(json) == false)
    var object: JSON = ["a": parsed]
    object["b"] = 1
    try object.merge(with: ["c": "x"])
    #expect(Self.flag(object) == false)
  }

  @Test("A child that gains a container in place through its parent is flagged itself")
  func childChangedThroughItsParentIsFlagged() throws {
    var json = JSON(parseJSON: #"{"a": [1], "b": {"c": 1}}"#)
    #expect(Self.flag(json["a"]) == nil)
    json["a"].append([2])
    json["b"]["c"] = ["d": 1]
    #expect(Self.flag(json) == true)
    #expect(Self.flag(json["a"]) == true)
    #expect(Self.flag(json["b"]) == true)
    #expect(Self.flag(json["a"][1]) == false)
    #expect(Self.flag(json["b"]["c"]) == false)
    #expect(json == ["a": [1, [2]], "b": ["c": ["d": 1]]])
  }

  @Test("The paths a tree walk makes are not flagged")
  func walkPathsAreNotFlagged() throws {
    let json: JSON = ["a": [1, ["b": [2, 3]]], "c": "x"]
    let walker = JSONTreeWalker(json, closings: false)
    var paths: [JSON] = []
    while walker.next() != nil { paths.append(walker.pathValue()) }
    #expect(paths.count == 8)
    #expect(paths.last == ["c"])
    for path in paths { #expect(Self.flag(path) == false) }
  }

  @Test("A box the encoder fills after storing it is flagged when it holds a container")
  func encodedBoxesAreFlagged() throws {
    struct Inner: Encodable { var list = [[1], [2]] }
    struct Outer: Encodable {
      var inner = Inner()
      var numbers = [1, 2]
    }
    let json = try JSONKitEncoder().encodeToJSON(Outer())
    #expect(json == ["inner": ["list": [[1], [2]]], "numbers": [1, 2]])
    #expect(Self.flag(json) == true)
    #expect(Self.flag(json["inner"]) == true)
    #expect(Self.flag(json["inner"]["list"]) == true)
  }
}
