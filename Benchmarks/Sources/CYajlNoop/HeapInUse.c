#include "CYajlNoop.h"

/* <stdlib.h> pulls in <features.h>, which defines __GLIBC__ when the C library is glibc. */
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* Swift's Glibc module does not export mallinfo2, hence this C wrapper. mallinfo2 sums every
   arena; `hblkhd` must be added because allocations above the mmap threshold (128 KiB at
   first) never show up in `uordblks`. */
size_t benchmark_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}
