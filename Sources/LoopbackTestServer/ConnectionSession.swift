/// Serves one accepted connection: requests in a loop until either side ends it.
struct ConnectionSession {
  let connection: Connection
  let id: Int
  let core: ServerCore

  private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

  func run() {
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
        return
      } catch RequestReader.Failure.malformed {
        answer(400, "malformed request", with: writer)
        return
      } catch RequestReader.Failure.unsupportedVersion {
        answer(505, "only HTTP/1.0 and HTTP/1.1", with: writer)
        return
      } catch {
        // The client left (or the server stopped): nobody to answer.
        return
      }

      let response = core.handler(request)
      core.requestHandled()
      do {
        guard try writer.write(response, for: ResponseWriter.Exchange(request)) else { return }
      } catch {
        return
      }
    }
  }

  private func answer(_ status: Int, _ message: String, with writer: ResponseWriter) {
    _ = try? writer.write(.text(message + "\n", status: status), for: .unparsedRequest)
  }
}
