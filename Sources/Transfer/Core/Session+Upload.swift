import Foundation
import Logging

extension Session {
  /// Sends `data` as the body of a request (a POST unless told otherwise).
  ///
  /// ```swift
  /// session.upload(Data(csv.utf8), to: "https://api.example.com/imports", method: .put,
  ///                headers: [.contentType("text/csv")])
  ///   .validate()
  ///   .responseJSON { print($0.result) }
  /// ```
  ///
  /// No `Content-Type` is sent unless `headers` has one.
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func upload(
    _ data: Data, to url: any URLConvertible, method: HTTPMethod = .post,
    headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
    logger: Logger? = nil
  ) -> UploadRequest {
    let make: @Sendable () throws(TransferError) -> HTTPRequest = {
      HTTPRequest(url: try url.asURL(), method: method, headers: headers ?? [], body: data)
    }
    return DataRequest(session: self, make: make, interceptor: interceptor, logger: logger)
  }

  /// Sends the file at `fileURL` as the body, read from disk as curl sends it (never loaded
  /// whole), with its size as `Content-Length`.
  ///
  /// ```swift
  /// let file = URL(fileURLWithPath: "/var/backups/db.tar.gz")
  /// session.upload(file, to: "https://backup.example.com/db", method: .put)
  ///   .uploadProgress { print($0) }
  ///   .validate()
  ///   .response { print($0.response?.statusCode ?? 0) }
  /// ```
  ///
  /// A file that cannot be read fails the request with `.transportFailed(code: 26, …)`
  /// (curl's read error). Each retry reads the file again from the start.
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func upload(
    _ fileURL: URL, to url: any URLConvertible, method: HTTPMethod = .post,
    headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
    logger: Logger? = nil
  ) -> UploadRequest {
    upload(
      .file(fileURL), to: url, method: method, headers: headers, interceptor: interceptor,
      logger: logger)
  }

  /// Sends what `stream` yields as the body, chunked (`Transfer-Encoding: chunked`) since its
  /// length is unknown.
  ///
  /// ```swift
  /// let stream = InputStream(data: payload)
  /// session.upload(stream, to: "https://api.example.com/ingest").response { print($0.result) }
  /// ```
  ///
  /// The stream is read on a thread of its own, up to 1 MiB ahead of what curl sends, so a
  /// stream that blocks for data (a pipe's) holds only this upload, never the session's other
  /// transfers. Its first 1 MiB is kept as it is read, so a 307/308 redirect or a retry sends
  /// it again; past that, they fail with `.transportFailed(code: 65, …)` (curl's "rewind
  /// failed").
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func upload(
    _ stream: InputStream, to url: any URLConvertible, method: HTTPMethod = .post,
    headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
    logger: Logger? = nil
  ) -> UploadRequest {
    upload(
      .stream(ReplayableStream(stream)), to: url, method: method, headers: headers,
      interceptor: interceptor, logger: logger)
  }

  /// Sends the byte chunks of an async sequence as the body, chunked, as they are produced.
  ///
  /// ```swift
  /// let (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
  /// let request = session.upload(chunks, to: "https://api.example.com/logs")
  /// request.response { print($0.response?.statusCode ?? 0) }
  /// continuation.yield(Array("line 1\n".utf8))
  /// continuation.yield(Array("line 2\n".utf8))
  /// continuation.finish()
  /// ```
  ///
  /// Both sides wait for each other: the sequence is not read further while 1 MiB is queued
  /// for sending, and the upload pauses (curl's `CURL_READFUNC_PAUSE`) while nothing is. A
  /// sequence that throws fails the request with `.transportFailed(code: 26, …)`; it is read
  /// once, so a retry fails with `.transportFailed(code: 65, …)`.
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func upload<Chunks: AsyncSequence & Sendable>(
    _ chunks: Chunks, to url: any URLConvertible, method: HTTPMethod = .post,
    headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
    logger: Logger? = nil
  ) -> UploadRequest where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
    upload(
      .chunks(AsyncUploadChannel.Producer(chunks)), to: url, method: method, headers: headers,
      interceptor: interceptor, logger: logger)
  }

  /// Sends the multipart form that `multipartFormData` fills, streamed part by part (files
  /// are read from disk as curl sends them), with the form's `Content-Type` and length.
  ///
  /// ```swift
  /// session.upload(multipartFormData: { form in
  ///   form.append(Data("Ada".utf8), withName: "name")
  ///   form.append(avatarURL, withName: "avatar")   // file name and type from the URL
  /// }, to: "https://api.example.com/profile")
  /// .validate()
  /// .responseDecodable(of: Profile.self) { print($0.result) }
  /// ```
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func upload(
    multipartFormData: (MultipartFormData) -> Void, to url: any URLConvertible,
    method: HTTPMethod = .post, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil, logger: Logger? = nil
  ) -> UploadRequest {
    let form = MultipartFormData()
    multipartFormData(form)
    return upload(
      multipartFormData: form, to: url, method: method, headers: headers, interceptor: interceptor,
      logger: logger)
  }

  /// Sends a multipart form built beforehand.
  ///
  /// ```swift
  /// let form = MultipartFormData()
  /// form.append(Data("2024".utf8), withName: "year")
  /// session.upload(multipartFormData: form, to: url).response { print($0.result) }
  /// ```
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func upload(
    multipartFormData form: MultipartFormData, to url: any URLConvertible,
    method: HTTPMethod = .post, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil, logger: Logger? = nil
  ) -> UploadRequest {
    var all = headers ?? []
    if all["Content-Type"] == nil { all.update(.contentType(form.contentType)) }
    return upload(
      .multipart(form), to: url, method: method, headers: all, interceptor: interceptor,
      logger: logger)
  }

  /// An upload whose body `source` supplies, read afresh for each attempt.
  private func upload(
    _ source: UploadSource, to url: any URLConvertible, method: HTTPMethod,
    headers: HTTPHeaders?, interceptor: (any RequestInterceptor)?, logger: Logger?
  ) -> UploadRequest {
    let make: @Sendable () throws(TransferError) -> HTTPRequest = {
      HTTPRequest(url: try url.asURL(), method: method, headers: headers ?? [])
    }
    return DataRequest(
      session: self, make: make, interceptor: interceptor, logger: logger, upload: source)
  }
}
