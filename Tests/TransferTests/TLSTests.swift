import Foundation
import JSONKit
import Testing

@testable import Transfer

/// HTTPS against a real nginx with throwaway certificates (see `TLSServer`): server trust, CA
/// bundles, public-key pinning and client certificates, each failure with curl's own reason.
///
/// Serialized: each test makes its own certificates and nginx (about fifteen short processes),
/// and fourteen such set-ups at once load a two-core machine enough to upset the timing of
/// other suites running beside them.
@Suite(
  "TLS against nginx",
  .serialized,
  .enabled(
    if: TLSServer.toolsFound,
    "nginx or openssl not found (install the Debian packages nginx and openssl, as Scripts/install-dependencies does)"
  ))
struct TLSTests {
  /// A session that trusts only the test CA (unless told otherwise); its timeout only ends
  /// a hang.
  static func session(_ tls: TLSSettings) -> Session {
    var configuration = SessionConfiguration.default
    configuration.timeout = .seconds(120)
    configuration.proxy = .none
    configuration.tls = tls
    return Session(configuration: configuration)
  }

  static func get(_ session: Session, _ url: String) async -> TransferResponse<JSON> {
    await session.request(url).validate().serializingJSON().response
  }

  // MARK: Server trust

  @Test("An untrusted server is rejected with curl's reason")
  func anUntrustedServerIsRejectedWithCurlsReason() async throws {
    try await withTLSServer { server in
      // The system's CA certificates know neither the test CA nor the self-signed server.
      let session = Self.session(.default)
      for (endpoint, reason) in [
        (TLSServer.Endpoint.trusted, "unable to get local issuer certificate"),
        (.selfSigned, "self-signed certificate"),
      ] {
        let response = await Self.get(session, server.url(endpoint))
        let error = try #require(response.error)
        #expect(error.curlCode == .peerFailedVerification)
        #expect(response.response == nil)
        #expect("\(error)".contains("curl code 60 (CURLE_PEER_FAILED_VERIFICATION)"))
        #expect("\(error)".contains("SSL certificate problem: \(reason)"), "\(error)")
      }
    }
  }

  @Test("The server is trusted through the CA bundle")
  func theServerIsTrustedThroughTheCABundle() async throws {
    try await withTLSServer { server in
      let session = Self.session(TLSSettings(caBundlePath: server.caBundle))
      let json = try await Self.get(session, server.url(.trusted)).result.get()
      #expect(json["server"].string == "trusted")
      // The certificate names DNS:localhost too.
      let byName = try await Self.get(session, server.url(.trusted, host: "localhost")).result.get()
      #expect(byName["server"].string == "trusted")
      // The bundle vouches for its own certificates only.
      let selfSigned = await Self.get(session, server.url(.selfSigned))
      #expect(selfSigned.error?.curlCode == .peerFailedVerification)
    }
  }

  @Test("The older CA bundle and verification properties still work")
  func theOlderCABundleAndVerificationPropertiesStillWork() async throws {
    try await withTLSServer { server in
      let configuration = SessionConfiguration(caBundlePath: server.caBundle, proxy: .none)
      #expect(configuration.tls == TLSSettings(caBundlePath: server.caBundle))
      let json = try await Self.get(Session(configuration: configuration), server.url(.trusted))
        .result.get()
      #expect(json["server"].string == "trusted")

      var insecure = SessionConfiguration.default
      insecure.proxy = .none
      insecure.verifiesTLS = false
      #expect(insecure.tls.verifiesServerCertificate == false)
      let selfSigned = try await Self.get(Session(configuration: insecure), server.url(.selfSigned))
        .result.get()
      #expect(selfSigned["server"].string == "self-signed")
    }
  }

