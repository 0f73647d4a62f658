#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension JSON {
  /// Parses one JSON value from UTF-8 bytes.
  ///
  /// ```swift
  /// let json = try JSON(data: Data(#"{"name": "Ada"}"#.utf8))
  /// ```
  ///
  /// - Throws: `JSONError` with the byte offset, line and column of the first problem,
  ///   for example "Unexpected character 't' at line 3, column 8 (byte 19)".
  public init(data: Data, options: JSONParser.Options = .default) throws(JSONError) {
    self = try JSONParser.parse(data, options: options)
  }

  /// Parses a JSON string.
  ///
  /// Invalid text gives a value whose `error` describes the problem
  /// (SwiftyJSON returned a bare `null`).
  ///
  /// ```swift
  /// let json = JSON(parseJSON: #"[1, 2, 3]"#)
  /// json[2].int   // 3
  /// JSON(parseJSON: "[1,").error?.description  // "Unexpected end of input at line 1, …"
  /// ```
  public init(parseJSON text: String) {
    var text = text
    let result = text.withUTF8 { bytes -> Result<JSON, JSONError> in
      do throws(JSONError) {
        return .success(try JSONParser.parse(UnsafeRawBufferPointer(bytes)))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let json): self = json
    case .failure(let error): self.init(error: error)
    }
  }
}
