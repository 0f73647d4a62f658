import Foundation
import TestProcesses
import Testing

/// What one run of `/usr/bin/curl` produced.
struct CurlResult {
  var exitCode: Int32
  var body: [UInt8]
  /// The response header block(s) as curl dumped them with `-D`.
  var headers: String
  var stderr: String

  var text: String { String(decoding: body, as: UTF8.self) }

  /// Header lines of the last response, such as `["Content-Type: application/json", …]`.
  var headerLines: [String] {
    let blocks = headers.components(separatedBy: "\r\n\r\n").filter { !$0.isEmpty }
    return (blocks.last ?? "").components(separatedBy: "\r\n").dropFirst().map { $0 }
  }

  func header(_ name: String) -> String? {
    for line in headerLines {
      let parts = line.split(separator: ":", maxSplits: 1)
      if parts.count == 2, parts[0].lowercased() == name.lowercased() {
        return parts[1].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }
}

/// Runs curl silently with `arguments`; the headers go to a temporary file (`-D`), the body
/// comes back on standard output (rather than `-o`, which would apply to the first of several
/// URLs only).
///
/// A run that outlives `timeout` is killed (see ``ChildProcess``).
func curl(_ arguments: [String], timeout: Duration = livenessLimit) async throws -> CurlResult {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("loopback-curl-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let headerFile = directory.appendingPathComponent("headers")

  let outcome = try await ChildProcess.run(
    "/usr/bin/curl", ["-s", "-S", "-D", headerFile.path] + arguments, timeout: timeout)
  if outcome.timedOut {
    Issue.record("curl \(arguments) did not finish within \(timeout)")
  }
  let headers = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
  return CurlResult(
    exitCode: outcome.status, body: outcome.standardOutput, headers: headers,
    stderr: String(decoding: outcome.standardError, as: UTF8.self))
}

/// Writes `bytes` to a temporary file for `curl --data-binary @file`; the caller removes it.
func temporaryFile(_ bytes: [UInt8]) throws -> URL {
  let file = FileManager.default.temporaryDirectory
    .appendingPathComponent("loopback-upload-\(UUID().uuidString)")
  try Data(bytes).write(to: file)
  return file
}

/// Deterministic, non-repeating-looking bytes, so a misplaced block shows up as a mismatch.
func patternBytes(_ count: Int) -> [UInt8] {
  (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
}
