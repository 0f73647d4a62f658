import Foundation
import JSONKit

/// Everything a finished request knows, handed to each response handler.
struct RequestOutcome: Sendable {
  var request: HTTPRequest?
  var response: HTTPResponse?
  var data: Data?
  var error: TransferError?
  var metrics: TransferMetrics?
  /// The body as parsed while it downloaded, when a JSON serializer asked for that.
  var streamedJSON: Result<JSON, JSONError>?
}
