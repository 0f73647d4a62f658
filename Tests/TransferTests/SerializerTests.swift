import Foundation
import JSONKit
import LoopbackTestServer
import Mapping
import Testing
import Threading
import Transfer

@Suite("Response serializers")
struct SerializerTests {
  static let body =
    #"{"data": {"items": [\#(userJSON), {"id": 8, "name": "Grace", "tags": []}], "count": 2}}"#

  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/users": .json(body)
    case "/latin1": .bytes([0x63, 0x61, 0x66, 0xE9], contentType: "text/plain")
    case "/utf8": .bytes(Array("café".utf8), contentType: "text/plain; charset=utf-8")
    case "/broken": .json(#"{"data": {"items": [1, 2,, 3]}}"#)
    case "/wrong": .json(#"{"id": "seven", "name": "Ada"}"#)
    case "/204": .empty(status: 204)
    case "/empty200": ServerResponse(status: 200, headers: [("Content-Type", "application/json")])
    default: .empty(status: 404)
    }
  }

  @Test("responseData and responseString")
  func responseDataAndString() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let data = try await session.request(server.url("/users")).serializingData().value
      #expect(data == Data(Self.body.utf8))
      let value1 = try await session.request(server.url("/utf8")).serializingString().value
      #expect(value1 == "café")
      // No charset: ISO-8859-1, so the byte 0xE9 is é rather than a decoding failure.
      let value2 = try await session.request(server.url("/latin1")).serializingString().value
      #expect(value2 == "café")
      let ascii = await session.request(server.url("/latin1")).serializingString(encoding: .ascii)
        .response
      guard
        case .failure(.responseSerializationFailed(reason: .stringSerializationFailed(.ascii))) =
          ascii.result
      else {
        Issue.record("expected stringSerializationFailed, got \(ascii.result)")
        return
      }
    }
  }

  @Test("responseJSON with key paths")
  func responseJSONWithKeyPaths() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let json = try await session.request(server.url("/users")).serializingJSON().value
      #expect(json["data"]["count"].intValue == 2)
      let name = try await session.request(server.url("/users")).serializingJSON(
        keyPath: "data.items.1.name"
      ).value
      #expect(name == "Grace")
      let missing = await session.request(server.url("/users")).serializingJSON(
        keyPath: "data.items.5"
      ).response
      guard
        case .failure(.responseSerializationFailed(reason: .keyPathNotFound("data.items.5"))) =
          missing.result
      else {
        Issue.record("expected keyPathNotFound, got \(missing.result)")
        return
      }
    }
  }

  @Test("Invalid JSON says where")
  func invalidJSONSaysWhere() async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession().request(server.url("/broken")).serializingJSON().response
      guard
        case .failure(.responseSerializationFailed(reason: .jsonSerializationFailed(let error))) =
          response.result
      else {
        Issue.record("expected jsonSerializationFailed, got \(response.result)")
        return
      }
      #expect(error.location?.byte == 25)
      #expect("\(response.error!)".contains("line 1, column 26"))
    }
  }

  @Test(
    "A JSON body gives the same value or error with a small Content-Length or none",
    arguments: [
      #"{"id": 7, "ok": true}"#, #"{"data": {"items": [1, 2,, 3]}}"#, "1 2", #"{"a":"#, "xyz",
      "[1] x", #"{"a":1}{"b":2}"#, "  [\"caf\u{E9}\"]  ", "[1, 2] // end", #"{"a": "\x"}"#,
    ])
  func aJSONBodyGivesTheSameValueOrErrorWhateverItsFraming(text: String) async throws {
    // With a small Content-Length the serializer parses the body after the download; in
    // chunks, with no length, it is parsed while it downloads: in one chunk, the error's
    // text is the same (the parse after the download also shows the text before an end of
    // input that comes too soon); in chunks of 3 bytes, its place (its context is the chunk's).
    let handler: @Sendable (ServerRequest) -> ServerResponse = { request in
      var response = ServerResponse(
        status: 200, headers: [("Content-Type", "application/json")], body: Array(text.utf8))
      if request.path == "/whole" { response.framing = .chunked(chunkSize: 0) }
      if request.path == "/pieces" { response.framing = .chunked(chunkSize: 3) }
      return response
    }
    try await withServer(handler) { server in
      let session = testSession()
      var outcomes: [String] = []
      var places: [String] = []
      for path in ["/sized", "/whole", "/pieces"] {
        switch await session.request(server.url(path)).serializingJSON().result {
        case .success(let json):
          outcomes.append("value \(json)")
          places.append("value \(json)")
        case .failure(let error):
          outcomes.append("error \(error)")
          guard case .responseSerializationFailed(.jsonSerializationFailed(let json)) = error
          else {
            places.append("error \(error)")
            continue
          }
          places.append("JSON error at \(json.location?.byte ?? -1)")
        }
      }
      #expect(outcomes[0].hasPrefix(outcomes[1]))
      #expect(outcomes[0] == outcomes[1] || outcomes[1].hasSuffix("(byte \(text.utf8.count))"))
      #expect(places[0] == places[2])
    }
  }

  @Test("responseObject and responseArray with key paths")
  func responseObjectAndArrayWithKeyPaths() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let user = try await session.request(server.url("/users")).serializingObject(
        User.self, keyPath: "data.items.0"
      ).value
      #expect(user == User(id: 7, name: "Ada", tags: ["x", "y"]))
      let users = try await session.request(server.url("/users")).serializingArray(
        User.self, keyPath: "data.items"
      ).value
      #expect(users.map(\.name) == ["Ada", "Grace"])
      let immutable = try await session.request(server.url("/users"))
        .serializingObject(ImmutableUser.self, keyPath: "data.items.1").value
      #expect(immutable.id == 8)

      let handled = await awaitResponse { done in
        session.request(server.url("/users")).responseArray(
          of: User.self, keyPath: "data.items", completionHandler: done)
      }
      #expect(handled.value?.count == 2)
    }
  }

  @Test("Mapping failures name the path strictly and immutably")
  func mappingFailuresNameThePathStrictlyAndImmutably() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      // Lenient (ObjectMapper's default): the field stays unset.
      let lenient = try await session.request(server.url("/wrong")).serializingObject(User.self)
        .value
      #expect(lenient.id == 0 && lenient.name == "Ada")
      let strict = await session.request(server.url("/wrong")).serializingObject(
        User.self, strict: true
      ).response
      guard
        case .failure(.responseSerializationFailed(reason: .mappingFailed(let error))) = strict
          .result
      else {
        Issue.record("expected mappingFailed, got \(strict.result)")
        return
      }
      #expect(error.pathDescription == ".id")
      let immutable = await session.request(server.url("/wrong")).serializingObject(
        ImmutableUser.self
      ).response
      guard
        case .failure(.responseSerializationFailed(reason: .mappingFailed(let failure))) = immutable
          .result
      else {
        Issue.record("expected mappingFailed, got \(immutable.result)")
        return
      }
      #expect(failure.pathDescription == ".id")
    }
  }

  @Test("responseDecodable with JSONKit's decoder")
  func responseDecodableWithJSONKitsDecoder() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let user = try await session.request(server.url("/users"))
        .serializingDecodable(CodableUser.self, keyPath: "data.items.0").value
      #expect(user == CodableUser(id: 7, name: "Ada"))
      let wrong = await session.request(server.url("/wrong")).serializingDecodable(CodableUser.self)
        .response
      guard
        case .failure(.responseSerializationFailed(reason: .decodingFailed(let error))) = wrong
          .result
      else {
        Issue.record("expected decodingFailed, got \(wrong.result)")
        return
      }
      #expect(error is DecodingError)
    }
  }

  @Test("Empty bodies follow Alamofire's rules")
  func emptyBodiesFollowAlamofiresRules() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let value3 = try await session.request(server.url("/204")).serializingData().value
      #expect(value3 == Data())
      let value4 = try await session.request(server.url("/204")).serializingString().value
      #expect(value4 == "")
      let value5 = try await session.request(server.url("/204")).serializingJSON().value
      #expect(value5 == JSON.null)
      let value6 = try await session.request(server.url("/204")).serializingDecodable(Empty.self)
        .value
      #expect(value6 == Empty())
      let notEmpty = await session.request(server.url("/204")).serializingDecodable(
        CodableUser.self
      ).response
      let empty200 = await session.request(server.url("/empty200")).serializingJSON().response
      for response in [notEmpty.error, empty200.error] {
        guard case .responseSerializationFailed(reason: .inputDataNilOrZeroLength)? = response
        else {
          Issue.record("expected inputDataNilOrZeroLength, got \(String(describing: response))")
          continue
        }
      }
    }
  }

  @Test("Handlers run in order on the given queue with the same data")
  func handlersRunInOrderOnTheGivenQueueWithTheSameData() async throws {
    try await withServer(Self.handler) { server in
      let queue = DispatchQueue(label: "handlers")
      let order = OrderRecorder()
      let request = testSession().request(server.url("/users"))
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        request
          .responseJSON(queue: queue) { response in
            dispatchPrecondition(condition: .onQueue(queue))
            order.append("json \(response.value?["data"]["count"].intValue ?? -1)")
          }
          .responseData(queue: queue) { response in
            order.append("data \(response.value?.count ?? -1)")
          }
          .response(queue: queue) { response in
            order.append("raw \(response.response?.statusCode ?? -1)")
            done.resume()
          }
      }
      #expect(order.items == ["json 2", "data \(Self.body.utf8.count)", "raw 200"])
      // A handler added after the end runs at once with the same outcome.
      let late = await awaitResponse { done in request.responseString(completionHandler: done) }
      #expect(late.value == Self.body)
      #expect(request.state == .finished)
    }
  }

  @Test("debugDescription shows the request, the response and the result")
  func debugDescriptionShowsRequestResponseAndResult() async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession()
        .request(server.url("/users"), headers: [.authorization(bearerToken: "secret-token")])
        .serializingJSON().response
      let text = response.debugDescription
      #expect(text.contains("[Request]: GET \(server.url("/users"))"))
      #expect(text.contains("[Response]: HTTP/1.1 200"))
      #expect(text.contains("Authorization: ***"))
      #expect(!text.contains("secret-token"))
      #expect(text.contains("[Result]: success"))
      #expect(response.metrics!.total >= response.metrics!.firstByte)
      #expect(response.map { $0["data"]["count"].intValue }.value == 2)
      #expect(response.tryMap { _ in throw CancellationError() }.error is CancellationError)
    }
  }
}

/// Collects strings from handlers running on other queues.
final class OrderRecorder: Sendable {
  private let storage = Locked<[String]>([])
  func append(_ item: String) { storage.withLock { $0.append(item) } }
  var items: [String] { storage.withLock { $0 } }
}
