#ifndef CCALLGRIND_H
#define CCALLGRIND_H

/* Callgrind's client requests as functions (its header is macros with inline assembly, which
   Swift cannot call). Outside valgrind each is a handful of instructions that do nothing. */

/* Starts counting, in every thread: run callgrind with --instr-atstart=no. */
void perf_callgrind_start(void);

/* Stops counting; the counts are written when the program exits. */
void perf_callgrind_stop(void);

#endif
