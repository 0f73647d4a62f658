// pthread_getattr_np is a GNU extension: Swift's Glibc module does not declare it.
#define _GNU_SOURCE
#include "CSystemShims.h"
#include <pthread.h>

int cstackbounds_current(uintptr_t *low, size_t *size) {
#if defined(__APPLE__)
  pthread_t self = pthread_self();
  uintptr_t high = (uintptr_t)pthread_get_stackaddr_np(self);
  size_t length = pthread_get_stacksize_np(self);
  if (length == 0 || high < length) return -1;
  *low = high - length;
  *size = length;
  return 0;
#elif defined(__linux__)
  // glibc's pthread_getattr_np asks the kernel for the CPU affinity on every call (several
  // microseconds); a thread's stack never moves, so each thread asks once.
  static _Thread_local uintptr_t cached_low = 0;
  static _Thread_local size_t cached_size = 0;
  if (cached_size != 0) {
    *low = cached_low;
    *size = cached_size;
    return 0;
  }
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return -1;
  void *address = NULL;
  size_t length = 0;
  int status = pthread_attr_getstack(&attributes, &address, &length);
  pthread_attr_destroy(&attributes);
  if (status != 0 || address == NULL || length == 0) return -1;
  *low = cached_low = (uintptr_t)address;
  *size = cached_size = length;
  return 0;
#else
  (void)low;
  (void)size;
  return -1;
#endif
}
