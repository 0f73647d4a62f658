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
      guard let accept = request?.headers["Accept"] else {
        return Self.contentTypeFailure(acceptingAnything: response, data: data)
      }
      let acceptable = accept.split(separator: ",").map {
        String(($0.split(separator: ";").first ?? "").trimmingHTTPWhitespace)
      }
      return Self.contentTypeFailure(acceptable: acceptable, response: response, data: data)
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

  /// `contentTypeFailure(acceptable: ["*/*"], …)`, with no `String` made for the usual
  /// `Content-Type` (`type/subtype`, parameters or not), which any type accepts.
  ///
  /// Every response to a request without `Accept` comes here, so the media types are not
  /// built and lowercased only to be matched against `*/*` (in the profile of small GETs,
  /// that was a tenth of a request's instructions); anything else takes the general path.
  static func contentTypeFailure(acceptingAnything response: HTTPResponse, data: Data?)
    -> TransferError?
  {
    guard let data, !data.isEmpty else { return nil }
    if let value = response.headers["Content-Type"], MediaType.isPlainTypeAndSubtype(value) {
      return nil
    }
    return contentTypeFailure(acceptable: ["*/*"], response: response, data: data)
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

  /// Whether `contentType` is, before any `;`, a `type/subtype` of visible ASCII characters
  /// with spaces or tabs around it: a header value that `HTTPResponse.mimeType` and `init`
  /// take as a media type, without making either.
  ///
  /// Read through the value's contiguous UTF-8 where it has it (nearly always): stepping
  /// through `String.UTF8View` costs tens of instructions a byte, on every response.
  static func isPlainTypeAndSubtype(_ contentType: String) -> Bool {
    // Safe: `$0[...]` is the whole buffer, and the slice's indices are checked against it.
    contentType.utf8.withContiguousStorageIfAvailable { isPlainTypeAndSubtype(bytes: $0[...]) }
      ?? isPlainTypeAndSubtype(bytes: contentType.utf8[...])
  }

  private static func isPlainTypeAndSubtype<Bytes: BidirectionalCollection<UInt8>>(
    bytes: Bytes
  ) -> Bool
  where Bytes.SubSequence == Bytes {
    var utf8 = bytes
    if let semicolon = utf8.firstIndex(of: UInt8(ascii: ";")) { utf8 = utf8[..<semicolon] }
    while let first = utf8.first, first == 0x20 || first == 0x09 { utf8 = utf8.dropFirst() }
    while let last = utf8.last, last == 0x20 || last == 0x09 { utf8 = utf8.dropLast() }
    guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else { return false }
    let type = utf8[..<slash]
    let subtype = utf8[utf8.index(after: slash)...]
    let token = { (byte: UInt8) in byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "/") }
    return !type.isEmpty && !subtype.isEmpty && type.allSatisfy(token)
      && subtype.allSatisfy(token)
  }

  /// Whether this (acceptable) type admits `other` (found); wildcards work on both sides.
  func matches(_ other: MediaType) -> Bool {
    (type == "*" || other.type == "*" || type == other.type)
      && (subtype == "*" || other.subtype == "*" || subtype == other.subtype)
  }
}
