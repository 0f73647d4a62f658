import Foundation
import Logging

extension Session {
  /// Starts a download: the body is written to a file as it arrives, then moved to where
  /// `destination` says (without one, it stays in a temporary file; see `fileURL`).
  ///
  /// ```swift
  /// let destination = DownloadRequest.suggestedDownloadDestination(
  ///   for: .cachesDirectory, options: [.removePreviousFile, .createIntermediateDirectories])
  /// let file = try await session.download("https://example.com/export.csv", to: destination)
  ///   .validate()
  ///   .serializingDownloadedFileURL()
  ///   .value
  /// ```
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func download(
    _ url: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
    encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil,
    to destination: DownloadRequest.Destination? = nil,
    logger: Logger? = nil
  ) -> DownloadRequest {
    DownloadRequest(
      session: self,
      make: Self.builder(
        url, method: method, parameters: parameters, encoding: encoding, headers: headers),
      interceptor: interceptor, destination: destination, resume: nil, logger: logger)
  }

  /// Goes on with a download that failed or was cancelled, from the `resumeData` it left:
  /// asks for the missing bytes (`Range: bytes=N-`, `If-Range` with the validator it saw)
  /// and appends them to the partial file when the server answers 206; a 200 (the server
  /// ignores ranges, or the resource changed) writes the file anew.
  ///
  /// ```swift
  /// let first = await session.download(url).serializingDownloadedFileURL().response
  /// if let resumeData = first.resumeData {
  ///   let file = try await session.download(resumingWith: resumeData, to: destination)
  ///     .serializingDownloadedFileURL().value
  /// }
  /// ```
  ///
  /// Data that is not resume data fails the request with `.transportFailed(code: 36, …)`
  /// (curl's "bad download resume").
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func download(
    resumingWith resumeData: Data, interceptor: (any RequestInterceptor)? = nil,
    to destination: DownloadRequest.Destination? = nil, logger: Logger? = nil
  ) -> DownloadRequest {
    let parsed = Result { () throws(TransferError) in try ResumeData(resumeData) }
    let make: @Sendable () throws(TransferError) -> HTTPRequest = {
      HTTPRequest(url: try parsed.get().url)
    }
    return DownloadRequest(
      session: self, make: make, interceptor: interceptor, destination: destination,
      resume: try? parsed.get(), logger: logger)
  }
}
