import Dispatch
import Foundation
import JSONKit
import Logging
import Threading

/// One request and its response, made by `Session.request`: chain validators and response
/// handlers onto it.
///
/// ```swift
/// session.request("https://api.example.com/users")
///   .validate()
///   .responseArray(of: User.self, keyPath: "data.users") { response in
///     switch response.result {
///     case .success(let users): print(users.count)
///     case .failure(let error): print(error)
///     }
///   }
/// ```
///
/// The transfer starts when the first handler is added (or on `resume()`), just after the
/// current call chain, so every handler and validator of the chain is known before the
/// first byte arrives; a `serializing…` task, which ends the chain, starts it at once on the
/// calling thread. Handlers run in the order they were added, each on a private serial
/// queue of this request unless given a queue; handlers added after the end run at once.
public final class DataRequest: Sendable {
  /// Where a request is in its life.
  public enum State: Sendable, Hashable {
    /// `initialized`: made, not yet started; `resumed`: running (or waiting to retry);
    /// `finished`: ended with a response or an error; `cancelled`: ended by `cancel()`.
    case initialized, resumed, finished, cancelled
  }

  /// A function that accepts or rejects a response; `.failure` fails the request with
  /// `TransferError.responseValidationFailed(reason: .customValidationFailed(error:))`.
  public typealias Validation =
    @Sendable (HTTPRequest?, HTTPResponse, Data?) -> Result<Void, any Error>

  /// A unique identity, for logs and monitors.
  ///
  /// Made the first time it is read: a random
  /// UUID costs a system call, which most requests would make for nothing.
  public var id: UUID {
    mutable.withLock { state in
      if let id = state.id { return id }
      let id = UUID()
      state.id = id
      return id
    }
  }
  /// The session that runs this request; kept alive until the request ends.
  public let session: Session
  private let make: @Sendable () throws(TransferError) -> HTTPRequest
  private let interceptor: (any RequestInterceptor)?
  /// For streaming requests: makes each attempt's body handling (a fresh parser each time).
  private let bodyHandling: (@Sendable () -> CurlTransfer.BodyHandling)?
  /// For uploads: where the body comes from, read afresh for each attempt.
  private let upload: UploadSource?
  private let mutable = Locked(Mutable())
  /// Logs, span and metrics of this request; nil when there is nothing to record them in.
  private let telemetry: RequestTelemetry?

  private struct Mutable {
    var id: UUID?
    var phase = State.initialized
    var request: HTTPRequest?
    var validators: [@Sendable (HTTPRequest?, HTTPResponse, Data?) -> TransferError?] = []
    var handlers: [@Sendable (RequestOutcome) -> Void] = []
    var outcome: RequestOutcome?
    var lastAttempt: RequestOutcome?
    var transfer: CurlTransfer?
    /// The engine `transfer` runs on: its cancellation goes there.
    var engine: CurlMultiEngine?
    var readsJSON = false
    var attempts = 0
    var cancelled = false
    /// This request's own redirect handler (`redirect(using:)`), else the session's.
    var redirectHandler: (any RedirectHandler)?
    /// Redirects followed by a `RedirectHandler` in the current attempt.
    var redirects = 0
    /// Set by a `DataTask` as it adds its handler: the chain ends with the task, so
    /// `resume()` starts the first attempt on the calling thread instead of a dispatch thread.
    var startsOnCaller = false
    /// A task awaiting this request's `DataTask` that runs the end of the current attempt
    /// itself (see `runAttemptEndsHere()`).
    var volunteer: Volunteer?
    /// The observers of the upload's and the download's progress.
    var progress = ProgressObservers()
    /// `serializationQueue`, once made.
    var queue: DispatchQueue?
    /// A task runs the end of an attempt without the queue (see `runAttemptEndsHere()`): a
    /// queue made meanwhile starts suspended, until that work is done.
    var runningInline = false
  }

