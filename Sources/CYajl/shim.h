#ifndef CYAJL_SHIM_H
#define CYAJL_SHIM_H

#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>
#include <yajl/yajl_version.h>

/* yajl_config and yajl_gen_config are C variadic functions, which Swift cannot call.
   These typed wrappers pass exactly one flag each, which is all yajl's options take. */

static inline int cyajl_config_flag(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}

static inline int cyajl_gen_config_flag(yajl_gen gen, yajl_gen_option option, int enabled) {
    return yajl_gen_config(gen, option, enabled);
}

static inline int cyajl_gen_config_indent(yajl_gen gen, const char *indent) {
    return yajl_gen_config(gen, yajl_gen_indent_string, indent);
}

#endif
