import Foundation
import Testing
import Transfer

@Suite("cURL descriptions of requests")
struct CURLDescriptionTests {
  @Test("Secrets are redacted unless asked")
  func secretsAreRedactedUnlessAsked() {
    let request = testSession().request(
      "https://user:pa55@api.example.com/users?x=1", method: .post,
      parameters: ["name": "Ada \"the\" $first"],
      encoding: JSONEncoding.default,
      headers: [.authorization(bearerToken: "t0k3n"), .init(name: "Cookie", value: "s=1")])
    let redacted = request.cURLDescription()
    #expect(redacted.hasPrefix("$ curl -v \\\n\t-X POST"))
    #expect(redacted.contains(#"-H "Authorization: ***""#))
    #expect(redacted.contains(#"-H "Cookie: ***""#))
    #expect(redacted.contains(#"-H "Content-Type: application/json""#))
    #expect(redacted.contains(#"-d "{\"name\":\"Ada \\\"the\\\" \$first\"}""#))
    #expect(redacted.contains(#""https://***:***@api.example.com/users?x=1""#))
    #expect(!redacted.contains("t0k3n") && !redacted.contains("pa55"))
    let plain = request.cURLDescription(redactingSecrets: false)
    #expect(plain.contains("Bearer t0k3n") && plain.contains("user:pa55@"))
    request.cancel()
  }
}
