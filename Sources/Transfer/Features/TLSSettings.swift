import Foundation

/// How requests trust servers over HTTPS, and how they prove their own identity: Transfer's
/// counterpart of Alamofire's `ServerTrustManager` and client `URLCredential`.
///
/// Set it for a whole session with ``SessionConfiguration/tls``, or for one request with
/// ``HTTPRequest/tls`` (which replaces the session's settings whole, for that request only).
/// Certificates are checked by default, against the system's CA certificates.
///
/// ```swift
/// var configuration = SessionConfiguration.default
/// configuration.tls = TLSSettings(
///   caBundlePath: "/etc/inventory/internal-ca.pem",
///   pinnedPublicKeys: .sha256(["sjf9/Buri/51/+xZyZGaHOGBi1/rI+IStM1uhM5IN7o="]),
///   clientCertificate: ClientCertificate(
///     certificatePath: "/etc/inventory/client.pem",
///     privateKeyPath: "/etc/inventory/client.key",
///     passphrase: "correct-horse"))
/// let session = Session(configuration: configuration)
/// ```
///
/// Each failure is a ``TransferError/transportFailed(code:message:)`` with curl's code and
/// text: an untrusted server is ``CurlCode/peerFailedVerification`` ("SSL certificate problem:
/// self-signed certificate"), a pin that does not match is
/// ``CurlCode/sslPinnedPublicKeyNotMatch``, a client certificate or key that cannot be used is
/// ``CurlCode/sslCertProblem``, and an unreadable CA bundle is ``CurlCode/sslCACertBadFile``.
/// A server that wants a client certificate may instead answer with an HTTP error (nginx sends
/// `400 No required SSL certificate was sent`), which `validate()` turns into
/// ``TransferError/responseValidationFailed(reason:)``.
///
/// Connections are reused only between requests with the same TLS settings (libcurl compares
/// the verification flags, CA bundle, client certificate and pinned keys before it reuses one),
/// so a per-request pin is checked on a connection of its own.
///
/// The settings hold for every connection a request makes, redirects included: the pins must
/// match a redirect's server too, and the client certificate is offered to any server on the
/// way that asks for one. Where that is not wanted, use
/// `SessionConfiguration.RedirectPolicy.doNotFollow` for those requests.
public struct TLSSettings: Sendable, Hashable {
  /// Whether the server's certificate chain is checked against the trusted CA certificates and
  /// its names against the URL's host (curl's `CURLOPT_SSL_VERIFYPEER` and
  /// `CURLOPT_SSL_VERIFYHOST`).
  ///
  /// On by default; turn it off only for test servers, and then
  /// preferably with ``pinnedPublicKeys`` set, which is still checked.
  ///
  /// ```swift
  /// // A development server with a self-signed certificate, trusted by its key alone.
  /// let tls = TLSSettings(verifiesServerCertificate: false, pinnedPublicKeys: .sha256([devKeyHash]))
  /// ```
  public var verifiesServerCertificate: Bool

  /// A PEM file of CA certificates to trust instead of the system's (`CURLOPT_CAINFO`).
  ///
  /// `nil`: the system's bundle.
  ///
  /// ```swift
  /// let tls = TLSSettings(caBundlePath: "/etc/inventory/internal-ca.pem")
  /// ```
  public var caBundlePath: String?

  /// Public keys the server must present one of (`CURLOPT_PINNEDPUBLICKEY`), checked after and
  /// in addition to the certificate checks; `nil`: no pinning.
  ///
  /// ```swift
  /// let tls = TLSSettings(pinnedPublicKeys: .sha256([currentKeyHash, nextKeyHash]))
  /// ```
  public var pinnedPublicKeys: PinnedPublicKeys?

  /// The certificate and key this side presents when the server asks for one (mutual TLS);
  /// `nil`: none.
  ///
  /// ```swift
  /// let tls = TLSSettings(
  ///   clientCertificate: ClientCertificate(certificatePath: "client.pem", privateKeyPath: "client.key"))
  /// ```
  public var clientCertificate: ClientCertificate?

  /// TLS settings; every parameter has the default its property describes.
  ///
  /// ```swift
  /// let tls = TLSSettings(caBundlePath: "ca.pem", pinnedPublicKeys: .publicKeyFile(path: "server-pub.pem"))
  /// ```
  ///
  /// - Parameters:
  ///   - verifiesServerCertificate: whether the server's certificate and host name are checked.
  ///   - caBundlePath: a PEM file of CA certificates to trust instead of the system's.
  ///   - pinnedPublicKeys: public keys the server must present one of.
  ///   - clientCertificate: the certificate and key presented to servers that ask for one.
  public init(
    verifiesServerCertificate: Bool = true, caBundlePath: String? = nil,
    pinnedPublicKeys: PinnedPublicKeys? = nil, clientCertificate: ClientCertificate? = nil
  ) {
    self.verifiesServerCertificate = verifiesServerCertificate
    self.caBundlePath = caBundlePath
    self.pinnedPublicKeys = pinnedPublicKeys
    self.clientCertificate = clientCertificate
  }

  /// Certificates and host names checked against the system's CA certificates; no pinning and
  /// no client certificate.
  ///
  /// ```swift
  /// var tls = TLSSettings.default
  /// tls.caBundlePath = "/etc/inventory/internal-ca.pem"
  /// ```
  public static var `default`: TLSSettings { TLSSettings() }
}

