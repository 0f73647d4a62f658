import Foundation
import Threading

/// What `Session.download(resumingWith:to:)` reads: the URL, the partial file, how many of
/// its bytes are good and the validator that `If-Range` sends, as JSON.
///
/// Opaque to callers,
/// as URLSession's resume data is.
struct ResumeData: Codable, Sendable {
  static let currentFormat = "jsonkit.download.1"
  var format = currentFormat
  var url: URL
  var file: String
  var bytes: Int64
  var validator: String?

  init(url: URL, file: String, bytes: Int64, validator: String?) {
    self.url = url
    self.file = file
    self.bytes = bytes
    self.validator = validator
  }

  /// Parsed resume data, or curl's "bad download resume" for anything else.
  init(_ data: Data) throws(TransferError) {
    guard let decoded = try? JSONDecoder().decode(ResumeData.self, from: data),
      decoded.format == Self.currentFormat
    else {
      throw .transportFailed(
        code: CurlCode(rawValue: 36), message: "the resume data is not from a Transfer download")
    }
    self = decoded
  }

  var encoded: Data { (try? JSONEncoder().encode(self)) ?? Data() }
}

/// The file side of one download across its attempts: the temporary file, the offset the
/// next attempt asks for, and the end worked out once for every handler.
final class DownloadState: Sendable {
  private struct State {
    var temporaryURL: URL
    /// Good bytes already in the file: the next attempt asks for the rest.
    var offset: Int64 = 0
    var validator: String?
    var sink: DownloadSink?
    var keepOnCancel = false
    var waiters: [@Sendable (DownloadResponse<URL?>) -> Void] = []
    var registered = false
    var finished: DownloadResponse<URL?>?
  }

  private let destination: DownloadRequest.Destination?
  /// The resume data this download started from, handed back if it ends before any attempt.
  private let resume: ResumeData?
  private let state: Locked<State>

  init(destination: DownloadRequest.Destination?, resume: ResumeData?) {
    self.destination = destination
    self.resume = resume
    var initial = State(
      temporaryURL: FileManager.default.temporaryDirectory
        .appendingPathComponent("JSONKit-Download-\(UUID().uuidString).tmp"))
    if let resume {
      initial.temporaryURL = URL(fileURLWithPath: resume.file)
      let size = (try? FileManager.default.attributesOfItem(atPath: resume.file))?[.size]
      // A file shorter than the resume data says cannot be trusted: start over.
      if let size = size as? NSNumber, size.int64Value >= resume.bytes {
        initial.offset = resume.bytes
        initial.validator = resume.validator
      }
    }
    state = Locked(initial)
  }

  var finished: DownloadResponse<URL?>? { state.withLock { $0.finished } }

  func keepOnCancel(_ keep: Bool) { state.withLock { $0.keepOnCancel = keep } }

  /// Before each attempt: settles the last attempt's file and asks for what is missing.
  func prepare(_ request: HTTPRequest) -> HTTPRequest {
    var request = request
    let (offset, validator) = state.withLock { state -> (Int64, String?) in
      if let last = state.sink {
        last.close()
        state.offset = last.resumable ? last.fileSize : 0
        state.validator = last.validator
        state.sink = nil
      }
      return (state.offset, state.validator)
    }
    if offset > 0 {
      request.headers.update(name: "Range", value: "bytes=\(offset)-")
      // The rest only if the resource is unchanged; otherwise the server sends it whole (200).
      if let validator { request.headers.update(name: "If-Range", value: validator) }
    }
    return request
  }

  /// One attempt's body handling: every chunk to the file, none in memory.
  func bodyHandling() -> CurlTransfer.BodyHandling {
    let sink = state.withLock { state in
      let sink = DownloadSink(url: state.temporaryURL, offset: state.offset)
      state.sink = sink
      return sink
    }
    var handling = CurlTransfer.BodyHandling(buffer: false, parseJSON: false) { chunk, _ in
      sink.write(chunk)
    }
    handling.onResponse = { status, headers in sink.open(status: status, headers: headers) }
    return handling
  }

  /// Registers a handler for the end; true for the first, which must start the request.
  func addWaiter(_ waiter: @escaping @Sendable (DownloadResponse<URL?>) -> Void) -> Bool {
    let (finished, first) = state.withLock { state -> (DownloadResponse<URL?>?, Bool) in
      if let finished = state.finished { return (finished, false) }
      state.waiters.append(waiter)
      defer { state.registered = true }
      return (nil, !state.registered)
    }
    if let finished { waiter(finished) }
    return first
  }

