import Foundation
import JSONKit
import LoopbackTestServer
import Testing

@testable import Transfer

@Suite("Requests: methods, parameters and headers")
struct RequestTests {
  @Test(
    "Every method reaches the server",
    arguments: ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
  func everyMethodReachesTheServer(method: String) async throws {
    try await withServer(echo) { server in
      let session = testSession()
      let json = try await session.request(server.url("/m"), method: HTTPMethod(rawValue: method))
        .serializingJSON().value
      #expect(json["method"].stringValue == method)
      #expect(json["path"].stringValue == "/m")
    }
  }

  @Test("HEAD sends no body and an empty body is allowed")
  func headSendsNoBodyAndAnEmptyBodyIsAllowed() async throws {
    try await withServer { _ in
      .json(#"{"a": 1}"#)
    } _: { server in
      let response = await testSession().request(server.url("/h"), method: .head).serializingJSON()
        .response
      #expect(response.response?.statusCode == 200)
      #expect(response.data?.isEmpty ?? true)
      #expect(response.value == JSON.null)
    }
  }

  @Test("URL encoding puts sorted escaped parameters in the query for GET")
  func urlEncodingPutsSortedEscapedParametersInTheQueryForGet() async throws {
    try await withServer(echo) { server in
      let parameters: Parameters = [
        "q": "a b&c", "page": 2, "flag": true, "tags": ["x", "y"], "user": ["name": "Ada"],
      ]
      let json = try await testSession().request(
        server.url("/search?pre=1"), parameters: parameters
      )
      .serializingJSON().value
      #expect(
        json["target"].stringValue
          == "/search?pre=1&flag=1&page=2&q=a%20b%26c&tags%5B%5D=x&tags%5B%5D=y&user%5Bname%5D=Ada")
      #expect(json["query"]["q"].stringValue == "a b&c")
    }
  }

  @Test("URL encoding puts parameters in a form body for POST")
  func urlEncodingPutsParametersInAFormBodyForPost() async throws {
    try await withServer(echo) { server in
      let json = try await testSession()
        .request(server.url("/form"), method: .post, parameters: ["name": "Ada Lovelace", "n": 1])
        .serializingJSON().value
      #expect(json["body"].stringValue == "n=1&name=Ada%20Lovelace")
      #expect(
        json["headers"]["content-type"].stringValue
          == "application/x-www-form-urlencoded; charset=utf-8")
    }
  }

  @Test("URL encoding options for arrays and booleans")
  func urlEncodingOptionsForArraysAndBooleans() async throws {
    try await withServer(echo) { server in
      let encoding = URLEncoding(
        destination: .queryString, arrayEncoding: .indexInBrackets, boolEncoding: .literal)
      let json = try await testSession()
        .request(
          server.url("/q"), method: .post, parameters: ["a": ["x", "y"], "b": false],
          encoding: encoding
        )
        .serializingJSON().value
      #expect(json["target"].stringValue == "/q?a%5B0%5D=x&a%5B1%5D=y&b=false")
      #expect(json["body"].stringValue == "")
    }
  }

  @Test("JSON encoding writes the parameters as the body")
  func jsonEncodingWritesTheParametersAsTheBody() async throws {
    try await withServer(echo) { server in
      let json = try await testSession()
        .request(
          server.url("/j"), method: .put, parameters: ["name": "Ada", "tags": ["x"], "n": 1.5],
          encoding: JSONEncoding.default
        )
        .serializingJSON().value
      #expect(json["method"].stringValue == "PUT")
      #expect(json["headers"]["content-type"].stringValue == "application/json")
      let body = JSON(parseJSON: json["body"].stringValue)
      #expect(body == ["name": "Ada", "tags": ["x"], "n": 1.5])
    }
  }

  @Test("An encodable body is written by JSONKit's encoder")
  func anEncodableBodyIsWrittenByJSONKitsEncoder() async throws {
    try await withServer(echo) { server in
      let json = try await testSession()
        .request(server.url("/e"), body: CodableUser(id: 3, name: "Grace"))
        .serializingJSON().value
      #expect(json["method"].stringValue == "POST")
      #expect(JSON(parseJSON: json["body"].stringValue) == ["id": 3, "name": "Grace"])
    }
  }

  @Test("Session headers, request headers and the user agent are sent")
  func sessionHeadersRequestHeadersAndTheUserAgent() async throws {
    try await withServer(echo) { server in
      var configuration = SessionConfiguration.default
      configuration.headers.add(name: "X-Session", value: "s")
      configuration.headers.add(name: "X-Both", value: "session")
      let session = Session(configuration: configuration)
      let json =
        try await session
        .request(server.url("/h"), headers: ["X-Both": "request", "Accept": "application/json"])
        .serializingJSON().value
      #expect(json["headers"]["x-session"].stringValue == "s")
      #expect(json["headers"]["x-both"].stringValue == "request")
      #expect(json["headers"]["accept"].stringValue == "application/json")
      #expect(json["headers"]["user-agent"].stringValue.hasPrefix("JSONKit-Transfer/1 libcurl/"))
      #expect(json["headers"]["expect"].string == nil)
    }
  }

