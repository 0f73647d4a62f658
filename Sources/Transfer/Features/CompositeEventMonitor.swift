import Dispatch
import Foundation

/// Several monitors as one: each event goes to every monitor, on that monitor's own queue.
///
/// A session's ``Session/eventMonitor`` is one of these.
///
/// ```swift
/// let monitors = CompositeEventMonitor(monitors: [RequestLogger(), RequestTimer()])
/// let session = Session(eventMonitors: [monitors])
/// ```
public final class CompositeEventMonitor: EventMonitor {
  /// Where a composite nested in another composite gets its events; its own monitors still
  /// get them on their queues.
  public let queue = DispatchQueue(label: "JSONKit.Transfer.CompositeEventMonitor")
  /// The monitors, in the order they are told of each event.
  public let monitors: [any EventMonitor]

  /// A monitor that hands every event to each of `monitors`.
  ///
  /// ```swift
  /// let composite = CompositeEventMonitor(monitors: [RequestLogger()])
  /// ```
  ///
  /// - Parameter monitors: the monitors, told of each event in this order.
  public init(monitors: [any EventMonitor]) { self.monitors = monitors }

  /// Runs `event` for each monitor on its queue.
  func performEvent(_ event: @escaping @Sendable (any EventMonitor) -> Void) {
    for monitor in monitors {
      monitor.queue.async { event(monitor) }
    }
  }

  /// Hands the event to every monitor, on its queue.
  public func requestDidResume(_ request: DataRequest) {
    performEvent { $0.requestDidResume(request) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(_ request: DataRequest, didCreateInitialURLRequest urlRequest: HTTPRequest) {
    performEvent { $0.request(request, didCreateInitialURLRequest: urlRequest) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(
    _ request: DataRequest, didFailToCreateURLRequestWithError error: TransferError
  ) {
    performEvent { $0.request(request, didFailToCreateURLRequestWithError: error) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(
    _ request: DataRequest, didAdaptInitialRequest initialRequest: HTTPRequest,
    to adaptedRequest: HTTPRequest
  ) {
    performEvent { $0.request(request, didAdaptInitialRequest: initialRequest, to: adaptedRequest) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(
    _ request: DataRequest, didFailToAdaptURLRequest initialRequest: HTTPRequest,
    withError error: TransferError
  ) {
    performEvent { $0.request(request, didFailToAdaptURLRequest: initialRequest, withError: error) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(_ request: DataRequest, didCreateURLRequest urlRequest: HTTPRequest) {
    performEvent { $0.request(request, didCreateURLRequest: urlRequest) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(_ request: DataRequest, didGatherMetrics metrics: TransferMetrics) {
    performEvent { $0.request(request, didGatherMetrics: metrics) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(
    _ request: DataRequest, didCompleteTaskWith response: HTTPResponse?, error: TransferError?
  ) {
    performEvent { $0.request(request, didCompleteTaskWith: response, error: error) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(
    _ request: DataRequest, didDecideRetry result: RetryResult, dueTo error: TransferError
  ) {
    performEvent { $0.request(request, didDecideRetry: result, dueTo: error) }
  }

  /// Hands the event to every monitor, on its queue.
  public func requestIsRetrying(_ request: DataRequest) {
    performEvent { $0.requestIsRetrying(request) }
  }

  /// Hands the event to every monitor, on its queue.
  public func requestDidFinish(_ request: DataRequest) {
    performEvent { $0.requestDidFinish(request) }
  }

  /// Hands the event to every monitor, on its queue.
  public func requestDidCancel(_ request: DataRequest) {
    performEvent { $0.requestDidCancel(request) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request(
    _ request: DataRequest, didParseResponse response: DataResponse<Data?, TransferError>
  ) {
    performEvent { $0.request(request, didParseResponse: response) }
  }

  /// Hands the event to every monitor, on its queue.
  public func request<Value: Sendable>(
    _ request: DataRequest, didParseResponse response: DataResponse<Value, TransferError>
  ) {
    performEvent { $0.request(request, didParseResponse: response) }
  }
}
