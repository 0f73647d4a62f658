import Foundation
import Glibc
import TestProcesses
import Testing

/// A real nginx on 127.0.0.1 serving HTTPS, with a throwaway PKI that `openssl` makes in a
/// fresh temporary directory: a CA, a server certificate it signed (SAN `IP:127.0.0.1` and
/// `DNS:localhost`), a self-signed server certificate, a client certificate it signed (its key
/// also stored encrypted), and a "rogue" self-signed client certificate.
///
/// One nginx process (`daemon off; master_process off;`, every path inside the directory)
/// serves four ports:
/// - ``Endpoint/trusted``: the CA-signed certificate; answers `{"server":"trusted"}`.
/// - ``Endpoint/mutual``: the same, with `ssl_verify_client on` against the CA; answers
///   `{"server":"mutual","client":"<the client certificate's subject>"}`.
/// - ``Endpoint/selfSigned``: the self-signed certificate; answers `{"server":"self-signed"}`.
/// - ``Endpoint/brokenChain``: a certificate signed by an intermediate CA (which the CA
///   signed), sent without the intermediate: the chain cannot be built and the handshake
///   fails half way; answers `{"server":"broken-chain"}` to a client that has the intermediate.
///
/// nginx runs under a small `sh` watchdog that reads its standard input from this process:
/// when the test process dies, the pipe closes and the watchdog `SIGKILL`s nginx, so a crashed
/// run leaves nothing listening. ``stop()`` kills nginx by its PID.
final class TLSServer: Sendable {
  enum Endpoint: Sendable {
    case trusted, mutual, selfSigned, brokenChain
  }

  /// A failure to set the fixture up, with what the tool printed.
  struct SetupError: Error, CustomStringConvertible {
    var description: String
  }

  /// `nginx` on `PATH` or in the usual sbin directories (Debian puts it in /usr/sbin, which is
  /// not on every user's `PATH`).
  static let nginxPath = findExecutable("nginx")
  /// `openssl` on `PATH` or in the usual directories.
  static let opensslPath = findExecutable("openssl")
  /// Whether both tools were found; the TLS suites are skipped otherwise.
  static let toolsFound = nginxPath != nil && opensslPath != nil

  /// The passphrase of ``encryptedClientKey``.
  static let clientKeyPassphrase = "correct-horse"

  let directory: URL
  /// The CA that signed the server and client certificates (PEM).
  let caBundle: String
  let clientCertificate: String
  let clientKey: String
  /// The CA and the intermediate that signed ``Endpoint/brokenChain``'s certificate (PEM).
  let caAndIntermediateBundle: String
  /// ``clientKey`` encrypted with AES-256 and ``clientKeyPassphrase``.
  let encryptedClientKey: String
  /// A self-signed client certificate and its key: not signed by the CA nginx trusts.
  let rogueCertificate: String
  let rogueKey: String
  /// The CA-signed server certificate's public key (PEM), the file form of a pin.
  let serverPublicKeyFile: String
  /// base64 SHA-256 of the CA-signed server certificate's public key (DER).
  let serverPublicKeyHash: String
  /// base64 SHA-256 of the self-signed server certificate's public key (DER).
  let selfSignedPublicKeyHash: String

  private let ports: [Endpoint: Int]
  private let nginxPID: pid_t
  /// The watchdog shell; closing its standard input ends it.
  private let watchdog: ChildProcess

  /// `https://127.0.0.1:<port><path>` (or another host name that resolves to 127.0.0.1).
  func url(_ endpoint: Endpoint, _ path: String = "/", host: String = "127.0.0.1") -> String {
    "https://\(host):\(ports[endpoint]!)\(path)"
  }

