import Testing

@testable import Transfer

/// Checks how many curl easy handles `session` made for `requests` requests made one after
/// another: fewer than one each where its libcurl's handles are reused, exactly one each where
/// they are not (a libcurl older than 8.1.0, whose reused handles a folded header line can
/// make write freed memory: `CurlVersion.reusedHandlesAreSafe`).
func expectHandlesMade(
  by session: Session, forRequests requests: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  let made = session.engines.map(\.handles.made).reduce(0, +)
  if CurlVersion.reusedHandlesAreSafe {
    #expect(made < requests, sourceLocation: sourceLocation)
  } else {
    #expect(made == requests, sourceLocation: sourceLocation)
  }
}
