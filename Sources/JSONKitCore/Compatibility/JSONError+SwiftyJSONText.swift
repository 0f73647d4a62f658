// SwiftyJSON's words for its error codes: `JSONError.message` (JSONKitCore) and
// `errorUserInfo` (JSONKit) both say them.

extension JSONError.Code {
  /// SwiftyJSON's text for this code.
  package var swiftyJSONDescription: String {
    switch self {
    case .unsupportedType: "It is an unsupported type."
    case .indexOutOfBounds: "Array Index is out of bounds."
    case .wrongType: "Couldn't merge, because the JSONs differ in type on top level."
    case .notExist: "Dictionary key does not exist."
    case .invalidJSON: "JSON is invalid."
    case .elementTooDeep:
      "Element too deep. Increase maxObjectDepth and make sure there is no reference loop."
    }
  }
}
