/// One open container while the builder emits stream events: its kind and the number of
/// members or elements finished.
struct StreamEventLevel {
  let isObject: Bool
  var count = 0
}

/// What the builder keeps while it turns yajl's callbacks into jq's `--stream` events (see
/// `TapeBuilder+StreamEvents`).
///
/// The path is kept once, in `path`, and changed in place as the text is read: one
/// component per open container, the index of the element being read or the key of the
/// member being read (`null` before an object's first key, as jq has it). An event copies
/// the path into an array only when it is made. Handed to a sink one at a time, the events
/// are two values reused in place: when the consumer has let go of the last one, the next
/// one is written into the same storage, so a run allocates nothing per event.
struct StreamEventState {
  /// The open containers, outermost first.
  var levels: [StreamEventLevel] = []
  /// The path of the member or element being read, one component per open container.
  var path: [JSON] = []

  /// jq hands out a scalar leaf inside a container only at the ',' or the closer after it
  /// (and a bare top-level number or literal at the byte after it), so a leaf followed by
  /// a syntax error is never an event.
  ///
  /// yajl reports the leaf at once. With a sink the leaf
  /// waits here, with its line, until the next callback shows the separator came (see
  /// `TapeBuilder.flushPendingLeaf`); without one its event is the last of `values`,
  /// taken back if the parse fails before the separator (`tentative`).
  var pendingLeaf: JSON?
  var pendingLine = 0
  var tentative = false
  /// Whether the pending leaf is a bare top-level scalar (`[[], leaf]`).
  var pendingIsTopLevel = false

  /// Whether the innermost container's last callback finished one of its members (the
  /// next byte that matters is then a ',' or its closer).
  var afterMember = false
  /// Whether the innermost container is an object whose key was read and whose value has
  /// not started (the next byte that matters is then ':').
  var afterKey = false

  /// Push mode: called with each event and the line its last token ends on; returns
  /// `false` to stop the parse.
  ///
  /// `nil`: events go to the builder's `values`.
  var sink: ((JSON, Int) -> Bool)?
  /// Push mode: newlines in the input before the chunk being parsed (set before each
  /// parse), and how far `lineAt` has counted.
  var linesBeforeChunk = 0
  var countedOffset = 0
  var countedLines = 0
  /// Set when the sink asked to stop.
  var stopped = false
  /// Push mode: the last `[path, leaf]` and `[path]` events, reused when unshared (`null`
  /// until the first event of each shape).
  ///
  /// Every parse has a `StreamEventState`, and most make no event: nothing here is
  /// allocated before it is used (a one-shot parse of a 20-byte document spent about 14,000
  /// of its 29,000 instructions making and freeing this state).
  var leafEvent = JSON.null
  var closeEvent = JSON.null

  /// Long keys already made into values, by a hash of their text: twitter-shaped input
  /// repeats a few dozen keys, and a key longer than 15 bytes is a heap string each time.
  ///
  /// Empty until the first long key; then `keyCacheSize` slots.
  var keyCache: [JSON] = []
  static let keyCacheSize = 256

  /// Set by `noteError` when a parse fails: jq's path at the error (`--stream-errors`)
  /// and whether the pending leaf had been handed out by jq before it.
  var errorPath: [JSON]?
  var pendingBeforeError = false
}
