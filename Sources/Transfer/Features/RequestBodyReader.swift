import Foundation
import Synchronization

/// What curl's read callback gets from a body reader.
enum BodyRead {
  /// This many bytes were written into the buffer; 0 means the body has ended.
  case bytes(Int)
  /// Nothing yet: pause the upload until the reader's waker wakes it.
  case pause
  /// The body cannot be read: abort the transfer with this reason.
  case failure(String)
}

/// One attempt's request body, read by curl's read callback on the engine thread, for bodies
/// that are not held in memory (files, streams, multipart forms).
protocol RequestBodyReader: AnyObject {
  /// The body's length, or nil to send it chunked.
  var length: Int? { get }
  /// For readers that pause: wakes the transfer when bytes are ready.
  var waker: TransferWaker? { get }
  /// Fills the front of `buffer`.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> BodyRead
  /// The transfer has ended: release files and tasks.
  func close()
}

/// Reads an `InputStream` (a file's, or the caller's) as it is asked for bytes.
///
/// The read happens on the engine thread, so a stream that blocks (a pipe's) holds every
/// transfer of the session meanwhile; data that arrives over time belongs in an
/// `AsyncSequence` upload instead.
final class InputStreamBodyReader: RequestBodyReader {
  let length: Int?
  let waker: TransferWaker? = nil
  private let stream: InputStream

  init(stream: InputStream, length: Int?) {
    self.stream = stream
    self.length = length
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> BodyRead {
    if stream.streamStatus == .notOpen { stream.open() }
    guard let base = buffer.baseAddress, !buffer.isEmpty else { return .bytes(0) }
    let count = stream.read(base.assumingMemoryBound(to: UInt8.self), maxLength: buffer.count)
    if count < 0 {
      return .failure(
        "the body stream failed: \(stream.streamError.map { "\($0)" } ?? "unknown error")")
    }
    return .bytes(count)
  }

  func close() { stream.close() }
}

/// Hands out an `InputStream` once: a stream cannot be rewound, so a second attempt (a retry)
/// finds it taken and fails rather than send a truncated body.
final class OneShotStream: Sendable {
  // `InputStream` is not Sendable; the mutex hands it to exactly one taker.
  private nonisolated(unsafe) let stream: InputStream
  private let taken = Mutex(false)

  init(_ stream: InputStream) { self.stream = stream }

  func take() -> InputStream? {
    let first = taken.withLock { taken -> Bool in
      defer { taken = true }
      return !taken
    }
    return first ? stream : nil
  }
}

/// Where an upload's bytes come from; makes a fresh reader for each attempt.
enum UploadSource: Sendable {
  case file(URL)
  case stream(OneShotStream)
  case chunks(AsyncUploadChannel.Producer)
  case multipart(MultipartFormData)

  /// The reader for one attempt.
  func makeReader() throws(TransferError) -> any RequestBodyReader {
    switch self {
    case .file(let url):
      return try Self.fileReader(url)
    case .stream(let oneShot):
      guard let stream = oneShot.take() else { throw Self.notRewindable }
      return InputStreamBodyReader(stream: stream, length: nil)
    case .chunks(let producer):
      guard let channel = producer.start() else { throw Self.notRewindable }
      return channel
    case .multipart(let form):
      return try form.makeReader()
    }
  }

  static func fileReader(_ url: URL) throws(TransferError) -> InputStreamBodyReader {
    let size: Int
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
      guard (attributes[.type] as? FileAttributeType) != .typeDirectory else {
        throw CocoaError(.fileReadUnknown)
      }
      size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch {
      throw .transportFailed(
        code: .readError, message: "cannot read the file to upload at \(url.path)")
    }
    guard let stream = InputStream(url: url) else {
      throw .transportFailed(
        code: .readError, message: "cannot read the file to upload at \(url.path)")
    }
    return InputStreamBodyReader(stream: stream, length: size)
  }

  /// Why a retry of a stream upload fails: curl's "rewinding the body failed".
  static let notRewindable = TransferError.transportFailed(
    code: CurlCode(rawValue: 65),
    message: "the body stream was already sent and cannot be read again for another attempt")
}

extension CurlCode {
  /// `CURLE_READ_ERROR`: the request body could not be read.
  static let readError = CurlCode(rawValue: 26)
}
