import AsyncHTTPClient
import Foundation
import JSONKit
import LoopbackTestServer
import Mapping
import Synchronization
import SyntheticCorpus
import Transfer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `--suite transfer`: HTTP GETs from a loopback server, by JSONKit's `Transfer` client, by
/// AsyncHTTPClient (the client of Swift on the server) and by Foundation's `URLSession`, each
/// ending in the subject's own models or JSON value.
///
/// - **document**: one GET of twitter.json (the corpus's, else the synthetic tweets.json),
///   mapped into the map suite's models; sequential requests, MB/s of body.
///   `transfer` maps `MapModels.Status` with `serializingArray(keyPath: "statuses")`,
///   `transfer-decoder` decodes `CodableModels.Timeline` with `serializingDecodable`
///   (JSONKitDecoder), `urlsession` fetches with `data(from:)` and decodes the same
///   `Timeline` with `JSONDecoder`, `asynchttpclient` executes an `HTTPClientRequest`,
///   collects the body and decodes it with `JSONDecoder`. Before timing, every subject
///   fetches once and the models are compared (`MapDigest`); a difference stops the run.
/// - **small GETs**: one operation is `smallRequests` GETs of a ~20-byte JSON object with at
///   most `concurrency` in flight (a task group with a sliding window), parsed as a JSON
///   value (`asynchttpclient`: decoded by `JSONDecoder`); requests/s. Each response echoes its request's index, and every batch checks
///   that the indices add up, so a subject that loses or mixes up responses fails.
///
/// Every client uses keep-alive, no proxy, no cache and up to `concurrency` connections per
/// host (AsyncHTTPClient: its soft limit per host, on the shared two-thread event loop group). The async calls are driven from the synchronous `Timing` loop by `waitFor`, which
/// costs every subject the same few microseconds per operation.
final class TransferSuite {
  static let subjects = ["transfer", "transfer-decoder", "asynchttpclient", "urlsession"]
  /// The subjects of the small-GET batch (`transfer-decoder` would do the same as
  /// `transfer` there).
  static let smallSubjects = ["transfer", "asynchttpclient", "urlsession"]
  /// The largest body AsyncHTTPClient collects (it needs a bound).
  static let maximumBody = 64 << 20
  static let smallRequests = 1_000
  static let concurrency = 32

  private let server: LoopbackServer
  private let session: Transfer.Session
  private let urlSession: URLSession
  private let httpClient: HTTPClient
  /// CPU of the process per small-GET batch, by subject.
  private var cpuMeters: [(subject: String, meter: CPUMeter)] = []

