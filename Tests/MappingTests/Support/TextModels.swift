import Foundation
import JSONKit
import Mapping
import TestInputs

/// Models for `MapperTextOutputTests`: the benchmark's twitter and github_events models, and
/// models that use every way of writing a property.
enum TextModels {
  /// twitter.json's model (as the benchmark's `MapModels`).
  struct Status: Mappable {
    var id: Int64 = 0
    var idStr = ""
    var text = ""
    var createdAt = Date(timeIntervalSince1970: 0)
    var user = User()
    var entities = Entities()
    var retweetCount = 0
    var favorited = false
    var retweetedStatus: Indirect<Status>?

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      id <- map["id"]
      idStr <- map["id_str"]
      text <- map["text"]
      createdAt <- (map["created_at"], TextModels.twitterDate)
      user <- map["user"]
      entities <- map["entities"]
      retweetCount <- map["retweet_count"]
      favorited <- map["favorited"]
      retweetedStatus <- map["retweeted_status"]
    }

    static func random(using random: inout SplitMix64, depth: Int) -> Status {
      var status = Status()
      status.id = Int64.random(in: 0...Int64.max, using: &random)
      status.idStr = String(status.id)
      status.text = TextModels.text(using: &random)
      status.createdAt = Date(
        timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random)))
      status.user.id = Int64.random(in: 0...1_000_000_000, using: &random)
      status.user.name = TextModels.text(using: &random)
      status.user.screenName = TextModels.text(using: &random)
      status.user.followersCount = Int.random(in: 0...1_000_000, using: &random)
      status.user.verified = Bool.random(using: &random)
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        status.entities.hashtags.append(
          Hashtag(
            text: TextModels.text(using: &random),
            indices: [1, Int.random(in: 2...140, using: &random)]))
      }
      for _ in 0..<Int.random(in: 0...2, using: &random) {
        let expanded = Bool.random(using: &random) ? "https://example.com/\(random.next())" : nil
        status.entities.urls.append(
          URLEntity(url: "http://t.co/x", expandedURL: expanded, indices: [3, 25]))
      }
      status.retweetCount = Int.random(in: 0...500, using: &random)
      status.favorited = Bool.random(using: &random)
      if depth == 0, Int.random(in: 0..<4, using: &random) == 0 {
        status.retweetedStatus = Indirect(Status.random(using: &random, depth: 1))
      }
      return status
    }
  }

  struct User: Mappable {
    var id: Int64 = 0
    var name = ""
    var screenName = ""
    var followersCount = 0
    var verified = false

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      id <- map["id"]
      name <- map["name"]
      screenName <- map["screen_name"]
      followersCount <- map["followers_count"]
      verified <- map["verified"]
    }
  }

  struct Entities: Mappable {
    var hashtags: [Hashtag] = []
    var urls: [URLEntity] = []

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      hashtags <- map["hashtags"]
      urls <- map["urls"]
    }
  }

  struct Hashtag: Mappable {
    var text = ""
    var indices: [Int] = []

    init(text: String, indices: [Int]) {
      self.text = text
      self.indices = indices
    }
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      text <- map["text"]
      indices <- map["indices"]
    }
  }

  struct URLEntity: Mappable {
    var url = ""
    var expandedURL: String?
    var indices: [Int] = []

    init(url: String, expandedURL: String?, indices: [Int]) {
      self.url = url
      self.expandedURL = expandedURL
      self.indices = indices
    }
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      url <- map["url"]
      expandedURL <- map["expanded_url"]
      indices <- map["indices"]
    }
  }

  /// A user's own `MapValue` that implements only `toMapJSON` (its text comes from the
  /// default `writeMapText`).
  final class Indirect<Value: MapValue>: MapValue {
    let value: Value
    init(_ value: Value) { self.value = value }

    static func fromMapJSON(_ json: JSON, map: Map) throws(MappingError) -> Indirect<Value> {
      Indirect(try Value.fromMapJSON(json, map: map))
    }

    func toMapJSON(map: Map) -> JSON { value.toMapJSON(map: map) }
  }

  /// twitter.json's date format.
  static let twitterDate: DateFormatterTransform = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(secondsFromGMT: 0)
    formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
    return DateFormatterTransform(dateFormatter: formatter)
  }()

  /// github_events.json's model (as the benchmark's `MapModels`).
  struct Event: Mappable {
    var id = ""
    var type = ""
    var actor = Actor()
    var repo = Repo()
    var isPublic = false
    var createdAt = Date(timeIntervalSince1970: 0)

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      id <- map["id"]
      type <- map["type"]
      actor <- map["actor"]
      repo <- map["repo"]
      isPublic <- map["public"]
      createdAt <- (map["created_at"], ISO8601DateTransform())
    }

    static func random(using random: inout SplitMix64) -> Event {
      var event = Event()
      event.id = String(random.next())
      event.type =
        ["PushEvent", "WatchEvent", "IssuesEvent"][Int.random(in: 0..<3, using: &random)]
      event.actor.id = Int.random(in: 0...10_000_000, using: &random)
      event.actor.login = TextModels.text(using: &random)
      event.actor.url = "https://api.github.com/users/\(event.actor.login)"
      event.actor.avatarURL = "https://avatars.githubusercontent.com/u/\(event.actor.id)?"
      event.repo.id = Int.random(in: 0...10_000_000, using: &random)
      event.repo.name = TextModels.text(using: &random) + "/" + TextModels.text(using: &random)
      event.repo.url = "https://api.github.com/repos/\(event.repo.name)"
      event.isPublic = Bool.random(using: &random)
      event.createdAt = Date(
        timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random)))
      return event
    }
  }

  struct Actor: Mappable {
    var id = 0
    var login = ""
    var url = ""
    var avatarURL = ""

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      id <- map["id"]
      login <- map["login"]
      url <- map["url"]
      avatarURL <- map["avatar_url"]
    }
  }

  struct Repo: Mappable {
    var id = 0
    var name = ""
    var url = ""

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      id <- map["id"]
      name <- map["name"]
      url <- map["url"]
    }
  }

  /// Short text with the characters a writer escapes, non-ASCII letters and an emoji.
  static func text(using random: inout SplitMix64) -> String {
    let pieces = ["ab", "Zoë", "\"", "\\", "/", "\n", "\u{1}", "🎉", "日本", " ", "x.y", "\u{2028}"]
    let count = Int.random(in: 0...6, using: &random)
    return (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &random)] }
      .joined()
  }

  /// Nested keys (`address.city`, `list.1`) and repeated keys, which a tree merges.
  struct Keys: Mappable {
    var first = ""
    var city: String?
    var zip: String?
    var second = 0
    var late: String?
    var list: [Int] = []
    var repeated = ""

    init(
      first: String, city: String?, zip: String?, second: Int = 0, late: String? = nil,
      list: [Int] = [], repeated: String = ""
    ) {
      self.first = first
      self.city = city
      self.zip = zip
      self.second = second
      self.late = late
      self.list = list
      self.repeated = repeated
    }
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      first <- map["first"]
      city <- map["address.city"]
      second <- map["n"]
      zip <- map["address.zip"]
      late <- map["first"]
      list <- map["list.1"]
      repeated <- map["again"]
      repeated <- map["again"]
    }
  }

  /// Nested models written as text before a repeated key moves the object into a tree.
  struct Holder: Mappable {
    var keys: [Keys] = []
    var one: Keys?
    var tags = [Hashtag(text: "t", indices: [1])]
    var count = 3

    init(keys: [Keys], one: Keys?) {
      self.keys = keys
      self.one = one
    }
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      count <- map["count"]
      tags <- map["tags"]
      keys <- map["keys"]
      one <- map["one"]
      count <- map["count"]
    }
  }

  /// A value written with no key at all: it replaces the object.
  struct Whole: Mappable {
    var name = "n"
    var value: JSON = ["k": 1]

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      value >>> map
    }
  }

  /// Every scalar and collection kind, most of them optional.
  struct Scalars: Mappable {
    var nonnil = 1
    var optionalNil: String?? = nil
    var float: Float?
    var double: Double?
    var negativeZero: Double?
    var nan: Double?
    var infinity: Double?
    var int64: Int64?
    var uint64: UInt64?
    var int8: Int8?
    var decimal: Decimal?
    var text: String?
    var json: JSON = .null
    var any: [String: Any]?
    var anyArray: [Any]?
    var set: Set<Int>?
    var dictionary: [String: Int?]?
    var strings: [String?]?

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      nonnil <- map["nonnil"]
      optionalNil <- map["optional_nil"]
      float <- map["float"]
      double <- map["double"]
      negativeZero <- map["negative_zero"]
      nan <- map["nan"]
      infinity <- map["infinity"]
      int64 <- map["int64"]
      uint64 <- map["uint64"]
      int8 <- map["int8"]
      decimal <- map["decimal"]
      text <- map["text"]
      json <- map["json"]
      any <- map["any"]
      anyArray <- map["any_array"]
      set <- map["set"]
      dictionary <- map["dictionary"]
      strings <- map["strings"]
    }
  }

  enum Kind: String {
    case first, second
  }

  enum Colour: Int {
    case red, blue
  }

  struct Currency: MapContext {
    let code: String
  }

  /// Transforms, enums and a value taken from the context.
  struct Transformed: Mappable {
    var date: Date?
    var url: URL?
    var kind = Kind.first
    var kinds: [Kind] = []
    var optionalKind: Kind?
    var colour = Colour.red

    init(
      date: Date?, url: URL?, kind: Kind, kinds: [Kind], optionalKind: Kind?, colour: Colour
    ) {
      self.date = date
      self.url = url
      self.kind = kind
      self.kinds = kinds
      self.optionalKind = optionalKind
      self.colour = colour
    }
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      date <- (map["date"], DateTransform())
      date <- (map["iso"], ISO8601DateTransform())
      url <- (map["url"], URLTransform())
      kind <- map["kind"]
      kinds <- map["kinds"]
      optionalKind <- map["optional_kind"]
      colour <- (map["colour"], EnumTransform<Colour>())
      var code = (map.context as? Currency)?.code
      code <- map["currency"]
    }
  }

  /// A class model and its subclass.
  class Base: Mappable {
    var name = ""
    var sibling: Base?

    init() {}
    required init?(map: Map) {}

    func mapping(map: Map) {
      name <- map["name"]
      sibling <- map["sibling"]
    }
  }

  final class Child: Base {
    var extra = 0

    override func mapping(map: Map) {
      super.mapping(map: map)
      extra <- map["extra"]
    }
  }
}
