/// Serves one accepted connection: requests in a loop until either side ends it.
struct ConnectionSession {
  let connection: Connection
  let id: Int
  let core: ServerCore

  private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  /// Serves requests until the connection ends.
  ///
  /// - Returns: The socket's failure that ended it without an answer, nil for any other end
  ///   (the client left, the server stopped, an answer was the last).
  func run() -> Connection.Failure? {
    var reader = RequestReader(connection: connection)
    let writer = ResponseWriter(connection: connection, stopSignal: core.stopSignal)
    while !core.stopSignal.isFired {
      let request: ServerRequest
      do {
        request = try reader.readRequest(connectionID: id) {
          try connection.send(Self.continueLine)
        }
      } catch RequestReader.Failure.headersTooLarge {
        answer(431, "request header fields exceed 64 KiB", with: writer)
        return nil
      } catch RequestReader.Failure.malformed {
        answer(400, "malformed request", with: writer)
        return nil
      } catch RequestReader.Failure.unsupportedVersion {
        answer(505, "only HTTP/1.0 and HTTP/1.1", with: writer)
        return nil
      } catch {
        // The client left (or the server stopped): nobody to answer.
        return error as? Connection.Failure
      }

      let response = core.handler(request)
      core.requestHandled()
      do {
        guard try writer.write(response, for: ResponseWriter.Exchange(request)) else { return nil }
      } catch {
        return error as? Connection.Failure
      }
    }
    return nil
  }

  private func answer(_ status: Int, _ message: String, with writer: ResponseWriter) {
    _ = try? writer.write(.text(message + "\n", status: status), for: .unparsedRequest)
  }
}