  @Test("Requests with and without headers of their own, at once on two threads, send theirs")
  func requestsWithAndWithoutHeadersOfTheirOwnAtOnceSendTheirs() async throws {
    try await withServer(echo) { server in
      var configuration = SessionConfiguration.default
      configuration.proxy = .none
      configuration.transferThreads = 2
      configuration.headers.add(name: "X-Session", value: "s")
      let session = Session(configuration: configuration)
      // The even ones send the session's shared header list, the odd ones a list of their own.
      let echoed = try await withThrowingTaskGroup(of: (Int, JSON).self) { group in
        for n in 0..<40 {
          group.addTask {
            let headers: HTTPHeaders = n % 2 == 0 ? [] : ["X-Own": "\(n)"]
            let json = try await session.request(server.url("/h?n=\(n)"), headers: headers)
              .serializingJSON().value
            return (n, json)
          }
        }
        return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
      }
      #expect(echoed.count == 40)
      for (n, json) in echoed {
        #expect(json["query"]["n"].stringValue == "\(n)")
        #expect(json["headers"]["x-session"].stringValue == "s")
        #expect(json["headers"]["x-own"].string == (n % 2 == 0 ? nil : "\(n)"))
        #expect(json["headers"]["user-agent"].stringValue.hasPrefix("JSONKit-Transfer/1 libcurl/"))
        #expect(json["headers"]["expect"].string == nil)
      }
    }
  }

  @Test("Header names match ignoring the case of ASCII letters only, short and long")
  func headerNamesMatchIgnoringTheCaseOfASCIILettersOnly() {
    #expect(HTTPHeaders.same("Content-Length", "content-LENGTH"))
    #expect(
      HTTPHeaders.same("X-A-Header-Name-Longer-Than-Fifteen", "x-a-header-name-longer-than-fifteen")
    )
    #expect(!HTTPHeaders.same("Content-Length", "Content-Lengths"))
    #expect(!HTTPHeaders.same("Content-Type", "Content-Typf"))
    // Bytes 0x20 apart that are not letters: "-" and CR, "[" and "{", "@" and "`".
    #expect(!HTTPHeaders.same("a-b", "a\rb"))
    #expect(!HTTPHeaders.same("[x]", "{x]"))
    #expect(!HTTPHeaders.same("@", "`"))
    let headers: HTTPHeaders = ["X-A-Header-Name-Longer-Than-Fifteen": "1", "ETag": "2"]
    #expect(headers["x-a-header-name-longer-than-fifteen"] == "1")
    #expect(headers["ETAG"] == "2")
  }

  @Test("A hand-built request with a binary body")
  func aHandBuiltRequestWithABinaryBody() async throws {
    try await withServer { request in
      .bytes(request.body, contentType: "application/octet-stream")
    } _: { server in
      var request = try HTTPRequest(server.url("/bin"), method: .post)
      let payload = Data([0, 1, 2, 0, 255] + Array(repeating: 7, count: 2 << 20))
      request.body = payload
      let data = try await testSession().request(request).serializingData().value
      #expect(data == payload)
    }
  }

  @Test("Invalid URL and unencodable parameters fail without a transfer")
  func invalidURLAndUnencodableParametersFailWithoutATransfer() async throws {
    let session = testSession()
    let bad = await session.request("not a url").serializingData().response
    guard case .failure(.invalidURL(let text)) = bad.result else {
      Issue.record("expected invalidURL, got \(bad.result)")
      return
    }
    #expect(text == "not a url")
    let unencodable = await session.request("http://127.0.0.1:9/", parameters: ["d": Date()])
      .serializingData().response
    guard
      case .failure(.parameterEncodingFailed(reason: .unsupportedValue(let key, _))) = unencodable
        .result
    else {
      Issue.record("expected parameterEncodingFailed, got \(unencodable.result)")
      return
    }
    #expect(key == "d")
  }

  @Test("Headers are case-insensitive and keep order")
  func headersAreCaseInsensitiveAndKeepOrder() {
    var headers: HTTPHeaders = ["Accept": "a", "X-One": "1"]
    headers["accept"] = "b"
    headers.add(name: "Set-Cookie", value: "c=1")
    headers.add(name: "set-cookie", value: "d=2")
    #expect(headers["ACCEPT"] == "b")
    #expect(headers.map(\.name) == ["accept", "X-One", "Set-Cookie", "set-cookie"])
    #expect(headers.values(for: "Set-Cookie") == ["c=1", "d=2"])
    headers["X-One"] = nil
    #expect(headers.count == 3)
    #expect(HTTPHeader.authorization(username: "u", password: "p").value == "Basic dTpw")
  }
}
