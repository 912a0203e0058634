#ifndef FSCRIPT_CAFFINITY_H
#define FSCRIPT_CAFFINITY_H

/// Thread CPU affinity for `EventLoopPinning`. glibc declares sched_getaffinity and pthread_{get,set}affinity_np
/// only under _GNU_SOURCE, and CPU_ISSET/CPU_SET are macros: Swift's Glibc module sees neither.

/// The CPUs the calling thread may run on, written to `cpus` (at most `capacity`, lowest first). Returns how many
/// there are, or -errno.
int caffinity_thread_cpus(int *cpus, int capacity);

/// Lets the calling thread run on `cpu` only. Returns 0 or an errno value (EINVAL: a CPU it may not use).
int caffinity_pin_thread(int cpu);

/// The largest CPU number a mask can hold, plus one (glibc's CPU_SETSIZE).
int caffinity_set_size(void);

#endif
