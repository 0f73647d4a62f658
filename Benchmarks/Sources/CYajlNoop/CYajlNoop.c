#include "CYajlNoop.h"

#include <yajl/yajl_parse.h>

static int noop_null(void *ctx) { (void)ctx; return 1; }
static int noop_boolean(void *ctx, int value) { (void)ctx; (void)value; return 1; }
static int noop_number(void *ctx, const char *text, size_t length) {
    (void)ctx; (void)text; (void)length; return 1;
}
static int noop_string(void *ctx, const unsigned char *text, size_t length) {
    (void)ctx; (void)text; (void)length; return 1;
}
static int noop_start_map(void *ctx) { (void)ctx; return 1; }
static int noop_map_key(void *ctx, const unsigned char *key, size_t length) {
    (void)ctx; (void)key; (void)length; return 1;
}
static int noop_end_map(void *ctx) { (void)ctx; return 1; }
static int noop_start_array(void *ctx) { (void)ctx; return 1; }
static int noop_end_array(void *ctx) { (void)ctx; return 1; }

/* yajl_alloc keeps a pointer to the callbacks, so they live in static storage. With
   yajl_number set, yajl ignores the integer and double callbacks and hands over the number
   text, which is what JSONKit uses too (no number conversion in the ceiling). */
static const yajl_callbacks noop_callbacks = {
    noop_null,
    noop_boolean,
    NULL, /* yajl_integer */
    NULL, /* yajl_double */
    noop_number,
    noop_string,
    noop_start_map,
    noop_map_key,
    noop_end_map,
    noop_start_array,
    noop_end_array,
};

int cyajl_noop_parse(const unsigned char *bytes, size_t length) {
    /* A fresh handle per parse, as a real parse call would do. */
    yajl_handle handle = yajl_alloc(&noop_callbacks, NULL, NULL);
    if (handle == NULL) return 1;
    yajl_status status = yajl_parse(handle, bytes, length);
    if (status == yajl_status_ok) status = yajl_complete_parse(handle);
    yajl_free(handle);
    return status == yajl_status_ok ? 0 : 1;
}
