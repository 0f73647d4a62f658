import CCurl

extension CurlOptions {
  /// Sets curl's TLS options from `tls` on a fresh easy handle (curl's defaults: peer and host
  /// verified, the system's CA bundle, no pin, no client certificate).
  ///
  /// Unlike the other options, each of these is checked: a pin or client certificate that
  /// this libcurl refuses (a TLS backend without pinning answers `CURLE_NOT_BUILT_IN`) must
  /// fail the request, not let it go out without the check the caller asked for.
  func apply(tls: TLSSettings) throws(TransferError) {
    if !tls.verifiesServerCertificate {
      set(CURLOPT_SSL_VERIFYPEER, 0)
      set(CURLOPT_SSL_VERIFYHOST, 0)
    }
    if let bundle = tls.caBundlePath {
      try setChecked(CURLOPT_CAINFO, bundle, name: "CURLOPT_CAINFO")
    }
    if let pins = tls.pinnedPublicKeys {
      try setChecked(CURLOPT_PINNEDPUBLICKEY, pins.curlValue, name: "CURLOPT_PINNEDPUBLICKEY")
    }
    guard let client = tls.clientCertificate else { return }
    try setChecked(CURLOPT_SSLCERT, client.certificatePath, name: "CURLOPT_SSLCERT")
    try setChecked(CURLOPT_SSLCERTTYPE, "PEM", name: "CURLOPT_SSLCERTTYPE")
    if let key = client.privateKeyPath {
      try setChecked(CURLOPT_SSLKEY, key, name: "CURLOPT_SSLKEY")
      try setChecked(CURLOPT_SSLKEYTYPE, "PEM", name: "CURLOPT_SSLKEYTYPE")
    }
    // Always set, "" when there is none: without a passphrase callback, OpenSSL asks for the
    // passphrase of an encrypted key on the terminal and reads it from the process's standard
    // input, which would block a server or eat a command-line tool's input.
    try setChecked(CURLOPT_KEYPASSWD, client.passphrase ?? "", name: "CURLOPT_KEYPASSWD")
  }

  private func setChecked(_ option: CURLoption, _ value: String, name: String)
    throws(TransferError)
  {
    let result = ccurl_easy_setopt_string(easy, option, value)
    guard result != CURLE_OK else { return }
    throw .transportFailed(
      code: CurlCode(rawValue: Int(result.rawValue)),
      message: "libcurl refused \(name): \(String(cString: curl_easy_strerror(result)))")
  }
}
