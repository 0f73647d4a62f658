import Foundation
import Testing

/// `jsonkit` reads its environment only when the program uses `$ENV` or `env` (reading it
/// at every start was a fifth of a run on a tiny input); what the program sees is the same.
@Suite("$ENV and env in jsonkit")
struct EnvironmentTests {
  @Test("$ENV and env hold the process's variables, values with '=' whole")
  func environmentVariables() async throws {
    let result = try await CLI.run(
      ["-n", "-c", #"[$ENV.JSONKIT_TEST_VALUE, env.JSONKIT_TEST_VALUE, ($ENV | has("PATH"))]"#],
      environment: ["JSONKIT_TEST_VALUE": "a=b=é"])
    #expect(result.stdout == "[\"a=b=é\",\"a=b=é\",true]\n")
    #expect(result.status == 0)
  }
}
