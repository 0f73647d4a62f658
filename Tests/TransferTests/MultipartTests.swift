import Foundation
import LoopbackTestServer
import Testing
import Transfer

@Suite("Multipart forms")
struct MultipartTests {
  /// Bytes that look like the framing around them: CR LF, dashes, a boundary-like line.
  static let tricky = Array("line\r\n--jsonkit.boundary.\r\n\r\n--\r\nend\r\n".utf8)

  static func withFormServer<T>(_ body: (FormServer) async throws -> T) async throws -> T {
    let server = try await FormServer()
    defer { server.stop() }
    return try await body(server)
  }

  @Test("Data, file and stream parts are parsed by Python's MIME parser")
  func dataFileAndStreamPartsAreParsedByPythonsMIMEParser() async throws {
    let picture = patternedBytes(1_500_000, seed: 5) + Self.tricky
    let file = try UploadTests.temporaryFile(picture, name: "holiday photo.png")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let streamed = patternedBytes(100_000, seed: 9)
    let metadata = Array(#"{"album": "2024"}"#.utf8)
    let form = MultipartFormData()
    form.append(Data("Ada Lovelace".utf8), withName: "name")
    form.append(
      Data(metadata), withName: "metadata", fileName: "meta.json", mimeType: "application/json")
    form.append(file, withName: "photo")
    form.append(
      InputStream(data: Data(streamed)), withLength: UInt64(streamed.count), name: "blob",
      fileName: "blob.bin", mimeType: "application/octet-stream")
    form.append(Data(Self.tricky), withName: "tricky")

    try await Self.withFormServer { server in
      let parsed = try await testSession()
        .upload(multipartFormData: form, to: server.url("/form"))
        .validate()
        .serializingDecodable(FormServer.Parsed.self).value
      #expect(parsed.multipart)
      #expect(parsed.defects == [])
      #expect(parsed.contentLength == String(form.contentLength))
      #expect(UInt64(parsed.length) == form.contentLength)
      let parts = parsed.parts
      try #require(parts.count == 5)
      #expect(parts.map(\.name) == ["name", "metadata", "photo", "blob", "tricky"])
      #expect(parts.map(\.filename) == [nil, "meta.json", "holiday photo.png", "blob.bin", nil])
      #expect(
        parts.map(\.contentType)
          == [nil, "application/json", "image/png", "application/octet-stream", nil])
      #expect(parts[0].text == "Ada Lovelace")
      #expect(parts[1].text == #"{"album": "2024"}"#)
      #expect(parts[2].size == picture.count)
      #expect(parts[2].crc32 == crc32(picture))
      #expect(parts[3].size == streamed.count)
      #expect(parts[3].crc32 == crc32(streamed))
      #expect(parts[4].crc32 == crc32(Self.tricky))
    }
  }

  @Test("The closure form sends the form's content type and length")
  func theClosureFormSendsTheFormsContentTypeAndLength() async throws {
    try await Self.withFormServer { server in
      let parsed = try await testSession()
        .upload(
          multipartFormData: { form in
            form.append(Data("1".utf8), withName: "a")
            form.append(Data("2".utf8), withName: "b")
          }, to: server.url("/form")
        )
        .serializingDecodable(FormServer.Parsed.self).value
      #expect(parsed.defects == [])
      #expect(parsed.parts.map(\.name) == ["a", "b"])
      #expect(parsed.parts.map(\.text) == ["1", "2"])
    }
  }

  @Test("An empty data part is sent as an empty part, between parts that are not")
  func anEmptyDataPartIsSentAsAnEmptyPart() async throws {
    // The body reader copies nothing for it (an empty `Data`'s bytes may have no address).
    let form = MultipartFormData()
    form.append(Data("1".utf8), withName: "a")
    form.append(Data(), withName: "empty")
    form.append(Data("2".utf8), withName: "b")
    #expect(UInt64(try form.encode().count) == form.contentLength)
    try await Self.withFormServer { server in
      let parsed = try await testSession()
        .upload(multipartFormData: form, to: server.url("/form"))
        .serializingDecodable(FormServer.Parsed.self).value
      #expect(parsed.defects == [])
      #expect(parsed.parts.map(\.name) == ["a", "empty", "b"])
      #expect(parsed.parts.map(\.size) == [1, 0, 1])
      #expect(parsed.parts.map(\.text) == ["1", "", "2"])
    }
  }

  @Test("Names with quotes and line breaks cannot break the header")
  func namesWithQuotesAndLineBreaksCannotBreakTheHeader() async throws {
    try await Self.withFormServer { server in
      let parsed = try await testSession()
        .upload(
          multipartFormData: { form in
            form.append(
              Data("x".utf8), withName: "say \"hi\"\r\nX-Injected: 1",
              fileName: "a\"b.txt", mimeType: "text/plain")
            form.append(Data("y".utf8), withName: "next")
          }, to: server.url("/form")
        )
        .serializingDecodable(FormServer.Parsed.self).value
      #expect(parsed.defects == [])
      #expect(parsed.parts.map(\.name) == ["say %22hi%22%0D%0AX-Injected: 1", "next"])
      #expect(parsed.parts.first?.filename == "a%22b.txt")
      #expect(parsed.parts.map(\.text) == ["x", "y"])
    }
  }

