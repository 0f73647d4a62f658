import Foundation
import JSONKit
import Testing

@Suite("JSONError groups its reasons by stage and reads the same through LocalizedError")
struct ErrorFamilyTests {
  @Test("A parse error is a .parse reason with a location, and says where")
  func parseStage() throws {
    let error = try #require(throws: JSONError.self) { try JSON(data: Data("[1,]".utf8)) }
    guard case .parse(let failure) = error.reason else {
      Issue.record("not a parse error: \(error)")
      return
    }
    #expect(error.parseFailure == failure)
    #expect(error.accessFailure == nil)
    #expect(error.location?.byte == 3)
    #expect(error.code == .invalidJSON)
    #expect(error.localizedDescription == error.description)
    #expect(error.errorDescription == error.description)
  }

  @Test("An access error is an .access reason with a path")
  func accessStage() {
    let json: JSON = ["user": ["name": "Ada"]]
    let missing = json["user"]["age"].error
    #expect(missing?.reason == .access(.keyNotFound("age")))
    #expect(missing?.accessFailure == .keyNotFound("age"))
    #expect(missing?.parseFailure == nil)
    #expect(missing?.pathDescription == ".user.age")
    #expect(missing?.code == .notExist)
    let wrong = json["user"]["name"][0].error
    guard case .access(.wrongType(let expected, let found, _))? = wrong?.reason else {
      Issue.record("not a wrong-type error: \(String(describing: wrong))")
      return
    }
    #expect(expected == .array && found == .string)
    #expect(wrong?.errorDescription == wrong?.description)
  }

  @Test("A Foundation object without a JSON form is a .conversion reason")
  func conversionStage() {
    let error = JSON(Date()).error
    guard case .conversion(.unsupportedType)? = error?.reason else {
      Issue.record("not a conversion error: \(String(describing: error))")
      return
    }
    #expect(error?.code == .unsupportedType)
  }
}
