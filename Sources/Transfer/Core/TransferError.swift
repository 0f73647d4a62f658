import Foundation
import JSONKit
import Mapping

/// Everything that can go wrong with a request, with the reason nested inside, as
/// Alamofire's `AFError` does.
///
/// ```swift
/// switch response.result {
/// case .success(let user): print(user.name)
/// case .failure(.responseValidationFailed(reason: .unacceptableStatusCode(let code, _))):
///   print("server said \(code)")
/// case .failure(let error):
///   print(error)   // says what and, for a body that did not map, the path inside it
/// }
/// ```
public enum TransferError: Error, Sendable, CustomStringConvertible, LocalizedError {
  /// The text is not an absolute URL.
  case invalidURL(String)
  /// The parameters could not be encoded into the request.
  case parameterEncodingFailed(reason: ParameterEncodingFailureReason)
  /// A `RequestAdapter` threw.
  case requestAdaptationFailed(error: any Error)
  /// The transfer itself failed: libcurl's code and message (connection refused, timeout,
  /// name not resolved, connection closed mid-body, bad gzip, …).
  case transportFailed(code: CurlCode, message: String)
  /// The body grew beyond `SessionConfiguration.maximumResponseSize`; reading stopped there.
  case responseTooLarge(limit: Int)
  /// A validator rejected the response.
  case responseValidationFailed(reason: ResponseValidationFailureReason)
  /// The body could not be turned into the requested value.
  case responseSerializationFailed(reason: ResponseSerializationFailureReason)
  /// `cancel()` was called, or the awaiting `Task` was cancelled.
  case explicitlyCancelled
  /// A `RequestRetrier` failed while deciding; `originalError` is what it was asked about.
  case requestRetryFailed(retryError: any Error, originalError: any Error)
  /// A multipart form could not be encoded: a file part that cannot be read, a stream part
  /// that failed (Alamofire's `AFError.multipartEncodingFailed`).
  case multipartEncodingFailed(reason: MultipartEncodingFailureReason)
  /// The download arrived whole but could not be moved from `source` (its temporary file,
  /// left in place so that nothing is lost) to `destination`; `error` is the file system's.
  case downloadedFileMoveFailed(error: any Error, source: URL, destination: URL)
  /// The request was started after `Session.shutdown()` was called: a shut-down session
  /// sends nothing more.
  ///
  /// ```swift
  /// await session.shutdown()
  /// let response = await session.request(url).serializingData().response
  /// if case .failure(.sessionShutDown) = response.result { print("made too late") }
  /// ```
  case sessionShutDown

  /// Why parameters could not be encoded.
  public enum ParameterEncodingFailureReason: Sendable {
    /// A value has no JSON form (`JSONEncoding`), or a JSON writer failed.
    case jsonEncodingFailed(error: any Error)
    /// A value cannot be written as a query or form value.
    case unsupportedValue(key: String, type: String)
  }

  /// Why a multipart form could not be encoded, with Alamofire's names.
  public enum MultipartEncodingFailureReason: Sendable {
    /// A file part's URL is not a `file:` URL.
    case bodyPartURLInvalid(url: URL)
    /// A file part names no file.
    case bodyPartFileNotReachable(at: URL)
    /// A file part's file cannot be opened or read: `error` says why (gone, no permission).
    case bodyPartFileNotReachableWithError(atURL: URL, error: any Error)
    /// A file part names a directory.
    case bodyPartFileIsDirectory(at: URL)
    /// A file part's size cannot be found.
    case bodyPartFileSizeNotAvailable(at: URL)
    /// Reading a part failed while the form was sent: a stream part's stream failed or ended
    /// before its declared length, or a file part could not be read to its end.
    case inputStreamReadFailed(error: any Error)
  }

