// Each system's branch follows its own headers: glibc's <bits/sigaction.h>,
// <bits/struct_stat.h>, <bits/mman-linux.h>; Darwin's (macOS 11.3 SDK,
// usr/include) as named at each branch.
#include "csystem.h"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__linux__)
#include <features.h>   // defines __GLIBC__ when the C library is glibc
#include <stdio.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#if defined(__APPLE__)
#include <crt_externs.h>   // _NSGetEnviron
#include <mach-o/dyld.h>   // _NSGetExecutablePath
#include <sys/sysctl.h>    // sysctlbyname
#else
extern char **environ;
#endif

void units_tune_malloc(void) {
#if defined(__GLIBC__)
    // Setting either value turns off glibc's dynamic adjustment of both.
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
    mallopt(M_TRIM_THRESHOLD, 128 * 1024);
#endif
}

// `sa_handler` is a macro on both: glibc's <bits/sigaction.h> maps it to
// __sigaction_handler.sa_handler, Darwin's sys/signal.h to
// __sigaction_u.__sa_handler.
int units_handle_signal(int sig, void (*handler)(int), int keep_ignored) {
    struct sigaction action, old;
    if (keep_ignored) {
        if (sigaction(sig, NULL, &old) != 0) return -1;
        if (old.sa_handler == SIG_IGN) return 1;
    }
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    return sigaction(sig, &action, NULL);
}

int units_default_signal(int sig) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(sig, &action, NULL);
}

int units_flush_to_disk(int fd) {
#if defined(__APPLE__)
    // sys/fcntl.h: F_FULLFSYNC "fsync + ask the drive to flush to the media".
    if (fcntl(fd, F_FULLFSYNC) == 0) return 0;
#endif
    return fsync(fd);
}

int64_t units_stat_mtime_seconds(const struct stat *info) {
#if defined(__APPLE__)
    return (int64_t)info->st_mtimespec.tv_sec;   // sys/stat.h: struct timespec st_mtimespec
#else
    return (int64_t)info->st_mtim.tv_sec;        // glibc: struct timespec st_mtim
#endif
}

int64_t units_stat_mtime_nanoseconds(const struct stat *info) {
#if defined(__APPLE__)
    return (int64_t)info->st_mtimespec.tv_nsec;
#else
    return (int64_t)info->st_mtim.tv_nsec;
#endif
}

int units_release_pages(void *address, size_t length) {
#if defined(__APPLE__)
    // sys/mman.h: MADV_DONTNEED is POSIX_MADV_DONTNEED, a hint Darwin may
    // ignore; MADV_FREE ("pages unneeded, discard contents") lets the
    // kernel take the pages back, when it wants them rather than at once.
    return madvise(address, length, MADV_FREE);
#else
    // Linux drops the pages of a private mapping at once; the next read
    // of one maps the file's page again.
    return madvise(address, length, MADV_DONTNEED);
#endif
}

int units_terminal_columns(int fd) {
    // TIOCGWINSZ: sys/ttycom.h on Darwin (_IOR('t', 104, struct winsize)),
    // which Swift cannot import; asm-generic/ioctls.h on Linux.
    struct winsize size;
    memset(&size, 0, sizeof size);
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

char **units_environment(void) {
#if defined(__APPLE__)
    return *_NSGetEnviron();   // crt_externs.h
#else
    return environ;
#endif
}

long units_executable_path(char *buffer, size_t size) {
    if (size == 0) return -1;
#if defined(__APPLE__)
    uint32_t capacity = (uint32_t)size;   // mach-o/dyld.h
    if (_NSGetExecutablePath(buffer, &capacity) != 0) return -1;
    return (long)strlen(buffer);
#else
    ssize_t n = readlink("/proc/self/exe", buffer, size - 1);
    if (n < 0) return -1;
    buffer[n] = 0;
    return (long)n;
#endif
}

int64_t units_rusage_peak_bytes(const struct rusage *usage) {
#if defined(__APPLE__)
    return (int64_t)usage->ru_maxrss;          // sys/resource.h: bytes on Darwin
#else
    return (int64_t)usage->ru_maxrss * 1024;   // kilobytes on Linux (getrusage(2))
#endif
}

int64_t units_peak_resident_bytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    return units_rusage_peak_bytes(&usage);
}

double units_cpu_seconds(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (double)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + (double)(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

long units_cpu_model(char *buffer, size_t size) {
    if (size == 0) return -1;
#if defined(__APPLE__)
    size_t length = size;   // sys/sysctl.h
    if (sysctlbyname("machdep.cpu.brand_string", buffer, &length, NULL, 0) != 0) return -1;
    buffer[size - 1] = 0;
    return (long)strlen(buffer);
#else
    FILE *info = fopen("/proc/cpuinfo", "r");
    if (!info) return -1;
    char line[512];
    long found = -1;
    while (fgets(line, sizeof line, info)) {
        if (strncmp(line, "model name", 10) != 0) continue;
        char *value = strchr(line, ':');
        if (!value) break;
        value++;
        while (*value == ' ' || *value == '\t') value++;
        size_t n = strcspn(value, "\n");
        if (n >= size) n = size - 1;
        memcpy(buffer, value, n);
        buffer[n] = 0;
        found = (long)n;
        break;
    }
    fclose(info);
    return found;
#endif
}
