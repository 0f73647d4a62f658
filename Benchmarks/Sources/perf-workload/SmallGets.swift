import Foundation
import JSONKit
import LoopbackTestServer
import Transfer

/// `count` small GETs of `{"id":<n>,"ok":true}` from a loopback server with 32 in flight, as
/// in the transfer suite of `compare` (`perf-workload small-gets N`): what one request costs
/// Transfer, curl and the server, counted by callgrind (divide the count by `N`).
///
/// The warm-up run opens the connections that the counted run reuses, and leaves the session's
/// idle easy handles (where curl allows keeping them) and its engines' state warm.
enum SmallGets {
  /// Requests in flight at once, as in the transfer suite.
  static let concurrency = 32

  static func prepared(count: Int) throws -> PreparedWorkload {
    let server = try LoopbackServer { request in
      guard request.path == "/small", let index = request.query["i"].flatMap(Int.init) else {
        return .empty(status: 404)
      }
      return .json(#"{"id":\#(index),"ok":true}"#)
    }
    let session = Session(
      configuration: SessionConfiguration(maximumConnectionsPerHost: concurrency, proxy: .none))
    let base = "http://127.0.0.1:\(server.port)/small?i="
    return PreparedWorkload(
      run: {
        let sum = try Workload.wait { try await batch(count, session: session, base: base) }
        guard sum == count * (count - 1) / 2 else {
          throw UsageError(message: "the ids of \(count) small GETs add up to \(sum)")
        }
        return "\(count) GETs"
      },
      finish: { server.stop() })
  }

  /// GETs `base + i` for `i` in `0..<count` with at most `concurrency` in flight; returns
  /// the sum of the ids the server echoed.
  private static func batch(_ count: Int, session: Session, base: String) async throws -> Int {
    try await withThrowingTaskGroup(of: Int.self) { group in
      var next = 0
      var sum = 0
      func add(_ index: Int) {
        group.addTask {
          let json = try await session.request(base + String(index)).validate()
            .serializingJSON().value
          guard let id = json["id"].int, json["ok"].bool == true else {
            throw UsageError(message: "unexpected body \(json)")
          }
          return id
        }
      }
      while next < min(concurrency, count) {
        add(next)
        next += 1
      }
      while let id = try await group.next() {
        sum += id
        if next < count {
          add(next)
          next += 1
        }
      }
      return sum
    }
  }
}
