import Foundation
import JSONKit
import LoopbackTestServer
import Mapping
import Testing
import Transfer

/// The README's Transfer examples, run against a loopback server instead of api.example.com.
@Suite("The README's Transfer examples")
struct ReadmeTests {
  struct ReadmeUser: Mappable, Sendable {
    var id = 0, name = ""
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      id <- map["id"]
      name <- map["name"]
    }
  }

  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/users/7": .json(#"{"data": {"id": 7, "name": "Ada"}}"#)
    case "/users":
      .json(
        #"{"data": {"page": \#(request.query["page"] ?? "1"), "users": [{"id": 1, "name": "Grace"}]}}"#
      )
    default: .empty(status: 404)
    }
  }

  @Test("The README's tour works against a loopback server")
  func theTourWorks() async throws {
    try await withServer(Self.handler) { server in
      let session = Session(interceptor: RetryPolicy())
      let user = try await session.request(server.url("/users/7"))
        .validate()
        .serializingObject(ReadmeUser.self, keyPath: "data")
        .value
      #expect(user.id == 7 && user.name == "Ada")

      let response = await awaitResponse { done in
        session.request(server.url("/users"), parameters: ["page": 2])
          .validate(statusCode: 200..<300)
          .responseArray(of: ReadmeUser.self, keyPath: "data.users", completionHandler: done)
      }
      #expect(response.value?.map(\.name) == ["Grace"])
      #expect(response.debugDescription.contains("[Request]: GET \(server.url("/users?page=2"))"))
    }
  }

  @Test("The README's loopback server example works")
  func testingAgainstALoopbackServer() async throws {
    let server = try LoopbackServer { _ in .json(#"{"id": 7, "name": "Ada"}"#) }
    defer { server.stop() }
    let user = try await Session.default.request(server.url("/users/7")).serializingObject(
      ReadmeUser.self
    ).value
    #expect(user.name == "Ada")
  }
}
