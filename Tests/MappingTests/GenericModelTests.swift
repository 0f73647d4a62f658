import Foundation
import JSONKit
import Mapping
import Testing

@Suite("Generic models map their type parameter like any other model")
struct GenericModelTests {
  /// An API response wrapping one model of any type.
  struct Response<T: Mappable>: Mappable {
    var status = ""
    var result: T?
    var errors: [String] = []

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      status <- map["status"]
      result <- map["result"]
      errors <- map["errors"]
    }
  }

  /// A page of models of any type.
  final class Page<Item: BaseMappable>: Mappable {
    var items: [Item] = []
    var next: Int?

    required init?(map: Map) {}

    func mapping(map: Map) {
      items <- map["items"]
      next <- map["next"]
    }
  }

  @Test("Response<Friend> maps and writes its nested model")
  func response() throws {
    let text = #"{"status":"ok","result":{"name":"ada","age":36},"errors":[]}"#
    let (response, written) = try roundTrip(text, as: Response<Friend>.self)
    #expect(response.status == "ok")
    #expect(response.result == Friend(name: "ada", age: 36))
    #expect(written == text)
  }

  @Test("Response<User> works with the README's class model")
  func responseOfClass() throws {
    let response = try #require(
      Mapper<Response<User>>().map(
        JSONString: #"{"status": "ok", "errors": [], "result": {"username": "ada"}}"#))
    #expect(response.result?.username == "ada")
  }

  @Test("Generics nest: Response<Page<Friend>>")
  func nestedGenerics() throws {
    let text =
      #"{"status":"ok","result":{"items":[{"name":"a"},{"name":"b","age":2}],"next":2},"errors":[]}"#
    let (response, written) = try roundTrip(text, as: Response<Page<Friend>>.self)
    #expect(response.result?.items == [Friend(name: "a"), Friend(name: "b", age: 2)])
    #expect(response.result?.next == 2)
    #expect(written == text)
  }

  @Test("A failure inside a generic model has the full path")
  func failurePath() throws {
    let text =
      #"{"status": "ok", "errors": [], "result": {"items": [{"name": "a"}, {"name": "b", "age": "two"}]}}"#
    let error = try #require(strictError(mapping: text, into: Response<Page<Friend>>.self))
    #expect(error.description == #"Expected Int at .result.items[1].age but found string ("two")"#)
  }

  @Test("A generic page of ImmutableMappable items reads them with their initializer")
  func immutableItems() throws {
    let page = try #require(
      Mapper<Page<ImmutableMappableTests.Owner>>().map(
        JSONString: #"{"items": [{"name": "a", "since": 1}]}"#))
    #expect(page.items == [ImmutableMappableTests.Owner(name: "a", since: 1)])
  }
}