  /// The private serial queue that runs this request's handlers (and the ends of its
  /// attempts, unless an awaiting task runs them), made the first time it is asked for.
  ///
  /// A request awaited through its `DataTask` usually never needs one: making and freeing a
  /// queue was about 1% of the instructions of a small GET.
  var serializationQueue: DispatchQueue {
    mutable.withLock { state in
      if let queue = state.queue { return queue }
      let queue = DispatchQueue(label: "JSONKit.Transfer.request", target: .global())
      if state.runningInline { queue.suspend() }
      state.queue = queue
      return queue
    }
  }

  /// A task waiting for the end of an attempt, to run it (nil: the request has finished).
  private typealias Volunteer = UnsafeContinuation<(@Sendable () -> Void)?, Never>

  init(
    session: Session, make: @escaping @Sendable () throws(TransferError) -> HTTPRequest,
    interceptor: (any RequestInterceptor)?,
    logger: Logger? = nil, bodyHandling: (@Sendable () -> CurlTransfer.BodyHandling)? = nil,
    upload: UploadSource? = nil
  ) {
    telemetry = RequestTelemetry.make(
      logger: logger ?? session.logger, tracer: session.tracer, metrics: session.metricsFactory)
    self.bodyHandling = bodyHandling
    self.upload = upload
    self.session = session
    self.make = make
    self.interceptor = Interceptor.combine(session.interceptor, interceptor)
  }

  // MARK: What is known so far

  /// The request as last sent (after adapters); `nil` before the first attempt.
  public var request: HTTPRequest? { mutable.withLock { $0.request } }
  /// The final response, once the request has ended.
  public var response: HTTPResponse? { mutable.withLock { $0.outcome?.response } }
  /// The body, once the request has ended.
  public var data: Data? { mutable.withLock { $0.outcome?.data } }
  /// Why the request failed, once it has ended.
  public var error: TransferError? { mutable.withLock { $0.outcome?.error } }
  /// curl's timings of the last attempt, once the request has ended.
  public var metrics: TransferMetrics? { mutable.withLock { $0.outcome?.metrics } }
  /// How many times the request has been retried.
  public var retryCount: Int { mutable.withLock { max(0, $0.attempts - 1) } }
  /// Where the request is in its life.
  public var state: State { mutable.withLock { $0.phase } }
  /// Whether `cancel()` was called before the request ended.
  public var isCancelled: Bool { mutable.withLock { $0.cancelled } }
  /// Whether the request has ended (with a response, an error or a cancellation).
  public var isFinished: Bool { mutable.withLock { $0.outcome != nil } }
  /// The response of the attempt that just failed, for a `RequestRetrier` deciding whether
  /// to try again (`RetryPolicy` reads its status code and `Retry-After`).
  public var lastAttemptResponse: HTTPResponse? { mutable.withLock { $0.lastAttempt?.response } }

  // MARK: Control

  /// Starts the transfer if it has not started.
  ///
  /// Adding a response handler does this.
  @discardableResult
  public func resume() -> Self {
    let start = mutable.withLock { state -> (here: Bool, later: Bool) in
      guard state.phase == .initialized else { return (false, false) }
      state.phase = .resumed
      return (state.startsOnCaller, !state.startsOnCaller)
    }
    guard start.here || start.later else { return self }
    guard session.lifecycle.admit(self) else {
      finish(RequestOutcome(error: .sessionShutDown))
      return self
    }
    session.monitor?.requestDidResume(self)
    // Asynchronously, so that the rest of the caller's chain is attached first, unless a
    // `DataTask` ends the chain. Not on the engine thread, although that would save a hop:
    // measured, the one engine thread then becomes the bottleneck of many small requests
    // (0.43-0.59x AsyncHTTPClient against 0.61-0.80x with the attempt built on a dispatch
    // thread).
    if start.here {
      startAttempt()
    } else {
      DispatchQueue.global().async { self.startAttempt() }
    }
    return self
  }

  /// Makes the next `resume()` start the first attempt on the calling thread: for a
  /// `DataTask`, whose handler ends the chain.
  func startOnCallerWhenResumed() {
    mutable.withLock { $0.startsOnCaller = true }
  }