  /// The request has ended: moves the file to its destination, or keeps it for resuming.
  func complete(_ raw: TransferResponse<Data?>) {
    let (sink, temporaryURL, keepOnCancel) = state.withLock {
      ($0.sink, $0.temporaryURL, $0.keepOnCancel)
    }
    sink?.close()
    var error = raw.error
    if let failure = sink?.failure { error = .transportFailed(code: .writeError, message: failure) }
    var fileURL: URL?
    var resumeData: Data?
    // A body over `maximumResponseSize` is kept neither as a file nor as resume data: asking
    // for the rest would only bring more of what the limit refuses.
    var tooLarge = false
    if case .responseTooLarge? = error { tooLarge = true }
    let keepsFile = !tooLarge && (error?.isExplicitlyCancelledError != true || keepOnCancel)
    let transferred: Bool
    switch error {
    case nil, .responseValidationFailed?: transferred = raw.response != nil
    default: transferred = false
    }
    if transferred, let response = raw.response {
      if sink?.opened != true {
        // No body: the file is empty (and a partial one from before is replaced).
        _ = FileManager.default.createFile(atPath: temporaryURL.path, contents: nil)
      }
      do {
        fileURL = try move(temporaryURL, response: response)
      } catch let failure {
        error = error ?? failure
      }
    } else if let sink, sink.resumable, sink.fileSize > 0, keepsFile, let url = raw.request?.url {
      resumeData =
        ResumeData(
          url: url, file: temporaryURL.path, bytes: sink.fileSize, validator: sink.validator
        ).encoded
    } else if sink == nil, let resume, keepsFile {
      resumeData = resume.encoded  // ended before an attempt: the partial file is as it was
    } else {
      try? FileManager.default.removeItem(at: temporaryURL)
    }
    let response = DownloadResponse<URL?>(
      request: raw.request, response: raw.response, fileURL: fileURL, resumeData: resumeData,
      metrics: raw.metrics, serializationDuration: .zero,
      result: error.map { .failure($0) } ?? .success(fileURL))
    let waiters = state.withLock { state in
      state.finished = response
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter(response) }
  }

  private func move(_ temporaryURL: URL, response: HTTPResponse) throws(TransferError) -> URL {
    guard let destination else { return temporaryURL }
    let (target, options) = destination(temporaryURL, response)
    do {
      let files = FileManager.default
      if options.contains(.createIntermediateDirectories) {
        try files.createDirectory(
          at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      }
      if options.contains(.removePreviousFile), files.fileExists(atPath: target.path) {
        try files.removeItem(at: target)
      }
      try files.moveItem(at: temporaryURL, to: target)
      return target
    } catch {
      throw .downloadedFileMoveFailed(error: error, source: temporaryURL, destination: target)
    }
  }
}

/// One attempt's file writer.
///
/// `@unchecked Sendable`: the engine thread uses it while the
/// transfer runs, then the completion after it has ended (ordered by the dispatch between).
final class DownloadSink: @unchecked Sendable {
  // Safe: the engine thread uses it while the transfer runs, the completion only after it ended
  // (above).
  private let url: URL
  private let requestedOffset: Int64
  private var handle: FileHandle?
  private let closing = Locked(false)
  private(set) var opened = false
  /// Bytes in the file that belong to the resource, from its start.
  private(set) var fileSize: Int64 = 0
  /// Whether the file holds a prefix of the resource (a 200 or 206 response).
  private(set) var resumable = false
  private(set) var validator: String?
  private(set) var failure: String?

  init(url: URL, offset: Int64) {
    self.url = url
    requestedOffset = offset
  }

  /// Appends to the file when the server sent the range asked for (206 from the offset);
  /// anything else (a 200 to a range request, an error page) starts the file over.
  func open(status: Int, headers: HTTPHeaders) {
    opened = true
    let append = requestedOffset > 0 && status == 206 && Self.rangeStart(headers) == requestedOffset
    do {
      if !FileManager.default.fileExists(atPath: url.path) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
          throw CocoaError(.fileWriteUnknown)
        }
      }
      let handle = try FileHandle(forWritingTo: url)
      try handle.truncate(atOffset: append ? UInt64(requestedOffset) : 0)
      try handle.seekToEnd()
      self.handle = handle
      fileSize = append ? requestedOffset : 0
    } catch {
      failure = "cannot write the download to \(url.path): \(error)"
    }
    resumable = status == 200 || status == 206
    // A weak ETag cannot be used in If-Range (RFC 9110 §13.1.5); Last-Modified can.
    validator =
      headers["ETag"].flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? headers["Last-Modified"]
  }

  func write(_ chunk: UnsafeRawBufferPointer) -> CurlTransfer.ChunkDecision {
    // Safe: `Data` only reads the bytes (`bytesNoCopy`, no deallocator) and is gone before the call
    // returns.
    guard let handle, failure == nil, let base = chunk.baseAddress else {
      return chunk.isEmpty ? .consumed : .abort
    }
    do {
      try handle.write(
        contentsOf: Data(
          bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: chunk.count,
          deallocator: .none))
      fileSize += Int64(chunk.count)
      return .consumed
    } catch {
      failure = "cannot write the download to \(url.path): \(error)"
      return .abort
    }
  }

  /// Closes the file once.
  ///
  /// The completion and the next attempt's `prepare` may both get here,
  /// on different threads (a cancellation while a retry starts): the handle is taken under
  /// a lock, so its descriptor is never closed twice (a second `close(2)` of the number
  /// would close whatever the process opened with it since, another connection's socket).
  func close() {
    let taken = closing.withLock { closed -> FileHandle? in
      defer { closed = true }
      return closed ? nil : handle
    }
    try? taken?.close()
  }

  /// The first byte position of `Content-Range: bytes first-last/length`.
  private static func rangeStart(_ headers: HTTPHeaders) -> Int64? {
    guard let range = headers["Content-Range"], range.lowercased().hasPrefix("bytes ") else {
      return nil
    }
    return range.dropFirst(6).split(separator: "-").first.flatMap {
      Int64($0.trimmingCharacters(in: .whitespaces))
    }
  }
}
