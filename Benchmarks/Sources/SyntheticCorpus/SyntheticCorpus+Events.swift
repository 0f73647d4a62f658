/// `events.json`: github_events.json's shape (a top-level array of 50 events with actors,
/// repositories, ISO 8601 dates and payloads of commits, refs and issues), 2-space pretty
/// printed, about 60 KB: the small API payload of the map, encode and server suites.
extension SyntheticCorpus {
  static func events() -> SyntheticValue {
    var random = SeededRandom(seed: 0x6768_6576)
    let types = ["PushEvent", "CreateEvent", "WatchEvent", "IssuesEvent", "ForkEvent"]
    func sha(_ random: inout SeededRandom) -> SyntheticValue {
      .string(random.text(40, from: Array("0123456789abcdef")))
    }
    func person(_ random: inout SeededRandom) -> (String, String) {
      let first = random.pick(Vocabulary.firstNames)
      let last = random.pick(Vocabulary.lastNames)
      return ("\(first) \(last)", "\(first.lowercased()).\(last.lowercased())@example.com")
    }
    var events: [SyntheticValue] = []
    for index in 0..<50 {
      let type = random.pick(types)
      let login = random.pick(Vocabulary.firstNames).lowercased() + String(random.below(1000))
      let actorID = 100_000 + random.below(2_000_000)
      let repoName =
        login + "/" + random.pick(Vocabulary.words) + "-" + random.pick(Vocabulary.words)
      let repoID = 1_000_000 + random.below(7_000_000)
      var payload: [(String, SyntheticValue)]
      switch type {
      case "PushEvent":
        let commits = (0..<random.int(2...12)).map { _ -> SyntheticValue in
          let (name, email) = person(&random)
          let words = (0..<random.int(5...40)).map { _ in random.pick(Vocabulary.words) }
          return .object([
            ("sha", sha(&random)),
            ("author", .object([("email", .string(email)), ("name", .string(name))])),
            ("message", .string(words.joined(separator: " "), .escaped)),
            ("distinct", .bool(random.chance(0.9))),
            ("url", .string("https://api.github.com/repos/\(repoName)/commits/\(index)")),
          ])
        }
        payload = [
          ("push_id", .int(130_000_000 + random.below(1_000_000))), ("size", .int(commits.count)),
          ("distinct_size", .int(commits.count)), ("ref", .string("refs/heads/master")),
          ("head", sha(&random)), ("before", sha(&random)), ("commits", .array(commits)),
        ]
      case "IssuesEvent":
        let words = (0..<random.int(20...80)).map { _ in random.pick(Vocabulary.words) }
        payload = [
          ("action", .string(random.chance(0.7) ? "opened" : "closed")),
          (
            "issue",
            .object([
              ("id", .int(9_000_000 + random.below(1_000_000))),
              ("number", .int(random.int(1...900))),
              ("title", .string(words.prefix(6).joined(separator: " "))),
              ("body", .string(words.joined(separator: " "), .escaped)),
              ("state", .string("open")), ("comments", .int(random.below(20))),
              ("labels", .array([])), ("assignee", .null), ("milestone", .null),
            ])
          ),
        ]
      case "CreateEvent":
        payload = [
          ("ref", .string("v\(random.int(0...3)).\(random.int(0...20))")),
          ("ref_type", .string("tag")), ("master_branch", .string("master")),
          ("description", .string(random.pick(Vocabulary.words) + " tools")),
        ]
      default:
        payload = [("action", .string("started"))]
      }
      let second = index * 7 % 60
      events.append(
        .object([
          ("id", .string(String(1_561_000_000 + index * 13))),
          ("type", .string(type)),
          (
            "actor",
            .object([
              ("id", .int(actorID)), ("login", .string(login)), ("gravatar_id", .string("")),
              ("url", .string("https://api.github.com/users/\(login)")),
              ("avatar_url", .string("https://avatars.githubusercontent.com/u/\(actorID)?")),
            ])
          ),
          (
            "repo",
            .object([
              ("id", .int(repoID)), ("name", .string(repoName)),
              ("url", .string("https://api.github.com/repos/\(repoName)")),
            ])
          ),
          ("payload", .object(payload)),
          ("public", .bool(random.chance(0.95))),
          (
            "created_at", .string("2013-01-15T18:\(10 + index):\(second < 10 ? "0" : "")\(second)Z")
          ),
        ]))
    }
    return .array(events)
  }
}
