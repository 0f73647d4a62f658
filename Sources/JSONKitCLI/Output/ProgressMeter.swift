#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `--progress`: one line on standard error, redrawn in place, with the bytes read of the
/// total (when every input is a regular file), the rate and the time left.
///
///     jsonkit: 412.0 MB of 1.0 GB (41%), 310.2 MB/s, 0:02 left
///
/// Drawn only when standard error is a terminal, at most ten times a second, and erased
/// before any message and at the end; standard output never sees a byte of it.
final class ProgressMeter {
  // Safe: set once before any input is read, then used only by the one thread that reads input and
  // writes messages (see below).
  /// The meter of this run, if `--progress` is on and standard error is a terminal.
  ///
  /// `nonisolated(unsafe)`: set once in `JSONKitCommand.run` before any input is read, and
  /// then used only by the thread that reads input and writes messages (parallel workers
  /// never read input nor write to standard error).
  nonisolated(unsafe) static var current: ProgressMeter?

  private let total: Int?
  private var read = 0
  private let started: Double
  private var lastDrawn: Double = 0
  private var shown = false

  /// A meter for reading `paths` (standard input when empty or `-`).
  init(paths: [String]) {
    var total = 0
    var known = true
    for path in paths.isEmpty ? ["-"] : paths {
      var info = stat()
      let result = path == "-" ? fstat(0, &info) : stat(path, &info)
      if result == 0 && (info.st_mode & S_IFMT) == S_IFREG {
        total += Int(info.st_size)
      } else {
        known = false
      }
    }
    self.total = known ? total : nil
    started = Self.now()
  }

  /// Counts `count` more bytes read and redraws when a tenth of a second has passed.
  func advance(by count: Int) {
    read += count
    let now = Self.now()
    guard now - lastDrawn >= 0.1 else { return }
    lastDrawn = now
    draw(elapsed: now - started)
  }

  /// Erases the line, before a message or at the end.
  func clear() {
    guard shown else { return }
    shown = false
    Diagnostics.writeToStandardError("\r\u{1B}[K")
  }

  /// The text of the line after `elapsed` seconds.
  func line(elapsed: Double) -> String {
    let rate = elapsed > 0 ? Double(read) / elapsed : 0
    var text = "jsonkit: " + Self.size(read)
    if let total, total > 0 {
      let percent = min(100, read * 100 / total)
      text += " of \(Self.size(total)) (\(percent)%)"
      text += ", \(Self.size(Int(rate)))/s"
      if rate > 0 {
        let left = Int((Double(max(total - read, 0)) / rate).rounded(.up))
        text += ", \(left / 60):" + (left % 60 < 10 ? "0" : "") + "\(left % 60) left"
      }
    } else {
      text += " read, \(Self.size(Int(rate)))/s"
    }
    return text
  }

  private func draw(elapsed: Double) {
    shown = true
    Diagnostics.writeToStandardError("\r" + line(elapsed: elapsed) + "\u{1B}[K")
  }

  /// `512 B`, `12.3 kB`, `412.0 MB`, `1.0 GB` (powers of 1000, as `ls -h --si`).
  static func size(_ bytes: Int) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1000 && unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    if unit == 0 { return "\(bytes) B" }
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
