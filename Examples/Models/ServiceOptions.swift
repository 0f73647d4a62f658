import Foundation
import Logging

/// The example services' command line: the port to listen on and the upstream JSON API's
/// base URL.
public struct ServiceOptions: Sendable {
  /// The level of the service's logs: `LOG_LEVEL` from the environment (`debug` shows
  /// Transfer's lines for upstream calls), `info` without it.
  public static var logLevel: Logger.Level {
    ProcessInfo.processInfo.environment["LOG_LEVEL"].flatMap(Logger.Level.init(rawValue:)) ?? .info
  }

  /// The port to listen on (127.0.0.1); 0 lets the system choose one.
  public var port = 0
  /// The upstream API's base URL, without a trailing slash.
  public var upstream = "http://127.0.0.1:8080"

  /// Reads `--port N` and `--upstream URL` from `arguments` (the program's name first).
  ///
  /// - Throws: ``UsageError`` for an unknown option or a missing or invalid value.
  public init(arguments: [String]) throws(UsageError) {
    var rest = arguments.dropFirst()
    while let option = rest.popFirst() {
      guard let value = rest.popFirst() else { throw UsageError("\(option) needs a value") }
      switch option {
      case "--port":
        guard let port = Int(value), (0...65535).contains(port) else {
          throw UsageError("--port takes a number from 0 to 65535, not \(value)")
        }
        self.port = port
      case "--upstream":
        upstream = value.hasSuffix("/") ? String(value.dropLast()) : value
      default:
        throw UsageError("unknown option \(option) (options: --port N, --upstream URL)")
      }
    }
  }
}
