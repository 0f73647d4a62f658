/// Why a request body could not be read while it was sent, in words (the stream's own error,
/// the file and offset where a part ended early).
///
/// The error inside
/// `TransferError.MultipartEncodingFailureReason.inputStreamReadFailed(error:)`.
///
/// ```swift
/// if case .multipartEncodingFailed(.inputStreamReadFailed(let error)) = response.error {
///   print((error as? BodyReadError)?.reason ?? "\(error)")
/// }
/// ```
public struct BodyReadError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, naming the part.
  public let reason: String

  /// The reason, as is.
  public var description: String { reason }
}
