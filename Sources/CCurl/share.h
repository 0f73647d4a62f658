#ifndef CCURL_SHARE_H
#define CCURL_SHARE_H

#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>

/* A curl share handle with its own locks, for a cookie store that the easy handles of one
   session (on the engine thread) and the session's cookie API (on any thread) use at once.
   curl_share_setopt is variadic and the lock callbacks are C function pointers, so both live
   here. curl locks each kind of shared data separately, so there is one mutex per kind. */

typedef struct {
    CURLSH *share;
    pthread_mutex_t locks[CURL_LOCK_DATA_LAST];
} ccurl_share;

static inline void ccurl_share_lock(CURL *handle, curl_lock_data data, curl_lock_access access,
                                    void *user) {
    (void)handle;
    (void)access;
    pthread_mutex_lock(&((ccurl_share *)user)->locks[data]);
}

static inline void ccurl_share_unlock(CURL *handle, curl_lock_data data, void *user) {
    (void)handle;
    pthread_mutex_unlock(&((ccurl_share *)user)->locks[data]);
}

/* A share of cookies only; NULL when curl cannot make one. */
static inline ccurl_share *ccurl_share_make_cookies(void) {
    ccurl_share *made = calloc(1, sizeof(ccurl_share));
    if (made == NULL) return NULL;
    made->share = curl_share_init();
    if (made->share == NULL) {
        free(made);
        return NULL;
    }
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&made->locks[i], NULL);
    curl_share_setopt(made->share, CURLSHOPT_LOCKFUNC, ccurl_share_lock);
    curl_share_setopt(made->share, CURLSHOPT_UNLOCKFUNC, ccurl_share_unlock);
    curl_share_setopt(made->share, CURLSHOPT_USERDATA, (void *)made);
    curl_share_setopt(made->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_COOKIE);
    return made;
}

/* Frees the share unless an easy handle still uses it (then CURLSHE_IN_USE and nothing is
   freed: call again once that handle is cleaned up). */
static inline CURLSHcode ccurl_share_free(ccurl_share *share) {
    CURLSHcode code = curl_share_cleanup(share->share);
    if (code != CURLSHE_OK) return code;
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_destroy(&share->locks[i]);
    free(share);
    return CURLSHE_OK;
}

#endif