  /// Easy handles are reset and reused: a request's own TLS settings must not stay on the
  /// handle for the next request, which has the session's (system CAs only).
  @Test("A request's TLS settings do not stay on the reused handle")
  func aRequestsTLSSettingsDoNotStayOnTheReusedHandle() async throws {
    try await withTLSServer { server in
      var configuration = SessionConfiguration.default
      configuration.timeout = .seconds(120)
      configuration.proxy = .none
      configuration.maximumConnectionsPerHost = 1
      let session = Session(configuration: configuration)
      for _ in 0..<2 {
        var trusting = try HTTPRequest(server.url(.trusted))
        trusting.tls = TLSSettings(caBundlePath: server.caBundle)
        let trusted = try await session.request(trusting).validate().serializingJSON().value
        #expect(trusted["server"].string == "trusted")
        let unknownCA = await Self.get(session, server.url(.trusted))
        #expect(unknownCA.error?.curlCode == .peerFailedVerification)

        var insecure = try HTTPRequest(server.url(.selfSigned))
        insecure.tls = TLSSettings(verifiesServerCertificate: false)
        let unchecked = try await session.request(insecure).validate().serializingJSON().value
        #expect(unchecked["server"].string == "self-signed")
        let checked = await Self.get(session, server.url(.selfSigned))
        #expect(checked.error?.curlCode == .peerFailedVerification)
      }
      expectHandlesMade(by: session, forRequests: 8)
    }
  }

  @Test("An unreadable CA bundle fails with curl's code")
  func anUnreadableCABundleFailsWithCurlsCode() async throws {
    try await withTLSServer { server in
      let missing = server.directory.appendingPathComponent("no-such-ca.pem").path
      let response = await Self.get(
        Self.session(TLSSettings(caBundlePath: missing)), server.url(.trusted))
      let error = try #require(response.error)
      #expect(error.curlCode == .sslCACertBadFile)
      #expect("\(error)".contains("CURLE_SSL_CACERT_BADFILE"))
      #expect("\(error)".contains(missing), "\(error)")
    }
  }

  // MARK: Pinning

