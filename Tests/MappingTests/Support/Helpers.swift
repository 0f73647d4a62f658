import Foundation
import JSONKit
import Mapping
import Testing

/// Compact JSON text of a JSONKit value, members in insertion order.
func compactText(_ json: JSON) -> String {
  JSONWriter().string(json)
}

/// The same JSON text with object keys sorted, to compare documents whose key order comes
/// from a Swift `Dictionary` or `Set`.
func sortedText(_ text: String) -> String {
  let json = JSON(parseJSON: text)
  precondition(json.error == nil, "not JSON: \(text)")
  return JSONWriter(options: [.sortedKeys]).string(json)
}

/// Parses text that the test itself wrote, failing the test if it is not JSON.
func parsed(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> JSON {
  let json = JSON(parseJSON: text)
  #expect(json.error == nil, "test JSON does not parse: \(text)", sourceLocation: sourceLocation)
  return json
}

/// Maps `text` into a new `M` (lenient), then writes it back as compact JSON text.
func roundTrip<M: Mappable>(
  _ text: String, as type: M.Type = M.self, sourceLocation: SourceLocation = #_sourceLocation
) throws -> (model: M, text: String) {
  let model = try #require(Mapper<M>().map(JSONString: text), sourceLocation: sourceLocation)
  let written = try #require(Mapper<M>().toJSONString(model), sourceLocation: sourceLocation)
  return (model, written)
}

/// The failures of a lenient mapping of `text` into `M`, with the model.
func failures<M: BaseMappable>(
  mapping text: String, into type: M.Type = M.self,
  sourceLocation: SourceLocation = #_sourceLocation
) -> (model: M?, failures: [MappingError]) {
  let (model, failures) = Mapper<M>().mapWithFailures(
    JSON: parsed(text, sourceLocation: sourceLocation))
  return (model, failures)
}

/// The error thrown by a strict mapping of `text` into `M`.
func strictError<M: BaseMappable>(
  mapping text: String, into type: M.Type = M.self,
  sourceLocation: SourceLocation = #_sourceLocation
) -> MappingError? {
  do {
    _ = try Mapper<M>(strict: true).mapOrThrow(JSONString: text)
    Issue.record("expected a MappingError", sourceLocation: sourceLocation)
    return nil
  } catch {
    return error
  }
}
