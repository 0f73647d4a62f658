import JSONKit
import JSONQuery
import Testing

/// The examples of the "Using JSONQuery as a library" article, as written there.
@Suite("The JSONQuery article's examples work as written")
struct UsingJSONQueryArticleTests {
  @Test("The example of compiling once and running lazily gives what the article shows")
  func compileOnceAndRunLazily() throws {
    let query = try Query(".items[] | select(.price > 10) | .name")
    let names = try query.values(on: [
      "items": [["name": "pen", "price": 2], ["name": "lamp", "price": 40]]
    ])
    #expect(names == ["lamp"])
    var results = try Query("range(1; 1000000)").run(on: .null)
    #expect(try results.next() == 1)
  }

  @Test("The variables example gives what the article shows")
  func variables() throws {
    let greet = try Query(#""hello \($who)""#, options: QueryOptions(variableNames: ["who"]))
    var context = QueryContext()
    context.variables["who"] = "Ada"
    #expect(try greet.values(on: .null, context: context) == ["hello Ada"])
  }

  @Test("The errors example gives what the article shows")
  func errors() {
    #expect {
      _ = try Query(".a | foo")
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      return error.kind == .compile && error.description == "foo/0 is not defined"
        && error.location?.column == 6
    }
    #expect {
      _ = try Query(".a + 1").values(on: ["a": "x"])
    } throws: { error in
      guard let error = error as? QueryError else { return false }
      return error.kind == .runtime
        && error.description == #"string ("x") and number (1) cannot be added"#
    }
  }

  @Test("The untrusted programs example gives what the article shows")
  func untrustedPrograms() throws {
    let runaway = try Query("[repeat(1)]", options: QueryOptions(stepLimit: 10_000))
    #expect {
      _ = try runaway.values(on: .null)
    } throws: { error in
      (error as? QueryError)?.description == "evaluation step limit exceeded"
    }
  }
}
