#define _GNU_SOURCE
#include "CAffinity.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>

int caffinity_thread_cpus(int *cpus, int capacity) {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    int status = pthread_getaffinity_np(pthread_self(), sizeof mask, &mask);
    if (status != 0) return -status;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (!CPU_ISSET(cpu, &mask)) continue;
        if (count < capacity) cpus[count] = cpu;
        count++;
    }
    return count;
}

int caffinity_pin_thread(int cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return EINVAL;
    cpu_set_t mask;
    CPU_ZERO(&mask);
    CPU_SET(cpu, &mask);
    return pthread_setaffinity_np(pthread_self(), sizeof mask, &mask);
}

int caffinity_set_size(void) { return CPU_SETSIZE; }
