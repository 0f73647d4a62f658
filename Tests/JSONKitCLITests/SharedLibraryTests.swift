import Foundation
import TestProcesses
import Testing

/// The shared libraries a running `jsonkit` has mapped, by file name, read from
/// `/proc/<pid>/maps` once it has answered its first input (so the dynamic loader and `main`
/// have run), with the answer.
private func mappedLibraries(_ arguments: [String], input: String) async throws
  -> (libraries: Set<String>, firstLine: String?)
{
  let binary = try #require(CLI.executable, "the jsonkit binary was not built next to the tests")
  ChildProcess.ignoreBrokenPipes()
  let child = try ChildProcess(
    binary.path, arguments, standardInput: .pipe, standardOutput: .pipe)
  try await child.writeInput(Array(input.utf8))
  let firstLine = try await child.readOutputLine()
  // (Read to its end: a /proc file says it is empty, and a read sized by that stops at the
  // first page.)
  let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(child.pid)/maps"))
  let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
  handle.closeFile()
  child.closeInput()
  if await child.wait(timeout: .seconds(60)) == nil { child.kill() }
  var libraries = Set<String>()
  for line in maps.split(separator: "\n") {
    // address perms offset dev inode path: the path is the sixth field, when there is one.
    let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
    guard fields.count == 6 else { continue }
    let path = fields[5].trimmingCharacters(in: .whitespaces)
    if let name = path.split(separator: "/").last, name.contains(".so") {
      libraries.insert(String(name))
    }
  }
  return (libraries, firstLine)
}

@Suite("jsonkit loads no Foundation")
struct SharedLibraryTests {
  /// Foundation, its internationalization half and ICU's data cost half of a run's start-up
  /// on tiny inputs; `jsonkit` is built on JSONKitCore, which has none of them.
  static let foundationLibraries = [
    "libFoundation.so", "libFoundationInternationalization.so", "lib_FoundationICU.so",
  ]

  @Test(
    "a run maps neither Foundation nor ICU",
    arguments: [
      ["-c", "--unbuffered", ".a"],
      ["-c", "--unbuffered", "--stream", "."],
      ["-c", "--unbuffered", #".a | test("b+") | tostring | ascii_downcase"#],
    ])
  func runMapsNoFoundation(_ arguments: [String]) async throws {
    let input = #"{"a":"abb"}"# + "\n"
    let (libraries, firstLine) = try await mappedLibraries(arguments, input: input)
    // The reading worked: the child answered, and its libraries were seen.
    #expect(firstLine != nil)
    #expect(libraries.contains { $0.hasPrefix("libswiftCore.so") }, "\(libraries.sorted())")
    for library in Self.foundationLibraries {
      #expect(!libraries.contains(library), "jsonkit \(arguments) mapped \(library)")
    }
  }
}
