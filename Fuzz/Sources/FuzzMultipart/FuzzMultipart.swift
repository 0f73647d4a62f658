import Foundation
import FuzzSupport
import Transfer

/// Transfer's multipart writer, read back: the input is cut into parts (each part's first byte says
/// how many bytes of name, file name and body follow, the rest of the input is the next part),
/// encoded with `MultipartFormData.encode()`, then split at the boundary as a server would.
///
/// Every part must come back with its bytes, and its name and file name with `"`, CR and LF
/// percent-encoded, as browsers write them.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let all = UnsafeRawBufferPointer(start: data, count: size)
  var rest = Data(all)
  var parts: [(name: String, fileName: String?, body: Data)] = []
  while let header = rest.first, parts.count < 16 {
    rest = rest.dropFirst()
    let nameLength = Int(header & 0x0F)
    let fileNameLength = Int(header >> 4)
    let name = String(decoding: rest.prefix(nameLength), as: UTF8.self)
    rest = rest.dropFirst(nameLength)
    let fileName =
      fileNameLength == 0
      ? nil : String(decoding: rest.prefix(fileNameLength - 1), as: UTF8.self)
    rest = rest.dropFirst(max(fileNameLength - 1, 0))
    let bodyLength = Int(rest.first ?? 0) * 4
    rest = rest.dropFirst()
    parts.append((name, fileName, Data(rest.prefix(bodyLength))))
    rest = rest.dropFirst(bodyLength)
  }
  let form = MultipartFormData()
  for part in parts {
    form.append(part.body, withName: part.name, fileName: part.fileName)
  }
  let body: Data
  do {
    body = try form.encode()
  } catch {
    fuzzCheck(false, "encoding in-memory parts failed: \(error)", input: all)
    return 0
  }
  fuzzCheck(
    UInt64(body.count) == form.contentLength,
    "encoded \(body.count) bytes, announced \(form.contentLength)", input: all)
  let read = readParts(body, boundary: Array(form.boundary.utf8))
  fuzzCheck(read.count == parts.count, "\(parts.count) parts read as \(read.count)", input: all)
  for (part, (disposition, bytes)) in zip(parts, read) {
    var expected = "form-data; name=\"\(escaped(part.name))\""
    if let fileName = part.fileName { expected += "; filename=\"\(escaped(fileName))\"" }
    fuzzCheck(
      disposition == "Content-Disposition: " + expected,
      "part header \(disposition), expected \(expected)", input: all)
    fuzzCheck(bytes == part.body, "a part's bytes changed", input: all)
  }
  return 0
}

/// `"`, CR and LF percent-encoded (WHATWG HTML's form encoding).
private func escaped(_ text: String) -> String {
  var out = ""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": out += "%22"
    case "\r": out += "%0D"
    case "\n": out += "%0A"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// The parts of a multipart body as a server splits it (RFC 2046): between
/// `--boundary CRLF` and `CRLF --boundary`, header lines up to an empty line, then the bytes.
private func readParts(_ body: Data, boundary: [UInt8]) -> [(String, Data)] {
  let bytes = [UInt8](body)
  let delimiter = Array("\r\n--".utf8) + boundary
  // The first boundary has no CRLF before it: read as if the body started with one.
  let text = Array("\r\n".utf8) + bytes
  var starts: [Int] = []
  var index = 0
  while index + delimiter.count <= text.count {
    if text[index..<index + delimiter.count].elementsEqual(delimiter) {
      starts.append(index)
      index += delimiter.count
    } else {
      index += 1
    }
  }
  var parts: [(String, Data)] = []
  for (start, end) in zip(starts, starts.dropFirst()) {
    let part = text[(start + delimiter.count + 2)..<end]  // after the boundary's CRLF
    let separator = Array("\r\n\r\n".utf8)
    guard
      let headerEnd = part.indices.first(where: {
        part[$0...].starts(with: separator)
      })
    else { return [] }
    let header = String(decoding: part[part.startIndex..<headerEnd], as: UTF8.self)
    let firstLine = header.split(separator: "\r\n", omittingEmptySubsequences: false).first ?? ""
    parts.append((String(firstLine), Data(part[(headerEnd + separator.count)...])))
  }
  return parts
}
