/// `tweets.json`: twitter.json's shape (statuses with nested users, entities and the odd
/// retweet), 2-space pretty printed, with Japanese text, emoji and 18-digit ids.
extension SyntheticCorpus {
  static func tweets() -> SyntheticValue {
    var random = SeededRandom(seed: 0x7477_6565_7473)
    let statuses = (0..<330).map { _ in status(&random, allowRetweet: true) }
    return .object([
      ("statuses", .array(statuses)),
      (
        "search_metadata",
        .object([
          ("completed_in", .number("0.087")), ("max_id", .int(505_874_924_095_815_681)),
          ("max_id_str", .string("505874924095815681")),
          ("next_results", .string("?max_id=505874847260352512&q=%E4%B8%80&count=100")),
          ("query", .string("%E4%B8%80")), ("count", .int(100)),
        ])
      ),
    ])
  }

  private static func status(_ random: inout SeededRandom, allowRetweet: Bool) -> SyntheticValue {
    let id = 505_874_000_000_000_000 + random.below(1_000_000_000_000)
    let replyTo: SyntheticValue =
      random.chance(0.3) ? .int(random.int(1000...3_000_000_000)) : .null
    var members: [(String, SyntheticValue)] = [
      (
        "metadata",
        .object([
          ("result_type", .string("recent")),
          ("iso_language_code", .string(random.pick(["ja", "en", "fr", "es"]))),
        ])
      ),
      ("created_at", .string(timestamp(&random))),
      ("id", .int(id)), ("id_str", .string(String(id))),
      ("text", .string(tweetText(&random), random.chance(0.2) ? .escaped : .raw)),
      (
        "source",
        .string(
          #"<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>"#)
      ),
      ("truncated", .bool(false)),
      ("in_reply_to_status_id", .null), ("in_reply_to_status_id_str", .null),
      ("in_reply_to_user_id", replyTo),
      ("in_reply_to_user_id_str", replyTo.isNull ? .null : .string(replyTo.text)),
      ("user", user(&random)),
      ("geo", .null), ("coordinates", .null), ("place", .null), ("contributors", .null),
    ]
    if allowRetweet && random.chance(0.3) {
      members.append(("retweeted_status", status(&random, allowRetweet: false)))
    }
    members += [
      ("retweet_count", .int(random.below(5000))), ("favorite_count", .int(random.below(300))),
      ("entities", entities(&random)),
      ("favorited", .bool(false)), ("retweeted", .bool(false)),
      ("lang", .string(random.pick(["ja", "en", "fr"]))),
    ]
    return .object(members)
  }

  private static func user(_ random: inout SeededRandom) -> SyntheticValue {
    let id = random.int(10_000...3_000_000_000)
    let screenName = random.text(random.int(5...12), from: Vocabulary.alphanumeric)
    let color = { (random: inout SeededRandom) in random.text(6, from: Vocabulary.hexDigits) }
    let image =
      "://pbs.twimg.com/profile_images/\(random.below(1_000_000_000))/"
      + random.text(8, from: Vocabulary.alphanumeric) + "_normal.jpeg"
    return .object([
      ("id", .int(id)), ("id_str", .string(String(id))),
      ("name", .string(random.pick(Vocabulary.firstNames) + " " + random.pick(Vocabulary.emoji))),
      ("screen_name", .string(screenName)),
      ("location", .string(random.chance(0.5) ? random.pick(Vocabulary.japanese) : "")),
      ("description", .string(tweetText(&random))),
      (
        "url",
        random.chance(0.3)
          ? .string("http://t.co/" + random.text(10, from: Vocabulary.alphanumeric)) : .null
      ),
      ("entities", .object([("description", .object([("urls", .array([]))]))])),
      ("protected", .bool(false)),
      ("followers_count", .int(random.below(100_000))), ("friends_count", .int(random.below(5000))),
      ("listed_count", .int(random.below(100))), ("created_at", .string(timestamp(&random))),
      ("favourites_count", .int(random.below(20_000))),
      ("utc_offset", random.chance(0.5) ? .int(32400) : .null),
      ("time_zone", random.chance(0.5) ? .string("Tokyo") : .null),
      ("geo_enabled", .bool(random.chance(0.3))), ("verified", .bool(false)),
      ("statuses_count", .int(random.below(50_000))), ("lang", .string("ja")),
      ("contributors_enabled", .bool(false)), ("is_translator", .bool(false)),
      ("profile_background_color", .string(color(&random))),
      ("profile_background_image_url", .string("http://abs.twimg.com/images/themes/theme1/bg.png")),
      ("profile_image_url", .string("http" + image)),
      ("profile_image_url_https", .string("https" + image)),
      ("profile_link_color", .string(color(&random))),
      ("profile_sidebar_border_color", .string(color(&random))),
      ("profile_use_background_image", .bool(true)),
      ("default_profile", .bool(random.chance(0.5))), ("following", .bool(false)),
      ("notifications", .bool(false)),
    ])
  }

  private static func entities(_ random: inout SeededRandom) -> SyntheticValue {
    func indices(_ random: inout SeededRandom) -> SyntheticValue {
      let start = random.below(100)
      return .array([.int(start), .int(start + random.int(3...23))])
    }
    let hashtags = (0..<random.below(3)).map { _ in
      SyntheticValue.object([
        ("text", .string(random.pick(Vocabulary.japanese))), ("indices", indices(&random)),
      ])
    }
    let urls = (0..<random.below(2)).map { _ in
      let short = "http://t.co/" + random.text(10, from: Vocabulary.alphanumeric)
      return SyntheticValue.object([
        ("url", .string(short)),
        ("expanded_url", .string("http://example.com/" + random.pick(Vocabulary.words))),
        ("display_url", .string("example.com/" + random.pick(Vocabulary.words))),
        ("indices", indices(&random)),
      ])
    }
    let mentions = (0..<random.below(3)).map { _ in
      let id = random.int(10_000...3_000_000_000)
      return SyntheticValue.object([
        ("screen_name", .string(random.text(8, from: Vocabulary.alphanumeric))),
        ("name", .string(random.pick(Vocabulary.firstNames))),
        ("id", .int(id)), ("id_str", .string(String(id))), ("indices", indices(&random)),
      ])
    }
    return .object([
      ("hashtags", .array(hashtags)), ("symbols", .array([])), ("urls", .array(urls)),
      ("user_mentions", .array(mentions)),
    ])
  }

  private static func tweetText(_ random: inout SeededRandom) -> String {
    if random.chance(0.5) {
      return (0..<random.int(2...7)).map { _ in
        random.pick(Vocabulary.japanese) + ":" + random.pick(Vocabulary.japanese)
          + random.pick(Vocabulary.emoji)
      }.joined(separator: "\n")
    }
    var words = (0..<random.int(5...18)).map { _ in random.pick(Vocabulary.words) }
    words.insert("@" + random.text(7, from: Vocabulary.alphanumeric), at: 0)
    words.append("#" + random.pick(Vocabulary.words))
    words.append("http://t.co/" + random.text(10, from: Vocabulary.alphanumeric))
    return words.joined(separator: " ")
  }

  private static func timestamp(_ random: inout SeededRandom) -> String {
    let day = random.pick(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
    let month = random.pick(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Aug", "Sep"])
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return "\(day) \(month) \(two(random.int(1...28))) \(two(random.below(24))):"
      + "\(two(random.below(60))):\(two(random.below(60))) +0000 \(random.int(2008...2014))"
  }
}

extension SyntheticValue {
  fileprivate var isNull: Bool { if case .null = self { true } else { false } }
  fileprivate var text: String { if case .number(let text) = self { text } else { "" } }
}
