// exp10 is a GNU extension: glibc (and musl) declare it only under _GNU_SOURCE, which Swift's
// Glibc module is not built with; Apple's C library calls it __exp10.
#define _GNU_SOURCE
#include "CSystemShims.h"
#include <math.h>

double csystemshims_exp10(double x) {
#if defined(__APPLE__)
  return __exp10(x);
#elif defined(__linux__)
  return exp10(x);
#else
  return pow(10, x);
#endif
}