  /// Serves `document` at `/<name>` and `{"id":i,"ok":true}` at `/small?i=i`.
  init(documentName: String, document: Data) throws {
    let body = [UInt8](document)
    let path = "/" + documentName
    server = try LoopbackServer { request in
      if request.path == path { return .bytes(body, contentType: "application/json") }
      if request.path == "/small", let index = request.query["i"].flatMap(Int.init) {
        return .json(#"{"id":\#(index),"ok":true}"#)
      }
      return .empty(status: 404)
    }
    session = Transfer.Session(
      configuration: SessionConfiguration(maximumConnectionsPerHost: Self.concurrency, proxy: .none)
    )
    let configuration = URLSessionConfiguration.default
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpMaximumConnectionsPerHost = Self.concurrency
    configuration.connectionProxyDictionary = [:]
    urlSession = URLSession(configuration: configuration)
    httpClient = HTTPClient(
      eventLoopGroupProvider: .singleton,
      configuration: HTTPClient.Configuration(
        connectionPool: .init(
          idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: Self.concurrency),
        proxy: nil, decompression: .disabled))
  }

  deinit {
    try? httpClient.syncShutdown()
    urlSession.invalidateAndCancel()
    server.stop()
  }

  /// twitter.json from the corpus if it has one, else the synthetic tweets.json.
  static func document(from documents: [CorpusDocument]) -> CorpusDocument {
    if let twitter = documents.first(where: { $0.name == "twitter.json" }) { return twitter }
    printError("transfer suite: no twitter.json in the corpus; serving the synthetic tweets.json")
    return SyntheticCorpus.documents().first { $0.name == "tweets.json" }!
  }

  /// Starts the server, checks and times both parts interleaved in the same rounds, and
  /// returns the two tables (or JSON lines).
  static func run(_ arguments: Arguments, documents: [CorpusDocument]) throws -> String {
    let document = document(from: documents)
    let suite = try TransferSuite(documentName: document.name, document: document.data)
    let subjects = arguments.subjects ?? Self.subjects
    // TRANSFER_PARTS=small (or document) times one part only: for a profiler or a CPU
    // count of the small GETs without the document GETs in it.
    let parts = ProcessInfo.processInfo.environment["TRANSFER_PARTS"] ?? "document,small"
    let workloads =
      try
      (parts.contains("document")
      ? suite.documentWorkloads(
        subjects: subjects, name: document.name, bytes: document.data.count) : [])
      + (parts.contains("small") ? suite.smallWorkloads(subjects: subjects) : [])
    guard !workloads.isEmpty else { throw UsageError("no transfer subject worked") }
    printError(
      "\(workloads.count) workloads; calibrating… (load average \(ProcessCPU.loadAverage()))")
    let samples = try Timing.run(workloads, rounds: arguments.rounds) { printError($0) }
    suite.reportCPU()
    let results = zip(workloads, samples).map {
      (perRequest: $0.unitsPerOperation != nil, Summary($0, samples: $1))
    }
    let byBytes = results.filter { !$0.perRequest }.map(\.1)
    let byRequests = results.filter(\.perRequest).map(\.1)
    let rounds = "\(arguments.rounds) round\(arguments.rounds == 1 ? "" : "s")"
    switch arguments.format {
    case .json:
      return [
        Report.jsonLines(byBytes, suite: .transfer),
        Report.jsonLines(byRequests, suite: .transfer, rate: "rps"),
      ].filter { !$0.isEmpty }.joined(separator: "\n")
    case .table:
      let requestsTitle =
        "transfer suite, small GETs, \(rounds). Cells are best / median over rounds; req/s = "
        + "requests / second for a batch of \(smallRequests) GETs of a \(#"{"id":…,"ok":true}"#) body "
        + "(parsed as JSON) with at most \(concurrency) in flight; A ÷ B > 1 means A is faster than B."
      return [
        byBytes.isEmpty
          ? ""
          : Report.table(
            byBytes, suite: .transfer, rounds: arguments.rounds, corpusLabel: document.name),
        byRequests.isEmpty
          ? ""
          : Report.table(
            byRequests, suite: .transfer, rounds: arguments.rounds, corpusLabel: "", unit: "req/s",
            title: requestsTitle),
      ].filter { !$0.isEmpty }.joined(separator: "\n\n")
    }
  }

  // MARK: Document: GET + models

  /// The document workloads in `subjects` order, after checking that every subject of the
  /// suite (timed or not) gets the same models.
  func documentWorkloads(subjects: [String], name: String, bytes: Int) throws -> [Workload] {
    let url = server.url("/" + name)
    var runs: [String: ModelRun] = [:]
    var digests: [(subject: String, digest: MapDigest)] = []
    for subject in Self.subjects {
      let run = documentRun(subject: subject, url: url)
      do {
        digests.append((subject, try run.digest()))
        runs[subject] = run
      } catch {
        printError("skipping \(subject) on \(name): \(error)")
      }
    }
    try MapSuite.check(digests, corpus: name, suite: "transfer")
    return subjects.compactMap { subject in
      runs[subject].map { run in
        Workload(
          corpus: name, subject: subject, inputBytes: bytes, operation: run.operation,
          heapPerInputByte: nil)
      }
    }
  }

  private func documentRun(subject: String, url: String) -> ModelRun {
    let session = session
    switch subject {
    case "transfer":
      return ModelRun(
        {
          try await session.request(url).validate()
            .serializingArray(MapModels.Status.self, keyPath: "statuses").value
        }, touch: { $0.count &+ Int(truncatingIfNeeded: $0.last?.id ?? 0) }, digest: MapDigest.init)
    case "transfer-decoder":
      var decoder = JSONKitDecoder()
      decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
      return ModelRun(
        { [decoder] in
          try await session.request(url).validate()
            .serializingDecodable(CodableModels.Timeline.self, decoder: decoder).value
        }, touch: Self.touch, digest: MapDigest.init)
    case "urlsession":
      let urlSession = urlSession
      return Self.jsonDecoderRun { try await Self.fetch(url, with: urlSession) }
    case "asynchttpclient":
      let httpClient = httpClient
      return Self.jsonDecoderRun { try await Self.fetch(url, with: httpClient) }
    default:
      fatalError("no subject \(subject) in the transfer suite")
    }
  }

  /// A body from `fetch` decoded into the `Timeline` by Foundation's `JSONDecoder`.
  private static func jsonDecoderRun(_ fetch: @escaping @Sendable () async throws -> Data)
    -> ModelRun
  {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
    return ModelRun(
      { try decoder.decode(CodableModels.Timeline.self, from: try await fetch()) },
      touch: Self.touch, digest: MapDigest.init)
  }

  private static func touch(_ timeline: CodableModels.Timeline) -> Int {
    timeline.statuses.count &+ Int(truncatingIfNeeded: timeline.statuses.last?.id ?? 0)
  }

  /// The body of a 200 response from `URLSession.data(from:)`.
  private static func fetch(_ url: String, with urlSession: URLSession) async throws -> Data {
    guard let address = URL(string: url) else { throw TransferSuiteError("bad URL \(url)") }
    let (data, response) = try await urlSession.data(from: address)
    let status = (response as? HTTPURLResponse)?.statusCode ?? 0
    guard status == 200 else { throw TransferSuiteError("status \(status) for \(url)") }
    return data
  }

  /// The body of a 200 response from `HTTPClient.execute`, collected and copied into `Data`
  /// (what `JSONDecoder` reads).
  private static func fetch(_ url: String, with client: HTTPClient) async throws -> Data {
    let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(30))
    guard response.status == .ok else {
      throw TransferSuiteError("status \(response.status.code) for \(url)")
    }
    let body = try await response.body.collect(upTo: maximumBody)
    return body.withUnsafeReadableBytes { Data($0) }
  }

