import Foundation
import JSONKit
import LoopbackTestServer
import Testing
import Transfer

@Suite("Response validation")
struct ValidationTests {
  /// `/status/N` answers N with a JSON error body; `/type/T` answers 200 with Content-Type T.
  static func handler(_ request: ServerRequest) -> ServerResponse {
    let parts = request.path.split(separator: "/")
    if parts.first == "status", let code = Int(parts[1]) {
      return .json(#"{"error": {"code": \#(code), "message": "status \#(code)"}}"#, status: code)
    }
    if parts.first == "type" {
      return .bytes(
        Array("{}".utf8), contentType: request.path.dropFirst(6).removingPercentEncoding ?? "")
    }
    if parts.first == "notype" { return ServerResponse(status: 200, body: Array("{}".utf8)) }
    return .json(#"{"error": "html instead"}"#, status: 500)
  }

  @Test("Without validation a 500 is a successful response")
  func withoutValidationA500IsASuccessfulResponse() async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession().request(server.url("/status/500")).serializingJSON()
        .response
      #expect(response.response?.statusCode == 500)
      #expect(response.value?["error"]["code"].intValue == 500)
    }
  }

  @Test("validate() rejects statuses outside 2xx with the body attached")
  func validateRejectsStatusesOutside2xxWithTheBodyAttached() async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession().request(server.url("/status/404")).validate()
        .serializingJSON().response
      guard
        case .failure(
          .responseValidationFailed(reason: .unacceptableStatusCode(let code, let body))) = response
          .result
      else {
        Issue.record("expected unacceptableStatusCode, got \(response.result)")
        return
      }
      #expect(code == 404)
      #expect(String(decoding: body ?? Data(), as: UTF8.self).contains("status 404"))
      #expect(response.error?.responseCode == 404)
      #expect("\(response.error!)".contains("unacceptable status code 404"))
    }
  }

  @Test("validate(statusCode:) accepts the given codes")
  func validateStatusCodeAcceptsTheGivenCodes() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let ok = await session.request(server.url("/status/404")).validate(statusCode: [404])
        .serializingData().response
      #expect(ok.error == nil)
      let created = await session.request(server.url("/status/201")).validate(statusCode: 200..<202)
        .serializingData().response
      #expect(created.error == nil)
      let rejected = await session.request(server.url("/status/202")).validate(
        statusCode: 200..<202
      ).serializingData().response
      #expect(rejected.error?.responseCode == 202)
    }
  }

  @Test(
    "validate(contentType:) with wildcards",
    arguments: [
      ("application/json", ["application/json"], true),
      ("application/json; charset=utf-8", ["application/json"], true),
      ("application/vnd.api+json", ["application/*"], true),
      ("text/html", ["application/*"], false),
      ("text/html", ["*/*"], true),
      ("APPLICATION/JSON", ["application/json"], true),
      ("image/png", ["image/*", "application/json"], true),
    ])
  func validateContentTypeWithWildcards(found: String, acceptable: [String], passes: Bool)
    async throws
  {
    try await withServer(Self.handler) { server in
      let url = server.url(
        "/type/" + (found.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? found))
      let response = await testSession().request(url).validate(contentType: acceptable)
        .serializingData().response
      if passes {
        #expect(response.error == nil)
      } else {
        guard
          case .failure(
            .responseValidationFailed(reason: .unacceptableContentType(let accepted, let type))) =
            response.result
        else {
          Issue.record("expected unacceptableContentType, got \(response.result)")
          return
        }
        #expect(accepted == acceptable)
        #expect(type == found.lowercased())
      }
    }
  }

  @Test("validate() uses the Accept header and reports a missing content type")
  func validateUsesTheAcceptHeaderAndReportsAMissingContentType() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let mismatch = await session.request(
        server.url("/type/text%2Fhtml"), headers: [.accept("application/json")]
      )
      .validate().serializingData().response
      #expect(mismatch.error != nil)
      let match = await session.request(
        server.url("/type/application%2Fjson"), headers: [.accept("application/json")]
      )
      .validate().serializingData().response
      #expect(match.error == nil)
      let missing = await session.request(
        server.url("/notype"), headers: [.accept("application/json")]
      )
      .validate().serializingData().response
      guard
        case .failure(.responseValidationFailed(reason: .missingContentType(let acceptable))) =
          missing.result
      else {
        Issue.record("expected missingContentType, got \(missing.result)")
        return
      }
      #expect(acceptable == ["application/json"])
    }
  }

  @Test(
    "validate() without Accept gives the verdict of validate(contentType: [\"*/*\"])",
    arguments: [
      ("application/json", true), ("application/json; charset=utf-8", true),
      ("  text/plain\t", true), ("Text/HTML;q=1", true), ("a/b/c", true), ("text/ html", true),
      ("*", true), ("   ;a/b", true), ("t\u{E9}xt/html", true), ("garbage", false),
      ("/json", false), ("text/", false), (";charset=utf-8", false), ("text/html;\u{301}x", true),
    ])
  func validateWithoutAcceptGivesTheVerdictOfAnyContentType(found: String, passes: Bool)
    async throws
  {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let url = server.url(
        "/type/" + (found.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? found))
      let plain = await session.request(url).validate().serializingData().response
      let anything = await session.request(url).validate(contentType: ["*/*"])
        .serializingData().response
      #expect((plain.error == nil) == passes)
      #expect(plain.error.map { "\($0)" } == anything.error.map { "\($0)" })
      if !passes {
        guard
          case .failure(
            .responseValidationFailed(reason: .unacceptableContentType(let accepted, _))) =
            plain.result
        else {
          Issue.record("expected unacceptableContentType, got \(plain.result)")
          return
        }
        #expect(accepted == ["*/*"])
      }
    }
  }

  @Test("validate() reads an Accept header with an empty media range")
  func validateReadsAnAcceptHeaderWithAnEmptyMediaRange() async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession().request(
        server.url("/type/application%2Fjson"), headers: [.accept("application/json,;")]
      )
      .validate().serializingData().response
      #expect(response.error == nil)
    }
  }

  @Test("Custom validator sees the response and data")
  func customValidatorSeesTheResponseAndData() async throws {
    struct TooShort: Error {}
    try await withServer(Self.handler) { server in
      let response = await testSession().request(server.url("/status/200"))
        .validate { _, response, data in
          (data?.count ?? 0) > 1000 && response.statusCode == 200
            ? .success(()) : .failure(TooShort())
        }
        .serializingData().response
      guard
        case .failure(.responseValidationFailed(reason: .customValidationFailed(let error))) =
          response.result
      else {
        Issue.record("expected customValidationFailed, got \(response.result)")
        return
      }
      #expect(error is TooShort)
    }
  }

  @Test("An error body is mapped into the error model")
  func anErrorBodyIsMappedIntoTheErrorModel() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let response = await session.request(server.url("/status/422")).validate(
        errorType: APIError.self
      )
      .serializingObject(User.self).response
      let model = try #require(response.error?.errorModel(as: APIError.self))
      #expect(model.code == 422)
      #expect(model.message == "status 422")
      #expect(response.error?.responseCode == 422)

      let decoded = await session.request(server.url("/status/503"))
        .validate(decodableErrorType: DecodableAPIError.self).serializingData().response
      #expect(decoded.error?.errorModel(as: DecodableAPIError.self)?.error.message == "status 503")

      // A body that is not the error model's shape falls back to the status code.
      let other = await session.request(server.url("/other")).validate(errorType: APIError.self)
        .serializingData().response
      guard
        case .failure(.responseValidationFailed(reason: .unacceptableStatusCode(500, _))) = other
          .result
      else {
        Issue.record("expected unacceptableStatusCode(500), got \(other.result)")
        return
      }
      let fine = await session.request(server.url("/status/200")).validate(errorType: APIError.self)
        .serializingData().response
      #expect(fine.error == nil)
    }
  }
}
