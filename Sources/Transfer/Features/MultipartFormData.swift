import Foundation
import Threading

/// A `multipart/form-data` body (RFC 7578) of data, file and stream parts, with Alamofire's
/// names, for `Session.upload(multipartFormData:to:)`.
///
/// ```swift
/// session.upload(multipartFormData: { form in
///   form.append(Data("Ada".utf8), withName: "name")
///   form.append(URL(fileURLWithPath: "/tmp/avatar.png"), withName: "avatar")
///   form.append(report, withName: "report", fileName: "q3.pdf", mimeType: "application/pdf")
/// }, to: "https://api.example.com/profile")
/// .responseJSON { print($0.result) }
/// ```
///
/// The upload streams the form: each part's header is written as curl asks for bytes, and
/// file and stream parts are read as they are sent, so a large file is never in memory.
/// `encode()` builds the whole body as `Data`, for small forms and tests. A file that
/// cannot be read or a stream that fails makes the upload (or `encode()`) fail with
/// `TransferError.multipartEncodingFailed`, whose reason names the file, as Alamofire's does.
public final class MultipartFormData: Sendable {
  /// The boundary between parts: random, so that no part's bytes contain it by chance.
  public let boundary: String
  private let parts = Locked<[Part]>([])
  private let failure = Locked<TransferError?>(nil)

  /// An empty form.
  ///
  /// ```swift
  /// let form = MultipartFormData()
  /// let fixed = MultipartFormData(boundary: "test.boundary")
  /// ```
  ///
  /// - Parameter boundary: the boundary to use; random unless given.
  public init(boundary: String? = nil) {
    self.boundary =
      boundary ?? "jsonkit.boundary." + String(UInt64.random(in: .min ... .max), radix: 16)
  }

  /// `multipart/form-data; boundary=…`, the request's `Content-Type`.
  public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

  /// The length of the encoded body in bytes.
  public var contentLength: UInt64 {
    let all = parts.withLock { $0 }
    var total = UInt64(finalBoundary.utf8.count)
    for (index, part) in all.enumerated() {
      total += UInt64(header(for: part, first: index == 0).utf8.count) + part.length
    }
    return total
  }

  // MARK: Appending parts

  /// Appends a part holding `data`.
  ///
  /// ```swift
  /// form.append(Data("Ada".utf8), withName: "name")
  /// form.append(json, withName: "metadata", mimeType: "application/json")
  /// form.append(pixels, withName: "image", fileName: "scan.png", mimeType: "image/png")
  /// ```
  ///
  /// - Parameters:
  ///   - data: the part's bytes.
  ///   - name: the form field's name.
  ///   - fileName: sent as the part's `filename`, for file fields.
  ///   - mimeType: the part's `Content-Type`; none when nil (text, by RFC 7578).
  public func append(
    _ data: Data, withName name: String, fileName: String? = nil, mimeType: String? = nil
  ) {
    let headers = Self.headers(name: name, fileName: fileName, mimeType: mimeType)
    add(Part(headers: headers, content: .data(data), length: UInt64(data.count)))
  }

  /// Appends the file at `fileURL`, named by its last path component, with the MIME type
  /// its extension calls for (`application/octet-stream` for one not known).
  ///
  /// ```swift
  /// form.append(URL(fileURLWithPath: "/tmp/avatar.png"), withName: "avatar")   // image/png
  /// ```
  public func append(_ fileURL: URL, withName name: String) {
    append(
      fileURL, withName: name, fileName: fileURL.lastPathComponent,
      mimeType: Self.mimeType(forPathExtension: fileURL.pathExtension))
  }

  /// Appends the file at `fileURL` with the given file name and MIME type.
  ///
  /// Its bytes are
  /// read when the form is sent; its size is taken now.
  ///
  /// ```swift
  /// form.append(exportURL, withName: "export", fileName: "users.csv", mimeType: "text/csv")
  /// ```
  public func append(_ fileURL: URL, withName name: String, fileName: String, mimeType: String) {
    let headers = Self.headers(name: name, fileName: fileName, mimeType: mimeType)
    do throws(TransferError) {
      let size = try Self.checkFile(fileURL)
      add(Part(headers: headers, content: .file(fileURL), length: size))
    } catch {
      // The first problem fails the upload when it is sent, as Alamofire's form does.
      failure.withLock { $0 = $0 ?? error }
    }
  }

  /// Just before sending: the file may be gone or unreadable since it was appended.
  ///
  /// Opening
  /// it is the one check that also answers for permissions.
  private static func checkReadable(_ url: URL) throws(TransferError) {
    do {
      try FileHandle(forReadingFrom: url).close()
    } catch {
      throw .multipartEncodingFailed(
        reason: .bodyPartFileNotReachableWithError(atURL: url, error: error))
    }
  }

