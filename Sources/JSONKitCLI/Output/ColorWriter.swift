import JSONKitCore

/// Writes one value with colors, in jq's layout: each scalar in its color, brackets,
/// commas and colons in the container's color, keys in the key color, each followed by a
/// reset.
///
/// Containers are walked with an explicit stack, not by recursion, so a value nested a
/// million levels deep (a program can build one) is written without running out of stack.
struct ColorWriter {
  let scheme: ColorScheme
  let format: OutputFormat

  /// Writes scalars and keys (escaping, `-a`).
  private var scalarWriter: JSONWriter { JSONWriter(options: format.ascii ? [.asciiOnly] : []) }

  private var pretty: Bool { !format.compact }

  /// One open container: its color, its members (keys are `nil` for arrays) and the next one.
  private struct Frame {
    let color: [UInt8]
    let close: UInt8
    let members: [(key: String?, value: JSON)]
    var next = 0
  }

  func write(_ value: JSON, into out: inout OutputBuffer) {
    let writer = scalarWriter
    var stack: [Frame] = []
    var pending: JSON? = value
    while true {
      if let current = pending {
        pending = nil
        if let frame = open(current, into: &out, writer: writer) { stack.append(frame) }
      }
      guard var frame = stack.popLast() else { return }
      // jq 1.8's `jv_dump_term`: before each member the container's color and a comma
      // (not before the first), then a reset, then the line break; a key in the key color
      // and the colon in the container's, each reset; the closer in the container's color
      // after the last line break.
      if frame.next < frame.members.count {
        if frame.next > 0 {
          out.append(contentsOf: frame.color)
          out.append(0x2C)
        }
        out.append(contentsOf: ColorScheme.reset)
        newline(depth: stack.count + 1, into: &out)
        let member = frame.members[frame.next]
        if let key = member.key {
          out.append(contentsOf: ColorScheme.start(scheme.key))
          writer.write(JSON(key), into: &out)
          out.append(contentsOf: ColorScheme.reset)
          out.append(contentsOf: frame.color)
          out.append(0x3A)
          out.append(contentsOf: ColorScheme.reset)
          if pretty { out.append(0x20) }
        }
        frame.next += 1
        pending = member.value
        stack.append(frame)
      } else {
        newline(depth: stack.count, into: &out)
        out.append(contentsOf: frame.color)
        out.append(frame.close)
        out.append(contentsOf: ColorScheme.reset)
      }
    }
  }

  /// Writes a scalar or an empty container whole, or the opening of a container (returned
  /// as a frame to fill).
  private func open(_ value: JSON, into out: inout OutputBuffer, writer: JSONWriter) -> Frame? {
    switch value.type {
    case .array:
      var members: [(key: String?, value: JSON)] = []
      value.forEachElement { _, element in members.append((nil, element)) }
      return openContainer(members, color: scheme.array, brackets: (0x5B, 0x5D), into: &out)
    case .dictionary:
      var members: [(key: String?, value: JSON)] = []
      value.forEachMember { key, member in members.append((key, member)) }
      if format.sortKeys {
        members.sort { $0.key!.unicodeScalars.lexicographicallyPrecedes($1.key!.unicodeScalars) }
      }
      return openContainer(members, color: scheme.object, brackets: (0x7B, 0x7D), into: &out)
    default:
      let color: String
      switch value.type {
      case .null: color = scheme.null
      case .bool: color = value.boolValue ? scheme.true : scheme.false
      case .number: color = scheme.number
      default: color = scheme.string
      }
      out.append(contentsOf: ColorScheme.start(color))
      if value.type == .number, value.double?.isNaN == true {
        // jq prints NaN as the null it is printed as, in null's colour inside the number's.
        out.append(contentsOf: ColorScheme.start(scheme.null))
        writer.write(.null, into: &out)
        out.append(contentsOf: ColorScheme.reset)
      } else {
        writer.write(value, into: &out)
      }
      out.append(contentsOf: ColorScheme.reset)
      return nil
    }
  }

  /// Writes an empty container whole, or the opening bracket of one to fill.
  private func openContainer(
    _ members: [(key: String?, value: JSON)], color parameters: String, brackets: (UInt8, UInt8),
    into out: inout OutputBuffer
  ) -> Frame? {
    let color = ColorScheme.start(parameters)
    out.append(contentsOf: color)
    out.append(brackets.0)
    if members.isEmpty {
      out.append(brackets.1)
      out.append(contentsOf: ColorScheme.reset)
      return nil
    }
    return Frame(color: color, close: brackets.1, members: members)
  }

  private func newline(depth: Int, into out: inout OutputBuffer) {
    guard pretty else { return }
    out.append(0x0A)
    if format.tab {
      for _ in 0..<depth { out.append(0x09) }
    } else {
      for _ in 0..<depth * format.indent { out.append(0x20) }
    }
  }
}
