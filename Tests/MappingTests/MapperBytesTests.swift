import Foundation
import JSONKit
import Mapping
import Testing

@Suite("Mapper reads bytes and async streams of byte chunks")
struct MapperBytesTests {
  struct Item: Mappable, Equatable, Sendable {
    var id = 0
    var name = ""
    init?(map: Map) {}
    init(id: Int, name: String) {
      self.id = id
      self.name = name
    }
    mutating func mapping(map: Map) {
      id <- map["id"]
      name <- map["name"]
    }
  }

  @Test("map and mapArray take any byte collection")
  func mapAndMapArrayTakeAnyByteCollection() throws {
    let one = Array(#"{"id": 1, "name": "a"}"#.utf8)
    #expect(Mapper<Item>().map(bytes: one) == Item(id: 1, name: "a"))
    #expect(Mapper<Item>().map(bytes: one[...]) == Item(id: 1, name: "a"))
    #expect(Mapper<Item>().mapArray(bytes: one) == [Item(id: 1, name: "a")])
    let many = Data(#"[{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]"#.utf8)
    #expect(Mapper<Item>().mapArray(bytes: many)?.map(\.id) == [1, 2])
    #expect(Mapper<Item>().map(bytes: Array("{".utf8)) == nil)
  }

  @Test("mapOrThrow gives the parse error's place")
  func mapOrThrowGivesTheParseErrorsPlace() {
    #expect {
      _ = try Mapper<Item>().mapOrThrow(bytes: Array("{\"id\": 1,}".utf8))
    } throws: { error in
      guard let error = error as? MappingError, case .invalidJSON(let parse) = error.reason else {
        return false
      }
      return parse.location?.column == 10
    }
  }

  @Test("mappedValues maps each value of a stream")
  func mappedValuesMapEachValueOfAStream() async throws {
    let text = "{\"id\": 1, \"name\": \"a\"}\n{\"id\": 2, \"name\": \"b\"}\n{\"id\": 3,"
    let bytes = Array(text.utf8)
    let chunks = AsyncStream<ArraySlice<UInt8>> { continuation in
      for start in stride(from: 0, to: bytes.count, by: 5) {
        continuation.yield(bytes[start..<min(start + 5, bytes.count)])
      }
      continuation.finish()
    }
    var items: [Item] = []
    await #expect {
      for try await item in chunks.mappedValues(Item.self) { items.append(item) }
    } throws: { error in
      guard let error = error as? MappingError, case .invalidJSON(let parse) = error.reason else {
        return false
      }
      return parse.location?.line == 3
    }
    #expect(items == [Item(id: 1, name: "a"), Item(id: 2, name: "b")])
  }
}
