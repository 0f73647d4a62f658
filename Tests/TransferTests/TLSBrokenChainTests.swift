import Foundation
import JSONKit
import Testing
import Transfer

extension TLSTests {
  @Test("a server that sends its certificate without the intermediate fails the handshake")
  func aBrokenCertificateChainFailsTheHandshakeHalfWay() async throws {
    try await withTLSServer { server in
      let response = await Self.get(
        Self.session(TLSSettings(caBundlePath: server.caBundle)), server.url(.brokenChain))
      let error = try #require(response.error)
      #expect(error.curlCode == .peerFailedVerification)
      #expect(response.response == nil)
      #expect("\(error)".contains("the server's certificate is not trusted"), "\(error)")
      #expect("\(error)".contains("unable to get local issuer certificate"), "\(error)")
      // With the intermediate at hand the same certificate is trusted: only the chain broke.
      let whole = Self.session(TLSSettings(caBundlePath: server.caAndIntermediateBundle))
      let json = try await Self.get(whole, server.url(.brokenChain)).result.get()
      #expect(json["server"].string == "broken-chain")
    }
  }
}
