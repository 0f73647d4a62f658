import Foundation

/// The path of `name` on `PATH`, or `nil`.
func findExecutable(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for directory in path.split(separator: ":") {
    let candidate = "\(directory)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// Runs `executable` with `arguments` and returns its standard output; throws when it exits
/// with a status other than 0 (with its standard error in the message).
func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: executable)
  process.arguments = arguments
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  // Read before waiting, so that a full pipe cannot stall the child.
  let out = output.fileHandleForReading.readDataToEndOfFile()
  let err = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw UsageError(
      "\(executable) exited with status \(process.terminationStatus): "
        + String(decoding: err, as: UTF8.self))
  }
  return String(decoding: out, as: UTF8.self)
}
