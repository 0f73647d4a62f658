import Foundation
import Hummingbird
import JSONKit
import JSONKitHummingbird
import NIOCore
import Synchronization
import SyntheticCorpus

/// `--suite server`: JSONKit in a real server, end to end, in requests per second.
///
/// One application per subject and document listens on 127.0.0.1 (real sockets): Hummingbird
/// 2 for `jsonkit` and `foundation`, Vapor 4 for `vapor-jsonkit` and `vapor-foundation`
/// (``VaporServers``). Its one route, `POST /`, decodes the body into the map suite's `Codable` models
/// through the request context's decoder, touches a field of every model and returns a reply
/// (a count, a sum and the first model) through the context's encoder:
///
/// - `jsonkit`: the `JSONKitHummingbird` adapter's coders (`JSONKitDecoder`, `JSONKitEncoder`).
/// - `foundation`: Hummingbird's default coders (`JSONDecoder`, `JSONEncoder`).
/// - `vapor-jsonkit`, `vapor-foundation`: the same pair in Vapor.
///
/// The load comes from `wrk` (Debian's package; `Scripts/install-dependencies` installs it):
/// `connections` keep-alive connections for `duration` seconds per round, rounds interleaved
/// (every document and subject once per round), after one untimed second per server.
/// Before timing, both subjects answer one
/// request and their replies must be the same JSON. Documents: twitter.json (or the synthetic
/// tweets.json) and github_events.json.
enum ServerSuite {
  static let subjects = ["jsonkit", "foundation", "vapor-jsonkit", "vapor-foundation"]
  /// The table's rows: per framework, the subject with JSONKit's coders and the one with the
  /// framework's own.
  static let pairs = [
    (framework: "hummingbird", jsonkit: "jsonkit", own: "foundation"),
    (framework: "vapor", jsonkit: "vapor-jsonkit", own: "vapor-foundation"),
  ]
  static let connections = 16

  struct Result {
    let corpus: String
    let subject: String
    let bodyBytes: Int
    var rps: [Double] = []
    var p99: [Double] = []
  }

