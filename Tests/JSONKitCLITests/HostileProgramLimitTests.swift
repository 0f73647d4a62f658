import Foundation
import Testing

/// The hostile-program table (`Tests/JSONQueryTests/Fixtures/hostile-programs.json`) through
/// the command line: each program, under the limit options of its row, ends with exit status
/// 5 and an error naming the limit, in a process whose peak resident set (`/usr/bin/time`'s
/// `%M`, from `wait4`) stays within the memory limit plus a fixed margin over the binary's
/// own footprint.
@Suite("Hostile programs stopped by the limit options")
struct HostileProgramLimitTests {
  /// One row: the program, its limit options, and the words the error must contain.
  struct Row: Sendable, CustomStringConvertible {
    let name: String
    let arguments: [String]
    let memoryLimit: Int
    let message: String
    var description: String { name }
  }

  /// What a run may hold beyond its memory limit and the binary's own footprint: buffers
  /// freed after a copy, the input and output buffers, the allocator's slack.
  static let marginKiB = 32 * 1024

  /// The table's rows as command lines (`-n`, the limit options, the program).
  static let rows: [Row] = {
    let url = CLI.packageRoot.appendingPathComponent(
      "Tests/JSONQueryTests/Fixtures/hostile-programs.json")
    guard let data = try? Data(contentsOf: url),
      let table = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
    else { return [] }
    let flags = [
      "memory": "--memory-limit", "time": "--time-limit", "steps": "--step-limit",
      "outputs": "--output-limit", "outputBytes": "--output-size-limit",
      "depth": "--depth-limit", "regexRetries": "--regex-limit",
    ]
    let messages = [
      "memory": "memory limit of", "time": "time limit of", "steps": "step limit exceeded",
      "outputs": "output limit of", "outputBytes": "output limit of",
      "depth": "depth limit of", "regexRetries": "regex retry limit of",
    ]
    return table.map { row in
      let limits = row["limits"] as? [String: Any] ?? [:]
      var arguments = ["-n"]
      for (key, value) in limits.sorted(by: { $0.key < $1.key }) {
        arguments += [flags[key] ?? key, "\(value)"]
      }
      return Row(
        name: row["name"] as? String ?? "",
        arguments: arguments + [row["program"] as? String ?? ""],
        memoryLimit: limits["memory"] as? Int ?? 0,
        message: messages[row["stoppedBy"] as? String ?? ""] ?? "?")
    }
  }()

  /// Runs `jsonkit arguments…` under `/usr/bin/time`: its result (the time line taken off
  /// standard error) and its peak resident set in KiB.
  private func measured(_ arguments: [String]) async throws -> (result: RunResult, peakKiB: Int) {
    let binary = try #require(CLI.executable, "the jsonkit binary was not built next to the tests")
    let run = try await CLI.runProcess(
      URL(fileURLWithPath: "/usr/bin/time"), ["-f", "peak %M", binary.path] + arguments,
      input: nil, timeout: 300)
    var lines = run.stderr.split(separator: "\n").map(String.init)
    let popped = lines.popLast()
    let last = try #require(popped)
    let peak = try #require(Int(last.dropFirst("peak ".count)), "\(last)")
    let rest = Data(lines.map { $0 + "\n" }.joined().utf8)
    return (RunResult(status: run.status, stdoutData: run.stdoutData, stderrData: rest), peak)
  }

  @Test("The table has at least 20 rows, read into limit options")
  func tableIsRead() {
    #expect(Self.rows.count >= 20)
    #expect(Self.rows.allSatisfy { $0.arguments.count > 2 })
  }

  @Test(
    "Each hostile program stops with its limit's error, its memory within the limit",
    arguments: Self.rows)
  func hostileProgramIsStopped(_ row: Row) async throws {
    let baseline = try await measured(["-n", "[range(10)] | add"])
    #expect(baseline.result.stdout == "45\n")
    let (result, peak) = try await measured(row.arguments)
    #expect(result.status == 5, "\(row.arguments): \(result.stderr)")
    #expect(result.stderr.contains(row.message), "\(result.stderr)")
    #expect(result.stderr.hasPrefix("jsonkit: error (at <unknown>): "), "\(result.stderr)")
    #expect(
      peak <= baseline.peakKiB + row.memoryLimit / 1024 + Self.marginKiB,
      "peak \(peak) KiB; baseline \(baseline.peakKiB) KiB, limit \(row.memoryLimit / 1024) KiB")
  }

  @Test("Limit options take sizes with K, M or G and refuse what is not a number")
  func limitOptionsReadTheirValues() async throws {
    let ok = try await CLI.run([
      "-n", "--memory-limit", "64M", "--time-limit", "2.5", "[range(5)]|add",
    ])
    #expect(ok.status == 0)
    #expect(ok.stdout == "10\n")
    let kilo = try await CLI.run(["-n", "--memory-limit", "1K", #""x" * 2000"#])
    #expect(kilo.status == 5)
    #expect(kilo.stderr.contains("memory limit of 1024 bytes exceeded"))
    for (option, value) in [
      ("--memory-limit", "lots"), ("--time-limit", "-1"), ("--output-limit", "1.5"),
      ("--depth-limit", "x"),
    ] {
      let bad = try await CLI.run(["-n", option, value, "."])
      #expect(bad.status == 2, "\(option) \(value)")
      #expect(bad.stderr.contains(option), "\(bad.stderr)")
    }
  }

  @Test("--help, the manual page and the completions list the limit options")
  func limitOptionsAreDocumented() async throws {
    let help = try await CLI.run(["--help"]).stdout
    let page = try await CLI.run(["--generate-man-page"]).stdout
    let bash = try await CLI.run(["--generate-completion", "bash"]).stdout
    for option in [
      "--memory-limit", "--time-limit", "--step-limit", "--output-limit", "--output-size-limit",
      "--depth-limit", "--regex-limit",
    ] {
      #expect(help.contains(option), "\(option)")
      #expect(page.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option)")
      #expect(bash.contains(option), "\(option)")
    }
  }
}