  /// Sets the handler that decides each redirect of this request, in place of the session's
  /// (`Redirector.doNotFollow` to get 3xx responses as they are).
  ///
  /// Call it before the request
  /// starts.
  ///
  /// ```swift
  /// session.request(url).redirect(using: Redirector.doNotFollow).response { print($0.response?.statusCode ?? 0) }
  /// ```
  @discardableResult
  public func redirect(using handler: any RedirectHandler) -> Self {
    mutable.withLock { state in
      assert(state.phase == .initialized, "redirect(using:) after the request started")
      state.redirectHandler = handler
    }
    return self
  }

  /// Stops the request.
  ///
  /// It ends with `TransferError.explicitlyCancelled` unless it had
  /// already ended; handlers still run.
  @discardableResult
  public func cancel() -> Self {
    let transfer = mutable.withLock { state -> (CurlTransfer, CurlMultiEngine)?? in
      guard state.outcome == nil, !state.cancelled else { return .none }
      state.cancelled = true
      guard let transfer = state.transfer, let engine = state.engine else { return .some(nil) }
      return .some((transfer, engine))
    }
    if case .some = transfer { session.monitor?.requestDidCancel(self) }
    switch transfer {
    case .none: break
    case .some(.some(let (running, engine))): engine.cancel(running)  // finishes as cancelled
    case .some(.none): finish(RequestOutcome(request: request, error: .explicitlyCancelled))
    }
    return self
  }

  // MARK: Validation

  /// Adds a validator; they run in order when the response arrives, and the first failure
  /// fails the request.
  @discardableResult
  public func validate(_ validation: @escaping Validation) -> Self {
    addValidator { request, response, data in
      if case .failure(let error) = validation(request, response, data) {
        return error as? TransferError
          ?? .responseValidationFailed(reason: .customValidationFailed(error: error))
      }
      return nil
    }
  }

  @discardableResult
  func addValidator(
    _ validator: @escaping @Sendable (HTTPRequest?, HTTPResponse, Data?) -> TransferError?
  ) -> Self {
    mutable.withLock { $0.validators.append(validator) }
    return self
  }

  // MARK: Handlers

  /// Queues `handler` for the end of the request (or for now if it has ended) and starts
  /// the request.
  ///
  /// `readsJSON` lets the body be parsed while it downloads.
  ///
  /// The handler runs on `serializationQueue`, after the handlers added before it.
  func appendHandler(readsJSON: Bool, _ handler: @escaping @Sendable (RequestOutcome) -> Void) {
    let ended = mutable.withLock { state -> RequestOutcome? in
      if let outcome = state.outcome { return outcome }
      state.handlers.append(handler)
      if readsJSON && state.phase == .initialized { state.readsJSON = true }
      return nil
    }
    if let ended { serializationQueue.async { handler(ended) } }
    resume()
  }

  // MARK: Progress

  /// Whether the upload's or the download's progress has an observer.
  var hasProgressObservers: Bool { mutable.withLock { !$0.progress.isEmpty } }

  /// Adds a closure that `queue` calls with each new progress value of `direction`.
  func addProgressObserver(
    _ direction: ProgressObservers.Direction, queue: DispatchQueue,
    _ closure: @escaping @Sendable (TransferProgress) -> Void
  ) {
    mutable.withLock { $0.progress.add(direction, queue: queue, closure) }
  }

