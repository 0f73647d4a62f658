import Dispatch
import Foundation

/// A monitor made of closures, one per event; those left `nil` do nothing.
///
/// ```swift
/// var monitor = ClosureEventMonitor()
/// monitor.requestDidFinish = { request in
///   print(request.response?.statusCode ?? 0, request.metrics?.total ?? .zero)
/// }
/// let session = Session(eventMonitors: [monitor])
/// ```
///
/// A struct, unlike Alamofire's class: set the closures on a `var` before handing it to the
/// session, which keeps a copy.
public struct ClosureEventMonitor: EventMonitor {
  /// The queue the closures run on.
  public let queue: DispatchQueue
  /// `requestDidResume(_:)`.
  public var requestDidResume: (@Sendable (DataRequest) -> Void)?
  /// `request(_:didCreateInitialURLRequest:)`.
  public var requestDidCreateInitialURLRequest: (@Sendable (DataRequest, HTTPRequest) -> Void)?
  /// `request(_:didFailToCreateURLRequestWithError:)`.
  public var requestDidFailToCreateURLRequestWithError:
    (@Sendable (DataRequest, TransferError) -> Void)?
  /// `request(_:didAdaptInitialRequest:to:)`.
  public var requestDidAdaptInitialRequestToAdaptedRequest:
    (@Sendable (DataRequest, HTTPRequest, HTTPRequest) -> Void)?
  /// `request(_:didFailToAdaptURLRequest:withError:)`.
  public var requestDidFailToAdaptURLRequestWithError:
    (@Sendable (DataRequest, HTTPRequest, TransferError) -> Void)?
  /// `request(_:didCreateURLRequest:)`.
  public var requestDidCreateURLRequest: (@Sendable (DataRequest, HTTPRequest) -> Void)?
  /// `request(_:didGatherMetrics:)`.
  public var requestDidGatherMetrics: (@Sendable (DataRequest, TransferMetrics) -> Void)?
  /// `request(_:didCompleteTaskWith:error:)`.
  public var requestDidCompleteTaskWithError:
    (@Sendable (DataRequest, HTTPResponse?, TransferError?) -> Void)?
  /// `request(_:didDecideRetry:dueTo:)`.
  public var requestDidDecideRetry: (@Sendable (DataRequest, RetryResult, TransferError) -> Void)?
  /// `requestIsRetrying(_:)`.
  public var requestIsRetrying: (@Sendable (DataRequest) -> Void)?
  /// `requestDidFinish(_:)`.
  public var requestDidFinish: (@Sendable (DataRequest) -> Void)?
  /// `requestDidCancel(_:)`.
  public var requestDidCancel: (@Sendable (DataRequest) -> Void)?
  /// Both `request(_:didParseResponse:)`s: the response with its value as `any Sendable`
  /// (`Data?` for an unserialized handler).
  public var requestDidParseResponse:
    (@Sendable (DataRequest, DataResponse<any Sendable, TransferError>) -> Void)?

  /// A monitor with no closures yet, delivering on `queue`.
  ///
  /// ```swift
  /// var monitor = ClosureEventMonitor(queue: DispatchQueue(label: "log"))
  /// monitor.requestIsRetrying = { print("retrying", $0.id) }
  /// ```
  ///
  /// - Parameter queue: where the closures run; `nil`: the serial queue shared by monitors.
  public init(queue: DispatchQueue? = nil) { self.queue = queue ?? EventMonitorQueue.shared }

  /// Calls the event's closure, if set.
  public func requestDidResume(_ request: DataRequest) { requestDidResume?(request) }

  /// Calls the event's closure, if set.
  public func request(_ request: DataRequest, didCreateInitialURLRequest urlRequest: HTTPRequest) {
    requestDidCreateInitialURLRequest?(request, urlRequest)
  }

  /// Calls the event's closure, if set.
  public func request(
    _ request: DataRequest, didFailToCreateURLRequestWithError error: TransferError
  ) {
    requestDidFailToCreateURLRequestWithError?(request, error)
  }

  /// Calls the event's closure, if set.
  public func request(
    _ request: DataRequest, didAdaptInitialRequest initialRequest: HTTPRequest,
    to adaptedRequest: HTTPRequest
  ) {
    requestDidAdaptInitialRequestToAdaptedRequest?(request, initialRequest, adaptedRequest)
  }

  /// Calls the event's closure, if set.
  public func request(
    _ request: DataRequest, didFailToAdaptURLRequest initialRequest: HTTPRequest,
    withError error: TransferError
  ) {
    requestDidFailToAdaptURLRequestWithError?(request, initialRequest, error)
  }

  /// Calls the event's closure, if set.
  public func request(_ request: DataRequest, didCreateURLRequest urlRequest: HTTPRequest) {
    requestDidCreateURLRequest?(request, urlRequest)
  }

  /// Calls the event's closure, if set.
  public func request(_ request: DataRequest, didGatherMetrics metrics: TransferMetrics) {
    requestDidGatherMetrics?(request, metrics)
  }

  /// Calls the event's closure, if set.
  public func request(
    _ request: DataRequest, didCompleteTaskWith response: HTTPResponse?, error: TransferError?
  ) {
    requestDidCompleteTaskWithError?(request, response, error)
  }

  /// Calls the event's closure, if set.
  public func request(
    _ request: DataRequest, didDecideRetry result: RetryResult, dueTo error: TransferError
  ) {
    requestDidDecideRetry?(request, result, error)
  }

  /// Calls the event's closure, if set.
  public func requestIsRetrying(_ request: DataRequest) { requestIsRetrying?(request) }

  /// Calls the event's closure, if set.
  public func requestDidFinish(_ request: DataRequest) { requestDidFinish?(request) }

  /// Calls the event's closure, if set.
  public func requestDidCancel(_ request: DataRequest) { requestDidCancel?(request) }

  /// Calls the event's closure, if set.
  public func request(
    _ request: DataRequest, didParseResponse response: DataResponse<Data?, TransferError>
  ) {
    requestDidParseResponse?(request, response.map { $0 as any Sendable })
  }

  /// Calls the event's closure, if set.
  public func request<Value: Sendable>(
    _ request: DataRequest, didParseResponse response: DataResponse<Value, TransferError>
  ) {
    requestDidParseResponse?(request, response.map { $0 as any Sendable })
  }
}
