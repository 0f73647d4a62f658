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
  // Safe: ownership moves (above): from `CurlMultiEngine.add` on, only the engine thread touches
  // it.
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
    /// The request body, read by curl's read callback (files, streams, multipart forms);
    /// nil: `HTTPRequest.body`, which curl copies.
    var upload: (any RequestBodyReader)?
    /// A new reader of the same body from its first byte, for when curl must send it again
    /// (a 307/308 redirect, an authentication round trip); nil: the body cannot be rewound.
    var rewindUpload: (() throws(TransferError) -> any RequestBodyReader)?
    /// Bytes sent and received so far, from curl's progress callback on the engine thread.
    var onProgress: ((_ upload: TransferProgress, _ download: TransferProgress) -> Void)?
    /// Wakes the transfer after `onChunk` answered `.pause`.
    var waker: TransferWaker?
    /// Called once with the final response's status and headers, before its first body
    /// byte (not for a response without a body).
    var onResponse: ((Int, HTTPHeaders) -> Void)?
  }

  /// What a streaming consumer did with a chunk.
  enum ChunkDecision {
    /// Consumed; not kept.
    case consumed
    /// Keep it in the body (an error response's body, say).
    case buffer
    /// Stop the transfer (the consumer failed).
    case abort
    /// Not taken: curl keeps the chunk and stops reading the socket until the body
    /// handling's waker wakes the transfer, then offers the same chunk again (backpressure).
    case pause
  }

  let easy: UnsafeMutableRawPointer
  let request: HTTPRequest
  private let handle: CurlHandlePool.Handle
  private let handles: CurlHandlePool
  /// Held for the transfer's life: the easy handle points at it (`CURLOPT_HTTPHEADER`).
  private let headerList: CurlSList
  private let errorBuffer: UnsafeMutablePointer<CChar>
  private let body: BodyHandling
  private let maximumSize: Int?
  private let onFinish: (CurlOutcome) -> Void

  // Filled by the callbacks on the engine thread.
  private var responseHeaders = HTTPHeaders()
  /// The current response's `Content-Length`, if it has a valid one.
  private var contentLength: Int?
  /// Whether curl passed an HTTP status line to the header callback (the reply is HTTP).
  private var sawStatusLine = false
  private var received = Data()
  private var receivedCount = 0
  /// The push parser of the body, made at its first byte unless the body is small (see
  /// `parsesWhileDownloading`).
  private var parser: JSONStreamParser?
  /// Whether the first body byte has come, and with it the choice of `parser`.
  private var choseParser = false
  private var parsedValues: [JSON] = []
  private var parseError: JSONError?
  private var exceededLimit = false
  private var finished = false
  /// Why the request body could not be sent: curl's code for it and the reason.
  private var uploadFailure: (code: CurlCode, reason: String)?
  /// The body reader in use: `body.upload`, or the one that replaced it on a rewind.
  private var upload: (any RequestBodyReader)?
  /// The engine running this transfer, for the wakers of readers made by a rewind.
  private var engine: CurlMultiEngine?
  private var announcedResponse = false
  /// Body bytes handed to curl by the read callback (curl's own count includes chunk framing).
  private var sentCount = 0
  /// The request's `timeout` in milliseconds (`CURLOPT_TIMEOUT_MS`), nil without one.
  private let timeoutMilliseconds: Int?
  /// Since when the transfer has waited for its consumer or producer (a callback answered
  /// pause), and how long it waited before: see `pausedByCallback()`.
  private var pausedSince: ContinuousClock.Instant?
  private var pausedBefore = Duration.zero

  /// A transfer on an easy handle from `handles`, which gets the handle back when the
  /// transfer goes away.
  ///
  /// `defaultHeaders` holds the lines of `configuration.headers` alone (`CurlSList.lines` with
  /// no request headers and no body): a request that adds no header and sends no body sends
  /// them as they are, with no list of its own to build and free.
  init(
    request: HTTPRequest, configuration: SessionConfiguration, defaultHeaders: CurlSList,
    body: BodyHandling, handles: CurlHandlePool, onFinish: @escaping (CurlOutcome) -> Void
  ) throws(TransferError) {
    guard let handle = handles.take() else {
      throw .transportFailed(
        code: .failedInit, message: "curl_easy_init failed")
    }
    self.handle = handle
    self.handles = handles
    easy = handle.easy
    errorBuffer = handle.errorBuffer
    self.request = request
    self.body = body
    upload = body.upload
    self.maximumSize = configuration.maximumResponseSize
    self.onFinish = onFinish
    timeoutMilliseconds = (request.timeout ?? configuration.timeout).map(CurlOptions.milliseconds)

    let hasBody = request.body != nil || body.upload != nil
    if request.headers.isEmpty && !hasBody {
      headerList = defaultHeaders
    } else {
      headerList = CurlSList(
        CurlSList.lines(defaults: configuration.headers, headers: request.headers, hasBody: hasBody)
      )
    }
    try CurlOptions(easy: easy).apply(
      request: request, configuration: configuration, headers: headerList)
    installCallbacks()
    if let upload = body.upload { installUpload(upload, method: request.method) }
    if body.onProgress != nil { installProgress() }
  }

  /// The engine removed the handle from its multi handle before it let go of this transfer,
  /// so the handle is idle now.
  deinit { handles.give(handle) }

  private func installCallbacks() {
    // Safe: curl calls back only from the engine's `curl_multi_*` calls, while the engine holds
    // this transfer and its handle is in the multi handle (removed before the transfer is let go),
    // so the unretained `self` is alive; `pointer` has `size * count` bytes for that call.
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

  /// The body comes from curl's read callback: POST mode without fields (the method's name
  /// is sent as given), `Content-Length` when the length is known, else chunked.
  private func installUpload(_ upload: any RequestBodyReader, method: HTTPMethod) {
    // Safe: curl calls back only while the engine holds this transfer (see `installCallbacks`);
    // `pointer` has room for `size * count` bytes for that call.
    let options = CurlOptions(easy: easy)
    options.set(CURLOPT_POST, 1)
    options.set(CURLOPT_POSTFIELDS, pointer: nil)
    options.set(CURLOPT_POSTFIELDSIZE_LARGE, offset: upload.length ?? -1)
    if method != .post { options.set(CURLOPT_CUSTOMREQUEST, method.rawValue) }
    options.set(CURLOPT_READDATA, pointer: Unmanaged.passUnretained(self).toOpaque())
    options.set(CURLOPT_SEEKDATA, pointer: Unmanaged.passUnretained(self).toOpaque())
    _ = ccurl_easy_setopt_seek_function(easy) { user, offset, origin in
      guard let user else { return CURL_SEEKFUNC_FAIL }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
      return transfer.rewindBody(offset: Int(offset), origin: origin)
    }
    // The read callback has the write callback's C signature, so the same setter serves.
    _ = ccurl_easy_setopt_write_function(easy, CURLOPT_READFUNCTION) {
      pointer, size, count, user in
      guard let user, let pointer else { return Int(CURL_READFUNC_ABORT) }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
      return transfer.sendBody(UnsafeMutableRawBufferPointer(start: pointer, count: size * count))
    }
  }

  private func installProgress() {
    // Safe: curl calls back only while the engine holds this transfer (see `installCallbacks`).
    let options = CurlOptions(easy: easy)
    options.set(CURLOPT_NOPROGRESS, 0)
    options.set(CURLOPT_XFERINFODATA, pointer: Unmanaged.passUnretained(self).toOpaque())
    _ = ccurl_easy_setopt_xferinfo_function(easy, CURLOPT_XFERINFOFUNCTION) {
      user, downloadTotal, downloaded, uploadTotal, uploaded in
      guard let user else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(user).takeUnretainedValue()
      transfer.reportProgress(
        upload: (Int64(uploaded), Int64(uploadTotal)),
        download: (Int64(downloaded), Int64(downloadTotal)))
      return 0
    }
  }

  /// Lets the wakers reach this transfer through `engine`; called as the engine starts it.
  func attachWakers(engine: CurlMultiEngine) {
    self.engine = engine
    body.waker?.attach(engine: engine, transfer: self)
    upload?.waker?.attach(engine: engine, transfer: self)
  }

  // MARK: Callbacks (engine thread)

  private func sendBody(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard let upload else { return 0 }
    switch upload.read(into: buffer) {
    case .bytes(let count):
      sentCount += count
      return count
    case .pause:
      pausedByCallback()
      return Int(CURL_READFUNC_PAUSE)
    case .failure(let reason):
      uploadFailure = (.readError, reason)
      return Int(CURL_READFUNC_ABORT)
    }
  }

  /// curl must send the body again from its start: a fresh reader replaces the one in use.
  ///
  /// curl only ever asks for offset 0 from the start here (it rewinds, it does not resume).
  private func rewindBody(offset: Int, origin: Int32) -> Int32 {
    guard offset == 0, origin == SEEK_SET else { return CURL_SEEKFUNC_CANTSEEK }
    guard let rewindUpload = body.rewindUpload else {
      uploadFailure = (.rewindFailed, "the request body cannot be read again to be re-sent")
      return CURL_SEEKFUNC_FAIL
    }
    do {
      let fresh = try rewindUpload()
      upload?.waker?.detach()
      upload?.close()
      if let engine { fresh.waker?.attach(engine: engine, transfer: self) }
      upload = fresh
      sentCount = 0
      return CURL_SEEKFUNC_OK
    } catch {
      if case .transportFailed(_, let message) = error {
        uploadFailure = (.rewindFailed, message)
      } else {
        uploadFailure = (.rewindFailed, error.description)
      }
      return CURL_SEEKFUNC_FAIL
    }
  }

  /// curl reports 0 as the total while it does not know one; so does a body that is empty.
  private func reportProgress(upload: (Int64, Int64), download: (Int64, Int64)) {
    let uploadLength =
      self.upload.map { $0.length.map(Int64.init) ?? -1 }
      ?? request.body.map { Int64($0.count) } ?? upload.1
    let sent = self.upload == nil ? upload.0 : Int64(sentCount)
    let downloadTotal = download.1 > 0 ? download.1 : -1
    body.onProgress?(
      TransferProgress(completedUnitCount: sent, totalUnitCount: uploadLength),
      TransferProgress(completedUnitCount: download.0, totalUnitCount: downloadTotal))
  }

  /// Returning less than `chunk.count` makes curl stop with `CURLE_WRITE_ERROR`.
  private func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Int {
    receivedCount += chunk.count
    if let maximumSize, receivedCount > maximumSize {
      exceededLimit = true
      return 0
    }
    if !announcedResponse {
      announcedResponse = true
      body.onResponse?(CurlInfo(easy: easy).long(CURLINFO_RESPONSE_CODE), responseHeaders)
    }
    if let onChunk = body.onChunk {
      switch onChunk(chunk, CurlInfo(easy: easy).long(CURLINFO_RESPONSE_CODE)) {
      case .consumed: return chunk.count
      case .buffer: break
      case .abort: return 0
      case .pause:
        receivedCount -= chunk.count  // offered again after the wake
        pausedByCallback()
        return Int(CURL_WRITEFUNC_PAUSE)
      }
    }
    if body.buffer { received.append(contentsOf: chunk) }
    if !choseParser {
      choseParser = true
      if parsesWhileDownloading { parser = JSONStreamParser() }
    }
    if parser != nil { feedParser(chunk) }
    return chunk.count
  }

  /// Bodies whose `Content-Length` is at most this are parsed after the download, by the
  /// serializer, from the buffered bytes.
  static let smallBodyLength = 16 * 1024

  /// Whether the body goes through a push parser as it arrives, so that the serializer needs
  /// no second pass over a large body.
  ///
  /// A small body (a `Content-Length` of at most `smallBodyLength`) is not: a parser costs
  /// the same to make and tear down whatever the size, more than a one-shot parse of a few
  /// bytes, and the serializer's parse runs in the task that awaits the response rather than
  /// on the engine thread that every transfer of the engine shares. The value and the
  /// error are the same either way (`ResponseInput.json()` parses the buffered body).
  private var parsesWhileDownloading: Bool {
    guard body.parseJSON else { return false }
    guard body.buffer, let contentLength else { return true }
    return contentLength > Self.smallBodyLength
  }

  // MARK: Time spent paused (engine thread)

  /// A callback paused the transfer: until it is woken, its `timeout` stands still.
  ///
  /// curl's `CURLOPT_TIMEOUT` covers the whole transfer, time spent paused included, so a
  /// consumer that falls behind (a busy machine, a slow `for await` body) would make a
  /// healthy transfer fail with code 28 only because backpressure held it. The timeout is
  /// meant to catch a server or network that stalls, so the time the transfer waits for
  /// this process does not count: while paused it has no timeout (curl reads the option
  /// each time it checks), and `resumedByEngine()` sets it to the original plus the time
  /// spent paused so far. (curl's low-speed check, `idleTimeout`, already skips paused
  /// transfers.)
  private func pausedByCallback() {
    guard pausedSince == nil else { return }
    pausedSince = .now
    if timeoutMilliseconds != nil { CurlOptions(easy: easy).set(CURLOPT_TIMEOUT_MS, 0) }
  }

  /// The engine is about to unpause the transfer: the timeout runs again, extended by the
  /// time spent paused.
  func resumedByEngine() {
    guard let since = pausedSince else { return }
    pausedSince = nil
    pausedBefore += ContinuousClock.now - since
    guard let timeoutMilliseconds else { return }
    CurlOptions(easy: easy).set(
      CURLOPT_TIMEOUT_MS, timeoutMilliseconds + CurlOptions.milliseconds(pausedBefore))
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
  ///
  /// Read as bytes on the engine thread: only a field's name and value become `String`s.
  /// The value loses the spaces and tabs around it (HTTP's optional whitespace).
  private func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) {
    // Safe: every index is checked against the count of `raw` or `line`: `0 < end`,
    // `start < stop <= line.count`, and `colon` is an index of `line`.
    // Trim CR LF as bytes: in a String, "\r\n" is one Character.
    var end = raw.count
    while end > 0 && (raw[end - 1] == 0x0A || raw[end - 1] == 0x0D) { end -= 1 }
    let line = UnsafeRawBufferPointer(rebasing: raw[0..<end])
    if line.starts(with: "HTTP/".utf8) {
      sawStatusLine = true
      responseHeaders = HTTPHeaders()
      contentLength = nil
      return
    }
    guard let first = line.first else {
      if body.buffer, let length = contentLength, length > 0,
        length <= (maximumSize ?? Int.max), length < 1 << 31
      {
        received.reserveCapacity(length)
      }
      return
    }
    if first == 0x20 || first == 0x09 { return }  // obsolete line folding: ignored
    guard let colon = line.firstIndex(of: 0x3A) else { return }
    var start = colon + 1
    var stop = line.count
    while start < stop && (line[start] == 0x20 || line[start] == 0x09) { start += 1 }
    while stop > start && (line[stop - 1] == 0x20 || line[stop - 1] == 0x09) { stop -= 1 }
    let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[..<colon]), as: UTF8.self)
    let value = String(
      decoding: UnsafeRawBufferPointer(rebasing: line[start..<stop]), as: UTF8.self)
    if HTTPHeaders.same(name, "Content-Length") { contentLength = Int(value) }
    responseHeaders.add(name: name, value: value)
  }

  // MARK: Completion (engine thread)

  /// Collects what curl reports about the finished transfer and calls the completion once.
  func finish(code: CURLcode, cancelled: Bool = false) {
    guard !finished else { return }
    finished = true
    upload?.close()
    upload?.waker?.detach()
    body.waker?.detach()
    engine = nil
    let info = CurlInfo(easy: easy)
    if let onProgress = body.onProgress, code == CURLE_OK {
      // The last word: at the end, what was sent and received is the total (a chunked body's
      // length is known only now).
      let sent = Int64(upload == nil ? info.offset(CURLINFO_SIZE_UPLOAD_T) : sentCount)
      let received = Int64(receivedCount)
      onProgress(
        TransferProgress(completedUnitCount: sent, totalUnitCount: sent),
        TransferProgress(completedUnitCount: received, totalUnitCount: received))
    }
    var outcome = CurlOutcome(
      code: Int(code.rawValue), message: code == CURLE_OK ? "" : message(for: code),
      cancelled: cancelled, status: info.long(CURLINFO_RESPONSE_CODE), headers: responseHeaders,
      httpVersion: info.httpVersion, effectiveURL: effectiveURL(),
      body: received, metrics: info.metrics(bytes: receivedCount), exceededLimit: exceededLimit
    )
    if code == CURLE_FILESIZE_EXCEEDED { outcome.exceededLimit = true }
    if let uploadFailure {
      outcome.code = uploadFailure.code.rawValue
      outcome.message = uploadFailure.reason
    }
    if outcome.code == Int(CURLE_OK.rawValue), sawStatusLine,
      !(100...999).contains(outcome.status)
    {
      // HTTP's status code is three digits; curl 7.88 refuses "HTTP/1.1 1 OK" but reads
      // "HTTP/2 1" as status 1 (FuzzTransferResponse), which no caller's switch expects.
      outcome.code = Int(CURLE_WEIRD_SERVER_REPLY.rawValue)
      outcome.message = "The status code \(outcome.status) is not three digits"
      outcome.status = 0  // and no HTTPResponse carries it
    }
    if body.parseJSON && outcome.code == Int(CURLE_OK.rawValue) {
      outcome.streamedJSON = streamedJSON()
    }
    onFinish(outcome)
  }

  /// The URL of the last request curl sent: the request's own `URL` unless curl followed a
  /// redirect (no second parse of the same text).
  private func effectiveURL() -> URL? {
    // Safe: `strlen` counted `length` bytes before the NUL at `pointer`, curl's string for the
    // handle.
    var pointer: UnsafeMutablePointer<CChar>?
    guard ccurl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &pointer) == CURLE_OK,
      let pointer
    else { return nil }
    let sent = request.url.absoluteString
    let length = strlen(pointer)
    let same =
      sent.utf8.count == length
      && sent.utf8.withContiguousStorageIfAvailable { bytes in
        bytes.elementsEqual(UnsafeRawBufferPointer(start: pointer, count: length))
      } == true
    if same { return request.url }
    return URL(string: String(cString: pointer))
  }

  /// The one value the streaming parser built, or its error.
  ///
  /// A body with several values
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

extension CurlInfo {
  /// A `curl_off_t` value (sizes, lengths); -1 where curl does not know it.
  func offset(_ info: CURLINFO) -> Int {
    var value: curl_off_t = -1
    _ = ccurl_easy_getinfo_off_t(easy, info, &value)
    return Int(value)
  }
}
