import JSONKitCore

/// The manual page jsonkit(1), in roff for `man`, printed by `jsonkit --generate-man-page`.
///
/// Its options are `CommandLineOption.all`, the table that `ArgumentScanner` reads and
/// `--help` prints, so the page cannot name an option the command does not have.
/// `Scripts/package` installs what the built binary prints.
///
/// ```swift
/// print(ManualPage.text)  // .TH JSONKIT 1 …
/// ```
enum ManualPage {
  static var text: String {
    """
    .\\" jsonkit(1), printed by `jsonkit --generate-man-page` from the table of options that the
    .\\" command reads: change Sources/JSONKitCLI/Command, not this text.
    .TH JSONKIT 1 "" "\(BuildInformation.version)" "User Commands"
    .SH NAME
    jsonkit \\- a jq\\-compatible command\\-line JSON processor
    .SH SYNOPSIS
    .B jsonkit
    [\\fIOPTIONS\\fR] \\fIFILTER\\fR [\\fIFILE\\fR...]
    .br
    .B jsonkit
    [\\fIOPTIONS\\fR] \\fB\\-\\-args\\fR \\fIFILTER\\fR [\\fISTRING\\fR...]
    .br
    .B jsonkit
    [\\fIOPTIONS\\fR] \\fB\\-\\-jsonargs\\fR \\fIFILTER\\fR [\\fIJSON_VALUE\\fR...]
    .SH DESCRIPTION
    .B jsonkit
    applies \\fIFILTER\\fR, a program in the jq language, to each JSON value of its inputs and
    prints the results as JSON on standard output. It takes jq 1.8's options and prints jq's
    results, messages and exit statuses; the jq manual
    .RB ( jq (1),
    https://jqlang.org/manual) describes the language.
    .PP
    Each \\fIFILE\\fR, or standard input when there is none or \\fIFILE\\fR is
    .BR \\- ,
    may hold any number of JSON values: one document, NDJSON, or values one after another.
    They are read one at a time, so memory is bounded by the largest value. Without a
    \\fIFILTER\\fR, \\fB.\\fR is used unless both standard input and standard output are
    terminals.
    .PP
    Short options combine
    .RB ( \\-nr ),
    options may come after the filter and the files,
    .B \\-\\-
    ends them, and an argument such as
    .B \\-1
    is not an option. The last of
    .BR \\-c ,
    .B \\-\\-tab
    and
    .B \\-\\-indent
    decides the layout; the first
    .BR \\-\\-arg \\-like
    option for a name wins.
    .BR \\-h ,
    .B \\-V
    and
    .B \\-\\-build\\-configuration
    answer as soon as they are read: the rest of the command line is not read.
    .SH OPTIONS
    \(entries { $0.visibility == .listed && !$0.jsonkitOnly })
    .SS Options jq does not have
    \(entries { $0.visibility == .listed && $0.jsonkitOnly })
    .SS Accepted for compatibility
    \(entries { $0.visibility == .compatibility })
    .PP
    jq's debugging options
    .BR \\-\\-debug\\-dump\\-disasm ,
    .B \\-\\-debug\\-trace
    and
    .B \\-\\-run\\-tests
    are not supported: jsonkit answers them as jq answers an option it does not know
    .RB ( "Unknown option" ,
    exit status 2).
    .SS For packagers
    \(entries { $0.visibility == .packaging })
    .SH EXIT STATUS
    As jq's: the status of the last input.
    .TP
    .B 0
    Success.
    .TP
    .B 1
    With
    .BR \\-e :
    the last output was
    .B false
    or
    .BR null .
    .TP
    .B 2
    A usage error, an input that cannot be read, or output that cannot be written.
    .TP
    .B 3
    \\fIFILTER\\fR does not compile.
    .TP
    .B 4
    With
    .BR \\-e :
    there was no output.
    .TP
    .B 5
    \\fIFILTER\\fR failed on the last input, or an input is not JSON.
    .PP
    When the reader of the output goes away
    .RB ( "jsonkit . big.json | head \\-1" ),
    jsonkit stops quietly.
    .SH ENVIRONMENT
    .TP
    .B JQ_COLORS
    The colors of
    .B \\-C
    output, as jq 1.8 reads them: colon\\-separated SGR sequences for null, false, true,
    numbers, strings, arrays, objects and object keys.
    .TP
    .B NO_COLOR
    When set and not empty, output to a terminal is not colored unless
    .B \\-C
    asks for it (https://no\\-color.org).
    .TP
    .B JQ_LIBRARY_PATH
    Not read from the environment, as in jq 1.8, where it names the module search path
    inside the program rather than a variable.
    .B \\-L
    sets the path; without it, modules are searched in
    .IR ~/.jq ,
    .I $ORIGIN/../lib/jq
    and
    .IR $ORIGIN/../lib ,
    where \\fB$ORIGIN\\fR is the folder of the jsonkit binary.
    .TP
    .B HOME
    Where
    .I ~/.jq
    is looked for.
    .SH FILES
    .TP
    .I ~/.jq
    A file: its definitions are available to every program. A folder: the first place
    modules are searched in.
    .SH DIFFERENCES FROM JQ
    Messages start with
    .B jsonkit:
    where jq's start with
    .BR jq: ;
    the rest of each message is jq's. The help text is jsonkit's own.
    .PP
    Inputs are parsed and run on one thread per core
    .RB ( \\-\\-threads );
    the output is in input order, with the same errors and exit status as one thread.
    .PP
    .B @base32
    and
    .B @base32d
    encode and decode base32 (jq 1.8.2 has neither).
    .PP
    A step that would allocate more than a quarter of physical memory at once ends the run
    with an error where jq would try, and might exhaust memory.
    .PP
    JSONQuery's "jq compatibility" article lists every known difference.
    .SH EXAMPLES
    The name of the first product of a file:
    .PP
    .RS
    .EX
    jsonkit \\(aq.products[0].name\\(aq catalog.json
    .EE
    .RE
    .PP
    The names of the products over 100, one per line, without quotes:
    .PP
    .RS
    .EX
    jsonkit \\-r \\(aq.products[] | select(.price > 100) | .name\\(aq catalog.json
    .EE
    .RE
    .PP
    A value from the command line:
    .PP
    .RS
    .EX
    jsonkit \\-n \\-\\-arg who Ada \\(aq"hello \\e($who)"\\(aq
    .EE
    .RE
    .PP
    The additions to a cart in an NDJSON file, one compact line each, on four threads:
    .PP
    .RS
    .EX
    jsonkit \\-c \\-\\-threads 4 \\(aqselect(.type == "add_to_cart")\\(aq events.ndjson
    .EE
    .RE
    .SH SEE ALSO
    .BR jq (1)
    .PP
    https://jqlang.org/manual

    """
  }