  static func run(_ arguments: Arguments, documents: [CorpusDocument]) throws -> String {
    let subjects = arguments.subjects ?? Self.subjects
    guard let wrk = findExecutable("wrk") else {
      throw UsageError("the server suite needs wrk (Scripts/install-dependencies installs it)")
    }
    var servers: [(result: Result, url: String, script: String)] = []
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "jsonkit-server-suite-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    for document in documents {
      guard let model = MapSuite.Model(document: document.name) else { continue }
      let body = directory.appendingPathComponent(document.name)
      try document.data.write(to: body)
      let script = directory.appendingPathComponent(document.name + ".lua")
      try postScript(body: body.path).write(to: script, atomically: true, encoding: .utf8)
      var replies: [String: Data] = [:]
      for subject in subjects {
        let port = try startServer(subject: subject, model: model)
        let url = "http://127.0.0.1:\(port)/"
        replies[subject] = try post(document.data, to: url)
        servers.append(
          (
            Result(corpus: document.name, subject: subject, bodyBytes: document.data.count), url,
            script.path
          ))
      }
      try checkReplies(replies, corpus: document.name)
    }
    guard !servers.isEmpty else {
      throw UsageError("no document for the server suite (\(MapSuite.Model.documents))")
    }
    // One untimed second each: the first requests fault in pages and fill caches.
    printError("warming up")
    for server in servers {
      _ = try load(wrk: wrk, url: server.url, script: server.script, seconds: 1)
    }
    for round in 1...arguments.rounds {
      printError("round \(round)/\(arguments.rounds)")
      for i in servers.indices {
        let (rps, p99) = try load(
          wrk: wrk, url: servers[i].url, script: servers[i].script, seconds: arguments.duration)
        servers[i].result.rps.append(rps)
        servers[i].result.p99.append(p99)
        printError(
          "  \(servers[i].result.corpus) \(servers[i].result.subject): \(Int(rps)) req/s, p99 \(p99) ms"
        )
      }
    }
    let results = servers.map(\.result)
    switch arguments.format {
    case .json: return results.map(jsonLine).joined(separator: "\n")
    case .table: return table(results, arguments: arguments)
    }
  }

  // MARK: Servers

  /// Starts the application for `subject` on a free port and returns the port.
  private static func startServer(subject: String, model: MapSuite.Model) throws -> Int {
    if subject.hasPrefix("vapor-") { return try VaporServers.start(subject: subject, model: model) }
    let port = Mutex<Int?>(nil)
    let running = DispatchSemaphore(value: 0)
    let configuration = ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0))
    let onRunning: @Sendable (any Channel) async -> Void = { channel in
      port.withLock { $0 = channel.localAddress?.port }
      running.signal()
    }
    switch (subject, model) {
    case ("jsonkit", .twitter):
      let router = Router(context: BenchContext<JSONKitTwitter>.self)
      router.post("/") { request, context in try await twitterReply(request, context) }
      launch(Application(router: router, configuration: configuration, onServerRunning: onRunning))
    case ("foundation", .twitter):
      let router = Router(context: BenchContext<FoundationTwitter>.self)
      router.post("/") { request, context in try await twitterReply(request, context) }
      launch(Application(router: router, configuration: configuration, onServerRunning: onRunning))
    case ("jsonkit", .github):
      let router = Router(context: BenchContext<JSONKitGitHub>.self)
      router.post("/") { request, context in try await githubReply(request, context) }
      launch(Application(router: router, configuration: configuration, onServerRunning: onRunning))
    case ("foundation", .github):
      let router = Router(context: BenchContext<FoundationGitHub>.self)
      router.post("/") { request, context in try await githubReply(request, context) }
      launch(Application(router: router, configuration: configuration, onServerRunning: onRunning))
    default:
      throw UsageError(
        "no subject '\(subject)' in the server suite (\(subjects.joined(separator: ", ")))")
    }
    guard running.wait(timeout: .now() + 30) == .success, let bound = port.withLock({ $0 }) else {
      throw UsageError("the \(subject) server did not start")
    }
    return bound
  }

  /// Runs the application until the process ends.
  private static func launch(_ application: some ApplicationProtocol & Sendable) {
    Task {
      do {
        try await application.runService(gracefulShutdownSignals: [])
      } catch {
        printError("server stopped: \(error)")
      }
    }
  }

  static func twitterReply<Context: RequestContext>(_ request: Request, _ context: Context)
    async throws -> TwitterReply
  {
    twitterReply(try await request.decode(as: CodableModels.Timeline.self, context: context))
  }

  static func githubReply<Context: RequestContext>(_ request: Request, _ context: Context)
    async throws -> GitHubReply
  {
    githubReply(try await request.decode(as: [CodableModels.Event].self, context: context))
  }

  /// The reply to a timeline, whichever framework decoded it.
  static func twitterReply(_ timeline: CodableModels.Timeline) -> TwitterReply {
    TwitterReply(
      statuses: timeline.statuses.count,
      retweets: timeline.statuses.reduce(0) { $0 + $1.retweetCount },
      first: timeline.statuses.first)
  }

  /// The reply to a list of events, whichever framework decoded it.
  static func githubReply(_ events: [CodableModels.Event]) -> GitHubReply {
    GitHubReply(
      events: events.count, publicEvents: events.filter(\.isPublic).count, first: events.first)
  }

  // MARK: Load

  /// wrk's Lua script: POST the body file as JSON.
  private static func postScript(body: String) -> String {
    """
    local file = io.open("\(body)", "rb")
    wrk.method = "POST"
    wrk.body = file:read("*all")
    file:close()
    wrk.headers["Content-Type"] = "application/json"
    """
  }

  /// One wrk run: requests per second and the 99th percentile latency in milliseconds.
  private static func load(wrk: String, url: String, script: String, seconds: Int) throws
    -> (Double, Double)
  {
    let output = try runProcess(
      wrk,
      ["-t1", "-c\(connections)", "-d\(seconds)s", "--latency", "-s", script, url])
    if output.contains("Non-2xx or 3xx responses") || output.contains("Socket errors") {
      throw UsageError("wrk saw failed requests:\n\(output)")
    }
    // wrk stops sending when its time is up, but the server may still be decoding the last
    // requests it read: let it finish before the next run, so that no run pays for another.
    Thread.sleep(forTimeInterval: 1)
    guard let rps = number(after: "Requests/sec:", in: output),
      let p99 = latency(percentile: "99%", in: output)
    else { throw UsageError("could not read wrk's output:\n\(output)") }
    return (rps, p99)
  }

  private static func number(after label: String, in text: String) -> Double? {
    guard let range = text.range(of: label) else { return nil }
    let rest = text[range.upperBound...].drop { $0 == " " }
    return Double(rest.prefix { !$0.isWhitespace })
  }

  /// A latency line of `--latency` (`99%   12.34ms`), in milliseconds.
  private static func latency(percentile: String, in text: String) -> Double? {
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, fields[0] == percentile else { continue }
      let value = fields[1]
      for (unit, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0), ("m", 60_000.0)] {
        if value.hasSuffix(unit), let number = Double(value.dropLast(unit.count)) {
          return number * scale
        }
      }
    }
    return nil
  }

  /// The reply of one POST, for the check.
  private static func post(_ body: Data, to url: String) throws -> Data {
    guard let curl = findExecutable("curl") else { throw UsageError("the server suite needs curl") }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "jsonkit-server-check-\(getpid()).json")
    try body.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let reply = try runProcess(
      curl,
      [
        "-sS", "--fail", "-H", "Content-Type: application/json", "--data-binary", "@\(file.path)",
        url,
      ])
    return Data(reply.utf8)
  }

  private static func checkReplies(_ replies: [String: Data], corpus: String) throws {
    let parsed = try replies.mapValues { try JSONParser.parse($0) }
    guard let first = parsed.values.first, parsed.values.allSatisfy({ $0 == first }),
      first["first"].exists()
    else {
      throw UsageError(
        "server suite: the subjects replied differently to \(corpus):\n"
          + replies.map { "\($0.key): \(String(decoding: $0.value.prefix(300), as: UTF8.self))" }
          .joined(separator: "\n"))
    }
    printError("server check on \(corpus): \(replies.keys.sorted().joined(separator: ", ")) agree")
  }

  // MARK: Report

  private static func best(_ values: [Double]) -> Double { values.max() ?? 0 }

  private static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  private static func jsonLine(_ result: Result) -> String {
    "{\"suite\":\"server\",\"corpus\":\"\(result.corpus)\",\"subject\":\"\(result.subject)\","
      + "\"best_rps\":\(fixed(best(result.rps), 1)),\"median_rps\":\(fixed(median(result.rps), 1)),"
      + "\"p99_ms\":\(fixed(median(result.p99), 2))}"
  }

  private static func table(_ results: [Result], arguments: Arguments) -> String {
    var lines = [
      "server suite, \(arguments.rounds) rounds of \(arguments.duration) s per document and subject, "
        + "wrk with \(connections) keep-alive connections; requests/s best / median, p99 latency "
        + "median over rounds; jsonkit ÷ own > 1 means JSONKit's coders serve more than the "
        + "framework's own (Foundation's).",
      "",
      "| framework | body | KB | jsonkit req/s | own coders req/s | jsonkit ÷ own | p99 jsonkit ms | p99 own ms |",
      "|---|---|--:|--:|--:|--:|--:|--:|",
    ]
    for pair in pairs {
      for corpus in Set(results.map(\.corpus)).sorted() {
        let ours = results.first { $0.corpus == corpus && $0.subject == pair.jsonkit }
        let theirs = results.first { $0.corpus == corpus && $0.subject == pair.own }
        guard ours != nil || theirs != nil else { continue }
        func cell(_ r: Result?) -> String {
          r.map { "\(fixed(best($0.rps), 0)) / \(fixed(median($0.rps), 0))" } ?? "—"
        }
        func p99(_ r: Result?) -> String { r.map { fixed(median($0.p99), 2) } ?? "—" }
        var ratio = "—"
        if let ours, let theirs, median(theirs.rps) > 0 {
          ratio =
            "\(fixed(best(ours.rps) / best(theirs.rps), 2))× / \(fixed(median(ours.rps) / median(theirs.rps), 2))×"
        }
        let bytes = (ours ?? theirs)?.bodyBytes ?? 0
        lines.append(
          "| \(pair.framework) | \(corpus) | \(bytes / 1000) | \(cell(ours)) | \(cell(theirs)) | "
            + "\(ratio) | \(p99(ours)) | \(p99(theirs)) |")
      }
    }
    return lines.joined(separator: "\n")
  }

  private static func fixed(_ value: Double, _ digits: Int) -> String {
    String(format: "%.\(digits)f", value)
  }
}

