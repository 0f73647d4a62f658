#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a `JSONKitDecoder` has learnt about the types it decodes: for each, the parts of a
/// document its `init(from:)` reads (see `JSONKitDecoder.decodeProjecting`).
///
/// A type's first decode reads the full document and learns nothing (a decoder made for one
/// decode pays nothing); its second records the places the model reads; later decodes parse
/// only those. A decode that needs more than was recorded falls back to the full document
/// and widens the record; a type that keeps needing more, or reads everything, is decoded
/// in full from then on.
///
/// One allocation holds both the plans and the lock (a `ManagedBuffer` whose one element
/// is the mutex, which must not move): a `JSONKitDecoder()` made per request costs one
/// allocation more, not three. A POSIX mutex rather than `Synchronization.Mutex`, for the
/// reason `Locked` gives (ThreadSanitizer sees it).
struct ProjectionCache: @unchecked Sendable {
  // Safe: the storage's header (the plans) is read and written only inside
  // `withLock`, which holds the mutex; the mutex is set up in `make` and destroyed in the
  // storage's `deinit`, when no other thread can use it. (`ManagedBuffer` is explicitly not
  // `Sendable`, so the reference is wrapped rather than the class marked.)
  private let storage: Storage

  /// The plans and, as the buffer's one element, the mutex.
  private final class Storage: ManagedBuffer<ProjectionPlans, pthread_mutex_t> {
    deinit {
      _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
  }

  /// An empty cache.
  static func make() -> ProjectionCache {
    let buffer = Storage.create(minimumCapacity: 1) { _ in ProjectionPlans() }
    buffer.withUnsafeMutablePointerToElements { mutex in
      // Safe: the buffer has room for one element (`minimumCapacity: 1`), not yet initialized;
      // it stays at this address for the buffer's life, as a mutex must.
      mutex.initialize(to: pthread_mutex_t())
      _ = pthread_mutex_init(mutex, nil)
    }
    // Safe: `create` called on the subclass makes an instance of it.
    return ProjectionCache(storage: unsafeDowncast(buffer, to: Storage.self))
  }

  /// Runs `body` on the plans while holding the lock.
  func withLock<R>(_ body: (inout ProjectionPlans) -> R) -> R {
    // Safe: `plans` and `mutex` point into the storage, alive for the call (`storage` holds it);
    // the plans are touched only between lock and unlock.
    storage.withUnsafeMutablePointers { plans, mutex in
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return body(&plans.pointee)
    }
  }
}

/// The per-type state of a `ProjectionCache`.
struct ProjectionPlans {
  /// How one decode of a type goes.
  enum Decision {
    /// Parse and decode everything, record nothing.
    case full
    /// Parse everything and record what the model reads.
    case record
    /// Parse with this projection.
    case project(JSONProjection)
  }

  /// What is known of one type.
  enum Plan {
    /// Decoded once: the next decode records.
    case seen
    /// Recorded: the places read, the projection made of them, and how many times a
    /// decode found it too narrow.
    case recorded(
      whole: Set<[JSONProjection.Step]>, visited: Set<[JSONProjection.Step]>,
      projection: JSONProjection, widenings: Int)
    /// Decoded in full from now on.
    case off
  }

  /// After this many widenings a type reads too differently from one document to the next
  /// for a projection to pay: each widening costs a second decode.
  static let maximumWidenings = 32

  /// The type decoded first, kept outside `plans` so that a decoder used once never
  /// allocates the dictionary.
  var first: ObjectIdentifier?
  var plans: [ObjectIdentifier: Plan] = [:]

  /// How to decode the type `id` now.
  mutating func decision(for id: ObjectIdentifier) -> Decision {
    if let plan = plans[id] {
      switch plan {
      case .seen: return .record
      case .recorded(_, _, let projection, _): return .project(projection)
      case .off: return .full
      }
    }
    if first == nil {
      first = id
    } else if first == id {
      return .record
    } else {
      plans[id] = .seen
    }
    return .full
  }

  /// Adds what `session` recorded for the type `id` to what was known; `widening` says the
  /// decode fell back from a projection that was too narrow (not from an error).
  mutating func store(
    _ session: JSONKitDecoder.ProjectionSession, for id: ObjectIdentifier, widening: Bool
  ) {
    var whole = session.whole
    var visited = session.visited
    var widenings = 0
    switch plans[id] {
    case .off: return
    case .recorded(let oldWhole, let oldVisited, _, let count):
      // Every fallback counts, even one that learnt nothing new (so a model whose reads
      // the record cannot capture is not decoded twice forever).
      widenings = count + (widening ? 1 : 0)
      whole.formUnion(oldWhole)
      visited.formUnion(oldVisited)
    case .seen, nil: break
    }
    let projection = JSONProjection(paths: Array(whole), visiting: Array(visited))
    if projection.keepsEverything || widenings > Self.maximumWidenings {
      plans[id] = .off
    } else {
      plans[id] = .recorded(
        whole: whole, visited: visited, projection: projection, widenings: widenings)
    }
  }
}
