#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/* curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are C variadic functions, which
   Swift cannot call. Each wrapper below passes exactly one argument of one C type, which is the
   contract libcurl documents for every option (long, char*, void*, curl_off_t, slist, callback). */

typedef size_t (*ccurl_write_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*ccurl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow,
                                       curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode ccurl_easy_setopt_write_function(CURL *handle, CURLoption option, ccurl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/* CURLOPT_XFERINFOFUNCTION: lets a transfer be aborted from its own progress callback. */
static inline CURLcode ccurl_easy_setopt_xferinfo_function(CURL *handle, CURLoption option, ccurl_xferinfo_callback value) {
    return curl_easy_setopt(handle, option, value);
}

/* CURLOPT_SEEKFUNCTION: curl asks to rewind the request body (offset 0, SEEK_SET) when it must
   send it again: a 307/308 redirect, an authentication round trip, a connection that died
   under a reused request. */
typedef int (*ccurl_seek_callback)(void *userdata, curl_off_t offset, int origin);

static inline CURLcode ccurl_easy_setopt_seek_function(CURL *handle, ccurl_seek_callback value) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, value);
}

static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *out) {
    return curl_easy_getinfo(handle, info, out);
}

static inline CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, char **out) {
    return curl_easy_getinfo(handle, info, out);
}

static inline CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *out) {
    return curl_easy_getinfo(handle, info, out);
}

static inline CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *out) {
    return curl_easy_getinfo(handle, info, out);
}

static inline CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **out) {
    return curl_easy_getinfo(handle, info, out);
}

/* CURLVERSION_NOW is a macro, which Swift does not import. */
static inline curl_version_info_data *ccurl_version_info(void) {
    return curl_version_info(CURLVERSION_NOW);
}

static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

#endif