  /// The size of a file part's file, or why it cannot be a part.
  private static func checkFile(_ url: URL) throws(TransferError) -> UInt64 {
    guard url.isFileURL else {
      throw .multipartEncodingFailed(reason: .bodyPartURLInvalid(url: url))
    }
    let files = FileManager.default
    var isDirectory: ObjCBool = false
    guard files.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
      throw .multipartEncodingFailed(reason: .bodyPartFileNotReachable(at: url))
    }
    guard !isDirectory.boolValue else {
      throw .multipartEncodingFailed(reason: .bodyPartFileIsDirectory(at: url))
    }
    guard files.isReadableFile(atPath: url.path) else {
      throw .multipartEncodingFailed(
        reason: .bodyPartFileNotReachableWithError(
          atURL: url,
          error: CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: url.path])))
    }
    let attributes: [FileAttributeKey: Any]
    do {
      attributes = try files.attributesOfItem(atPath: url.path)
    } catch {
      throw .multipartEncodingFailed(
        reason: .bodyPartFileNotReachableWithError(atURL: url, error: error))
    }
    guard let size = attributes[.size] as? NSNumber else {
      throw .multipartEncodingFailed(reason: .bodyPartFileSizeNotAvailable(at: url))
    }
    return size.uint64Value
  }

  /// Appends `length` bytes read from `stream` when the form is sent.
  ///
  /// The stream is read
  /// once; up to 1 MiB of it is kept so that a redirect (307/308) or a retry can send the
  /// form again (past that, they fail with `.transportFailed(code: 65, …)`).
  ///
  /// ```swift
  /// form.append(InputStream(data: blob), withLength: UInt64(blob.count), name: "blob",
  ///             fileName: "blob.bin", mimeType: "application/octet-stream")
  /// ```
  public func append(
    _ stream: InputStream, withLength length: UInt64, name: String, fileName: String,
    mimeType: String
  ) {
    let headers = Self.headers(name: name, fileName: fileName, mimeType: mimeType)
    append(stream, withLength: length, headers: headers)
  }

  /// Appends `length` bytes read from `stream` with the part header fields given whole.
  ///
  /// ```swift
  /// form.append(stream, withLength: 5, headers: [
  ///   HTTPHeader(name: "Content-Disposition", value: #"form-data; name="note""#)])
  /// ```
  public func append(_ stream: InputStream, withLength length: UInt64, headers: HTTPHeaders) {
    add(Part(headers: headers, content: .stream(ReplayableStream(stream)), length: length))
  }

  // MARK: Encoding

  /// The whole body in memory.
  ///
  /// ```swift
  /// let body = try form.encode()
  /// #expect(UInt64(body.count) == form.contentLength)
  /// ```
  ///
  /// - Throws: `.multipartEncodingFailed` when a file part cannot be read or a stream part
  ///   fails or ends early.
  public func encode() throws(TransferError) -> Data {
    let reader = try makeReader()
    defer { reader.close() }
    var body = Data()
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let read = chunk.withUnsafeMutableBytes { reader.read(into: $0) }
      switch read {
      case .bytes(0): return body
      case .bytes(let count): body.append(contentsOf: chunk[0..<count])
      case .failure(let reason):
        throw .multipartEncodingFailed(
          reason: .inputStreamReadFailed(error: BodyReadError(reason: reason)))
      case .pause:
        // A stream part's thread has not read its next bytes yet; nothing can wake this
        // synchronous call, so it looks again shortly.
        Thread.sleep(forTimeInterval: 0.001)
      }
    }
  }

  /// A reader of the encoded body for one attempt.
  func makeReader() throws(TransferError) -> any RequestBodyReader {
    if let failure = failure.withLock({ $0 }) { throw failure }
    let all = parts.withLock { $0 }
    var segments: [MultipartBodyReader.Segment] = []
    // Stream parts are read on threads of their own and wake the upload through this.
    let waker = TransferWaker()
    for (index, part) in all.enumerated() {
      segments.append(.bytes(Data(header(for: part, first: index == 0).utf8)))
      switch part.content {
      case .data(let data): segments.append(.bytes(data))
      case .file(let url):
        try Self.checkReadable(url)
        segments.append(.stream(try UploadSource.fileReader(url), length: part.length, url.path))
      case .stream(let stream):
        segments.append(
          .stream(
            try stream.makeReader(length: Int(part.length), waker: waker), length: part.length,
            "stream part"))
      }
    }
    segments.append(.bytes(Data(finalBoundary.utf8)))
    return MultipartBodyReader(segments: segments, length: Int(contentLength), waker: waker)
  }

  // MARK: Layout

  private struct Part: Sendable {
    enum Content: Sendable {
      case data(Data)
      case file(URL)
      case stream(ReplayableStream)
    }
    var headers: HTTPHeaders
    var content: Content
    var length: UInt64
  }

  private func add(_ part: Part) { parts.withLock { $0.append(part) } }

  /// The boundary line before a part and the part's header fields: the first boundary has no
  /// CRLF before it, later ones end the previous part's body with one.
  private func header(for part: Part, first: Bool) -> String {
    var text = (first ? "" : "\r\n") + "--\(boundary)\r\n"
    for field in part.headers { text += "\(field.name): \(field.value)\r\n" }
    return text + "\r\n"
  }

  private var finalBoundary: String { "\r\n--\(boundary)--\r\n" }

  private static func headers(name: String, fileName: String?, mimeType: String?) -> HTTPHeaders {
    var disposition = "form-data; name=\"\(escape(name))\""
    if let fileName { disposition += "; filename=\"\(escape(fileName))\"" }
    var headers: HTTPHeaders = [HTTPHeader(name: "Content-Disposition", value: disposition)]
    if let mimeType { headers.add(name: "Content-Type", value: mimeType) }
    return headers
  }

  /// A quoted-string parameter as browsers write it (WHATWG HTML's form encoding): `"`, CR
  /// and LF percent-encoded, so a name cannot end the parameter or the header line.
  ///
  /// Scalar by scalar: `replacingOccurrences(of:with:)` matches whole composed character
  /// sequences, so it left a CR followed by a combining mark (`"\r\u{746}"`) in the header
  /// as a raw CR (found by FuzzMultipart).
  private static func escape(_ text: String) -> String {
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"", "\r", "\n":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        escaped.append(contentsOf: "%\(hex.count == 1 ? "0" : "")\(hex)".unicodeScalars)
      default: escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// The MIME type for a file name extension; `application/octet-stream` when not known.
  ///
  /// ```swift
  /// MultipartFormData.mimeType(forPathExtension: "png")   // "image/png"
  /// ```
  public static func mimeType(forPathExtension pathExtension: String) -> String {
    mimeTypes[pathExtension.lowercased()] ?? "application/octet-stream"
  }

  // Foundation on Linux has no UTType; the common types of uploads, by extension.
  private static let mimeTypes: [String: String] = [
    "json": "application/json", "txt": "text/plain", "text": "text/plain", "csv": "text/csv",
    "html": "text/html", "htm": "text/html", "css": "text/css", "xml": "application/xml",
    "js": "text/javascript", "md": "text/markdown", "ndjson": "application/x-ndjson",
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "webp": "image/webp", "svg": "image/svg+xml", "heic": "image/heic", "tif": "image/tiff",
    "tiff": "image/tiff", "bmp": "image/bmp", "ico": "image/vnd.microsoft.icon",
    "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
    "tar": "application/x-tar", "mp3": "audio/mpeg", "wav": "audio/wav", "m4a": "audio/mp4",
    "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    "wasm": "application/wasm", "yaml": "application/yaml", "yml": "application/yaml",
  ]
}

