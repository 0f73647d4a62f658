// strptime is an X/Open function: glibc declares it only under _XOPEN_SOURCE (or _GNU_SOURCE),
// which Swift's Glibc module is not built with.
#define _GNU_SOURCE
#include "CSystemShims.h"
#include <time.h>

char *csystemshims_strptime(const char *text, const char *format, struct tm *time) {
  return strptime(text, format, time);
}