  /// Makes the certificates and starts nginx; retries with other ports if one was taken
  /// between choosing it and nginx binding it.
  static func start() async throws -> TLSServer {
    guard let nginx = nginxPath, let openssl = opensslPath else {
      throw SetupError(description: "nginx or openssl not found")
    }
    let directory = URL(fileURLWithPath: NSTemporaryDirectory())
      .appendingPathComponent("jsonkit-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    do {
      let pki = try await PKI(directory: directory, openssl: openssl)
      var attempt = 1
      while true {
        do {
          return try await TLSServer(directory: directory, pki: pki, nginx: nginx)
        } catch is PortTaken where attempt < 3 {
          attempt += 1
        }
      }
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  private struct PortTaken: Error {}

  private init(directory: URL, pki: PKI, nginx: String) async throws {
    self.directory = directory
    caBundle = pki.path("ca.pem")
    clientCertificate = pki.path("client.pem")
    clientKey = pki.path("client.key")
    caAndIntermediateBundle = pki.path("ca-and-intermediate.pem")
    encryptedClientKey = pki.path("client-encrypted.key")
    rogueCertificate = pki.path("rogue.pem")
    rogueKey = pki.path("rogue.key")
    serverPublicKeyFile = pki.path("server-pub.pem")
    serverPublicKeyHash = pki.serverKeyHash
    selfSignedPublicKeyHash = pki.selfSignedKeyHash

    let chosen = try Self.freePorts(4)
    ports = [
      .trusted: chosen[0], .mutual: chosen[1], .selfSigned: chosen[2], .brokenChain: chosen[3],
    ]
    let run = directory.appendingPathComponent("run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: run.appendingPathComponent("temp"), withIntermediateDirectories: true)
    let config = run.appendingPathComponent("nginx.conf")
    try Self.nginxConfig(run: run.path, pki: pki, ports: ports)
      .write(to: config, atomically: true, encoding: .utf8)

    // The watchdog: starts nginx in the background, prints its PID, then waits for its own
    // standard input to close (this process ending, or stop()) and kills nginx.
    let script = """
      "$1" -p "$2/" -c "$3" -e stderr </dev/null >"$2/nginx.stdout" 2>"$2/nginx.stderr" &
      echo $!
      cat >/dev/null
      kill -KILL $! 2>/dev/null
      """
    let watchdog = try ChildProcess(
      "/bin/sh", ["-c", script, "tls-watchdog", nginx, run.path, config.path],
      standardInput: .pipe, standardOutput: .pipe, standardError: .null)
    self.watchdog = watchdog
    guard
      let pid = try await watchdog.readOutputLine()
        .flatMap({ pid_t($0.trimmingCharacters(in: .whitespaces)) })
    else {
      watchdog.closeInput()
      throw SetupError(description: "the nginx watchdog printed no PID")
    }
    nginxPID = pid
    try await waitUntilListening(run: run)
  }

  /// nginx writes its pid file after it has bound every listening socket, so the file is the
  /// sign that all three ports are ours; an `[emerg]` line on its stderr means it gave up.
  private func waitUntilListening(run: URL) async throws {
    let pidFile = run.appendingPathComponent("nginx.pid").path
    let stderrFile = run.appendingPathComponent("nginx.stderr").path
    // A liveness bound: nginx starts in milliseconds on a quiet machine.
    let deadline = ContinuousClock.now + .seconds(300)
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
        pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) == nginxPID
      {
        return
      }
      let errors = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
      if errors.contains("[emerg]") {
        stop()
        if errors.contains("Address already in use") { throw PortTaken() }
        throw SetupError(description: "nginx did not start:\n\(errors)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    let errors = (try? String(contentsOfFile: stderrFile, encoding: .utf8)) ?? ""
    stop()
    throw SetupError(description: "nginx did not start within 300 s:\n\(errors)")
  }

  /// Kills nginx by its PID (SIGKILL: `Process.terminate()` hangs under Swift Testing) and
  /// lets the watchdog end.
  ///
  /// The directory is left for `remove()`.
  func stop() {
    kill(nginxPID, SIGKILL)
    watchdog.closeInput()
  }

  /// Stops nginx and deletes the certificates.
  func remove() {
    stop()
    try? FileManager.default.removeItem(at: directory)
  }

  // MARK: Configuration

  private static func nginxConfig(run: String, pki: PKI, ports: [Endpoint: Int]) -> String {
    func server(_ port: Int, certificate: String, key: String, extra: String, body: String)
      -> String
    {
      """
        server {
          listen 127.0.0.1:\(port) ssl;
          ssl_certificate \(pki.path(certificate));
          ssl_certificate_key \(pki.path(key));
      \(extra)
          location / { return 200 '\(body)'; }
        }
      """
    }
    let temp = "\(run)/temp"
    return """
      daemon off;
      master_process off;
      worker_processes 1;
      pid \(run)/nginx.pid;
      error_log stderr warn;
      events { worker_connections 128; }
      http {
        access_log off;
        default_type application/json;
        client_body_temp_path \(temp)/body;
        proxy_temp_path \(temp)/proxy;
        fastcgi_temp_path \(temp)/fastcgi;
        uwsgi_temp_path \(temp)/uwsgi;
        scgi_temp_path \(temp)/scgi;
      \(server(ports[.trusted]!, certificate: "server.pem", key: "server.key", extra: "",
          body: #"{"server":"trusted"}"#))
      \(server(ports[.mutual]!, certificate: "server.pem", key: "server.key",
          extra: "    ssl_verify_client on;\n    ssl_client_certificate \(pki.path("ca.pem"));",
          body: #"{"server":"mutual","client":"$ssl_client_s_dn"}"#))
      \(server(ports[.selfSigned]!, certificate: "self.pem", key: "self.key", extra: "",
          body: #"{"server":"self-signed"}"#))
      \(server(ports[.brokenChain]!, certificate: "leaf.pem", key: "leaf.key", extra: "",
          body: #"{"server":"broken-chain"}"#))
      }

      """
  }

  /// Ports the kernel hands out for 127.0.0.1, all different (each socket stays bound until
  /// all are chosen).
  private static func freePorts(_ count: Int) throws -> [Int] {
    var descriptors: [Int32] = []
    defer { for descriptor in descriptors { close(descriptor) } }
    var ports: [Int] = []
    for _ in 0..<count {
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard descriptor >= 0 else { throw SetupError(description: "socket() failed: \(errno)") }
      descriptors.append(descriptor)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
          bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
        }
      }
      guard bound else { throw SetupError(description: "no free port on 127.0.0.1: \(errno)") }
      ports.append(Int(UInt16(bigEndian: address.sin_port)))
    }
    return ports
  }

  private static func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories =
      path.split(separator: ":").map(String.init) + [
        "/usr/sbin", "/usr/local/sbin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/bin",
      ]
    for directory in directories where !directory.isEmpty {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}

/// The throwaway certificates, made with `openssl` from a config file of its own (so the
/// system's openssl.cnf does not matter).
///
/// EC P-256 keys: all of it takes about 0.1 s.
private struct PKI {
  let directory: URL
  let openssl: String
  var serverKeyHash = ""
  var selfSignedKeyHash = ""

  init(directory: URL, openssl: String) async throws {
    self.directory = directory
    self.openssl = openssl
    try await make()
  }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  private static let config = """
    [req]
    distinguished_name = dn
    prompt = no
    [dn]
    CN = unused
    [ca]
    basicConstraints = critical,CA:TRUE
    keyUsage = critical,keyCertSign,cRLSign
    subjectKeyIdentifier = hash
    [server]
    basicConstraints = critical,CA:FALSE
    keyUsage = critical,digitalSignature
    extendedKeyUsage = serverAuth
    subjectAltName = IP:127.0.0.1,DNS:localhost
    [client]
    basicConstraints = critical,CA:FALSE
    keyUsage = critical,digitalSignature
    extendedKeyUsage = clientAuth

    """

  private mutating func make() async throws {
    try Self.config.write(toFile: path("openssl.cnf"), atomically: true, encoding: .utf8)
    let newKey = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    func request(_ extra: [String]) -> [String] {
      ["req", "-config", path("openssl.cnf")] + newKey + extra
    }
    // The CA, and a server and a client certificate it signs.
    try await run(
      request([
        "-x509", "-days", "2", "-subj", "/CN=JSONKit Test CA", "-extensions", "ca",
        "-keyout", path("ca.key"), "-out", path("ca.pem"),
      ]))
    for (name, subject, serial) in [
      ("server", "/CN=localhost", "2"), ("client", "/CN=JSONKit Test Client", "3"),
    ] {
      try await run(
        request([
          "-new", "-subj", subject, "-keyout", path("\(name).key"), "-out", path("\(name).csr"),
        ]))
      try await run([
        "x509", "-req", "-in", path("\(name).csr"), "-CA", path("ca.pem"), "-CAkey",
        path("ca.key"), "-set_serial", serial, "-days", "2", "-extfile", path("openssl.cnf"),
        "-extensions", name, "-out", path("\(name).pem"),
      ])
    }
    // Self-signed: a server nobody vouches for, and a client nginx's CA did not sign.
    try await run(
      request([
        "-x509", "-days", "2", "-subj", "/CN=localhost", "-extensions", "server",
        "-keyout", path("self.key"), "-out", path("self.pem"),
      ]))
    try await run(
      request([
        "-x509", "-days", "2", "-subj", "/CN=Rogue Client", "-extensions", "client",
        "-keyout", path("rogue.key"), "-out", path("rogue.pem"),
      ]))
    try await makeBrokenChain(request: request)
    try await run([
      "pkey", "-in", path("client.key"), "-aes256", "-passout",
      "pass:\(TLSServer.clientKeyPassphrase)", "-out", path("client-encrypted.key"),
    ])
    serverKeyHash = try await publicKeyHash(certificate: "server")
    selfSignedKeyHash = try await publicKeyHash(certificate: "self")
  }

  /// An intermediate CA signed by the CA, and a server certificate (`leaf.pem`) that the
  /// intermediate signed; `ca-and-intermediate.pem` holds both CAs for a client that has the
  /// whole chain.
  private func makeBrokenChain(request: ([String]) -> [String]) async throws {
    try await run(
      request([
        "-new", "-subj", "/CN=JSONKit Test Intermediate", "-keyout", path("intermediate.key"),
        "-out", path("intermediate.csr"),
      ]))
    try await run([
      "x509", "-req", "-in", path("intermediate.csr"), "-CA", path("ca.pem"), "-CAkey",
      path("ca.key"), "-set_serial", "4", "-days", "2", "-extfile", path("openssl.cnf"),
      "-extensions", "ca", "-out", path("intermediate.pem"),
    ])
    try await run(
      request([
        "-new", "-subj", "/CN=localhost", "-keyout", path("leaf.key"), "-out", path("leaf.csr"),
      ]))
    try await run([
      "x509", "-req", "-in", path("leaf.csr"), "-CA", path("intermediate.pem"), "-CAkey",
      path("intermediate.key"), "-set_serial", "5", "-days", "2", "-extfile",
      path("openssl.cnf"), "-extensions", "server", "-out", path("leaf.pem"),
    ])
    let bundle =
      try String(contentsOfFile: path("ca.pem"), encoding: .utf8)
      + String(contentsOfFile: path("intermediate.pem"), encoding: .utf8)
    try bundle.write(toFile: path("ca-and-intermediate.pem"), atomically: true, encoding: .utf8)
  }

  /// The pin of a certificate, as TransferGuide shows it (`x509 -pubkey`, `pkey -pubin
  /// -outform DER`, `dgst -sha256 -binary`, base64), in steps through files instead of pipes.
  ///
  /// Leaves `<name>-pub.pem` behind, the file form of the pin.
  private func publicKeyHash(certificate name: String) async throws -> String {
    try await run([
      "x509", "-in", path("\(name).pem"), "-pubkey", "-noout", "-out", path("\(name)-pub.pem"),
    ])
    try await run([
      "pkey", "-pubin", "-in", path("\(name)-pub.pem"), "-outform", "DER", "-out",
      path("\(name)-pub.der"),
    ])
    try await run([
      "dgst", "-sha256", "-binary", "-out", path("\(name)-pub.sha256"), path("\(name)-pub.der"),
    ])
    let digest = try Data(contentsOf: URL(fileURLWithPath: path("\(name)-pub.sha256")))
    guard digest.count == 32 else {
      throw TLSServer.SetupError(description: "openssl dgst wrote \(digest.count) bytes")
    }
    return digest.base64EncodedString()
  }

  /// Runs openssl, and throws with what it printed if it fails.
  private func run(_ arguments: [String]) async throws {
    let outcome = try await ChildProcess.run(openssl, arguments, timeout: .seconds(120))
    guard outcome.status == 0 else {
      let output = String(decoding: outcome.standardOutput + outcome.standardError, as: UTF8.self)
      throw TLSServer.SetupError(
        description:
          "openssl \(arguments.joined(separator: " ")) failed (\(outcome.status)):\n\(output)")
    }
  }
}

/// Runs `body` with this process's standard input (descriptor 0) reading `text` from a pipe,
/// then puts the original back; returns what `body` returned and what it left unread.
///
/// Nothing
/// else in the tests reads standard input.
func withStandardInput<T>(_ text: String, _ body: () async throws -> T) async throws -> (
  T, unread: String
) {
  let pipe = Pipe()
  try pipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  try pipe.fileHandleForWriting.close()
  let saved = dup(0)
  guard saved >= 0, dup2(pipe.fileHandleForReading.fileDescriptor, 0) == 0 else {
    throw TLSServer.SetupError(description: "cannot replace standard input: \(errno)")
  }
  defer {
    dup2(saved, 0)
    close(saved)
  }
  let result = try await body()
  let unread = try pipe.fileHandleForReading.readToEnd() ?? Data()
  return (result, String(decoding: unread, as: UTF8.self))
}

/// Runs `body` against a fresh ``TLSServer`` and removes it afterwards.
///
/// The setup (openssl and
/// nginx start-up) waits on child processes without holding a thread: neither Swift's
/// cooperative threads nor `DispatchQueue.global()`, which Transfer's completions use and
/// which has only as many threads as cores (``ChildProcess`` waits on threads of its own).
func withTLSServer<T>(_ body: (TLSServer) async throws -> T) async throws -> T {
  let server = try await TLSServer.start()
  defer { server.remove() }
  return try await body(server)
}
