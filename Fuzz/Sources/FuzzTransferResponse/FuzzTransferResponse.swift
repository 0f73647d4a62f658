import Foundation
import FuzzSupport
import LoopbackTestServer
import Synchronization
import Transfer

/// What the server sends next, instead of a response: the fuzzer's input.
private let reply = Mutex<[UInt8]>([])

/// One loopback server for the whole run, writing `reply` as it is (`.raw`) and closing.
private let server: LoopbackServer = {
  do {
    return try LoopbackServer { _ in
      var response = ServerResponse()
      response.fault = .raw(reply.withLock { $0 })
      return response
    }
  } catch {
    fatalError("cannot start the loopback server: \(error)")
  }
}()

/// A session that decompresses (a gzip bomb is bounded by `maximumResponseSize`) and does
/// not follow redirects (a `Location` would leave the test server).
private let session: Session = {
  var configuration = SessionConfiguration.default
  configuration.timeout = .seconds(10)
  configuration.maximumResponseSize = 1 << 20
  configuration.redirectPolicy = .doNotFollow
  return Session(configuration: configuration)
}()

/// Transfer reading whatever a server sends back: a status line, header fields and a body in any
/// framing, or bytes that are none of these.
///
/// Every input must end in a response with a three-digit status or in a `TransferError`, and never
/// in a crash or a hang. (`Scripts/fuzz` runs it without libFuzzer's leak check after each
/// input, which took nearly all of its time; FailedRequestLeakTests checks what failed requests
/// leave behind.)
///
/// The session reuses its curl easy handles where libcurl allows it, so an input is read by the
/// handle of the one before it: how the use-after-free of curl issue 11101 was found.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTransferResponse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let all = UnsafeRawBufferPointer(start: data, count: size)
  reply.withLock { $0 = Array(all) }
  let done = DispatchSemaphore(value: 0)
  let outcome = Mutex<String?>(nil)
  session.request(server.baseURL + "/fuzz").responseData { response in
    let problem: String? =
      switch (response.response, response.error) {
      case (nil, nil): "neither a response nor an error"
      case (let head?, nil) where !(100...999).contains(head.statusCode):
        "status \(head.statusCode) accepted"
      default: nil
      }
    outcome.withLock { $0 = problem }
    done.signal()
  }
  done.wait()
  if let problem = outcome.withLock({ $0 }) { fuzzCheck(false, problem, input: all) }
  return 0
}
