/// Standard reason phrases, so handlers only need a status code.
enum StatusReason {
  static func phrase(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 101: "Switching Protocols"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 206: "Partial Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 304: "Not Modified"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 422: "Unprocessable Content"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default:
      // RFC 9112 lets the phrase be empty; a class name is friendlier in a trace.
      switch status / 100 {
      case 1: "Informational"
      case 2: "Success"
      case 3: "Redirection"
      case 4: "Client Error"
      default: "Server Error"
      }
    }
  }

  /// Statuses whose responses never carry a body, whatever the method (RFC 9110 §6.4.1).
  static func forbidsBody(_ status: Int) -> Bool {
    (100..<200).contains(status) || status == 204 || status == 304
  }
}
