import Foundation

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

/// Reads a file's `InputStream` as curl asks for bytes, on the engine thread (a file does
/// not block for long; a caller's stream, which may, is a `ReplayableStream`).
final class InputStreamBodyReader: RequestBodyReader {
  let length: Int?
  let waker: TransferWaker? = nil
  private let stream: InputStream

  init(stream: InputStream, length: Int?) {
    self.stream = stream
    self.length = length
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> BodyRead {
    // Safe: the bytes of a raw buffer are `UInt8`s (nothing binds them to another type).
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

/// Where an upload's bytes come from; makes a fresh reader for each attempt.
enum UploadSource: Sendable {
  case file(URL)
  case stream(ReplayableStream)
  case chunks(AsyncUploadChannel.Producer)
  case multipart(MultipartFormData)

  /// The reader for one attempt.
  func makeReader() throws(TransferError) -> any RequestBodyReader {
    switch self {
    case .file(let url):
      return try Self.fileReader(url)
    case .stream(let stream):
      return try stream.makeReader(length: nil, waker: TransferWaker())
    case .chunks(let producer):
      guard let channel = producer.start() else {
        throw .transportFailed(
          code: .rewindFailed,
          message: "the body's async sequence was already sent and cannot be read again")
      }
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
}

extension CurlCode {
  /// `CURLE_READ_ERROR`: the request body could not be read.
  static let readError = CurlCode(rawValue: 26)
  /// `CURLE_SEND_FAIL_REWIND`: the request body had to be sent again and could not be.
  static let rewindFailed = CurlCode(rawValue: 65)
}
