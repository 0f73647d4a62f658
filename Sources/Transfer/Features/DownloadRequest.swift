import Dispatch
import Foundation
import Logging

/// A request whose body is written to a file as it arrives, never held in memory, made by
/// `Session.download`.
///
/// ```swift
/// let destination: DownloadRequest.Destination = { _, _ in
///   (URL(fileURLWithPath: "/var/data/dump.json"), [.createIntermediateDirectories, .removePreviousFile])
/// }
/// session.download("https://example.com/dump.json", to: destination)
///   .downloadProgress { print($0) }
///   .validate()
///   .responseURL { print($0.result) }
/// ```
///
/// The body goes to a temporary file first; when the request succeeds the destination is
/// asked where to move it (error responses are moved too, as in Alamofire: validate to
/// reject them). A download that fails or is cancelled with `cancel(producingResumeData:
/// true)` keeps the bytes it has and offers `resumeData`, from which
/// `Session.download(resumingWith:to:)` asks for the rest with `Range: bytes=N-`.
/// Retries (an interceptor's) go on from the bytes on disk the same way.
public final class DownloadRequest: Sendable {
  /// What to do at the destination before the file is moved there.
  public struct Options: OptionSet, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// Options from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Creates the destination's missing parent directories.
    public static let createIntermediateDirectories = Options(rawValue: 1 << 0)
    /// Replaces a file already at the destination (without it, that fails the download).
    public static let removePreviousFile = Options(rawValue: 1 << 1)
  }

  /// Where a finished download goes: given the temporary file and the response, the
  /// destination and what to do there.
  public typealias Destination =
    @Sendable (_ temporaryURL: URL, _ response: HTTPResponse) -> (
      destinationURL: URL, options: Options
    )

  /// A destination in a directory of `domain`, named by the response's suggested file name
  /// (`Content-Disposition`'s, else the URL's last path component).
  ///
  /// ```swift
  /// session.download(url, to: DownloadRequest.suggestedDownloadDestination(for: .cachesDirectory))
  /// ```
  public static func suggestedDownloadDestination(
    for directory: FileManager.SearchPathDirectory = .documentDirectory,
    in domain: FileManager.SearchPathDomainMask = .userDomainMask, options: Options = []
  ) -> Destination {
    { temporaryURL, response in
      let base =
        FileManager.default.urls(for: directory, in: domain).first
        ?? temporaryURL.deletingLastPathComponent()
      return (base.appendingPathComponent(suggestedFilename(for: response)), options)
    }
  }

  /// The underlying request: `cURLDescription()`, `retryCount`, `metrics`.
  public let dataRequest: DataRequest
  private let download: DownloadState

  init(
    session: Session, make: @escaping @Sendable () throws(TransferError) -> HTTPRequest,
    interceptor: (any RequestInterceptor)?, destination: Destination?, resume: ResumeData?,
    logger: Logger? = nil
  ) {
    let download = DownloadState(destination: destination, resume: resume)
    self.download = download
    dataRequest = DataRequest(
      session: session,
      make: { () throws(TransferError) -> HTTPRequest in download.prepare(try make()) },
      interceptor: interceptor, logger: logger, bodyHandling: { download.bodyHandling() })
  }

  // MARK: What is known so far

  /// Where the file is once the download has ended well.
  public var fileURL: URL? { download.finished?.fileURL }
  /// The data to resume from, once the download has failed or was cancelled producing it.
  public var resumeData: Data? { download.finished?.resumeData }
  /// The final response, once the request has ended.
  public var response: HTTPResponse? { dataRequest.response }

  // MARK: Control

  /// Starts the download if it has not started; adding a response handler does this.
  @discardableResult
  public func resume() -> Self {
    dataRequest.resume()
    return self
  }

  /// Stops the download.
  ///
  /// With `producingResumeData`, the bytes on disk are kept and the
  /// response's `resumeData` lets `Session.download(resumingWith:to:)` go on from them;
  /// without it they are deleted.
  ///
  /// ```swift
  /// let request = session.download(url, to: destination)
  /// request.cancel(producingResumeData: true)
  /// let resumeData = await request.serializingDownloadedFileURL().response.resumeData
  /// ```
  @discardableResult
  public func cancel(producingResumeData: Bool = false) -> Self {
    download.keepOnCancel(producingResumeData)
    dataRequest.cancel()
    return self
  }

  /// Cancels and hands the resume data (nil when there is none) to `completionHandler`.
  ///
  /// ```swift
  /// request.cancel { resumeData in saved = resumeData }
  /// ```
  public func cancel(byProducingResumeData completionHandler: @escaping @Sendable (Data?) -> Void) {
    cancel(producingResumeData: true)
    response { completionHandler($0.resumeData) }
  }

  // MARK: Validation and progress

  /// Fails the download unless the status is in 200..<300 (the body still goes to the file).
  @discardableResult
  public func validate() -> Self {
    dataRequest.validate()
    return self
  }

  /// Fails the download unless the status is one of `acceptable`.
  @discardableResult
  public func validate<Codes: Sequence & Sendable>(statusCode acceptable: Codes) -> Self
  where Codes.Element == Int {
    dataRequest.validate(statusCode: acceptable)
    return self
  }

  /// Calls `closure` as the body arrives: bytes received in this attempt of its
  /// `Content-Length` (a resumed download counts from where it resumed).
  ///
  /// ```swift
  /// session.download(url).downloadProgress { print($0.fractionCompleted) }.responseURL { _ in }
  /// ```
  @discardableResult
  public func downloadProgress(
    queue: DispatchQueue? = nil, closure: @escaping @Sendable (TransferProgress) -> Void
  ) -> Self {
    dataRequest.downloadProgress(queue: queue, closure: closure)
    return self
  }

  /// The download's progress as an async sequence that ends when the request does.
  ///
  /// ```swift
  /// let request = session.download(url)
  /// let progress = request.downloadProgress()
  /// request.resume()
  /// for await step in progress { print(step) }
  /// ```
  public func downloadProgress(
    bufferingPolicy: AsyncStream<TransferProgress>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<TransferProgress> {
    dataRequest.downloadProgress(bufferingPolicy: bufferingPolicy)
  }

  // MARK: Handlers

  /// Calls `completionHandler` with where the file is (nil when the download failed).
  ///
  /// ```swift
  /// session.download(url, to: destination).response { print($0.fileURL as Any, $0.error as Any) }
  /// ```
  @discardableResult
  public func response(
    queue: DispatchQueue? = nil,
    completionHandler: @escaping @Sendable (DownloadResponse<URL?>) -> Void
  ) -> Self {
    onEnd(queue: queue) { response in completionHandler(response) }
  }

  /// Calls `completionHandler` with the file's URL, or the error.
  ///
  /// ```swift
  /// session.download(url, to: destination).validate().responseURL { print($0.result) }
  /// ```
  @discardableResult
  public func responseURL(
    queue: DispatchQueue? = nil,
    completionHandler: @escaping @Sendable (DownloadResponse<URL>) -> Void
  ) -> Self {
    onEnd(queue: queue) { response in
      completionHandler(response.with(response.result.map { $0! }))
    }
  }

  /// Reads the downloaded file and hands it to `responseSerializer` (`DataResponseSerializer`,
  /// `DecodableResponseSerializer`, …), for downloads small enough to read back.
  ///
  /// ```swift
  /// session.download(url).response(responseSerializer: DecodableResponseSerializer<Report>()) {
  ///   print($0.value as Any)
  /// }
  /// ```
  @discardableResult
  public func response<Serializer: ResponseSerializer>(
    queue: DispatchQueue? = nil, responseSerializer: Serializer,
    completionHandler: @escaping @Sendable (DownloadResponse<Serializer.SerializedObject>) -> Void
  ) -> Self {
    onEnd(queue: queue) { response in
      var outcome = RequestOutcome(
        request: response.request, response: response.response, error: response.error)
      if let file = response.fileURL, response.error == nil {
        do {
          outcome.data = try Data(contentsOf: file)
        } catch {
          outcome.error = .transportFailed(
            code: .writeError, message: "cannot read the download at \(file.path): \(error)")
        }
      }
      let serialized = DataRequest.serialize(outcome, with: responseSerializer)
      completionHandler(
        response.with(serialized.result, took: serialized.serializationDuration))
    }
  }

  /// The file's URL (or the error) with async/await.
  ///
  /// ```swift
  /// let file = try await session.download(url, to: destination).serializingDownloadedFileURL().value
  /// ```
  public func serializingDownloadedFileURL() -> DownloadTask<URL> {
    DownloadTask(request: self) { continuation in
      self.responseURL { continuation.resume(returning: $0) }
    }
  }

  /// Runs `handler` on `queue` (the request's serial queue by default) with the download's
  /// end, which is worked out once however many handlers there are.
  private func onEnd(
    queue: DispatchQueue?, _ handler: @escaping @Sendable (DownloadResponse<URL?>) -> Void
  ) -> Self {
    let target = queue ?? dataRequest.serializationQueue
    let first = download.addWaiter { response in target.async { handler(response) } }
    if first {
      dataRequest.response { [download] raw in download.complete(raw) }
    }
    return self
  }

  /// A file name from `Content-Disposition` (`filename*` in UTF-8, else `filename`), else
  /// the URL's last path component; only its last path component, so that a name such as
  /// `../../etc/passwd` cannot leave the directory.
  static func suggestedFilename(for response: HTTPResponse) -> String {
    var name: String?
    if let disposition = response.headers["Content-Disposition"] {
      for parameter in disposition.split(separator: ";").dropFirst() {
        let pair = parameter.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard pair.count == 2 else { continue }
        switch pair[0].lowercased() {
        case "filename*":
          let parts = pair[1].split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
          if parts.count == 3, parts[0].lowercased() == "utf-8" {
            name = String(parts[2]).removingPercentEncoding ?? name
          }
        case "filename" where name == nil:
          name = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        default: break
        }
      }
    }
    let candidate =
      (name ?? response.url?.lastPathComponent ?? "")
      .split(separator: "/").last.map(String.init) ?? ""
    return candidate.isEmpty || candidate == "." || candidate == ".." ? "download" : candidate
  }
}

/// A download's `async` handle, as `DataTask` is a data request's.
///
/// ```swift
/// let task = session.download(url, to: destination).serializingDownloadedFileURL()
/// let file = try await task.value
/// ```
public struct DownloadTask<Value: Sendable>: Sendable {
  private let request: DownloadRequest
  private let start: @Sendable (CheckedContinuation<DownloadResponse<Value>, Never>) -> Void

  init(
    request: DownloadRequest,
    start: @escaping @Sendable (CheckedContinuation<DownloadResponse<Value>, Never>) -> Void
  ) {
    self.request = request
    self.start = start
  }

  /// The whole response; cancelling the awaiting task cancels the download.
  public var response: DownloadResponse<Value> {
    get async {
      await withTaskCancellationHandler {
        await withCheckedContinuation { start($0) }
      } onCancel: {
        request.cancel()
      }
    }
  }

  /// The value, or the `TransferError` that ended the download.
  public var value: Value {
    get async throws(TransferError) { try await response.result.get() }
  }

  /// Cancels the download.
  public func cancel() { request.cancel() }
}
