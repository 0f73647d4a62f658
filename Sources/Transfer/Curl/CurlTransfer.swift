import CCurl
import Foundation
import JSONKit

/// One attempt at one request: a configured easy handle, the buffers its callbacks fill and
/// the completion to call with what came back.
///
/// Ownership moves, which is why this is `@unchecked Sendable`: the caller builds it, then
/// hands it to `CurlMultiEngine.add`; from then on only the engine thread touches it (curl
/// calls the callbacks on that thread, and the engine calls `finish`). Nothing is shared.
final class CurlTransfer: @unchecked Sendable {
  /// What to do with body bytes as they arrive.
  struct BodyHandling {
    /// Keep the body in memory (`DataResponse.data`).
    var buffer = true
    /// Also feed it to a JSON push parser while it downloads, so `responseJSON` and the
    /// mapping serializers need no second pass.
    var parseJSON = false
    /// Hand each chunk and the response's status to this closure on the engine thread
    /// (streaming requests); it says what to do with the chunk.
    var onChunk: ((UnsafeRawBufferPointer, Int) -> ChunkDecision)?
  }

  /// What a streaming consumer did with a chunk.
  enum ChunkDecision {
    /// Consumed; not kept.
    case consumed
    /// Keep it in the body (an error response's body, say).
    case buffer
    /// Stop the transfer (the consumer failed).
    case abort
  }

  let easy: UnsafeMutableRawPointer
  let request: HTTPRequest
  private let headerList: CurlSList
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private let body: BodyHandling
  private let maximumSize: Int?
  private let onFinish: (CurlOutcome) -> Void

  // Filled by the callbacks on the engine thread.
  private var responseHeaders = HTTPHeaders()
  private var received = Data()
  private var receivedCount = 0
  private var parser: JSONStreamParser?
  private var parsedValues: [JSON] = []
  private var parseError: JSONError?
  private var exceededLimit = false
  private var finished = false

  init(
    request: HTTPRequest, configuration: SessionConfiguration, body: BodyHandling,
    onFinish: @escaping (CurlOutcome) -> Void
  ) throws(TransferError) {
    CurlGlobal.ensureInitialized()
    guard let easy = curl_easy_init() else {
      throw .transportFailed(
        code: .failedInit, message: "curl_easy_init failed")
    }
    self.easy = easy
    self.request = request
    self.body = body
    self.maximumSize = configuration.maximumResponseSize
    self.onFinish = onFinish
    errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    if body.parseJSON { parser = JSONStreamParser() }

    var headers = configuration.headers
    for header in request.headers { headers.update(header) }
    // An empty "Expect:" stops curl from waiting for "100 Continue" before larger bodies,
    // a round trip that servers rarely need.
    var lines = headers.map { "\($0.name): \($0.value)" } + ["Expect:"]
    if request.body != nil && headers["Content-Type"] == nil { lines.append("Content-Type:") }
    headerList = CurlSList(lines)
    try CurlOptions(easy: easy).apply(
      request: request, configuration: configuration, headers: headerList)
    installCallbacks()
  }

  deinit {
    curl_easy_cleanup(easy)
    errorBuffer.deallocate()
  }

