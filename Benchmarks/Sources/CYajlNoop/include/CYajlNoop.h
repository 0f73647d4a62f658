#ifndef CYAJL_NOOP_H
#define CYAJL_NOOP_H

#include <stddef.h>

/* Parses `length` bytes with yajl's default configuration (UTF-8 validation on, one value,
   no comments) and callbacks that only return 1, so the time measured is yajl's own
   tokenizing and validation: the ceiling for any parser that builds values on top of yajl.
   Returns 0 when the text is valid JSON, 1 otherwise. */
int cyajl_noop_parse(const unsigned char *bytes, size_t length);

/* Bytes currently held by malloc, for every arena: `uordblks` (small chunks in use) plus
   `hblkhd` (chunks served by mmap, which is where blocks over the mmap threshold, e.g. a
   large tape, go). Read through glibc's mallinfo2(); returns 0 on other C libraries. */
size_t benchmark_heap_in_use(void);

#endif
