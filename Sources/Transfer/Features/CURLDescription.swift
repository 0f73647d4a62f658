import Foundation

/// Renders a request as a `curl` command line, secrets redacted unless asked.
enum CURLDescription {
  /// Header names whose values are credentials.
  static func isSecret(_ name: String) -> Bool {
    ["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"].contains(
      name.lowercased())
  }

  static func render(
    _ request: HTTPRequest, configuration: SessionConfiguration, redactingSecrets: Bool
  ) -> String {
    var lines = ["$ curl -v"]
    if request.method != .get { lines.append("-X \(request.method.rawValue)") }
    var headers = configuration.headers
    for header in request.headers { headers.update(header) }
    for header in headers {
      let value = redactingSecrets && isSecret(header.name) ? "***" : header.value
      lines.append("-H \(quoted("\(header.name): \(value)"))")
    }
    lines += tlsFlags(request.tls ?? configuration.tls, redactingSecrets: redactingSecrets)
    if let body = request.body, !body.isEmpty {
      lines.append("-d \(quoted(String(decoding: body, as: UTF8.self)))")
    }
    lines.append(quoted(url(request.url, redactingSecrets: redactingSecrets)))
    return lines.joined(separator: " \\\n\t")
  }

  /// curl's flags for the TLS settings that differ from curl's defaults; the key's passphrase
  /// is a secret.
  private static func tlsFlags(_ tls: TLSSettings, redactingSecrets: Bool) -> [String] {
    var flags: [String] = []
    if !tls.verifiesServerCertificate { flags.append("--insecure") }
    if let bundle = tls.caBundlePath { flags.append("--cacert \(quoted(bundle))") }
    if let pins = tls.pinnedPublicKeys { flags.append("--pinnedpubkey \(quoted(pins.curlValue))") }
    if let client = tls.clientCertificate {
      flags.append("--cert \(quoted(client.certificatePath))")
      if let key = client.privateKeyPath { flags.append("--key \(quoted(key))") }
      if let passphrase = client.passphrase {
        flags.append("--pass \(quoted(redactingSecrets ? "***" : passphrase))")
      }
    }
    return flags
  }

  private static func url(_ url: URL, redactingSecrets: Bool) -> String {
    guard redactingSecrets,
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      components.user != nil || components.password != nil
    else { return url.absoluteString }
    if components.user != nil { components.user = "***" }
    if components.password != nil { components.password = "***" }
    return components.string ?? url.absoluteString
  }

  /// Double quotes with `\`, `"`, `$` and backquote escaped, as a POSIX shell reads them.
  private static func quoted(_ text: String) -> String {
    var out = "\""
    for character in text {
      if "\\\"$`".contains(character) { out.append("\\") }
      out.append(character)
    }
    return out + "\""
  }
}

extension DataRequest {
  /// The request as a `curl` command you can paste into a shell, with `Authorization`,
  /// cookies, URL credentials and a client key's passphrase shown as `***` unless
  /// `redactingSecrets` is false.
  ///
  /// TLS settings appear as curl's flags (`--cacert`,
  /// `--pinnedpubkey`, `--cert`, `--key`, `--pass`, `--insecure`).
  ///
  /// ```swift
  /// print(request.cURLDescription())
  /// // $ curl -v \
  /// //   -X POST \
  /// //   -H "Authorization: ***" \
  /// //   -d "{\"name\":\"Ada\"}" \
  /// //   "https://api.example.com/users"
  /// ```
  ///
  /// Before the first attempt it shows the request as built (adapters not yet applied);
  /// afterwards, the request as last sent.
  public func cURLDescription(redactingSecrets: Bool = true) -> String {
    let built = request ?? (try? makeRequest())
    guard let built else { return "$ curl (the request could not be built)" }
    return CURLDescription.render(
      built, configuration: session.configuration, redactingSecrets: redactingSecrets)
  }
}
