import Foundation

/// What a download's response handler gets: the request, the response, where the file is,
/// the data to resume from after a failure, curl's timings and the `result`.
///
/// ```swift
/// session.download(url, to: destination).responseURL { response in
///   switch response.result {
///   case .success(let file): print("saved to \(file.path)")
///   case .failure: retryLater(with: response.resumeData)
///   }
/// }
/// ```
public struct DownloadResponse<Success> {
  /// The request as sent (after adapters), if it was built.
  public let request: HTTPRequest?
  /// The final response, if one arrived.
  public let response: HTTPResponse?
  /// Where the body was saved: the destination, or the temporary file without one.
  public let fileURL: URL?
  /// What `Session.download(resumingWith:to:)` needs to go on from the bytes already on disk,
  /// when the download failed or was cancelled with `cancel(producingResumeData: true)`.
  public let resumeData: Data?
  /// curl's timings of the last attempt.
  public let metrics: TransferMetrics?
  /// How long the serializer took.
  public let serializationDuration: Duration
  /// The value, or why there is none.
  public let result: Result<Success, TransferError>

  /// The value on success.
  public var value: Success? { try? result.get() }

  /// The error on failure.
  public var error: TransferError? {
    if case .failure(let error) = result { return error }
    return nil
  }

  /// A response with another result, the rest kept.
  func with<Other>(_ result: Result<Other, TransferError>, took duration: Duration = .zero)
    -> DownloadResponse<Other>
  {
    DownloadResponse<Other>(
      request: request, response: response, fileURL: fileURL, resumeData: resumeData,
      metrics: metrics, serializationDuration: duration, result: result)
  }
}

extension DownloadResponse: Sendable where Success: Sendable {}