  @Test("A CR, LF or quote before a combining mark is percent-encoded in the header too")
  func lineBreaksBeforeCombiningMarksAreEncoded() throws {
    // FuzzMultipart's regression: "\r\u{746}" is one composed character sequence to
    // Foundation's string search, which left the CR in the header.
    let form = MultipartFormData(boundary: "b")
    form.append(Data("x".utf8), withName: "a\r\u{746}b\n\u{301}c\"\u{301}", fileName: "\r\u{300}")
    let text = String(decoding: try form.encode(), as: UTF8.self)
    let disposition =
      "Content-Disposition: form-data; name=\"a%0D\u{746}b%0A\u{301}c%22\u{301}\"; "
      + "filename=\"%0D\u{300}\"\r\n"
    #expect(text.utf8.starts(with: "--b\r\n\(disposition)".utf8))
  }

  @Test("Encode gives the bytes the upload streams")
  func encodeGivesTheBytesTheUploadStreams() async throws {
    let bytes = patternedBytes(200_000, seed: 21)
    let file = try UploadTests.temporaryFile(bytes, name: "data.csv")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let form = MultipartFormData(boundary: "fixed.boundary.for.test")
    form.append(Data("value".utf8), withName: "field")
    form.append(file, withName: "upload")
    #expect(form.contentType == "multipart/form-data; boundary=fixed.boundary.for.test")
    let encoded = try form.encode()
    #expect(UInt64(encoded.count) == form.contentLength)
    #expect(encoded.starts(with: Data("--fixed.boundary.for.test\r\n".utf8)))
    #expect(encoded.suffix(29) == Data("\r\n--fixed.boundary.for.test--\r\n".utf8).suffix(29))
    try await withServer(describeBody) { server in
      let received = try await testSession()
        .upload(multipartFormData: form, to: server.url("/describe"))
        .serializingDecodable(ReceivedBody.self).value
      #expect(received.bytes == encoded.count)
      #expect(received.fnv == String(fnv1a(encoded), radix: 16))
      #expect(!received.chunked)
      #expect(received.contentType == form.contentType)
    }
    try await Self.withFormServer { server in
      let parsed = try await testSession().upload(
        encoded, to: server.url("/form"), headers: [.contentType(form.contentType)]
      ).serializingDecodable(FormServer.Parsed.self).value
      #expect(parsed.parts.map(\.contentType) == [nil, "text/csv"])
      #expect(parsed.parts.last?.crc32 == crc32(bytes))
    }
  }

  @Test("A missing file fails the upload before anything is sent")
  func aMissingFileFailsTheUploadBeforeAnythingIsSent() async throws {
    try await withServer(describeBody) { server in
      let response = await testSession()
        .upload(
          multipartFormData: { form in
            form.append(URL(fileURLWithPath: "/nonexistent/jsonkit/photo.png"), withName: "photo")
          }, to: server.url("/describe")
        )
        .serializingData().response
      if case .multipartEncodingFailed(.bodyPartFileNotReachable)? = response.error {
      } else {
        Issue.record("expected bodyPartFileNotReachable, got \(String(describing: response.error))")
      }
      #expect("\(response.error!)".contains("/nonexistent/jsonkit/photo.png"))
      #expect(server.requestsServed == 0)
    }
  }

  @Test("A stream shorter than its declared length fails the upload")
  func aStreamShorterThanItsDeclaredLengthFailsTheUpload() async throws {
    try await withServer(describeBody) { server in
      let response = await testSession()
        .upload(
          multipartFormData: { form in
            form.append(
              InputStream(data: Data([1, 2, 3])), withLength: 10, name: "short",
              fileName: "short.bin", mimeType: "application/octet-stream")
          }, to: server.url("/describe")
        )
        .serializingData().response
      if case .multipartEncodingFailed(.inputStreamReadFailed)? = response.error {
      } else {
        Issue.record("expected inputStreamReadFailed, got \(String(describing: response.error))")
      }
      #expect("\(response.error!)".contains("ended after 3 of its 10 bytes"))
    }
  }

  @Test("MIME types come from the extension")
  func mimeTypesComeFromTheExtension() {
    #expect(MultipartFormData.mimeType(forPathExtension: "PNG") == "image/png")
    #expect(MultipartFormData.mimeType(forPathExtension: "json") == "application/json")
    #expect(MultipartFormData.mimeType(forPathExtension: "unknown") == "application/octet-stream")
  }
}
