import Dispatch

/// A request that sends a body from `Data`, a file, a stream or a multipart form, made by
/// `Session.upload`.
///
/// In Alamofire `UploadRequest` is a subclass of `DataRequest`; here it is the same class,
/// so every validator, response handler and `serializing…` task works on uploads unchanged.
///
/// ```swift
/// let user = try await session.upload(fileURL, to: "https://api.example.com/avatar")
///   .uploadProgress { print($0.fractionCompleted) }
///   .validate()
///   .serializingDecodable(User.self)
///   .value
/// ```
public typealias UploadRequest = DataRequest

extension DataRequest {
  /// Calls `closure` on `queue` (the request's serial queue by default) as the body is sent:
  /// bytes sent of the body's length (of -1 while a chunked body has not ended), then a last
  /// call whose total is what was sent.
  ///
  /// ```swift
  /// session.upload(fileURL, to: url)
  ///   .uploadProgress { progress in print("sent \(progress)") }
  ///   .response { print($0.response?.statusCode ?? 0) }
  /// ```
  ///
  /// Add it in the chain that makes the request: curl reports progress only to requests that
  /// asked before they started. A retry starts again from zero.
  @discardableResult
  public func uploadProgress(
    queue: DispatchQueue? = nil, closure: @escaping @Sendable (TransferProgress) -> Void
  ) -> Self {
    addProgressObserver(.upload, queue: queue ?? serializationQueue, closure)
    return self
  }

  /// Calls `closure` on `queue` (the request's serial queue by default) as the body arrives:
  /// bytes received of the `Content-Length` (-1 when the response has none).
  ///
  /// ```swift
  /// session.request(url)
  ///   .downloadProgress { progress in print("\(Int(progress.fractionCompleted * 100)) %") }
  ///   .responseData { print($0.data?.count ?? 0) }
  /// ```
  @discardableResult
  public func downloadProgress(
    queue: DispatchQueue? = nil, closure: @escaping @Sendable (TransferProgress) -> Void
  ) -> Self {
    addProgressObserver(.download, queue: queue ?? serializationQueue, closure)
    return self
  }

  /// The upload's progress as an async sequence that ends when the request does.
  ///
  /// ```swift
  /// let request = session.upload(fileURL, to: url)
  /// let progress = request.uploadProgress()
  /// request.resume()
  /// for await step in progress { print(step.fractionCompleted) }
  /// ```
  ///
  /// Ask for it before the request starts (before the first response handler, or call
  /// `resume()` after it), as with the closure form.
  public func uploadProgress(
    bufferingPolicy: AsyncStream<TransferProgress>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<TransferProgress> {
    progressStream(.upload, bufferingPolicy)
  }

  /// The download's progress as an async sequence that ends when the request does.
  ///
  /// ```swift
  /// let request = session.request(url)
  /// let progress = request.downloadProgress()
  /// request.resume()
  /// for await step in progress { print(step) }
  /// ```
  public func downloadProgress(
    bufferingPolicy: AsyncStream<TransferProgress>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<TransferProgress> {
    progressStream(.download, bufferingPolicy)
  }
}
