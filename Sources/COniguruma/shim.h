// Oniguruma, the regular expression library jq links (Debian: libonig-dev). Its encoding and
// syntax handles are macros over global structs, which Swift does not import: these return
// them.
#include <oniguruma.h>

static inline OnigEncoding coniguruma_utf8(void) { return ONIG_ENCODING_UTF8; }
static inline OnigSyntaxType *coniguruma_perl_ng(void) { return ONIG_SYNTAX_PERL_NG; }

// The options jq's flags set (some are shifts of other macros, which Swift may not import).
static inline OnigOptionType coniguruma_option_capture_group(void) { return ONIG_OPTION_CAPTURE_GROUP; }
static inline OnigOptionType coniguruma_option_ignorecase(void) { return ONIG_OPTION_IGNORECASE; }
static inline OnigOptionType coniguruma_option_extend(void) { return ONIG_OPTION_EXTEND; }
static inline OnigOptionType coniguruma_option_multiline(void) { return ONIG_OPTION_MULTILINE; }
static inline OnigOptionType coniguruma_option_singleline(void) { return ONIG_OPTION_SINGLELINE; }
static inline OnigOptionType coniguruma_option_find_longest(void) { return ONIG_OPTION_FIND_LONGEST; }
static inline OnigOptionType coniguruma_option_find_not_empty(void) { return ONIG_OPTION_FIND_NOT_EMPTY; }

// `onig_error_code_to_str` is variadic (the error info is an optional extra argument),
// which Swift cannot call: this passes it.
static inline int onig_error_code_to_str_wrapper(OnigUChar *out, int code, OnigErrorInfo *info) {
  return info ? onig_error_code_to_str(out, code, info) : onig_error_code_to_str(out, code);
}
