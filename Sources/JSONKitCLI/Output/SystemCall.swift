#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls whose Swift names are shadowed by this module's own functions
/// (`Diagnostics.write`), reached through the one place that names the platform's C module.
enum SystemCall {
  /// `write(2)`.
  static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.write(fd, bytes, count)
    #elseif canImport(Musl)
      Musl.write(fd, bytes, count)
    #else
      Darwin.write(fd, bytes, count)
    #endif
  }
}
