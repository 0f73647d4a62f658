import Foundation
import Testing

/// What one run of `/usr/bin/curl` produced.
struct CurlResult {
  var exitCode: Int32
  var body: [UInt8]
  /// The response header block(s) as curl dumped them with `-D`.
  var headers: String
  var stderr: String

  var text: String { String(decoding: body, as: UTF8.self) }

  /// Header lines of the last response, e.g. `["Content-Type: application/json", …]`.
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

/// Runs curl silently with `arguments`, body and headers going to temporary files.
///
/// A run that outlives `timeout` is killed with SIGKILL: `Process.terminate()` hangs inside
/// Swift Testing (the worker thread's signal mask blocks SIGTERM in the child).
func curl(_ arguments: [String], timeout: Duration = .seconds(60)) throws -> CurlResult {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("loopback-curl-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let bodyFile = directory.appendingPathComponent("body")
  let headerFile = directory.appendingPathComponent("headers")
  let stderrFile = directory.appendingPathComponent("stderr")
  for file in [bodyFile, stderrFile] {
    _ = FileManager.default.createFile(atPath: file.path, contents: nil)
  }

  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
  process.arguments =
    ["-s", "-S", "-D", headerFile.path] + arguments
  process.standardInput = FileHandle.nullDevice
  // Standard output rather than -o, which would apply to the first of several URLs only.
  let bodyHandle = try FileHandle(forWritingTo: bodyFile)
  defer { try? bodyHandle.close() }
  process.standardOutput = bodyHandle
  let stderrHandle = try FileHandle(forWritingTo: stderrFile)
  defer { try? stderrHandle.close() }
  process.standardError = stderrHandle

  let exited = DispatchSemaphore(value: 0)
  process.terminationHandler = { _ in exited.signal() }
  try process.run()
  let (seconds, attoseconds) = timeout.components
  let limit = Double(seconds) + Double(attoseconds) / 1e18
  if exited.wait(timeout: .now() + limit) == .timedOut {
    kill(process.processIdentifier, SIGKILL)
    exited.wait()
    Issue.record("curl \(arguments) did not finish within \(timeout)")
  }

  let body = (try? Data(contentsOf: bodyFile)).map { [UInt8]($0) } ?? []
  let headers = (try? String(contentsOf: headerFile, encoding: .utf8)) ?? ""
  let stderr = (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? ""
  return CurlResult(
    exitCode: process.terminationStatus, body: body, headers: headers, stderr: stderr)
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