  private func installCallbacks() {
    let me = Unmanaged.passUnretained(self).toOpaque()
    let options = CurlOptions(easy: easy)
    options.set(CURLOPT_ERRORBUFFER, pointer: UnsafeMutableRawPointer(errorBuffer))
    options.set(CURLOPT_WRITEDATA, pointer: me)
    options.set(CURLOPT_HEADERDATA, pointer: me)
    _ = ccurl_easy_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) {
      pointer, size, count, user in
      guard let user else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
      return transfer.receiveBody(UnsafeRawBufferPointer(start: pointer, count: size * count))
    }
    _ = ccurl_easy_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) {
      pointer, size, count, user in
      guard let user else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
      transfer.receiveHeaderLine(UnsafeRawBufferPointer(start: pointer, count: size * count))
      return size * count
    }
  }

  // MARK: Callbacks (engine thread)

  /// Returning less than `chunk.count` makes curl stop with `CURLE_WRITE_ERROR`.
  private func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
    receivedCount += chunk.count
    if let maximumSize, receivedCount > maximumSize {
      exceededLimit = true
      return 0
    }
    if let onChunk = body.onChunk {
      switch onChunk(chunk, CurlInfo(easy: easy).long(CURLINFO_RESPONSE_CODE)) {
      case .consumed: return chunk.count
      case .buffer: break
      case .abort: return 0
      }
    }
    if body.buffer { received.append(contentsOf: chunk) }
    if parser != nil { feedParser(chunk) }
    return chunk.count
  }

  private func feedParser(_ chunk: UnsafeRawBufferPointer) {
    do {
      parsedValues += try parser!.feed(chunk)
    } catch {
      parseError = error
      parser = nil
    }
  }

  /// curl calls this once per header line, for every response it sees (1xx, redirects and
  /// the final one); a status line starts a new set.
  private func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) {
    // Trim CR LF as bytes: in a String, "\r\n" is one Character.
    var end = raw.count
    while end > 0 && (raw[end - 1] == 0x0A || raw[end - 1] == 0x0D) { end -= 1 }
    let line = String(decoding: UnsafeRawBufferPointer(rebasing: raw[0..<end]), as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      responseHeaders = HTTPHeaders()
      return
    }
    guard !line.isEmpty else {
      if body.buffer, let length = responseHeaders["Content-Length"].flatMap(Int.init), length > 0,
        length <= (maximumSize ?? Int.max), length < 1 << 31
      {
        received.reserveCapacity(length)
      }
      return
    }
    if line.first == " " || line.first == "\t" { return }  // obsolete line folding: ignored
    guard let colon = line.firstIndex(of: ":") else { return }
    let name = String(line[..<colon])
    let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    responseHeaders.add(name: name, value: value)
  }

  // MARK: Completion (engine thread)

  /// Collects what curl reports about the finished transfer and calls the completion once.
  func finish(code: CURLcode, cancelled: Bool = false) {
    guard !finished else { return }
    finished = true
    let info = CurlInfo(easy: easy)
    var outcome = CurlOutcome(
      code: Int(code.rawValue), message: message(for: code), cancelled: cancelled,
      status: info.long(CURLINFO_RESPONSE_CODE), headers: responseHeaders,
      httpVersion: info.httpVersion,
      effectiveURL: info.string(CURLINFO_EFFECTIVE_URL).flatMap(URL.init(string:)),
      body: received, metrics: info.metrics(bytes: receivedCount), exceededLimit: exceededLimit
    )
    if code == CURLE_FILESIZE_EXCEEDED { outcome.exceededLimit = true }
    if body.parseJSON && code == CURLE_OK { outcome.streamedJSON = streamedJSON() }
    onFinish(outcome)
  }

  /// The one value the streaming parser built, or its error. A body with several values
  /// gives nil: the serializer then parses the buffered body, which names the error's place.
  private func streamedJSON() -> Result<JSON, JSONError>? {
    if let parseError { return parsedValues.isEmpty ? .failure(parseError) : nil }
    guard let parser else { return nil }
    do {
      parsedValues += try parser.finish()
    } catch {
      return parsedValues.isEmpty ? .failure(error) : nil
    }
    return parsedValues.count == 1 ? .success(parsedValues[0]) : nil
  }

  private func message(for code: CURLcode) -> String {
    let detail = String(cString: errorBuffer)
    return detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
  }
}

/// What one attempt produced, handed from the engine thread to the request.
struct CurlOutcome: Sendable {
  var code: Int
  var message: String
  var cancelled: Bool
  var status: Int
  var headers: HTTPHeaders
  var httpVersion: String
  var effectiveURL: URL?
  var body: Data
  var metrics: TransferMetrics
  var exceededLimit: Bool
  var streamedJSON: Result<JSON, JSONError>?

  var succeeded: Bool { code == Int(CURLE_OK.rawValue) && !cancelled }
}