  /// A new async stream of the progress values of `direction` to come; it ends with the
  /// request (at once if the request has ended).
  func progressStream(
    _ direction: ProgressObservers.Direction,
    _ policy: AsyncStream<TransferProgress>.Continuation.BufferingPolicy
  ) -> AsyncStream<TransferProgress> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: TransferProgress.self, bufferingPolicy: policy)
    let added = mutable.withLock { $0.progress.add(direction, continuation) }
    if !added { continuation.finish() }
    return stream
  }

  /// Hands each direction's progress to its observers if it changed, the upload's first.
  private func reportProgress(upload: TransferProgress, download: TransferProgress) {
    let targets = mutable.withLock { $0.progress.targets(upload: upload, download: download) }
    targets.upload?.hand(upload)
    targets.download?.hand(download)
  }

  // MARK: Attempts

  /// The request as built from the URL, parameters and encoding, before adapters.
  func makeRequest() throws(TransferError) -> HTTPRequest { try make() }

  private func startAttempt() {
    if isCancelled {
      finish(RequestOutcome(request: request, error: .explicitlyCancelled))
      return
    }
    let request: HTTPRequest
    let monitor = session.monitor
    do {
      request = try make()
    } catch {
      monitor?.request(self, didFailToCreateURLRequestWithError: error)
      finish(RequestOutcome(error: error))
      return
    }
    telemetry?.started(request, id: id)
    monitor?.request(self, didCreateInitialURLRequest: request)
    guard let interceptor else { return launch(request) }
    interceptor.adapt(request, for: session) { result in
      switch result {
      case .success(let adapted):
        monitor?.request(self, didAdaptInitialRequest: request, to: adapted)
        self.launch(adapted)
      case .failure(let error):
        let failure = error as? TransferError ?? .requestAdaptationFailed(error: error)
        monitor?.request(self, didFailToAdaptURLRequest: request, withError: failure)
        self.finish(RequestOutcome(request: request, error: failure))
      }
    }
  }

  /// Sends `request`: a new attempt, or the next hop of a redirect that a `RedirectHandler`
  /// follows (which does not count as an attempt).
  private func launch(_ request: HTTPRequest, redirect: Bool = false) {
    let (readsJSON, handler, attempts) = mutable.withLock {
      ($0.readsJSON, $0.redirectHandler, $0.attempts)
    }
    // The tracer's propagation fields (`traceparent`) go into every attempt and redirect.
    let request =
      telemetry.map { telemetry in
        var sent = request
        telemetry.willSend(
          &sent, attempt: redirect ? attempts : attempts + 1, redirect: redirect, id: id)
        return sent
      } ?? request
    var configuration = session.configuration
    // A handler decides each redirect, so curl must hand every 3xx back.
    if handler ?? session.redirectHandler != nil { configuration.redirectPolicy = .doNotFollow }
    let transfer: CurlTransfer
    let engine = session.engineForNewTransfer()
    var handling = bodyHandling?() ?? .init(parseJSON: readsJSON)
    if hasProgressObservers {
      handling.onProgress = { upload, download in
        self.reportProgress(upload: upload, download: download)
      }
    }
    do {
      if let upload {
        handling.upload = try upload.makeReader()
        handling.rewindUpload = { () throws(TransferError) in try upload.makeReader() }
      }
      transfer = try CurlTransfer(
        request: request, configuration: configuration,
        defaultHeaders: session.defaultHeaderList, body: handling, handles: engine.handles
      ) { outcome in
        // Off the engine thread: validators and retriers may take time. In the task awaiting
        // the request's `DataTask`, or on the request's serial queue: where the handlers run
        // next without another hop.
        self.attemptEnded {
          self.attemptFinished(outcome, request: request, onSerializationQueue: true)
        }
      }
    } catch {
      handling.upload?.close()
      finish(RequestOutcome(request: request, error: error))
      return
    }
    let go = mutable.withLock { state -> Bool in
      state.request = request
      guard !state.cancelled else { return false }
      state.transfer = transfer
      state.engine = engine
      if redirect {
        state.redirects += 1
      } else {
        state.attempts += 1
        state.redirects = 0
      }
      // Queued under the lock: a `cancel()` that sees this transfer then queues its
      // cancellation after the addition. Queued after the lock, the engine could take the
      // cancellation first (nothing to cancel yet), then run the transfer to its end. The
      // monitor only queues its event, so it is told here too, before the transfer can end.
      session.monitor?.request(self, didCreateURLRequest: request)
      engine.add(transfer)
      return true
    }
    if !go {
      handling.upload?.close()
      finish(RequestOutcome(request: request, error: .explicitlyCancelled))
    }
  }

  /// An attempt's transfer ended (on the engine thread): `work` runs in the task that waits
  /// for it in `runAttemptEndsHere()`, else on `serializationQueue`.
  private func attemptEnded(_ work: @escaping @Sendable () -> Void) {
    let volunteer = mutable.withLock { state in
      defer { state.volunteer = nil }
      return state.volunteer
    }
    if let volunteer {
      volunteer.resume(returning: work)
    } else {
      serializationQueue.async(execute: work)
    }
  }

  /// Runs the ends of this request's attempts (validators, retry decisions, handlers) in the
  /// calling task, which awaits the request's `DataTask`, until the request has finished.
  ///
  /// The engine thread then resumes the awaiting task with the end of the attempt, instead of
  /// handing it to `serializationQueue` whose handler then resumes the task: one thread
  /// wake-up fewer per request. The work runs as a block of `serializationQueue` (`sync`: on
  /// this thread when the queue is idle), so handlers keep their order and never run at the
  /// same time; while the request has no queue yet, nothing else can be running on it, so
  /// the work runs here directly and a queue made meanwhile waits, suspended, until it is
  /// done. Returns at once when another task does this already, and for requests that have
  /// other work on the queue (progress observers, streamed bodies), which `sync` would wait
  /// for.
  @concurrent func runAttemptEndsHere() async {
    guard bodyHandling == nil, !hasProgressObservers else { return }
    while let work = await nextAttemptEnd() {
      let inline = mutable.withLock { state in
        guard state.queue == nil else { return false }
        state.runningInline = true
        return true
      }
      guard inline else {
        serializationQueue.sync(execute: work)
        continue
      }
      work()
      let madeMeanwhile = mutable.withLock { state in
        state.runningInline = false
        return state.queue
      }
      madeMeanwhile?.resume()
    }
  }

  /// The next end of an attempt, or nil once the request has finished (or another task waits
  /// for the ends).
  private func nextAttemptEnd() async -> (@Sendable () -> Void)? {
    await withUnsafeContinuation { continuation in
      let waiting = mutable.withLock { state -> Bool in
        guard state.outcome == nil, state.volunteer == nil else { return false }
        state.volunteer = continuation
        return true
      }
      if !waiting { continuation.resume(returning: nil) }
    }
  }

  /// `onSerializationQueue`: this runs on `serializationQueue`, so the handlers can run here.
  private func attemptFinished(
    _ curl: CurlOutcome, request: HTTPRequest, followsRedirects: Bool = true,
    onSerializationQueue: Bool
  ) {
    let (validators, attempts, redirects, handler, cancelled) = mutable.withLock { state in
      state.transfer = nil
      state.engine = nil
      return (
        state.validators, state.attempts, state.redirects, state.redirectHandler, state.cancelled
      )
    }
    var error: TransferError?
    // `cancel()` before the end wins, as in Alamofire: the transfer may have ended on the
    // engine thread (completed, or failed because the consumer went away) before the
    // cancellation reached it, but the caller was told the request is cancelled.
    if curl.cancelled || cancelled {
      error = .explicitlyCancelled
    } else if curl.exceededLimit {
      error = .responseTooLarge(limit: session.configuration.maximumResponseSize ?? 0)
    } else if !curl.succeeded {
      error = .transportFailed(code: CurlCode(rawValue: curl.code), message: curl.message)
      if case .multipart = upload, curl.code == CurlCode.readError.rawValue {
        // The form's reader failed: a part's file or stream, named in the message.
        error = .multipartEncodingFailed(
          reason: .inputStreamReadFailed(error: BodyReadError(reason: curl.message)))
      }
    }
    let response =
      curl.status > 0
      ? HTTPResponse(
        statusCode: curl.status, headers: curl.headers, url: curl.effectiveURL ?? request.url,
        httpVersion: curl.httpVersion)
      : nil
    let data: Data? = response == nil && curl.body.isEmpty ? nil : curl.body
    if error == nil, followsRedirects, let response,
      let handler = handler ?? session.redirectHandler,
      let next = Redirector.nextRequest(after: request, response: response)
    {
      if redirects < session.configuration.redirectLimit {
        return handler.request(self, willBeRedirectedTo: next, for: response) { next in
          guard let next else {
            return self.attemptFinished(
              curl, request: request, followsRedirects: false, onSerializationQueue: false)
          }
          self.launch(next, redirect: true)
        }
      }
      error = .transportFailed(
        code: .tooManyRedirects, message: "Maximum (\(redirects)) redirects followed")
    }
    if error == nil, let response {
      for validator in validators {
        if let failure = validator(request, response, data) {
          error = failure
          break
        }
      }
    }
    var metrics = curl.metrics
    metrics.attempts = attempts
    if handler ?? session.redirectHandler != nil { metrics.redirectCount = redirects }
    let outcome = RequestOutcome(
      request: request, response: response, data: data, error: error, metrics: metrics,
      streamedJSON: curl.streamedJSON)
    let monitor = session.monitor
    monitor?.request(self, didGatherMetrics: metrics)
    monitor?.request(self, didCompleteTaskWith: response, error: error)
    guard let error, !error.isExplicitlyCancelledError, let interceptor else {
      return finish(outcome, onSerializationQueue: onSerializationQueue)
    }
    mutable.withLock { $0.lastAttempt = outcome }
    interceptor.retry(self, for: session, dueTo: error) { decision in
      monitor?.request(self, didDecideRetry: decision, dueTo: error)
      switch decision {
      case .doNotRetry: self.finish(outcome)
      case .doNotRetryWithError(let retryError):
        var failed = outcome
        failed.error = .requestRetryFailed(retryError: retryError, originalError: error)
        self.finish(failed)
      case .retry: self.retry(after: .zero, failed: outcome)
      case .retryWithDelay(let delay): self.retry(after: delay, failed: outcome)
      }
    }
  }

  private func retry(after delay: Duration, failed: RequestOutcome) {
    guard !isCancelled else {
      var cancelled = failed
      cancelled.error = .explicitlyCancelled
      return finish(cancelled)
    }
    session.monitor?.requestIsRetrying(self)
    telemetry?.retrying(after: delay, attempt: retryCount + 1, failed: failed, id: id)
    let (seconds, attoseconds) = delay.components
    let nanoseconds = max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    let deadline = DispatchTime.now() + .nanoseconds(nanoseconds)
    DispatchQueue.global().asyncAfter(deadline: deadline) { self.startAttempt() }
  }

  /// Ends the request once: records the outcome and runs the queued handlers on
  /// `serializationQueue` (here and now when this already runs there).
  private func finish(_ outcome: RequestOutcome, onSerializationQueue: Bool = false) {
    let ended = mutable.withLock {
      state -> (
        handlers: [@Sendable (RequestOutcome) -> Void], volunteer: Volunteer?, attempts: Int,
        redirects: Int, progressStreams: [AsyncStream<TransferProgress>.Continuation]
      )? in
      guard state.outcome == nil else { return nil }
      state.outcome = outcome
      state.phase = state.cancelled ? .cancelled : .finished
      state.transfer = nil
      state.engine = nil
      defer {
        state.handlers = []
        state.volunteer = nil
      }
      return (
        state.handlers, state.volunteer, state.attempts, state.redirects, state.progress.finish()
      )
    }
    guard let ended else { return }
    telemetry?.finished(
      outcome, retries: max(0, ended.attempts - 1),
      redirects: outcome.metrics?.redirectCount ?? ended.redirects, id: id)
    session.lifecycle.release(self)
    let handlers = ended.handlers
    // No attempt will end any more: the task waiting for one goes on to await the handlers.
    ended.volunteer?.resume(returning: nil)
    for stream in ended.progressStreams { stream.finish() }
    session.monitor?.requestDidFinish(self)
    guard !handlers.isEmpty else { return }
    if onSerializationQueue {
      for handler in handlers { handler(outcome) }
    } else {
      serializationQueue.async { for handler in handlers { handler(outcome) } }
    }
  }
}
