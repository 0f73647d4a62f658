#ifndef CCURL_LOOP_H
#define CCURL_LOOP_H

#include <curl/curl.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

/* The engine thread's event loop around curl_multi_socket_action: curl says through two
   callbacks which sockets it waits on and when its next timer is due; the loop polls exactly
   those sockets and tells curl which one is ready. With curl_multi_perform instead, curl
   checks every transfer's socket with a poll() of its own on each pass (libcurl 7.88's
   Curl_readwrite when it is not told the socket's state), which costs one system call per
   transfer in flight per wake-up. The callbacks and the multi options taking them are C
   function pointers and variadic calls, hence these wrappers. poll() and a pipe rather than
   epoll: interest changes then cost no system call (the loop rebuilds its pollfd array), and
   both exist on every POSIX system. */

typedef int (*ccurl_socket_callback)(CURL *easy, curl_socket_t socket, int what, void *user,
                                     void *socket_user);
typedef int (*ccurl_timer_callback)(CURLM *multi, long timeout_ms, void *user);

static inline CURLMcode ccurl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

static inline CURLMcode ccurl_multi_setopt_socket_function(CURLM *multi,
                                                           ccurl_socket_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, value);
}

static inline CURLMcode ccurl_multi_setopt_timer_function(CURLM *multi,
                                                          ccurl_timer_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_TIMERFUNCTION, value);
}

/* A non-blocking, close-on-exec pipe: fds[0] is read by the loop, fds[1] written to wake it. */
static inline int ccurl_loop_pipe(int fds[2]) {
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
}

/* One byte into the wake pipe; a full pipe already wakes the loop, so EAGAIN is fine. */
static inline void ccurl_loop_wake(int fd) {
    char byte = 1;
    ssize_t written;
    do { written = write(fd, &byte, 1); } while (written < 0 && errno == EINTR);
}

/* Empties the wake pipe. */
static inline void ccurl_loop_drain(int fd) {
    char bytes[64];
    while (read(fd, bytes, sizeof bytes) > 0) {}
}

static inline void ccurl_loop_close(int fd) { close(fd); }

/* poll() restarted on EINTR; -1 only on a real error. */
static inline int ccurl_loop_poll(struct pollfd *fds, int count, int timeout_ms) {
    int ready;
    do { ready = poll(fds, (nfds_t)count, timeout_ms); } while (ready < 0 && errno == EINTR);
    return ready;
}

#endif
