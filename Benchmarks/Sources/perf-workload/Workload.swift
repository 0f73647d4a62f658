import CYajlNoop
import Foundation
import JSONKit
import LoopbackTestServer
import Mapping
import Synchronization
import SyntheticCorpus
import Transfer

/// The gate's workloads, on the synthetic documents (fixed seeds, so every run reads the
/// same bytes).
///
/// `yajl-*` and the `parse-*` of the other shapes are not gated: they measure
/// the parser against raw yajl's no-op callbacks, its ceiling, on each shape.
enum Workload: String, CaseIterable {
  case parseTweets = "parse-tweets"
  case decodeEvents = "decode-events"
  case mapTweets = "map-tweets"
  case encodeEvents = "encode-events"
  case transferGetMap = "transfer-get-map"
  case parseCatalogue = "parse-catalogue"
  case parseStrings = "parse-strings"
  case parseCoordinates = "parse-coordinates"
  case yajlTweets = "yajl-tweets"
  case yajlCatalogue = "yajl-catalogue"
  case yajlStrings = "yajl-strings"
  case yajlCoordinates = "yajl-coordinates"

  func prepared() throws -> PreparedWorkload {
    switch self {
    case .parseTweets, .parseCatalogue, .parseStrings, .parseCoordinates:
      return Self.parse(Self.document(rawValue.dropFirst("parse-".count)))
    case .yajlTweets, .yajlCatalogue, .yajlStrings, .yajlCoordinates:
      return Self.yajl(Self.document(rawValue.dropFirst("yajl-".count)))
    case .decodeEvents:
      let data = Self.document("events")
      return PreparedWorkload {
        "\(try JSONKitDecoder().decode([GateModels.Event].self, from: data).count) events"
      }
    case .mapTweets:
      let data = Self.document("tweets")
      return PreparedWorkload {
        let statuses = Mapper<GateModels.Status>().mapArray(
          JSON: try JSONParser.parse(data)["statuses"])
        return "\(statuses?.count ?? -1) statuses"
      }
    case .encodeEvents:
      let events = try JSONKitDecoder().decode(
        [GateModels.Event].self, from: Self.document("events"))
      return PreparedWorkload { "\(try JSONKitEncoder().encode(events).count) bytes" }
    case .transferGetMap:
      return try Self.transferGetMap()
    }
  }

  /// `JSONParser.parse` of `data`, into a value.
  static func parse(_ data: Data) -> PreparedWorkload {
    PreparedWorkload { "\(try JSONParser.parse(data).count) values at the top" }
  }

  /// Raw yajl with callbacks that do nothing on `data`: the ceiling of a parser on yajl.
  static func yajl(_ data: Data) -> PreparedWorkload {
    PreparedWorkload {
      let status = data.withUnsafeBytes { raw in
        cyajl_noop_parse(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
      }
      guard status == 0 else { throw UsageError(message: "yajl rejected the document") }
      return "valid"
    }
  }

  /// One GET of the synthetic tweets from a loopback server, mapped into `GateModels.Status`
  /// while it downloads.
  ///
  /// The warm-up run opens the connection that the counted run reuses.
  private static func transferGetMap() throws -> PreparedWorkload {
    let body = [UInt8](document("tweets"))
    let server = try LoopbackServer { request in
      request.path == "/tweets.json"
        ? .bytes(body, contentType: "application/json") : .empty(status: 404)
    }
    let session = Transfer.Session(
      configuration: SessionConfiguration(maximumConnectionsPerHost: 1, proxy: .none))
    let url = "http://127.0.0.1:\(server.port)/tweets.json"
    return PreparedWorkload(
      run: {
        let statuses = try Self.wait {
          try await session.request(url).validate()
            .serializingArray(GateModels.Status.self, keyPath: "statuses").value
        }
        return "\(statuses.count) statuses"
      },
      finish: { server.stop() })
  }

  /// Runs `body` in a task and waits for it on this thread.
  ///
  /// The program's main is not
  /// `async`: valgrind 3.19 crashes in the thread that an async main parks on.
  static func wait<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value
  ) throws -> Value {
    let outcome = Mutex<Result<Value, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
      let result: Result<Value, any Error>
      do { result = .success(try await body()) } catch { result = .failure(error) }
      outcome.withLock { $0 = result }
      done.signal()
    }
    done.wait()
    return try outcome.withLock { $0! }.get()
  }

  /// The synthetic document `<shape>.json`.
  private static func document(_ shape: Substring) -> Data {
    SyntheticCorpus.documents().first { $0.name == "\(shape).json" }!.data
  }
}
