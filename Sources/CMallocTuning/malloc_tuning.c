#include "malloc_tuning.h"

#if defined(__linux__)
#include <features.h>   // defines __GLIBC__ when the C library is glibc
#endif

#if defined(__GLIBC__)
#include <malloc.h>

void units_tune_malloc(void) {
    // Setting either value turns off glibc's dynamic adjustment of both.
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
}
#else
void units_tune_malloc(void) {}
#endif
