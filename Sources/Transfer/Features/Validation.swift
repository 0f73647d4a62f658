import Foundation
import JSONKit
import Mapping

extension DataRequest {
  /// Accepts status codes in 200..<300 and a `Content-Type` matching the request's `Accept`
  /// (anything when it has none).
  ///
  /// An empty body passes the content-type check.
  ///
  /// ```swift
  /// session.request(url, headers: [.accept("application/json")]).validate().responseJSON { … }
  /// ```
  @discardableResult
  public func validate() -> Self {
    validate(statusCode: 200..<300).addValidator { request, response, data in
      let accept = request?.headers["Accept"]?.split(separator: ",").map {
        String($0.split(separator: ";")[0].trimmingHTTPWhitespace)
      }
      return Self.contentTypeFailure(acceptable: accept ?? ["*/*"], response: response, data: data)
    }
  }

  /// Accepts only these status codes; others fail with the body attached.
  ///
  /// ```swift
  /// session.request(url).validate(statusCode: [200, 201, 204]).response { … }
  /// ```
  @discardableResult
  public func validate<Codes: Sequence & Sendable>(statusCode acceptable: Codes) -> Self
  where Codes.Element == Int {
    addValidator { _, response, data in
      acceptable.contains(response.statusCode)
        ? nil
        : .responseValidationFailed(
          reason: .unacceptableStatusCode(code: response.statusCode, body: data))
    }
  }

  /// Accepts only these media types; `*` is a wildcard in either half (`"application/*"`,
  /// `"*/*"`), and parameters such as `charset` are ignored.
  ///
  /// ```swift
  /// session.request(url).validate(contentType: ["application/json", "application/*+json"])
  /// ```
  @discardableResult
  public func validate(contentType acceptable: [String]) -> Self {
    addValidator { _, response, data in
      Self.contentTypeFailure(acceptable: acceptable, response: response, data: data)
    }
  }

  /// For a status outside 200..<300, maps the body into `errorType` (a `Mappable` model) and
  /// fails with `.responseValidationFailed(reason: .errorResponse(statusCode:model:))`, so
  /// the server's own error message reaches the caller.
  ///
  /// A body that does not map fails
  /// with `.unacceptableStatusCode` and the body attached.
  ///
  /// ```swift
  /// struct APIError: ImmutableMappable, Error { let message: String
  ///   init(map: Map) throws { message = try map.value("error.message") } }
  /// session.request(url).validate(errorType: APIError.self).responseObject(of: User.self) { response in
  ///   if let apiError = response.error?.errorModel(as: APIError.self) { print(apiError.message) }
  /// }
  /// ```
  @discardableResult
  public func validate<Model: BaseMappable & Error>(
    errorType: Model.Type, context: (any MapContext)? = nil
  ) -> Self {
    addValidator { _, response, data in
      guard !(200..<300).contains(response.statusCode) else { return nil }
      if let data, let json = try? JSONParser.parse(data),
        let model = try? Mapper<Model>(context: context).mapOrThrow(JSON: json)
      {
        return .responseValidationFailed(
          reason: .errorResponse(statusCode: response.statusCode, model: model))
      }
      return .responseValidationFailed(
        reason: .unacceptableStatusCode(code: response.statusCode, body: data))
    }
  }

  /// As `validate(errorType:)` for a `Decodable` error model, decoded by JSONKit's decoder.
  @discardableResult
  public func validate<Model: Decodable & Error>(
    decodableErrorType: Model.Type, decoder: JSONKitDecoder = JSONKitDecoder()
  ) -> Self {
    addValidator { _, response, data in
      guard !(200..<300).contains(response.statusCode) else { return nil }
      if let data, let model = try? decoder.decode(Model.self, from: data) {
        return .responseValidationFailed(
          reason: .errorResponse(statusCode: response.statusCode, model: model))
      }
      return .responseValidationFailed(
        reason: .unacceptableStatusCode(code: response.statusCode, body: data))
    }
  }

  static func contentTypeFailure(acceptable: [String], response: HTTPResponse, data: Data?)
    -> TransferError?
  {
    guard let data, !data.isEmpty else { return nil }
    guard let found = response.mimeType else {
      if acceptable.contains(where: { MediaType($0)?.matchesEverything ?? false }) { return nil }
      return .responseValidationFailed(
        reason: .missingContentType(acceptableContentTypes: acceptable))
    }
    guard let foundType = MediaType(found) else {
      return .responseValidationFailed(
        reason: .unacceptableContentType(
          acceptableContentTypes: acceptable, responseContentType: found))
    }
    if acceptable.contains(where: { MediaType($0)?.matches(foundType) ?? false }) { return nil }
    return .responseValidationFailed(
      reason: .unacceptableContentType(
        acceptableContentTypes: acceptable, responseContentType: found))
  }
}

/// `type/subtype` without parameters, lowercased, for content-type matching.
struct MediaType {
  let type: Substring
  let subtype: Substring

  init?(_ text: String) {
    let bare =
      text.split(separator: ";", maxSplits: 1).first?.trimmingHTTPWhitespace.lowercased() ?? ""
    let parts = bare.split(separator: "/", maxSplits: 1)
    if bare == "*" {
      type = "*"
      subtype = "*"
      return
    }
    guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
    type = parts[0]
    subtype = parts[1]
  }

  var matchesEverything: Bool { type == "*" && subtype == "*" }

  /// Whether this (acceptable) type admits `other` (found); wildcards work on both sides.
  func matches(_ other: MediaType) -> Bool {
    (type == "*" || other.type == "*" || type == other.type)
      && (subtype == "*" || other.subtype == "*" || subtype == other.subtype)
  }
}