/// The reply to a twitter-shaped body.
struct TwitterReply: ResponseEncodable {
  let statuses: Int
  let retweets: Int
  let first: CodableModels.Status?
}

/// The reply to a github_events-shaped body.
struct GitHubReply: ResponseEncodable {
  let events: Int
  let publicEvents: Int
  let first: CodableModels.Event?
}

// MARK: Request contexts

/// Which coders, with which date strategy, a benchmark server uses.
protocol BenchCoders: SendableMetatype {
  associatedtype Decoder: RequestDecoder
  associatedtype Encoder: ResponseEncoder
  static var decoder: Decoder { get }
  static var encoder: Encoder { get }
}

/// A request context whose coders `Coders` chooses.
struct BenchContext<Coders: BenchCoders>: RequestContext {
  var coreContext: CoreRequestContextStorage
  init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
  var requestDecoder: Coders.Decoder { Coders.decoder }
  var responseEncoder: Coders.Encoder { Coders.encoder }
  var maxUploadSize: Int { 64 << 20 }
}

enum JSONKitTwitter: BenchCoders {
  static var decoder: JSONKitDecoder {
    var decoder = JSONKitDecoder()
    decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
    return decoder
  }
  static var encoder: JSONKitEncoder {
    var encoder = JSONKitEncoder()
    encoder.dateEncodingStrategy = .formatted(ModelDates.twitter)
    return encoder
  }
}

enum JSONKitGitHub: BenchCoders {
  static var decoder: JSONKitDecoder {
    var decoder = JSONKitDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
  static var encoder: JSONKitEncoder {
    var encoder = JSONKitEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}

enum FoundationTwitter: BenchCoders {
  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
    return decoder
  }
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .formatted(ModelDates.twitter)
    return encoder
  }
}

enum FoundationGitHub: BenchCoders {
  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }
}