  /// A `.TP` paragraph for each option that `included` selects, in the table's order.
  private static func entries(_ included: (CommandLineOption) -> Bool) -> String {
    CommandLineOption.all.filter(included).map(entry).joined(separator: "\n")
  }

  /// `.TP`, the names and values (`-n, --null-input`, `--arg name value`), and the option's
  /// `--help` text as a sentence.
  static func entry(_ option: CommandLineOption) -> String {
    var names = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
    names += "\\fB\(escaped(option.long))\\fR"
    for value in option.valueNames.split(separator: " ") {
      names += " \\fI\(escaped(String(value)))\\fR"
    }
    var sentence = option.summary
    if let first = sentence.first { sentence = first.uppercased() + sentence.dropFirst() }
    return ".TP\n\(names)\n\(escaped(sentence)).\n"
  }

  /// `text` as roff running text: backslashes and minus signs escaped, a line that would
  /// start with a control character guarded, and `code` in backquotes set in bold.
  static func escaped(_ text: String) -> String {
    var out = ""
    var bold = false
    for character in text {
      switch character {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case "`":
        out += bold ? "\\fR" : "\\fB"
        bold.toggle()
      default: out.append(character)
      }
    }
    if let first = out.first, first == "." || first == "'" { out = "\\&" + out }
    return out
  }
}
