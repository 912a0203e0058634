#define _GNU_SOURCE
#include "CAffinity.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

/// Writes the CPUs set in `mask` to `cpus` (at most `capacity`); returns how many are set.
static int list_cpus(const cpu_set_t *mask, int *cpus, int capacity) {
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, mask)) continue;
        if (count < capacity) cpus[count] = cpu;
        count++;
    }
    return count;
}

int caffinity_process_cpus(int *cpus, int capacity) {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    if (sched_getaffinity(getpid(), sizeof mask, &mask) != 0) return -errno;
    return list_cpus(&mask, cpus, capacity);
}

int caffinity_thread_cpus(int *cpus, int capacity) {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    int status = pthread_getaffinity_np(pthread_self(), sizeof mask, &mask);
    if (status != 0) return -status;
    return list_cpus(&mask, cpus, capacity);
}

int caffinity_set_thread_cpus(const int *cpus, int count) {
    if (count <= 0) return EINVAL;
    cpu_set_t mask;
    CPU_ZERO(&mask);
    for (int i = 0; i < count; i++) {
        if (cpus[i] < 0 || cpus[i] >= CPU_SETSIZE) return EINVAL;
        CPU_SET(cpus[i], &mask);
    }
    return pthread_setaffinity_np(pthread_self(), sizeof mask, &mask);
}

int caffinity_set_size(void) { return CPU_SETSIZE; }
