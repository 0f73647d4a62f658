#include "CCallgrind.h"

/* Without valgrind's headers (Scripts/install-dependencies installs them) the Benchmarks
   still build; the workloads then only run, which is all they do outside valgrind anyway. */
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>

void perf_callgrind_start(void) { CALLGRIND_START_INSTRUMENTATION; }

void perf_callgrind_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
#else
void perf_callgrind_start(void) {}

void perf_callgrind_stop(void) {}
#endif
