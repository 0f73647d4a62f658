#ifndef CSYSTEMSHIMS_H
#define CSYSTEMSHIMS_H

// C library functions that Swift's C modules do not import on every platform (they sit
// behind feature macros such as _GNU_SOURCE or _XOPEN_SOURCE), wrapped in functions whose
// declarations need no macro; and system calls under names that no Swift member shadows.
// One target for the package, so that no Swift file looks a symbol up by name at run time.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/// The lowest address and the size of the calling thread's stack. Returns 0 on success,
/// non-zero when the platform cannot tell (the caller then does without a stack guard).
int cstackbounds_current(uintptr_t *low, size_t *size);

/// An address in the caller's frame on the thread's real stack. (The address of a Swift
/// local is not: AddressSanitizer may move locals to a heap-allocated "fake stack".)
static inline uintptr_t cstackbounds_frame_address(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

/// `strptime(3)`: parses `text` by `format` into `time`. Returns a pointer to the first
/// character not consumed, or NULL when the text does not match.
char *csystemshims_strptime(const char *text, const char *format, struct tm *time);

/// `exp10(3)`: 10 raised to `x`, as the C library computes it (glibc's differs from
/// `pow(10, x)` in the last bit for some arguments, and jq uses glibc's).
double csystemshims_exp10(double x);

/// The source this build was made from as `git describe` names it (`0.4.0`, or
/// `0.4.0-12-gabc1234` for a commit after the release), or "" when the build did not say
/// (`JSONKIT_DESCRIBE`, see BuildInformation.c).
const char *csystemshims_describe(void);

/// How this build was made (the build script's `swift build` options, the compiler), or ""
/// when the build did not say (`JSONKIT_BUILD_CONFIGURATION`).
const char *csystemshims_build_configuration(void);

// System calls whose Swift names a module's own members shadow (`Connection.send`,
// `StopSignal.close`, `Socket.accept`, `Diagnostics.write`), under names that nothing
// shadows, so that no Swift file names the platform's C module to reach them
// (SystemCalls.c).

/// `write(2)`.
ssize_t csystemshims_write(int fd, const void *bytes, size_t count);

/// `send(2)` that never raises SIGPIPE when the peer has hung up: `MSG_NOSIGNAL` where the
/// platform has it (Darwin has not: there a socket needs `SO_NOSIGPIPE` instead).
ssize_t csystemshims_send_nosignal(int fd, const void *bytes, size_t count);

/// `close(2)`.
int csystemshims_close(int fd);

/// `accept(2)` without the peer's address.
int csystemshims_accept(int listener);

#endif
