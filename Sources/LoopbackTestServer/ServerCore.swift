import Synchronization
import Threading

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The running server: listener, threads and counters.
///
/// Separate from ``LoopbackServer`` so that the threads keep *this* alive, not the public
/// object: when the last user reference to a `LoopbackServer` goes, its deinit can still run
/// and stop everything.
final class ServerCore: Sendable {
  let port: Int
  let handler: @Sendable (ServerRequest) -> ServerResponse
  let stopSignal: StopSignal
  private let listenerFD: Int32
  /// 200 connection threads with the default 8 MiB stacks would reserve 1.6 GiB of address
  /// space; handlers are small, 1 MiB is plenty.
  private static let stackSize = 1 << 20
  private let accepted = Atomic<Int>(0)
  private let served = Atomic<Int>(0)
  private let threads = Locked(ThreadTable())
  /// Why connections ended without an answer, oldest first (at most `incidentLimit`).
  private let incidentLog = Locked<[String]>([])
  private static let incidentLimit = 100
  /// Held for the whole of `stop()`, so a second caller returns only once the first is done.
  private let stopping = Locked(false)

  private struct ThreadTable {
    var acceptor: pthread_t?
    /// Live (or finished but not yet joined) connection threads by connection ID.
    var connections: [Int: pthread_t] = [:]
    /// Connection threads that are done and only wait to be joined.
    var finished: [Int] = []
    /// Set when stop() ran on this connection's own thread (a handler called it): that thread
    /// cannot join itself, so it closes the stop pipe itself on the way out.
    var cleansUpOnExit: Int?
  }

  /// Room for the test that opens 200 connections at once, with margin.
  private static let backlog: Int32 = 512

  init(handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws(LoopbackServerError) {
    self.handler = handler
    stopSignal = try StopSignal()
    do {
      (listenerFD, port) = try Socket.makeListener(backlog: Self.backlog)
    } catch {
      stopSignal.close()
      throw error
    }
  }

  var connectionsAccepted: Int { accepted.load(ordering: .relaxed) }
  var requestsServed: Int { served.load(ordering: .relaxed) }

  func requestHandled() {
    served.add(1, ordering: .relaxed)
  }

  /// What went wrong on the server's side of its connections, for a test that lost one to say
  /// why: a connection with no thread to serve it, a socket call that failed (errno), a
  /// descriptor that something else in the process closed.
  ///
  /// A client that closes its end, and `stop()`, are not incidents; a reset is (errno 104).
  var incidents: [String] { incidentLog.withLock { $0 } }

  private func record(_ incident: String) {
    incidentLog.withLock { log in
      if log.count < Self.incidentLimit { log.append(incident) }
    }
  }

  func start() throws(LoopbackServerError) {
    guard let acceptor = PosixThread.spawn(stackSize: Self.stackSize, { self.acceptLoop() }) else {
      // stop() rather than closing here: the owner's deinit will call stop() too, and only
      // stop() knows not to close the descriptors twice.
      stop()
      throw LoopbackServerError("pthread_create")
    }
    threads.withLock { $0.acceptor = acceptor }
  }

  private func acceptLoop() {
    while true {
      joinFinishedConnections()
      // The timeout only bounds how long finished connection threads wait to be joined.
      switch stopSignal.wait(for: listenerFD, events: Int32(POLLIN), milliseconds: 1000) {
      case .stopped: return
      case .timedOut: continue
      case .ready: break
      }
      acceptPending: while true {
        switch Socket.accept(from: listenerFD) {
        case .drained:
          break acceptPending
        case .failed(let code):
          record("accept: errno \(code)")
          break acceptPending
        case .exhausted:
          // The connection stays in the backlog; retry once some descriptors are free.
          guard stopSignal.sleep(for: .milliseconds(50)) else { return }
          break acceptPending
        case .connection(let fd):
          startConnection(fd)
        }
      }
    }
  }

  private func startConnection(_ fd: Int32) {
    let id = accepted.wrappingAdd(1, ordering: .relaxed).oldValue
    let connection = Connection(fd: fd, stopSignal: stopSignal)
    let thread = PosixThread.spawn(stackSize: Self.stackSize) {
      let failure = ConnectionSession(connection: connection, id: id, core: self).run()
      self.finish(connection, id: id, after: failure)
      self.connectionThreadFinished(id)
    }
    if let thread {
      threads.withLock { $0.connections[id] = thread }
    } else {
      // Out of threads: refusing this one connection beats taking the server down.
      finish(connection, id: id, after: nil)
      record("connection \(id): no thread to serve it (pthread_create failed)")
    }
  }

  /// Closes a connection's socket, unless its number no longer names it; records a failure.
  ///
  /// When a read or write found the number lost (``Connection/Failure/descriptorLost``), it
  /// may name another owner's descriptor by now, and closing it would cut that (a test's
  /// connection, a pipe).
  private func finish(_ connection: Connection, id: Int, after failure: Connection.Failure?) {
    var notes: [String] = []
    if case .broken(let code)? = failure { notes.append("socket call failed: errno \(code)") }
    if failure?.descriptorLost == true {
      notes.append("descriptor \(connection.fd) lost, left alone")
    } else if let code = connection.close() {
      notes.append("close(\(connection.fd)): errno \(code)")
    }
    // After the close: a test that waits for the record finds the descriptor settled.
    if !notes.isEmpty { record("connection \(id): " + notes.joined(separator: "; ")) }
  }

  private func connectionThreadFinished(_ id: Int) {
    let cleansUp = threads.withLock { table in
      if table.cleansUpOnExit == id { return true }
      table.finished.append(id)
      return false
    }
    if cleansUp {
      stopSignal.close()
      pthread_detach(pthread_self())
    }
  }

  private func joinFinishedConnections() {
    let done = threads.withLock { table in
      let ids = table.finished.filter { table.connections[$0] != nil }
      table.finished.removeAll { table.connections[$0] != nil }
      return ids.map { table.connections.removeValue(forKey: $0)! }
    }
    done.forEach(PosixThread.join)
  }

  func stop() {
    stopping.withLock { stopped in
      guard !stopped else { return }
      stopped = true
      stopSignal.fire()

      if let acceptor = threads.withLock({ $0.acceptor }) { PosixThread.join(acceptor) }
      _ = close(listenerFD)

      // The acceptor is gone, so the table can no longer grow.
      let (connections, ownID) = threads.withLock { table in
        let own = table.connections.first { PosixThread.isCurrent($0.value) }?.key
        table.cleansUpOnExit = own
        let others = table.connections.filter { $0.key != own }.map(\.value)
        table.connections = table.connections.filter { $0.key == own }
        return (others, own)
      }
      connections.forEach(PosixThread.join)
      if ownID == nil { stopSignal.close() }
    }
  }
}
