/// The text of `jsonkit --help`, written to read like jq's: the usage line first, a short
/// description, the options, then what the exit statuses mean. When you add an option to
/// `ArgumentScanner`, add it here and to the `--help` test.
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
      -n, --null-input          use `null` as the single input value;
      -R, --raw-input           read each line as a string instead of JSON;
      -s, --slurp               read all inputs into an array and use it as the
                                single input value (one string with -R);
      -c, --compact-output      compact instead of pretty-printed output;
      -r, --raw-output          output strings without escapes and quotes;
          --raw-output0         like -r, with NUL instead of a newline after each
                                output (a string holding NUL is an error);
      -j, --join-output         like -r, without a newline after each output;
      -a, --ascii-output        output strings by only ASCII characters using
                                escape sequences;
      -S, --sort-keys           sort keys of each object on output;
      -C, --color-output        colorize JSON output (JQ_COLORS sets the colors);
      -M, --monochrome-output   disable colored output (the default when standard
                                output is not a terminal);
          --tab                 use tabs for indentation;
          --indent n            use n spaces for indentation (0 to 7, default 2);
          --stream              parse the input in streaming fashion: each value
                                becomes [path, leaf] and [path] events;
          --seq                 write an ASCII RS before each output (RFC 7464);
      -f, --from-file           read the filter from the file named by the first
                                argument instead;
      -L, --library-path dir    search modules in dir (may be repeated);
          --arg name value      set $name to the string value;
          --argjson name value  set $name to the JSON value;
          --slurpfile name file set $name to an array of the JSON values in file;
          --rawfile name file   set $name to the text of file;
          --args                the remaining arguments are strings, not files
                                ($ARGS.positional);
          --jsonargs            the remaining arguments are JSON values, not files;
      -e, --exit-status         set the exit status by the last output;
      -V, --version             show the version;
      -h, --help                show this help;
      --                        end of options.

    Named arguments are also available as $ARGS.named[].
    Errors go to standard error with the input's place, as in jq:
      jsonkit: error (at FILE:LINE): Cannot index number with "a"
    and jsonkit goes on with the next value.

    Exit status: 0 on success; 1 with -e when the last output is false or null;
    2 for a usage error or an unreadable or invalid input; 3 when FILTER does not
    compile; 4 with -e when there is no output; 5 when FILTER failed on some value.
    When the reader of the output goes away, as in 'jsonkit . big.json | head -1',
    jsonkit stops quietly.

    """
}