  /// The A ÷ B columns: every Transfer subject against each of the other clients.
  static func ratioPairs(subjects: [String]) -> [(String, String)] {
    let references = ["asynchttpclient", "urlsession"].filter(subjects.contains)
    return references.flatMap { reference in
      subjects.filter { $0.hasPrefix("transfer") }.map { ($0, reference) }
    }
  }

  // MARK: Small GETs

  /// The small-GET workloads in `subjects` order (those of `smallSubjects`), each run once
  /// first so that a failing subject is reported and left out.
  func smallWorkloads(subjects: [String]) -> [Workload] {
    let label = "\(Self.smallRequests) GETs, \(Self.concurrency) in flight"
    let bodyBytes = #"{"id":0,"ok":true}"#.utf8.count
    return subjects.filter(Self.smallSubjects.contains).compactMap { subject in
      let one = smallRequest(subject: subject)
      let meter = CPUMeter()
      let batch = { try waitFor { try await Self.batch(one) } }
      // Not counted: the check's batch opens the connections.
      let operation = { try meter.measure(batch) }
      let connections = server.connectionsAccepted
      do {
        _ = try batch()
      } catch {
        printError("skipping \(subject) on small GETs: \(error)")
        return nil
      }
      let opened = server.connectionsAccepted - connections
      printError(
        "transfer check on small GETs: \(subject): ids add up; first batch opened \(opened) connections"
      )
      cpuMeters.append((subject, meter))
      return Workload(
        corpus: label, subject: subject, inputBytes: bodyBytes, operation: operation,
        heapPerInputByte: nil, unitsPerOperation: Double(Self.smallRequests))
    }
  }

  /// Prints the CPU time of the process per small-GET batch of each subject, with the load
  /// average: the figure that moves least under outside load.
  func reportCPU() {
    guard !cpuMeters.isEmpty else { return }
    let figures = cpuMeters.compactMap { entry in
      entry.meter.secondsPerOperation.map {
        "\(entry.subject) \(String(format: "%.1f", $0 * 1000)) ms (\(entry.meter.operations) batches)"
      }
    }
    printError(
      "CPU per \(Self.smallRequests) small GETs (user + sys of the process, server included): "
        + figures.joined(separator: ", ") + "; load average \(ProcessCPU.loadAverage())")
  }

