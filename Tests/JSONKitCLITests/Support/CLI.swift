import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What one run of the built `jsonkit` binary did.
struct RunResult: Sendable {
  let status: Int32
  let stdoutData: Data
  let stderrData: Data

  var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
  var stderr: String { String(decoding: stderrData, as: UTF8.self) }
}

/// Runs the `jsonkit` executable that `swift test` built, as a user would: arguments, bytes on
/// standard input through a pipe, and standard output, standard error and exit status back.
enum CLI {
  /// The package root, found from this file's path, for `Samples/`.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // JSONKitCLITests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// A file in `Samples/`.
  static func sample(_ name: String) -> String {
    packageRoot.appendingPathComponent("Samples").appendingPathComponent(name).path
  }

  /// The `jsonkit` binary next to the test bundle, in whichever scratch path `swift test`
  /// used (`.build`, `.build-cli`, …): the products directory holds both.
  ///
  /// On Linux the test
  /// bundle is an executable and `Bundle.main` is its directory; on macOS the `.xctest`
  /// bundle is one of `Bundle.allBundles`. `JSONKIT_BINARY` overrides the search.
  static let executable: URL? = {
    let fileManager = FileManager.default
    if let path = ProcessInfo.processInfo.environment["JSONKIT_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    var directories = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let executable = Bundle.main.executableURL {
      directories.append(executable.deletingLastPathComponent())
    }
    for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
      directories.append(bundle.bundleURL.deletingLastPathComponent())
    }
    directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
    for directory in directories {
      let candidate = directory.appendingPathComponent("jsonkit")
      if fileManager.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }()

  /// Runs `jsonkit arguments…` with `input` on standard input (closed at once when `nil`).
  static func run(
    _ arguments: [String], input: String? = nil, environment: [String: String] = [:]
  ) async throws -> RunResult {
    let binary = try #require(executable, "the jsonkit binary was not built next to the tests")
    return try await runProcess(
      binary, arguments, input: input.map { Data($0.utf8) }, environment: environment)
  }

  /// Runs a shell command line with `/bin/sh -c`, `$JSONKIT` set to the binary's path.
  static func shell(_ script: String) async throws -> RunResult {
    let binary = try #require(executable, "the jsonkit binary was not built next to the tests")
    return try await runProcess(
      URL(fileURLWithPath: "/bin/sh"), ["-c", script], input: nil,
      environment: ["JSONKIT": binary.path])
  }

  /// Runs a process to completion (``ChildProcess/run(_:_:environment:input:timeout:)``:
  /// output drained on threads of their own, a child that hangs killed, every wait bounded,
  /// and the calling task suspended meanwhile, holding no thread of the cooperative pool).
  ///
  /// The timeout only turns a hang into a failure: ten minutes, since a debug build's run on
  /// a large input, on a machine busy with two test runs, takes many times what it takes on a
  /// quiet one.
  static func runProcess(
    _ executable: URL, _ arguments: [String], input: Data?,
    environment: [String: String] = [:], timeout: TimeInterval = 600
  ) async throws -> RunResult {
    // A child that exits without reading all its input must give this process an EPIPE to
    // ignore, not a SIGPIPE that kills the test runner.
    ChildProcess.ignoreBrokenPipes()
    let outcome = try await ChildProcess.run(
      executable.path, arguments,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
      input: input.map { [UInt8]($0) }, timeout: .milliseconds(Int64(timeout * 1000)))
    if outcome.timedOut {
      Issue.record(
        "\(executable.lastPathComponent) \(arguments) did not finish within \(timeout) s; killed")
    }
    return RunResult(
      status: outcome.status, stdoutData: Data(outcome.standardOutput),
      stderrData: Data(outcome.standardError))
  }
}

/// A temporary directory for one test's files, removed when the test ends.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonkit-cli-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// Writes `contents` to `name` and returns its path.
  func file(_ name: String, _ contents: String) throws -> String {
    try file(name, Data(contents.utf8))
  }

  func file(_ name: String, _ contents: Data) throws -> String {
    let path = url.appendingPathComponent(name).path
    try contents.write(to: URL(fileURLWithPath: path))
    return path
  }
}
