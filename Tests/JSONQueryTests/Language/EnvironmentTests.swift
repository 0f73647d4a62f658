import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// `$ENV` and `env`: the process's environment, read only when a program asks (a run that
/// never looks does not pay for it), or the one a caller sets on the context.
@Suite("Language: $ENV and env")
struct EnvironmentTests {
  @Test("the default environment is the process's, as Foundation reads it")
  func defaultIsTheProcessEnvironment() {
    #expect(QueryContext().environment == ProcessInfo.processInfo.environment)
  }

  @Test("$ENV and env see the process's variables")
  func programsSeeTheProcessEnvironment() throws {
    let path = try #require(ProcessInfo.processInfo.environment["PATH"])
    let results = try Query("[$ENV.PATH, env.PATH, ($ENV | length) == (env | length)]")
      .values(on: .null)
    #expect(results == [JSON([JSON(path), JSON(path), JSON(true)])])
  }

  @Test("an environment set on the context replaces the process's for $ENV and env")
  func contextEnvironmentWins() throws {
    var context = QueryContext()
    context.environment = ["ONLY": "a=b"]
    let results = try Query("[$ENV, env]").values(on: .null, context: context)
    #expect(results == [JSON([JSON(["ONLY": "a=b"]), JSON(["ONLY": "a=b"])])])
    // Another context still sees the process's environment.
    #expect(QueryContext().environment["ONLY"] == ProcessInfo.processInfo.environment["ONLY"])
  }
}

/// One scanner finds the words of a program, for the prelude subset and for the command
/// line's choice of faster paths.
@Suite("Language: the words of a program")
struct ProgramIdentifiersTests {
  @Test("identifiers, variables, words in strings and comments, not punctuation")
  func words() {
    #expect(
      Prelude.identifiers(in: #"map(.a_1) | $x as $y | "input" # inputs"#)
        == ["map", "a_1", "$x", "as", "$y", "input", "inputs"])
    #expect(Prelude.identifiers(in: "g::f(.[0]; @base64)") == ["g", "f", "0", "base64"])
    #expect(Prelude.identifiers(in: "") == [])
  }

  @Test("bytes that are not ASCII are part of a word")
  func nonASCII() {
    #expect(Prelude.identifiers(in: "\"été\" | ascii") == ["été", "ascii"])
  }
}
