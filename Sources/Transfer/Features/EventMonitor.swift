import Dispatch
import Foundation

/// Hooks for each stage of every request of a ``Session``: for logs, metrics and traces.
///
/// A subset of Alamofire 5's `EventMonitor`, with its names.
///
/// Every method has an empty default, so a monitor implements only what it needs. Each call
/// is made on the monitor's ``queue``, in the order the events happened for one request.
///
/// ```swift
/// struct RequestLogger: EventMonitor {
///   func requestDidFinish(_ request: DataRequest) {
///     print(request.request?.method.rawValue ?? "-", request.request?.url.absoluteString ?? "-",
///           request.response?.statusCode ?? 0, request.metrics?.total ?? .zero)
///   }
/// }
/// let session = Session(eventMonitors: [RequestLogger()])
/// ```
///
/// For one attempt that succeeds, the events come in this order:
/// `requestDidResume`, `didCreateInitialURLRequest`, `didAdaptInitialRequest` (with an
/// interceptor), `didCreateURLRequest`, `didGatherMetrics`, `didCompleteTaskWith`,
/// `requestDidFinish`, then `didParseResponse` for each response handler. A failed attempt
/// that an interceptor looks at adds `didDecideRetry`, and if it is retried,
/// `requestIsRetrying` and the events of the next attempt from `didCreateInitialURLRequest` on.
public protocol EventMonitor: Sendable {
  /// The queue the events are delivered on; a serial queue shared by the monitors that do
  /// not choose one (not the main queue, which a server process does not service).
  var queue: DispatchQueue { get }

  /// The request was started, by its first response handler or by `resume()`.
  func requestDidResume(_ request: DataRequest)
  /// The request of an attempt was built (URL, method, parameters), before adapters.
  func request(_ request: DataRequest, didCreateInitialURLRequest urlRequest: HTTPRequest)
  /// The request could not be built (an invalid URL, parameters that cannot be encoded).
  func request(_ request: DataRequest, didFailToCreateURLRequestWithError error: TransferError)
  /// The interceptor's adapters rewrote the request.
  func request(
    _ request: DataRequest, didAdaptInitialRequest initialRequest: HTTPRequest,
    to adaptedRequest: HTTPRequest)
  /// An adapter failed the request.
  func request(
    _ request: DataRequest, didFailToAdaptURLRequest initialRequest: HTTPRequest,
    withError error: TransferError)
  /// The request of an attempt is about to be sent, as it is sent (after adapters; for a
  /// redirect that a `RedirectHandler` follows, the next request).
  func request(_ request: DataRequest, didCreateURLRequest urlRequest: HTTPRequest)
  /// curl's timings of the attempt that just ended.
  func request(_ request: DataRequest, didGatherMetrics metrics: TransferMetrics)
  /// An attempt ended: with the response head, if one came, and the attempt's error (a
  /// transport failure or a failed validation), if any.
  func request(
    _ request: DataRequest, didCompleteTaskWith response: HTTPResponse?, error: TransferError?)
  /// The interceptor decided whether the failed attempt is tried again.
  func request(
    _ request: DataRequest, didDecideRetry result: RetryResult, dueTo error: TransferError)
  /// The request is about to be tried again.
  func requestIsRetrying(_ request: DataRequest)
  /// The request ended (success, failure or cancellation); its response is final.
  func requestDidFinish(_ request: DataRequest)
  /// `cancel()` was called before the request ended.
  func requestDidCancel(_ request: DataRequest)
  /// A `response(queue:completionHandler:)` handler got its unserialized response.
  func request(
    _ request: DataRequest, didParseResponse response: DataResponse<Data?, TransferError>)
  /// A serializing handler (`responseDecodable`, `serializingJSON`, …) got its value or error.
  func request<Value: Sendable>(
    _ request: DataRequest, didParseResponse response: DataResponse<Value, TransferError>)
}

extension EventMonitor {
  /// The serial queue shared by monitors that do not choose one.
  public var queue: DispatchQueue { EventMonitorQueue.shared }
  /// Does nothing: implement it to hear of this event.
  public func requestDidResume(_ request: DataRequest) {}
  /// Does nothing: implement it to hear of this event.
  public func request(_ request: DataRequest, didCreateInitialURLRequest urlRequest: HTTPRequest) {}
  /// Does nothing: implement it to hear of this event.
  public func request(
    _ request: DataRequest, didFailToCreateURLRequestWithError error: TransferError
  ) {}
  /// Does nothing: implement it to hear of this event.
  public func request(
    _ request: DataRequest, didAdaptInitialRequest initialRequest: HTTPRequest,
    to adaptedRequest: HTTPRequest
  ) {}
  /// Does nothing: implement it to hear of this event.
  public func request(
    _ request: DataRequest, didFailToAdaptURLRequest initialRequest: HTTPRequest,
    withError error: TransferError
  ) {}
  /// Does nothing: implement it to hear of this event.
  public func request(_ request: DataRequest, didCreateURLRequest urlRequest: HTTPRequest) {}
  /// Does nothing: implement it to hear of this event.
  public func request(_ request: DataRequest, didGatherMetrics metrics: TransferMetrics) {}
  /// Does nothing: implement it to hear of this event.
  public func request(
    _ request: DataRequest, didCompleteTaskWith response: HTTPResponse?, error: TransferError?
  ) {}
  /// Does nothing: implement it to hear of this event.
  public func request(
    _ request: DataRequest, didDecideRetry result: RetryResult, dueTo error: TransferError
  ) {}
  /// Does nothing: implement it to hear of this event.
  public func requestIsRetrying(_ request: DataRequest) {}
  /// Does nothing: implement it to hear of this event.
  public func requestDidFinish(_ request: DataRequest) {}
  /// Does nothing: implement it to hear of this event.
  public func requestDidCancel(_ request: DataRequest) {}
  /// Does nothing: implement it to hear of this event.
  public func request(
    _ request: DataRequest, didParseResponse response: DataResponse<Data?, TransferError>
  ) {}
  /// Does nothing: implement it to hear of this event.
  public func request<Value: Sendable>(
    _ request: DataRequest, didParseResponse response: DataResponse<Value, TransferError>
  ) {}
}

/// The queue of monitors that do not choose one.
enum EventMonitorQueue {
  static let shared = DispatchQueue(label: "JSONKit.Transfer.EventMonitor")
}
