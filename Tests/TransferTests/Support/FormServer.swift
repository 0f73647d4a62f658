import Foundation
import TestProcesses
import Transfer

#if canImport(Glibc)
  import Glibc
#endif

/// A form-parsing HTTP server that is not ours: Python's `http.server` handing each POST body
/// to Python's `email` parser (the MIME parser `cgi.FieldStorage` was built on), started by
/// the test on a free port of 127.0.0.1.
///
/// It answers with what it parsed, so multipart bodies
/// are checked by an independent implementation of RFC 7578 / RFC 2046, not by our encoder's
/// inverse.
final class FormServer: Sendable {
  /// What the server parsed.
  struct Parsed: Decodable, Sendable {
    struct Part: Decodable, Sendable {
      var name: String?
      var filename: String?
      var contentType: String?
      var size: Int
      var crc32: UInt32
      /// The payload as text when it is short.
      var text: String?
    }
    var multipart: Bool
    var defects: [String]
    var parts: [Part]
    /// The body's length as received.
    var length: Int
    var contentLength: String?
  }

  struct SetupError: Error, CustomStringConvertible {
    var description: String
  }

  let port: Int
  private let child: ChildProcess

  static let script = #"""
    import sys, json, zlib, threading, os, email.parser, email.policy
    from http.server import HTTPServer, BaseHTTPRequestHandler

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def read_body(self):
            length = self.headers.get("Content-Length")
            if length is not None:
                return self.rfile.read(int(length))
            body = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()

        def do_POST(self):
            body = self.read_body()
            content_type = self.headers.get("Content-Type", "")
            message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
                b"Content-Type: " + content_type.encode("latin-1")
                + b"\r\nMIME-Version: 1.0\r\n\r\n" + body)
            parts = []
            defects = [type(d).__name__ for d in message.defects]
            if message.is_multipart():
                for part in message.iter_parts():
                    defects += [type(d).__name__ for d in part.defects]
                    payload = part.get_payload(decode=True) or b""
                    parts.append({
                        "name": part.get_param("name", header="content-disposition"),
                        "filename": part.get_filename(),
                        "contentType": part.get("Content-Type"),
                        "size": len(payload),
                        "crc32": zlib.crc32(payload),
                        "text": payload.decode("utf-8", "replace") if len(payload) <= 256 else None,
                    })
            answer = json.dumps({
                "multipart": message.is_multipart(),
                "defects": defects,
                "parts": parts, "length": len(body),
                "contentLength": self.headers.get("Content-Length"),
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            self.wfile.write(answer)

        def log_message(self, *args):
            pass

    def watch_stdin():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    server = HTTPServer(("127.0.0.1", 0), Handler)
    print(server.server_port, flush=True)
    server.serve_forever()
    """#

  /// Starts the server; it exits when `stop()` is called or this process ends (its standard
  /// input closes).
  init() async throws {
    let child = try ChildProcess(
      "/usr/bin/env", ["python3", "-c", Self.script], standardInput: .pipe,
      standardOutput: .pipe, standardError: .null)
    self.child = child
    // The port is the first line; the server writes nothing after it.
    guard let port = try await child.readOutputLine().flatMap({ Int($0) }) else {
      child.kill()
      throw SetupError(description: "python3's form server printed no port")
    }
    self.port = port
  }

  func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

  /// Kills the server (SIGKILL: SIGTERM may be blocked in children of the test runner).
  func stop() {
    child.kill()
    child.closeInput()
  }
}

/// CRC-32 (IEEE, as zlib's), to compare with what the form server computed.
func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes { crc = (crc >> 8) ^ crc32Table[Int((crc ^ UInt32(byte)) & 0xFF)] }
  return ~crc
}

private let crc32Table: [UInt32] = (0..<256).map { index in
  var value = UInt32(index)
  for _ in 0..<8 { value = (value >> 1) ^ (value & 1 == 1 ? 0xEDB8_8320 : 0) }
  return value
}
