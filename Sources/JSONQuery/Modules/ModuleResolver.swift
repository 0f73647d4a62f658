#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds module files the way jq does: which directories an `import` searches, and which
/// file in a directory a relative module path names.
///
/// Search-path entries may start with `~` (the home directory) or `$ORIGIN/` (the directory
/// of the running executable). Other relative entries of an import's `search` metadata are
/// relative to the importing file's directory (for the program itself, the working directory
/// or the directory of its file); relative library paths are relative to the working
/// directory.
///
/// ```swift
/// let resolver = ModuleResolver(libraryPaths: ["~/.jq"], home: "/home/ada", executableDirectory: nil)
/// resolver.expand("~/.jq", relativeTo: "/tmp")   // "/home/ada/.jq"
/// ```
struct ModuleResolver: Sendable {
  /// The configured search list (`-L`, or jq's defaults), before expansion.
  let libraryPaths: [String]
  let home: String?
  /// The executable's directory when given; `nil`: this process's, found only when a path
  /// uses `$ORIGIN` (finding it resolves symbolic links, a cost every run would pay).
  private let givenExecutableDirectory: String??
  /// `$ORIGIN`.
  var executableDirectory: String? {
    givenExecutableDirectory ?? Self.processExecutableDirectory
  }
  /// What relative library paths, and the program's own relative search paths, are
  /// relative to.
  let workingDirectory: String
  /// The directory of the `-f` program file, for `get_prog_origin` (jq's `PROGRAM_ORIGIN`);
  /// `nil` for a program given as text, whose origin is the working directory.
  var programDirectory: String?

  /// The path of `~/.jq` when it is a file (jq includes it in every program).
  var homeFile: String? {
    // Standardizing the path (a tenth of a tiny run) only matters when something is there,
    // or when `.` or `..` in `$HOME` could make the standardized path name another file.
    guard let home,
      home.contains("/.") || home.hasPrefix(".") || Self.isFile(home + "/.jq")
    else { return nil }
    let file = URL(fileURLWithPath: home + "/.jq").standardizedFileURL.path
    return Self.isFile(file) ? file : nil
  }

  /// `get_prog_origin`: the program file's directory, or the working directory, with
  /// symbolic links resolved, as jq's `realpath`.
  var programOrigin: String {
    URL(fileURLWithPath: programDirectory ?? workingDirectory).resolvingSymlinksInPath().path
  }

  init(
    libraryPaths: [String], home: String?, executableDirectory: String?,
    workingDirectory: String = FileManager.default.currentDirectoryPath
  ) {
    self.libraryPaths = libraryPaths
    self.home = home
    self.givenExecutableDirectory = .some(executableDirectory)
    self.workingDirectory = workingDirectory
  }

  /// A resolver for this process: `$HOME` and the directory of the running executable.
  init(libraryPaths: [String]) {
    self.libraryPaths = libraryPaths
    // `getenv`, not `ProcessInfo`, whose whole environment a run would pay to read.
    self.home = getenv("HOME").map { String(cString: $0) }
    self.givenExecutableDirectory = nil
    self.workingDirectory = FileManager.default.currentDirectoryPath
  }

  /// `$ORIGIN`: the directory of this process's executable, symbolic links resolved.
  private static let processExecutableDirectory: String? = {
    #if os(Linux)
      // The kernel's link to the executable (what `Bundle.main`, not in FoundationEssentials,
      // reads on Linux).
      var buffer = [UInt8](repeating: 0, count: 4096)
      // Safe: `buffer` holds 4096 bytes, so its base address is set; `CChar` and `UInt8` have one
      // layout, and `readlink` writes at most `count` of them.
      let count = buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
          readlink("/proc/self/exe", $0.baseAddress!, $0.count)
        }
      }
      guard count > 0 && count < buffer.count else { return nil }
      let executable = String(decoding: buffer[..<count], as: UTF8.self)
      return URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        .deletingLastPathComponent().path
    #else
      return Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path
    #endif
  }()

  /// Whether something other than a directory is at `path` (symbolic links followed), as
  /// `FileManager.fileExists(atPath:isDirectory:)` with `!isDirectory`, without Foundation.
  static func isFile(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && (status.st_mode & mode_t(S_IFMT)) != mode_t(S_IFDIR)
  }

  /// `entry` with `~` and `$ORIGIN` substituted and made absolute against `base`; `nil`
  /// when it cannot be expanded (`~` without a home directory, `$ORIGIN` unknown).
  func expand(_ entry: String, relativeTo base: String) -> String? {
    var path = entry
    if path == "~" || path.hasPrefix("~/") {
      guard let home else { return nil }
      path = home + path.dropFirst()
    } else if path.hasPrefix("$ORIGIN/") {
      guard let executableDirectory else { return nil }
      path = executableDirectory + "/" + path.dropFirst("$ORIGIN/".count)
    }
    if !path.hasPrefix("/") { path = base + "/" + path }
    return URL(fileURLWithPath: path).standardizedFileURL.path
  }

  /// The library paths, expanded (what `modulemeta` searches).
  var libraryDirectories: [String] {
    libraryPaths.compactMap { expand($0, relativeTo: workingDirectory) }
  }

  /// Where `directive` is looked for: its `search` metadata (a path or an array of paths,
  /// relative ones being relative to the importing file's directory, except `.` itself,
  /// which jq 1.8.2's linker keeps as it is: the working directory) if it has one, else,
  /// as jq does, the working directory and then the library paths.
  func searchDirectories(for directive: ImportDirective, importerDirectory: String) -> [String] {
    if let search = directive.metadata?["search"], search.type != .null {
      let entries = search.type == .array ? ValueOps.elements(search) : [search]
      return entries.compactMap { $0.string }.filter { !$0.isEmpty }
        .compactMap { expand($0, relativeTo: $0 == "." ? workingDirectory : importerDirectory) }
    }
    return [workingDirectory] + libraryDirectories
  }

  /// Why `path` cannot name a module (jq's messages), or `nil` when it can.
  static func problem(with path: String) -> String? {
    if path.utf8.contains(0) { return "Module path contains a NUL byte" }
    if path.contains("\\") {
      return "Modules must be named by relative paths using '/', not '\\' (\(path))"
    }
    let components = path.split(separator: "/", omittingEmptySubsequences: false)
    if components.contains("..") {
      return "Relative paths to modules may not traverse to parent directories (\(path))"
    }
    if zip(components, components.dropFirst()).contains(where: { $0 == $1 }) {
      return "module names must not have equal consecutive components: \(path)"
    }
    return nil
  }

  /// The first file `path` names in `directories`: in each directory, `path` + suffix, then
  /// `path/jq/main` + suffix, then `path/<last component>` + suffix (so `a/b` may be
  /// `a/b.jq` or `a/b/b.jq`).
  func locate(_ path: String, suffix: String, in directories: [String]) -> String? {
    let base = path.split(separator: "/").last.map(String.init) ?? path
    for directory in directories {
      for candidate in [path + suffix, path + "/jq/main" + suffix, path + "/" + base + suffix] {
        let file = URL(fileURLWithPath: directory + "/" + candidate).standardizedFileURL
        if Self.isFile(file.path) { return file.resolvingSymlinksInPath().path }
      }
    }
    return nil
  }
}