  @Test("The right pin is accepted and a wrong one rejected")
  func theRightPinIsAcceptedAndAWrongOneRejected() async throws {
    try await withTLSServer { server in
      let wrong = server.selfSignedPublicKeyHash
      let accepted: [PinnedPublicKeys] = [
        .sha256([server.serverPublicKeyHash]),
        .sha256([wrong, server.serverPublicKeyHash]),  // any one of several
        .sha256(["sha256//" + server.serverPublicKeyHash]),  // curl's own form
        .publicKeyFile(path: server.serverPublicKeyFile),
      ]
      for pins in accepted {
        let session = Self.session(
          TLSSettings(caBundlePath: server.caBundle, pinnedPublicKeys: pins))
        let response = await Self.get(session, server.url(.trusted))
        #expect(response.value?["server"].string == "trusted", "\(pins): \(response.result)")
      }

      let rejected: [PinnedPublicKeys] = [
        .sha256([wrong]),
        .sha256([]),  // fails closed
        .sha256(["not base64 at all"]),
        .publicKeyFile(path: server.directory.appendingPathComponent("no-such-key.pem").path),
      ]
      for pins in rejected {
        let session = Self.session(
          TLSSettings(caBundlePath: server.caBundle, pinnedPublicKeys: pins))
        let response = await Self.get(session, server.url(.trusted))
        let error = try #require(response.error, "\(pins)")
        #expect(error.curlCode == .sslPinnedPublicKeyNotMatch, "\(pins)")
        #expect(
          "\(error)"
            == "Transfer failed: the server's public key is none of the pinned ones "
            + "(curl code 90 (CURLE_SSL_PINNEDPUBKEYNOTMATCH): "
            + "SSL: public key does not match pinned public key)")
      }
    }
  }

  @Test("A pin alone trusts a self-signed server")
  func aPinAloneTrustsASelfSignedServer() async throws {
    try await withTLSServer { server in
      let pinned = Self.session(
        TLSSettings(
          verifiesServerCertificate: false,
          pinnedPublicKeys: .sha256([server.selfSignedPublicKeyHash])))
      let json = try await Self.get(pinned, server.url(.selfSigned)).result.get()
      #expect(json["server"].string == "self-signed")
      // Without the certificate checks the pin is still checked.
      let otherServer = await Self.get(pinned, server.url(.trusted))
      #expect(otherServer.error?.curlCode == .sslPinnedPublicKeyNotMatch)
    }
  }

  @Test("A per-request pin is checked even with an open connection")
  func aPerRequestPinIsCheckedEvenWithAnOpenConnection() async throws {
    try await withTLSServer { server in
      let session = Self.session(TLSSettings(caBundlePath: server.caBundle))
      let first = await Self.get(session, server.url(.trusted))
      #expect(first.value?["server"].string == "trusted")
      #expect(first.metrics?.openedConnection == true)

      // The idle connection was made without a pin: libcurl must not hand it to this request.
      var pinnedWrong = try HTTPRequest(server.url(.trusted))
      pinnedWrong.tls = TLSSettings(
        caBundlePath: server.caBundle, pinnedPublicKeys: .sha256([server.selfSignedPublicKeyHash]))
      let wrong = await session.request(pinnedWrong).validate().serializingJSON().response
      #expect(wrong.error?.curlCode == .sslPinnedPublicKeyNotMatch)

      var pinnedRight = pinnedWrong
      pinnedRight.tls?.pinnedPublicKeys = .sha256([server.serverPublicKeyHash])
      let right = await session.request(pinnedRight).validate().serializingJSON().response
      #expect(right.value?["server"].string == "trusted")
      #expect(right.metrics?.openedConnection == true)

      // A request with the session's settings still reuses the first connection.
      let again = await Self.get(session, server.url(.trusted))
      #expect(again.value?["server"].string == "trusted")
      #expect(again.metrics?.openedConnection == false)
    }
  }

  // MARK: Client certificates

  @Test("Without a client certificate nginx answers 400")
  func withoutAClientCertificateNginxAnswers400() async throws {
    try await withTLSServer { server in
      let session = Self.session(TLSSettings(caBundlePath: server.caBundle))
      // nginx finishes the handshake without a client certificate and answers with an error
      // page, so this is an HTTP failure, not a TLS one.
      let plain = await session.request(server.url(.mutual)).serializingString().response
      #expect(plain.response?.statusCode == 400)
      #expect(plain.value?.contains("No required SSL certificate was sent") == true)

      let validated = await Self.get(session, server.url(.mutual))
      let error = try #require(validated.error)
      #expect(error.responseCode == 400)
      #expect("\(error)".contains("unacceptable status code 400"))
      #expect("\(error)".contains("No required SSL certificate was sent"), "\(error)")
    }
  }

  @Test("A client certificate and key are accepted")
  func aClientCertificateAndKeyAreAccepted() async throws {
    try await withTLSServer { server in
      let session = Self.session(
        TLSSettings(
          caBundlePath: server.caBundle,
          clientCertificate: ClientCertificate(
            certificatePath: server.clientCertificate, privateKeyPath: server.clientKey)))
      let json = try await Self.get(session, server.url(.mutual)).result.get()
      #expect(json["server"].string == "mutual")
      #expect(json["client"].string == "CN=JSONKit Test Client")
    }
  }

  @Test("An encrypted key is used with its passphrase")
  func anEncryptedKeyIsUsedWithItsPassphrase() async throws {
    try await withTLSServer { server in
      func session(passphrase: String?) -> Session {
        Self.session(
          TLSSettings(
            caBundlePath: server.caBundle,
            clientCertificate: ClientCertificate(
              certificatePath: server.clientCertificate, privateKeyPath: server.encryptedClientKey,
              passphrase: passphrase)))
      }
      let json = try await Self.get(
        session(passphrase: TLSServer.clientKeyPassphrase), server.url(.mutual)
      ).result.get()
      #expect(json["client"].string == "CN=JSONKit Test Client")

      // A wrong passphrase, or none: curl's reason, and no prompt on the terminal or stdin.
      for passphrase in ["wrong", nil] {
        let response = await Self.get(session(passphrase: passphrase), server.url(.mutual))
        let error = try #require(response.error)
        #expect(error.curlCode == .sslCertProblem)
        #expect(
          "\(error)"
            == "Transfer failed: the client certificate or its key could not be used "
            + "(curl code 58 (CURLE_SSL_CERTPROBLEM): "
            + "unable to set private key file: '\(server.encryptedClientKey)' type PEM)")
      }
    }
  }

  /// Without a passphrase callback, OpenSSL would ask for the key's passphrase on the terminal
  /// or read it from standard input.
  ///
  /// Standard input here holds the right passphrase: the
  /// request must still fail, with the input left unread.
  @Test("An encrypted key without passphrase never reads standard input")
  func anEncryptedKeyWithoutPassphraseNeverReadsStandardInput() async throws {
    try await withTLSServer { server in
      let session = Self.session(
        TLSSettings(
          caBundlePath: server.caBundle,
          clientCertificate: ClientCertificate(
            certificatePath: server.clientCertificate, privateKeyPath: server.encryptedClientKey)))
      let input = "\(TLSServer.clientKeyPassphrase)\n"
      let (response, unread) = try await withStandardInput(input) {
        await Self.get(session, server.url(.mutual))
      }
      #expect(response.error?.curlCode == .sslCertProblem, "\(response.result)")
      #expect(unread == input)
    }
  }

  @Test("A client certificate from another CA is rejected by nginx")
  func aClientCertificateFromAnotherCAIsRejectedByNginx() async throws {
    try await withTLSServer { server in
      let session = Self.session(
        TLSSettings(
          caBundlePath: server.caBundle,
          clientCertificate: ClientCertificate(
            certificatePath: server.rogueCertificate, privateKeyPath: server.rogueKey)))
      let response = await Self.get(session, server.url(.mutual))
      let error = try #require(response.error)
      #expect(error.responseCode == 400)
      #expect("\(error)".contains("The SSL certificate error"), "\(error)")
    }
  }

  @Test("A missing client certificate file fails with curl's reason")
  func aMissingClientCertificateFileFailsWithCurlsReason() async throws {
    try await withTLSServer { server in
      let missing = server.directory.appendingPathComponent("no-such-client.pem").path
      let session = Self.session(
        TLSSettings(
          caBundlePath: server.caBundle,
          clientCertificate: ClientCertificate(certificatePath: missing)))
      let response = await Self.get(session, server.url(.mutual))
      let error = try #require(response.error)
      #expect(error.curlCode == .sslCertProblem)
      #expect(
        "\(error)".contains("could not load PEM client certificate from \(missing)"), "\(error)")
      #expect(response.response == nil)
    }
  }

  @Test("The per-request client certificate replaces the session's")
  func thePerRequestClientCertificateReplacesTheSessions() async throws {
    try await withTLSServer { server in
      let session = Self.session(TLSSettings(caBundlePath: server.caBundle))
      var request = try HTTPRequest(server.url(.mutual))
      request.tls = TLSSettings(
        caBundlePath: server.caBundle,
        clientCertificate: ClientCertificate(
          certificatePath: server.clientCertificate, privateKeyPath: server.encryptedClientKey,
          passphrase: TLSServer.clientKeyPassphrase))
      let json = try await session.request(request).validate().serializingJSON().value
      #expect(json["client"].string == "CN=JSONKit Test Client")
      // The session's own settings have none.
      let without = await Self.get(session, server.url(.mutual))
      #expect(without.error?.responseCode == 400)
    }
  }

  @Test("An adapter chooses the TLS settings per server")
  func anAdapterChoosesTheTLSSettingsPerServer() async throws {
    try await withTLSServer { server in
      let mutualPort = URL(string: server.url(.mutual))!.port
      let mutualTLS = TLSSettings(
        caBundlePath: server.caBundle, pinnedPublicKeys: .sha256([server.serverPublicKeyHash]),
        clientCertificate: ClientCertificate(
          certificatePath: server.clientCertificate, privateKeyPath: server.clientKey))
      let perServer = Adapter { request, _, completion in
        var request = request
        if request.url.port == mutualPort { request.tls = mutualTLS }
        completion(.success(request))
      }
      var configuration = SessionConfiguration.default
      configuration.proxy = .none
      configuration.tls.caBundlePath = server.caBundle
      let session = Session(configuration: configuration, interceptor: perServer)
      let mutual = try await session.request(server.url(.mutual)).validate().serializingJSON().value
      #expect(mutual["client"].string == "CN=JSONKit Test Client")
      let trusted = try await session.request(server.url(.trusted)).validate().serializingJSON()
        .value
      #expect(trusted["server"].string == "trusted")
    }
  }
}

