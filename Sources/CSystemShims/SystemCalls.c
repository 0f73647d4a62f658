// System calls under names no Swift module shadows. A type's own `send`, `close`, `accept` or
// `write` hides the C library's function of that name inside its module; calling it there
// takes the platform's C module by name (`Glibc.close`), once per platform. These wrappers
// are that one place for the package.
#include "CSystemShims.h"
#include <sys/socket.h>
#include <unistd.h>

ssize_t csystemshims_write(int fd, const void *bytes, size_t count) {
  return write(fd, bytes, count);
}

ssize_t csystemshims_send_nosignal(int fd, const void *bytes, size_t count) {
#if defined(MSG_NOSIGNAL)
  return send(fd, bytes, count, MSG_NOSIGNAL);
#else
  // Darwin has no MSG_NOSIGNAL: there a socket needs SO_NOSIGPIPE instead.
  return send(fd, bytes, count, 0);
#endif
}

int csystemshims_close(int fd) { return close(fd); }

int csystemshims_accept(int listener) { return accept(listener, NULL, NULL); }