  /// Why a validator rejected a response.
  public enum ResponseValidationFailureReason: Sendable {
    /// The status code is not acceptable; the body is attached for diagnosis.
    case unacceptableStatusCode(code: Int, body: Data?)
    /// The response's `Content-Type` is not among the acceptable ones.
    case unacceptableContentType(acceptableContentTypes: [String], responseContentType: String)
    /// The response has a body but no `Content-Type`.
    case missingContentType(acceptableContentTypes: [String])
    /// `validate(errorType:)` mapped the body of a failed response into the error model.
    case errorResponse(statusCode: Int, model: any Error)
    /// A custom validator returned this error.
    case customValidationFailed(error: any Error)
  }

  /// Why a body could not be turned into the requested value.
  public enum ResponseSerializationFailureReason: Sendable {
    /// There was no body, and the status or method does not allow an empty one.
    case inputDataNilOrZeroLength
    /// The body is not text in this encoding.
    case stringSerializationFailed(encoding: String.Encoding)
    /// The body is not JSON; the error says where.
    case jsonSerializationFailed(error: JSONError)
    /// `keyPath` names nothing in the body.
    case keyPathNotFound(keyPath: String)
    /// The JSON does not map into the model; the error has the full path.
    case mappingFailed(error: MappingError)
    /// A `Decodable` could not be decoded.
    case decodingFailed(error: any Error)
    /// A custom serializer threw.
    case customSerializationFailed(error: any Error)
  }

  public var description: String {
    switch self {
    case .invalidURL(let text): "Invalid URL: '\(text)'"
    case .parameterEncodingFailed(let reason): "Parameter encoding failed: \(reason)"
    case .requestAdaptationFailed(let error): "Request adaptation failed: \(error)"
    case .transportFailed(let code, let message):
      "Transfer failed: \(code.explanation.map { "\($0) " } ?? "")(\(code): \(message))"
    case .responseTooLarge(let limit): "Response body exceeds the maximum of \(limit) bytes"
    case .responseValidationFailed(let reason): "Response validation failed: \(reason)"
    case .responseSerializationFailed(let reason): "Response serialization failed: \(reason)"
    case .explicitlyCancelled: "Request explicitly cancelled"
    case .requestRetryFailed(let retryError, let original):
      "Request retry failed with \(retryError); original error: \(original)"
    case .multipartEncodingFailed(let reason): "Multipart form encoding failed: \(reason)"
    case .downloadedFileMoveFailed(let error, let source, let destination):
      "Moving the download from \(source.path) to \(destination.path) failed: \(error)"
    case .sessionShutDown: "The session was shut down before the request started"
    }
  }

  /// A short, stable name of the case, for `error.type` in spans and metrics and for logs,
  /// which must not carry what `description` may quote (a body excerpt, a server's message).
  var telemetryName: String {
    switch self {
    case .invalidURL: "invalidURL"
    case .parameterEncodingFailed: "parameterEncodingFailed"
    case .requestAdaptationFailed: "requestAdaptationFailed"
    case .transportFailed(let code, _): "transportFailed(\(code.rawValue))"
    case .responseTooLarge: "responseTooLarge"
    case .responseValidationFailed: "responseValidationFailed"
    case .responseSerializationFailed: "responseSerializationFailed"
    case .explicitlyCancelled: "explicitlyCancelled"
    case .requestRetryFailed: "requestRetryFailed"
    case .multipartEncodingFailed: "multipartEncodingFailed"
    case .downloadedFileMoveFailed: "downloadedFileMoveFailed"
    case .sessionShutDown: "sessionShutDown"
    }
  }

  /// The same text as `description`: what failed, and the reason underneath.
  public var errorDescription: String? { description }

  /// The status code a validation failure is about, if any.
  public var responseCode: Int? {
    switch self {
    case .responseValidationFailed(.unacceptableStatusCode(let code, _)): code
    case .responseValidationFailed(.errorResponse(let code, _)): code
    default: nil
    }
  }

  /// libcurl's code for a transport failure.
  public var curlCode: CurlCode? {
    if case .transportFailed(let code, _) = self { return code }
    return nil
  }