/// The TLS settings as values: defaults, the cURL description, the passphrase kept secret.
@Suite("TLS settings as values")
struct TLSSettingsTests {
  @Test("Certificates are verified by default")
  func certificatesAreVerifiedByDefault() {
    #expect(SessionConfiguration.default.tls == .default)
    #expect(TLSSettings.default.verifiesServerCertificate)
    #expect(TLSSettings.default.caBundlePath == nil)
    #expect(TLSSettings.default.pinnedPublicKeys == nil)
    #expect(TLSSettings.default.clientCertificate == nil)
    #expect(SessionConfiguration.default.verifiesTLS)
    let combined = SessionConfiguration(
      verifiesTLS: false, caBundlePath: "ca.pem",
      tls: TLSSettings(pinnedPublicKeys: .sha256(["a"])))
    #expect(
      combined.tls
        == TLSSettings(
          verifiesServerCertificate: false, caBundlePath: "ca.pem",
          pinnedPublicKeys: .sha256(["a"])))
  }

  @Test("The curl description shows TLS flags with the passphrase redacted")
  func theCURLDescriptionShowsTLSFlagsWithThePassphraseRedacted() throws {
    var configuration = SessionConfiguration.default
    configuration.tls = TLSSettings(
      verifiesServerCertificate: false, caBundlePath: "/etc/ca.pem",
      pinnedPublicKeys: .sha256(["AAAA", "sha256//BBBB"]),
      clientCertificate: ClientCertificate(
        certificatePath: "client.pem", privateKeyPath: "client.key", passphrase: "s3cret"))
    let request = Session(configuration: configuration).request("https://api.example.com/")
    let redacted = request.cURLDescription()
    #expect(redacted.contains("--insecure"))
    #expect(redacted.contains(#"--cacert "/etc/ca.pem""#))
    #expect(redacted.contains(#"--pinnedpubkey "sha256//AAAA;sha256//BBBB""#))
    #expect(redacted.contains(#"--cert "client.pem""#))
    #expect(redacted.contains(#"--key "client.key""#))
    #expect(redacted.contains(#"--pass "***""#))
    #expect(!redacted.contains("s3cret"))
    #expect(request.cURLDescription(redactingSecrets: false).contains(#"--pass "s3cret""#))
    request.cancel()

    // A request's own settings replace the session's.
    var own = try HTTPRequest("https://api.example.com/")
    own.tls = TLSSettings(pinnedPublicKeys: .publicKeyFile(path: "server-pub.pem"))
    let description = Session(configuration: configuration).request(own).cURLDescription()
    #expect(description.contains(#"--pinnedpubkey "server-pub.pem""#))
    #expect(!description.contains("--insecure") && !description.contains("--cert"))
  }

  @Test("A client certificate never prints its passphrase")
  func aClientCertificateNeverPrintsItsPassphrase() {
    let identity = ClientCertificate(
      certificatePath: "client.pem", privateKeyPath: "client.key", passphrase: "s3cret")
    #expect(
      "\(identity)"
        == #"ClientCertificate(certificatePath: "client.pem", privateKeyPath: "client.key", passphrase: ***)"#
    )
    #expect(!String(reflecting: identity).contains("s3cret"))
    var dumped = ""
    dump(identity, to: &dumped)
    #expect(!dumped.contains("s3cret") && dumped.contains("***"))
    var configuration = SessionConfiguration.default
    configuration.tls.clientCertificate = identity
    #expect(!"\(configuration)".contains("s3cret"))
    #expect(!String(reflecting: configuration).contains("s3cret"))
  }
}