/// Reads an encoded multipart body segment by segment: header bytes in memory, file and
/// stream parts as curl asks for them, each held to its declared length.
final class MultipartBodyReader: RequestBodyReader {
  enum Segment {
    case bytes(Data)
    /// A reader, the length the form declared for it, and its name for errors.
    case stream(any RequestBodyReader, length: UInt64, String)
  }

  let length: Int?
  let waker: TransferWaker?
  private var segments: [Segment]
  private var index = 0
  /// Bytes of `segments[index]` sent so far.
  private var offset: UInt64 = 0

  init(segments: [Segment], length: Int, waker: TransferWaker) {
    self.segments = segments
    self.length = length
    self.waker = waker
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> BodyRead {
    // Safe: `room` is `buffer` after the `written < buffer.count` bytes filled, so it is not empty;
    // `offset < data.count` while a segment is current, and `count > 0` bytes are copied from it.
    var written = 0
    while written < buffer.count, index < segments.count {
      let room = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
      switch segments[index] {
      case .bytes(let data):
        let count = min(room.count, data.count - Int(offset))
        // An empty part has nothing to copy (and its bytes may have no base address).
        if count > 0 {
          data.withUnsafeBytes { bytes in
            room.baseAddress!.copyMemory(from: bytes.baseAddress! + Int(offset), byteCount: count)
          }
        }
        written += count
        offset += UInt64(count)
        if offset == UInt64(data.count) { next() }
      case .stream(let reader, let length, let name):
        let wanted = Int(min(UInt64(room.count), length - offset))
        if wanted == 0 {
          next()
          continue
        }
        switch reader.read(into: UnsafeMutableRawBufferPointer(rebasing: room[0..<wanted])) {
        case .bytes(0):
          return .failure("\(name) ended after \(offset) of its \(length) bytes")
        case .bytes(let count):
          written += count
          offset += UInt64(count)
        case .failure(let reason): return .failure("\(name): \(reason)")
        case .pause: return written > 0 ? .bytes(written) : .pause
        }
      }
    }
    return .bytes(written)
  }

  private func next() {
    if case .stream(let reader, _, _) = segments[index] { reader.close() }
    index += 1
    offset = 0
  }

  func close() {
    for segment in segments[min(index, segments.count)...] {
      if case .stream(let reader, _, _) = segment { reader.close() }
    }
    index = segments.count
  }
}