  /// The error model `validate(errorType:)` mapped from a failed response's body.
  ///
  /// ```swift
  /// if let apiError = response.error?.errorModel(as: APIError.self) { print(apiError.message) }
  /// ```
  public func errorModel<Model>(as type: Model.Type) -> Model? {
    if case .responseValidationFailed(.errorResponse(_, let model)) = self {
      return model as? Model
    }
    return nil
  }

  /// The error underneath, such as a `JSONError`, `MappingError`, `DecodingError` or an
  /// adapter's error.
  public var underlyingError: (any Error)? {
    switch self {
    case .requestAdaptationFailed(let error): error
    case .parameterEncodingFailed(.jsonEncodingFailed(let error)): error
    case .responseValidationFailed(.customValidationFailed(let error)): error
    case .responseValidationFailed(.errorResponse(_, let model)): model
    case .responseSerializationFailed(.jsonSerializationFailed(let error)): error
    case .responseSerializationFailed(.mappingFailed(let error)): error
    case .responseSerializationFailed(.decodingFailed(let error)): error
    case .responseSerializationFailed(.customSerializationFailed(let error)): error
    case .requestRetryFailed(let error, _): error
    case .multipartEncodingFailed(.bodyPartFileNotReachableWithError(_, let error)): error
    case .multipartEncodingFailed(.inputStreamReadFailed(let error)): error
    case .downloadedFileMoveFailed(let error, _, _): error
    default: nil
    }
  }

  /// Whether this is `explicitlyCancelled`.
  public var isExplicitlyCancelledError: Bool {
    if case .explicitlyCancelled = self { return true }
    return false
  }
}

extension TransferError.ParameterEncodingFailureReason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .jsonEncodingFailed(let error): "JSON could not be encoded: \(error)"
    case .unsupportedValue(let key, let type): "value of '\(key)' (\(type)) cannot be URL-encoded"
    }
  }
}

extension TransferError.MultipartEncodingFailureReason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .bodyPartURLInvalid(let url): "the part's URL \(url) is not a file URL"
    case .bodyPartFileNotReachable(let url): "the part's file \(url.path) does not exist"
    case .bodyPartFileNotReachableWithError(let url, let error):
      "the part's file \(url.path) cannot be read: \(error)"
    case .bodyPartFileIsDirectory(let url): "the part's file \(url.path) is a directory"
    case .bodyPartFileSizeNotAvailable(let url):
      "the size of the part's file \(url.path) is unknown"
    case .inputStreamReadFailed(let error): "reading a part failed: \(error)"
    }
  }
}

extension TransferError.ResponseValidationFailureReason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .unacceptableStatusCode(let code, let body):
      "unacceptable status code \(code)" + (body.map { Self.preview($0) } ?? "")
    case .unacceptableContentType(let acceptable, let found):
      "Content-Type '\(found)' is not one of \(acceptable.joined(separator: ", "))"
    case .missingContentType(let acceptable):
      "the response has no Content-Type; acceptable: \(acceptable.joined(separator: ", "))"
    case .errorResponse(let code, let model): "status code \(code) with error body \(model)"
    case .customValidationFailed(let error): "\(error)"
    }
  }

  /// The first 120 bytes of a rejected body as text, so a log line shows what the server said.
  static func preview(_ body: Data) -> String {
    guard !body.isEmpty else { return "" }
    let head = String(decoding: body.prefix(120), as: UTF8.self)
      .replacingOccurrences(of: "\n", with: " ")
    return "; body: \(head)\(body.count > 120 ? "…" : "")"
  }
}

extension TransferError.ResponseSerializationFailureReason: CustomStringConvertible {
  public var description: String {
    switch self {
    case .inputDataNilOrZeroLength: "the response has no body"
    case .stringSerializationFailed(let encoding): "the body is not text in \(encoding)"
    case .jsonSerializationFailed(let error): "the body is not valid JSON: \(error)"
    case .keyPathNotFound(let keyPath): "the key path '\(keyPath)' names nothing in the body"
    case .mappingFailed(let error): "\(error)"
    case .decodingFailed(let error): "\(error)"
    case .customSerializationFailed(let error): "\(error)"
    }
  }
}
