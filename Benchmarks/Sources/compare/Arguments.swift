/// The command line, parsed by hand: five options do not justify a dependency, and the
/// benchmark package should build with nothing but the root package and yajl.
struct Arguments {
  enum Suite: String {
    case parse, write, map, encode, server, query, transfer, keys
  }

  enum Format: String {
    case table, json
  }

  var suite: Suite?
  var corpus: String?
  var rounds = 10
  /// Seconds of load per round, document and subject (server suite).
  var duration = 3
  var format = Format.table
  var writeSynthetic: String?
  /// Only these subjects (all of the suite's when nil): for profiling one of them.
  var subjects: [String]?
  var showHelp = false

  static let synopsis = """
    USAGE: compare --suite parse|write|map|encode|server|query|transfer|keys [--corpus DIR] [--rounds N] [--duration S] [--format table|json]
                   [--subjects NAME,...]
           compare --write-synthetic DIR
    """

  static let usage =
    synopsis + """


      Compares JSONKit with Foundation's JSONSerialization (and, for parsing, with raw yajl
      calling no-op callbacks, the ceiling for any yajl-backed parser), and JSONKit's model
      mapping with Foundation's JSONDecoder. All subjects run interleaved in one process:
      every round times every document with every subject, so drifting machine load hits
      all subjects alike. Compare ratios within one run.

      OPTIONS:
        --suite parse|write|map|encode|server|query|transfer|keys
                              parse: jsonkit (JSONParser.parse), foundation
                              (JSONSerialization.jsonObject), yajl (no-op callbacks).
                              write: jsonkit (JSONWriter, compact), foundation
                              (JSONSerialization.data) on a value parsed once beforehand.
                              map: bytes to models: mapping (JSONParser.parse, then
                              Mapper<Status>().mapArray with Mappable structs), jsondecoder
                              (Foundation JSONDecoder into Codable structs), jsonkit-decoder
                              (JSONKitDecoder, same Codable structs). Only documents
                              with a model: twitter.json, github_events.json, synthetic
                              tweets.json; the subjects' results are compared first.
                              encode: the same models back to bytes: jsonkit-encoder
                              (JSONKitEncoder), mapping-tojson (Mapper.toJSONString),
                              foundation (JSONEncoder); each output is read back first.
                              server: a Hummingbird server on 127.0.0.1 decoding POSTed
                              bodies into the models and encoding a reply, driven by
                              wrk; requests/s and p99: jsonkit (JSONKitHummingbird's
                              coders), foundation (JSONDecoder/JSONEncoder).
                              transfer: HTTP from a loopback server. twitter.json (from
                              --corpus, else synthetic tweets.json) GET + models, one
                              request at a time, MB/s of body: transfer (Transfer,
                              serializingArray of the Mappable models), transfer-decoder
                              (Transfer, serializingDecodable with JSONKitDecoder),
                              asynchttpclient (AsyncHTTPClient execute + collect +
                              JSONDecoder), urlsession (URLSession data(from:) +
                              JSONDecoder); models compared first. Then 1000 small JSON
                              GETs with 32 in flight, requests/s: transfer,
                              asynchttpclient, urlsession.
        --corpus DIR          Benchmark every *.json file in DIR. Without it, four synthetic
                              documents (tweets, coordinates, catalogue, strings; ~1-2 MB
                              each) are generated deterministically in memory.
        --rounds N            Timed rounds (default 10). Each round runs each subject on each
                              document for ~75 ms (iteration count calibrated once).
        --duration SECONDS    Server suite: seconds of load per round, document and
                              subject (default 3).
        --format table|json   table: a markdown table with best / median MB/s and ratios.
                              json: one object per line per (corpus, subject).
        --subjects NAME,...   Time only these subjects (e.g. --subjects jsonkit under perf;
                              the map suite still checks all of its subjects once).
        --write-synthetic DIR Write the synthetic documents to DIR for inspection (and exit
                              unless --suite is also given).
        -h, --help            Show this help.

      NUMBERS:
        MB/s                  Size of the input JSON document in bytes / 1e6 / seconds per
                              operation. For the write suite too the INPUT document's size is
                              used (not the size of the text written), so both subjects are
                              charged for the same amount of JSON.
        best / median         The highest and the median MB/s over the rounds.
        A ÷ B                 A's MB/s / B's (best / best, median / median); above 1 means A
                              is faster. parse, write: jsonkit ÷ each other subject. map:
                              mapping ÷ jsondecoder, jsonkit-decoder ÷ jsondecoder.
                              transfer: transfer and transfer-decoder ÷ asynchttpclient
                              and ÷ urlsession.
        heap B/B              (parse only) Heap bytes held by the parsed value / input bytes,
                              from glibc mallinfo2 (uordblks + hblkhd) before and after a
                              parse while the value is alive, averaged over 3 parses.
                              0 for yajl, which builds nothing.
      """

  /// Parses `--name value` and `--name=value` forms.
  static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
    var result = Arguments()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      func value() throws(UsageError) -> String {
        if let inlineValue { return inlineValue }
        guard let next = remaining.popFirst() else {
          throw UsageError("missing value for \(name)")
        }
        return next
      }
      switch name {
      case "-h", "--help":
        result.showHelp = true
      case "--suite":
        let text = try value()
        guard let suite = Suite(rawValue: text) else {
          throw UsageError(
            "unknown suite '\(text)' (expected parse, write, map, encode, server, query, transfer or keys)"
          )
        }
        result.suite = suite
      case "--corpus":
        result.corpus = try value()
      case "--rounds":
        let text = try value()
        guard let rounds = Int(text), rounds > 0 else {
          throw UsageError("--rounds needs a positive integer, got '\(text)'")
        }
        result.rounds = rounds
      case "--duration":
        let text = try value()
        guard let seconds = Int(text), seconds > 0 else {
          throw UsageError("--duration needs a positive integer, got '\(text)'")
        }
        result.duration = seconds
      case "--format":
        let text = try value()
        guard let format = Format(rawValue: text) else {
          throw UsageError("unknown format '\(text)' (expected table or json)")
        }
        result.format = format
      case "--subjects":
        result.subjects = try value().split(separator: ",").map(String.init)
      case "--write-synthetic":
        result.writeSynthetic = try value()
      default:
        throw UsageError("unknown argument '\(argument)'")
      }
    }
    if !result.showHelp && result.suite == nil && result.writeSynthetic == nil {
      throw UsageError("missing --suite parse|write|map|encode|server|query|transfer|keys")
    }
    if let suite = result.suite, let subjects = result.subjects {
      let known = Subjects.names(for: suite)
      if let unknown = subjects.first(where: { !known.contains($0) }) {
        throw UsageError(
          "no subject '\(unknown)' in the \(suite.rawValue) suite (\(known.joined(separator: ", ")))"
        )
      }
    }
    return result
  }
}

struct UsageError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