  /// One small GET of `/small?i=<index>`, parsed as JSON; returns the echoed `id`.
  private func smallRequest(subject: String) -> @Sendable (Int) async throws -> Int {
    let server = server
    switch subject {
    case "transfer":
      let session = session
      return { index in
        let json = try await session.request(server.url("/small?i=\(index)")).validate()
          .serializingJSON().value
        guard let id = json["id"].int, json["ok"].bool == true else {
          throw TransferSuiteError("unexpected body \(json)")
        }
        return id
      }
    case "urlsession":
      let urlSession = urlSession
      return { index in
        let data = try await Self.fetch(server.url("/small?i=\(index)"), with: urlSession)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        guard let id = object?["id"] as? Int, object?["ok"] as? Bool == true else {
          throw TransferSuiteError("unexpected body \(String(decoding: data, as: UTF8.self))")
        }
        return id
      }
    case "asynchttpclient":
      let httpClient = httpClient
      return { index in
        let data = try await Self.fetch(server.url("/small?i=\(index)"), with: httpClient)
        let small = try JSONDecoder().decode(SmallBody.self, from: data)
        guard small.ok else {
          throw TransferSuiteError("unexpected body \(String(decoding: data, as: UTF8.self))")
        }
        return small.id
      }
    default:
      fatalError("no subject \(subject) in the transfer suite's small GETs")
    }
  }

  /// `smallRequests` calls of `one(0)`, `one(1)`, … with at most `concurrency` running: a
  /// new one starts as soon as one ends.
  ///
  /// Throws unless the returned ids add up to those
  /// requested.
  private static func batch(_ one: @escaping @Sendable (Int) async throws -> Int) async throws
    -> Int
  {
    let sum = try await withThrowingTaskGroup(of: Int.self) { group in
      var next = 0
      var sum = 0
      while next < min(concurrency, smallRequests) {
        group.addTask { [next] in try await one(next) }
        next += 1
      }
      while let id = try await group.next() {
        sum += id
        if next < smallRequests {
          group.addTask { [next] in try await one(next) }
          next += 1
        }
      }
      return sum
    }
    let expected = smallRequests * (smallRequests - 1) / 2
    guard sum == expected else {
      throw TransferSuiteError("ids of a batch add up to \(sum), expected \(expected)")
    }
    return sum
  }
}

/// The small GET's body, `{"id":<n>,"ok":true}`, for the `JSONDecoder` subjects.
private struct SmallBody: Decodable {
  let id: Int
  let ok: Bool
}

/// One document subject: the timed operation (fetch and touch the models) and the same
/// fetch reduced to a digest for the check.
private struct ModelRun {
  let operation: () throws -> Int
  let digest: () throws -> MapDigest

  init<Models: Sendable>(
    _ fetch: @escaping @Sendable () async throws -> Models, touch: @escaping (Models) -> Int,
    digest: @escaping (Models) -> MapDigest
  ) {
    operation = { touch(try waitFor(fetch)) }
    self.digest = { digest(try waitFor(fetch)) }
  }
}

/// A request of the transfer suite went wrong.
struct TransferSuiteError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// Runs `body` in a task and blocks the calling thread until it ends.
///
/// Only for the
/// benchmark's own (non-cooperative) main thread: the task runs on the global executor.
func waitFor<Value: Sendable>(_ body: @escaping @Sendable () async throws -> Value) throws -> Value
{
  let outcome = AsyncOutcome<Value>()
  Task {
    do {
      outcome.set(.success(try await body()))
    } catch {
      outcome.set(.failure(error))
    }
  }
  return try outcome.wait()
}

/// The result of a task, handed to the thread that waits for it.
private final class AsyncOutcome<Value: Sendable>: Sendable {
  private let ready = DispatchSemaphore(value: 0)
  private let result = Mutex<Result<Value, any Error>?>(nil)

  func set(_ value: Result<Value, any Error>) {
    result.withLock { $0 = value }
    ready.signal()
  }

  func wait() throws -> Value {
    ready.wait()
    return try result.withLock { $0! }.get()
  }
}
