/// The text of `jsonkit --help`, written by hand so that it reads like jq's: the usage line
/// first, a short description, the options, then what the errors and exit statuses mean.
/// (swift-argument-parser's generated help puts a long overview before the usage line.)
/// When you add an option to `JSONKitCommand`, add it here and to the `--help` test.
enum HelpText {
  static let text = """
    Usage:\tjsonkit [OPTIONS] [FILTER] [FILE...]

    jsonkit is a command-line JSON processor built on JSONKit. It applies FILTER
    to each JSON value in its inputs and prints the results as JSON on standard
    output, one per line. This version supports jq's paths.

    Each FILE, or standard input when there is none or FILE is '-', may hold any
    number of JSON values: one document, NDJSON, or values one after another.
    Each result is printed as soon as its value is complete, and memory is
    bounded by the largest value.

    FILTER is a jq path; the default '.' is the value itself:
      .a.b   ."a key"   .["a key"]    object members
      .[0]   .[-1]      .a[2].name    array elements, negative counts from the end
    A missing key, an index past the end, or any step on null gives null.

    Options:
      -c, --compact-output  compact instead of pretty-printed output;
      -S, --sort-keys       sort the keys of each object on output;
          --tab             indent with one tab per level;
          --indent n        indent with n spaces per level (0 to 7, default 2;
                            0 is compact). -c wins over --tab, --tab over --indent;
      -h, --help            show this help and exit.

    Errors go to standard error, and jsonkit goes on with the next value or file:
      jsonkit: error (at FILE:LINE): Cannot index number with "a"
          the filter failed on the value ending on LINE; nothing is printed for it.
      jsonkit: error (at FILE): Unexpected character 't' at line 3, column 8 ...
          FILE is not valid JSON there: the values before it were printed, the
          rest of FILE is skipped.
      jsonkit: error: Could not open FILE: No such file or directory
    FILE is <stdin> for standard input.

    Exit status: 0 on success; 2 for a usage error, an unreadable file or invalid
    JSON; 3 for an invalid FILTER; 5 when the filter failed on some value (the
    most serious one counts). When the reader of the output goes away, as in
    'jsonkit . big.json | head -1', jsonkit stops quietly.

    Example:
      jsonkit .products[0].name Samples/catalog.json

    """
}
