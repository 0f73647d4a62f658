import Foundation

/// The body as text: in the given encoding, else the `charset` of `Content-Type`, else
/// ISO-8859-1 (HTTP's historical default), so a body always decodes to something.
///
/// ```swift
/// session.request(url).responseString { response in print(response.value ?? "") }
/// ```
public struct StringResponseSerializer: ResponseSerializer {
  /// The text encoding; `nil` takes the response's `charset`, else UTF-8.
  public let encoding: String.Encoding?
  public let emptyResponseCodes: Set<Int>
  public let emptyRequestMethods: Set<HTTPMethod>

  /// A serializer that decodes the body as text.
  ///
  /// - Parameters:
  ///   - encoding: the text encoding (`nil`: the response's `charset`, else UTF-8).
  ///   - emptyResponseCodes: statuses for which an empty body is a valid answer.
  ///   - emptyRequestMethods: methods for which an empty body is a valid answer.
  public init(
    encoding: String.Encoding? = nil,
    emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
    emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
  ) {
    self.encoding = encoding
    self.emptyResponseCodes = emptyResponseCodes
    self.emptyRequestMethods = emptyRequestMethods
  }

  public func serialize(_ input: ResponseInput) throws -> String {
    if let error = input.error { throw error }
    guard let data = input.data, !data.isEmpty else {
      if isAllowedEmpty(input) { return "" }
      throw TransferError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
    }
    let chosen =
      encoding ?? input.response?.textEncodingName.flatMap(Self.encoding(named:)) ?? .isoLatin1
    guard let text = String(data: data, encoding: chosen) else {
      throw TransferError.responseSerializationFailed(
        reason: .stringSerializationFailed(encoding: chosen))
    }
    return text
  }

  /// The encodings servers name in `charset`, by their IANA names and common aliases.
  static func encoding(named name: String) -> String.Encoding? {
    switch name.lowercased() {
    case "utf-8", "utf8": .utf8
    case "us-ascii", "ascii": .ascii
    case "iso-8859-1", "latin1", "iso8859-1", "l1": .isoLatin1
    case "iso-8859-2", "latin2": .isoLatin2
    case "utf-16": .utf16
    case "utf-16be": .utf16BigEndian
    case "utf-16le": .utf16LittleEndian
    case "utf-32": .utf32
    case "windows-1252", "cp1252": .windowsCP1252
    case "windows-1251", "cp1251": .windowsCP1251
    case "shift_jis", "shift-jis": .shiftJIS
    case "euc-jp": .japaneseEUC
    default: nil
    }
  }
}

extension DataRequest {
  /// Adds a handler that gets the body as text (see `StringResponseSerializer`).
  @discardableResult
  public func responseString(
    queue: DispatchQueue? = nil, encoding: String.Encoding? = nil,
    completionHandler: @escaping @Sendable (TransferResponse<String>) -> Void
  ) -> Self {
    response(
      queue: queue, responseSerializer: StringResponseSerializer(encoding: encoding),
      completionHandler: completionHandler)
  }
}