/// The public keys a server must present one of: Transfer's counterpart of Alamofire's
/// `PublicKeysTrustEvaluator`, done by libcurl (`CURLOPT_PINNEDPUBLICKEY`).
///
/// A pin is the SHA-256 of the server's public key in DER form (its SubjectPublicKeyInfo),
/// encoded in base64. It survives certificate renewals that keep the key. Work it out from the
/// server's certificate, or from its key, with openssl:
///
/// ```sh
/// openssl x509 -in server.pem -pubkey -noout | openssl pkey -pubin -outform DER \
///   | openssl dgst -sha256 -binary | base64
/// ```
///
/// ```swift
/// configuration.tls.pinnedPublicKeys = .sha256(["sjf9/Buri/51/+xZyZGaHOGBi1/rI+IStM1uhM5IN7o="])
/// ```
///
/// A mismatch fails the request with ``CurlCode/sslPinnedPublicKeyNotMatch`` ("SSL: public key
/// does not match pinned public key"). Pinning fails closed: an empty list, a hash that is not
/// base64 SHA-256, or a key file that cannot be read matches no server.
public enum PinnedPublicKeys: Sendable, Hashable {
  /// Base64 SHA-256 hashes of acceptable public keys; the server's must be one of them (list
  /// the current key and the next one to rotate without an outage). A leading `sha256//`, as
  /// curl writes pins, is accepted too.
  ///
  /// ```swift
  /// let pins = PinnedPublicKeys.sha256([
  ///   "sjf9/Buri/51/+xZyZGaHOGBi1/rI+IStM1uhM5IN7o=", "sha256//sqmqnHDc8xni5CSPHW6rJbOglg4jzpUVFB8JxO8fRQg=",
  /// ])
  /// ```
  case sha256([String])

  /// A file holding the one acceptable public key, in PEM (`-----BEGIN PUBLIC KEY-----`) or
  /// DER form, as `openssl pkey -in server.key -pubout` writes it. libcurl reads it at each
  /// handshake.
  ///
  /// ```swift
  /// let pins = PinnedPublicKeys.publicKeyFile(path: "/etc/inventory/server-pub.pem")
  /// ```
  case publicKeyFile(path: String)

  /// The value `CURLOPT_PINNEDPUBLICKEY` takes: `sha256//a;sha256//b`, or the file's path.
  ///
  /// An empty list becomes `sha256//`, which no key matches.
  var curlValue: String {
    switch self {
    case .publicKeyFile(let path): return path
    case .sha256(let hashes):
      let pins = hashes.map { hash -> String in
        let trimmed = hash.trimmingCharacters(in: .whitespacesAndNewlines)
        let bare = trimmed.hasPrefix("sha256//") ? String(trimmed.dropFirst(8)) : trimmed
        return "sha256//" + bare
      }
      return pins.isEmpty ? "sha256//" : pins.joined(separator: ";")
    }
  }
}

/// A client certificate and its private key, as PEM files, presented to servers that ask for
/// one (mutual TLS): Transfer's counterpart of a client-certificate `URLCredential`.
///
/// ```swift
/// configuration.tls.clientCertificate = ClientCertificate(
///   certificatePath: "/etc/inventory/client.pem",
///   privateKeyPath: "/etc/inventory/client.key",
///   passphrase: ProcessInfo.processInfo.environment["CLIENT_KEY_PASSPHRASE"])
/// ```
///
/// A file that is missing or unreadable, a key that does not belong to the certificate, or a
/// wrong or missing passphrase fails the request with ``CurlCode/sslCertProblem`` and curl's
/// text ("could not load PEM client certificate from …", "unable to set private key file: …").
/// An encrypted key never makes OpenSSL prompt for its passphrase on the terminal or read it
/// from the process's standard input: without ``passphrase`` it simply fails.
///
/// The passphrase is kept out of `description`, `debugDescription` and `dump`, which show
/// `***` instead.
public struct ClientCertificate: Sendable, Hashable {
  /// The PEM file with the client certificate (`CURLOPT_SSLCERT`); intermediate certificates
  /// may follow it in the same file.
  public var certificatePath: String
  /// The PEM file with the private key (`CURLOPT_SSLKEY`); `nil` when it is in the
  /// certificate's file.
  public var privateKeyPath: String?
  /// The passphrase of an encrypted private key (`CURLOPT_KEYPASSWD`); `nil` for a plain key.
  public var passphrase: String?

  /// A client certificate.
  ///
  /// ```swift
  /// let identity = ClientCertificate(
  ///   certificatePath: "client.pem", privateKeyPath: "client.key", passphrase: "correct-horse")
  /// ```
  ///
  /// - Parameters:
  ///   - certificatePath: the PEM file with the certificate.
  ///   - privateKeyPath: the PEM file with the key; `nil` when the certificate's file has it.
  ///   - passphrase: the passphrase of an encrypted key.
  public init(certificatePath: String, privateKeyPath: String? = nil, passphrase: String? = nil) {
    self.certificatePath = certificatePath
    self.privateKeyPath = privateKeyPath
    self.passphrase = passphrase
  }
}

extension ClientCertificate: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The paths, with the passphrase (if any) as `***`.
  ///
  /// ```swift
  /// print(identity)  // ClientCertificate(certificatePath: "client.pem", privateKeyPath: "client.key", passphrase: ***)
  /// ```
  public var description: String {
    var parts = ["certificatePath: \"\(certificatePath)\""]
    if let privateKeyPath { parts.append("privateKeyPath: \"\(privateKeyPath)\"") }
    if passphrase != nil { parts.append("passphrase: ***") }
    return "ClientCertificate(\(parts.joined(separator: ", ")))"
  }

  /// The same as `description`: the passphrase is never shown.
  public var debugDescription: String { description }

  /// The paths, and `***` for a passphrase, so `dump` does not print it either.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "certificatePath": certificatePath, "privateKeyPath": privateKeyPath as Any,
        "passphrase": passphrase == nil ? "nil" : "***",
      ])
  }
}
