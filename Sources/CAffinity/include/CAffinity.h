#ifndef FSCRIPT_CAFFINITY_H
#define FSCRIPT_CAFFINITY_H

/// Thread CPU affinity for Platform's `ThreadAffinity`. glibc declares sched_getaffinity and pthread_{get,set}affinity_np
/// only under _GNU_SOURCE, and CPU_ISSET/CPU_SET are macros: Swift's Glibc module sees neither. Masks are glibc's
/// fixed cpu_set_t, so CPUs numbered 1024 and above cannot be named (the calls then fail with EINVAL).

/// The CPUs the process may run on (its main thread's mask, as taskset or a cpuset set it), written to `cpus` (at
/// most `capacity`, lowest first). Returns how many there are, or -errno.
int caffinity_process_cpus(int *cpus, int capacity);

/// The CPUs the calling thread may run on, as `caffinity_process_cpus`.
int caffinity_thread_cpus(int *cpus, int capacity);

/// Lets the calling thread run on the `count` CPUs in `cpus` only. Returns 0 or an errno value (EINVAL: a CPU it
/// may not use, or none).
int caffinity_set_thread_cpus(const int *cpus, int count);

/// How many CPU numbers a mask can hold (glibc's CPU_SETSIZE).
int caffinity_set_size(void);

#endif
