import Foundation
import JSONKit
import Mapping
import Testing

@Suite("URLTransform reads valid URLs as they are and encodes invalid ones only when asked")
struct URLTransformTests {
  static let unset = URL(string: "https://unset.example")!

  struct Site: Mappable {
    var home = URLTransformTests.unset
    var strict: URL?
    var mirrors: [URL]?
    var links: [String: URL]?
    var fragment: URL?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      home <- (map["home"], URLTransform())
      strict <- (map["strict"], URLTransform(shouldEncodeURLString: false))
      mirrors <- (map["mirrors"], URLTransform())
      links <- (map["links"], URLTransform())
      fragment <- (
        map["fragment"],
        URLTransform(allowedCharacterSet: CharacterSet.urlQueryAllowed.union(["#"]))
      )
    }
  }

  struct Link: ImmutableMappable {
    let href: URL
    let icon: URL?
    init(map: Map) throws {
      href = try map.value("href", using: URLTransform(shouldEncodeURLString: false))
      icon = try map.value("icon", using: URLTransform())
    }
    func mapping(map: Map) {
      href >>> (map["href"], URLTransform())
      icon >>> (map["icon"], URLTransform())
    }
  }

  @Test("Reads a valid URL as it is without encoding its escapes again")
  func readsAValidURLAsItIsWithoutEncodingItsEscapesAgain() throws {
    let site = try txRead(
      Site.self,
      #"{"home": "https://example.com/a%20b?q=1&r=%C3%A9#top", "strict": "mailto:ada@example.com"}"#
    )
    #expect(site.home.absoluteString == "https://example.com/a%20b?q=1&r=%C3%A9#top")
    #expect(site.home.fragment == "top")
    #expect(site.strict?.scheme == "mailto")
    let relative = try txRead(Site.self, #"{"home": "/docs/index.html"}"#)
    #expect(relative.home.path == "/docs/index.html")
  }

  @Test("Encodes an invalid string when the option is on")
  func encodesAnInvalidStringWhenTheOptionIsOn() throws {
    let site = try txRead(
      Site.self,
      #"{"home": "https://example.com/a b/é", "fragment": "https://example.com/a b#top"}"#)
    #expect(site.home.absoluteString == "https://example.com/a%20b/%C3%A9")
    #expect(site.fragment?.absoluteString == "https://example.com/a%20b#top")
    let query = try txRead(Site.self, #"{"home": "https://example.com/a b#top"}"#)
    // The documented cost of .urlQueryAllowed:
    #expect(query.home.absoluteString == "https://example.com/a%20b%23top")
  }

  @Test("Fails on an invalid string when the option is off")
  func failsOnAnInvalidStringWhenTheOptionIsOff() {
    let transform = URLTransform(shouldEncodeURLString: false)
    #expect(transform.transformFromJSONValue("https://example.com/a b") == nil)
    #expect(transform.transformFromJSONValue("https://example.com/é") == nil)
    #expect(transform.transformFromJSONValue("http://[::1") == nil)
    #expect(
      transform.transformFromJSONValue("https://example.com/ok")
        == URL(string: "https://example.com/ok"))
  }

  @Test(
    "Invalid values leave the property unchanged and report a failure at the key",
    arguments: [#""""#, "42", "true", "null", #"["https://example.com"]"#])
  func invalidValuesLeaveThePropertyUnchangedAndReportAFailureAtTheKey(value: String) {
    let (model, failures) = txMap(Site.self, #"{"home": \#(value)}"#)
    #expect(model?.home == Self.unset)
    txExpectTransformFailure(failures, at: [.key("home")], transform: "URLTransform")
  }

  @Test("An invalid string leaves an optional unchanged when encoding is off")
  func anInvalidStringLeavesAnOptionalUnchangedWhenEncodingIsOff() {
    var site = Site()
    site.strict = URL(string: "https://before.example")
    let map = Map(mappingType: .fromJSON, JSON: txJSON(#"{"strict": "not a url"}"#))
    site.strict <- (map["strict"], URLTransform(shouldEncodeURLString: false))
    #expect(site.strict == URL(string: "https://before.example"))
    txExpectTransformFailure(map.failures, at: [.key("strict")], transform: "URLTransform")
  }

  @Test("Writes the absolute string")
  func writesTheAbsoluteString() {
    var site = Site()
    site.home = URL(string: "https://example.com/a%20b")!
    site.strict = URL(string: "/relative", relativeTo: URL(string: "https://example.com/base/"))
    #expect(
      txText(site)
        == #"{"home":"https://example.com/a%20b","strict":"https://example.com/relative"}"#)
    #expect(URLTransform().transformToJSON(nil) == nil)
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text =
      #"{"home":"https://example.com","links":{"docs":"https://example.com/docs","api":"https://api.example.com/v1?x=1"},"mirrors":["https://a.example","ftp://b.example/pub"]}"#
    let site = try txRead(Site.self, text)
    #expect(site.links?["api"]?.host == "api.example.com")
    #expect(site.mirrors?.map(\.scheme) == ["https", "ftp"])
    #expect(txText(site) == txText(txJSON(text)))
    let (_, failures) = txMap(Site.self, #"{"home": "https://example.com", "links": {"docs": 1}}"#)
    txExpectTransformFailure(
      failures, at: [.key("links"), .key("docs")], transform: "URLTransform")
    let (_, more) = txMap(
      Site.self, #"{"home": "https://example.com", "mirrors": ["https://a.example", ""]}"#)
    txExpectTransformFailure(more, at: [.key("mirrors"), .index(1)], transform: "URLTransform")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let link = try Link(
      JSONString: #"{"href": "https://example.com/x", "icon": "https://example.com/a b.png"}"#)
    #expect(link.icon?.absoluteString == "https://example.com/a%20b.png")
    #expect(
      txText(link) == #"{"href":"https://example.com/x","icon":"https://example.com/a%20b.png"}"#)
    let (model, failures) = Mapper<Link>().mapWithFailures(
      JSON: txJSON(#"{"href": "https://example.com/a b"}"#))
    #expect(model == nil)
    txExpectTransformFailure(failures, at: [.key("href")], transform: "URLTransform")
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] = (0..<100).map { JSON("https://example.com/\($0)/a b?q=\($0)") } + ["", 3]
    await txExpectSameResultsConcurrently(URLTransform(), inputs, rounds: 50)
    await txExpectSameResultsConcurrently(
      URLTransform(shouldEncodeURLString: false), inputs, rounds: 50)
  }
}
