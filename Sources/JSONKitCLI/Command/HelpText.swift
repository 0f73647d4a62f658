/// The text of `jsonkit --help`, written to read like jq's: the usage line first, a short
/// description, the options (printed from `CommandLineOption.listed`, the table the scanner
/// reads), then what the exit statuses mean.
enum HelpText {
  /// What a command line without a program prints (on standard error, exit status 2).
  static let usage = """
    Usage:\tjsonkit [OPTIONS] FILTER [FILES...]
    \tjsonkit [OPTIONS] --args FILTER [STRINGS...]
    \tjsonkit [OPTIONS] --jsonargs FILTER [JSON_VALUES...]

    Use jsonkit --help for help with command-line options.

    """

  static let text = """
    Usage:\tjsonkit [OPTIONS] FILTER [FILES...]
    \tjsonkit [OPTIONS] --args FILTER [STRINGS...]
    \tjsonkit [OPTIONS] --jsonargs FILTER [JSON_VALUES...]

    jsonkit is a jq-compatible command-line JSON processor built on JSONKit. It
    applies FILTER, a program in the jq language, to each JSON value of its inputs
    and prints the results as JSON on standard output.

    Each FILE, or standard input when there is none or FILE is '-', may hold any
    number of JSON values: one document, NDJSON, or values one after another. They
    are read one at a time, so memory is bounded by the largest value.

    The simplest filter is ., which copies the input to the output, formatted.
    See the jq manual (https://jqlang.org/manual) for the language.

    Example:

    \t$ echo '{"foo": 0}' | jsonkit .
    \t{
    \t  "foo": 0
    \t}

    Command options:
    \(CommandLineOption.listed.flatMap(\.helpLines).joined(separator: "\n"))
      --                        end of options.

    Named arguments are also available as $ARGS.named[].
    Errors go to standard error with the input's place, as in jq:
      jsonkit: error (at FILE:LINE): Cannot index number with string ("a")
    and jsonkit goes on with the next value.

    Exit status, as jq's: the last input's. 0 on success; 1 with -e when the last
    output is false or null; 2 for a usage error or an unreadable input; 3 when
    FILTER does not compile; 4 with -e when there is no output; 5 when FILTER
    failed on the last input, or an input is not JSON.
    When the reader of the output goes away, as in 'jsonkit . big.json | head -1',
    jsonkit stops quietly.

    """
}
