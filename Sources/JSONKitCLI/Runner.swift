import JSONKit

/// Runs the filter over every input, in order, and works out the exit status.
///
/// Each input gets its own parser, so a syntax error in one file skips only the rest of that
/// file, and line numbers in messages count from the top of the file they name.
struct Runner {
  let filter: PathFilter
  /// Paths to read; `-` is standard input.
  let inputs: [String]
  let output: OutputWriter
  let diagnostics: Diagnostics

  /// With no `inputs`, reads standard input.
  init(filter: PathFilter, inputs: [String], output: OutputWriter) {
    self.filter = filter
    self.inputs = inputs.isEmpty ? ["-"] : inputs
    self.output = output
    self.diagnostics = Diagnostics(output: output)
  }

  func run() -> ExitStatus {
    var status = ExitStatus.success
    for input in inputs {
      status = status.merged(with: process(input))
      if output.isClosed { break }
    }
    output.flush()
    if let code = output.writeError {
      diagnostics.error("Could not write output: \(Diagnostics.describe(errno: code))")
      status = status.merged(with: .inputError)
    }
    return status
  }

  /// Reads, parses, filters and prints one input.
  private func process(_ path: String) -> ExitStatus {
    let reader: InputReader
    do {
      reader = try InputReader(path: path)
    } catch {
      diagnostics.error(error.description)
      return .inputError
    }
    var status = ExitStatus.success
    let stream = ValueStream()
    /// Filters and prints one value; returns whether to go on (`false` once nobody reads
    /// the output).
    func handle(_ value: JSON, line: Int) -> Bool {
      do throws(PathFilter.IndexError) {
        output.emit(try filter.apply(to: value))
      } catch {
        diagnostics.error(at: "\(reader.name):\(line)", error.description)
        status = status.merged(with: .filterError)
      }
      return !output.isClosed
    }
    do {
      while let chunk = try reader.nextChunk() {
        guard try stream.feed(chunk, to: handle) else { return status }
        output.flush()
      }
      try stream.finish(to: handle)
    } catch let error as JSONError {
      diagnostics.error(at: reader.name, error.description)
      return status.merged(with: .inputError)
    } catch {
      diagnostics.error(String(describing: error))
      return status.merged(with: .inputError)
    }
    return status
  }
}
