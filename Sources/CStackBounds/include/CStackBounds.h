#ifndef CSTACKBOUNDS_H
#define CSTACKBOUNDS_H

#include <stddef.h>
#include <stdint.h>

/// The lowest address and the size of the calling thread's stack. Returns 0 on success,
/// non-zero when the platform cannot tell (the caller then does without a stack guard).
int cstackbounds_current(uintptr_t *low, size_t *size);

/// An address in the caller's frame on the thread's real stack. (The address of a Swift
/// local is not: AddressSanitizer may move locals to a heap-allocated "fake stack".)
static inline uintptr_t cstackbounds_frame_address(void) {
  return (uintptr_t)__builtin_frame_address(0);
}

#endif
