import JSONKit
import Testing

@testable import JSONQuery

/// `#` comments as jq 1.8.2's lexer reads them: a backslash right before the end of the line
/// continues the comment on the next line.
@Suite("jq 1.8.2: a backslash at the end of a comment continues it")
struct CommentContinuationTests: PrintedOutputs {
  @Test("a backslash before LF or CRLF continues the comment")
  func continued() throws {
    // jq 1.7+'s lexer: a backslash then a newline (LF or CRLF) continues a `#` comment; two
    // backslashes are an escaped backslash, which does not.
    #expect(try printed("1 # a \\\n+ 1\n") == ["1"])
    #expect(try printed("1 # a \\\r\n+ 1\n") == ["1"])
    #expect(try printed("1 # \\\n# \\\n+ 1\n, 2") == ["1", "2"])
    #expect(try printed("1 # a \\\\\n+ 1\n") == ["2"])
    #expect(try printed("1 # a \\\\\\\n+ 1\n") == ["1"])
  }

  @Test("other comments end at their newline")
  func notContinued() throws {
    #expect(try printed("[1, # \\ x\n2]") == ["[1,2]"])
    #expect(try printed("1 # a \\ \n+ 1\n") == ["2"])
    #expect(try printed("1 # a\r\n+ 1") == ["2"])
    #expect(try printed("1 # end \\") == ["1"])
  }

  @Test("the lines a continued comment spans still count")
  func lineNumbers() throws {
    // The continued comment counts its lines: an error after it names line 3.
    #expect {
      try Query("1 # a \\\n b\n| nosuch")
    } throws: { error in
      (error as? QueryError)?.location?.line == 3
    }
  }
}
