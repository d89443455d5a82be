#ifndef UNITS_CSYSTEM_H
#define UNITS_CSYSTEM_H

// The few things C spells the same on glibc and Darwin and Swift does not:
// the preprocessor picks each system's layout (a union member, a field
// name, a flag), so no Swift file names a field only one system has.
// Only Sources/UnitsKit/System/ calls these.

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/resource.h>

/// Fixes the C allocator's mapping threshold at its default (128 KiB) so
/// that it stays there: every large array gets pages of its own, which go
/// back to the system when the array goes. (Left dynamic, glibc raises the
/// threshold to the size of the first large block freed, up to 32 MiB, and
/// later arrays of a few megabytes land in the heap, where freed ones stay
/// resident: 10-24 MB more at the peak of a report on a million-habit
/// journal.) Does nothing where the allocator is not glibc's (Darwin's
/// malloc gives large blocks their own pages anyway).
void units_tune_malloc(void);

/// Installs `handler` for `sig` (sigaction: no flags, nothing blocked).
/// With `keep_ignored`, a signal that is ignored (nohup, a parent's
/// choice) is left so and 1 returned. 0 when installed, -1 on error.
int units_handle_signal(int sig, void (*handler)(int), int keep_ignored);

/// Gives `sig` back its default action (async-signal-safe).
int units_default_signal(int sig);

/// Flushes the file on `fd` to the drive's storage. On Darwin fsync(2)
/// only hands the data to the drive, which may keep it in its cache;
/// F_FULLFSYNC asks the drive to write it out. Where F_FULLFSYNC fails
/// (a file system without it), and on Linux, fsync. Returns 0 or -1.
int units_flush_to_disk(int fd);

/// The last modification time of `info`, seconds and nanoseconds.
int64_t units_stat_mtime_seconds(const struct stat *info);
int64_t units_stat_mtime_nanoseconds(const struct stat *info);

/// Tells the system that the pages of a read-only private file mapping in
/// [address, address + length) are not needed any more (they read back as
/// the file's bytes). Returns madvise's result.
int units_release_pages(void *address, size_t length);

/// The width in columns of the terminal on `fd`; 0 if it is none.
int units_terminal_columns(int fd);

/// The process's environment (`environ`).
char **units_environment(void);

/// The path of the running executable into `buffer` (NUL-terminated; not
/// necessarily resolved); its length, or -1.
long units_executable_path(char *buffer, size_t size);

/// The process's peak resident memory so far, in bytes.
int64_t units_peak_resident_bytes(void);

/// The peak resident memory in `usage` (from wait4 or getrusage), in
/// bytes: Linux counts ru_maxrss in kilobytes, Darwin in bytes.
int64_t units_rusage_peak_bytes(const struct rusage *usage);

/// User plus system CPU seconds the process has used. (RUSAGE_SELF is an
/// enumeration in glibc's headers and a macro in Darwin's; Swift imports
/// the two differently.)
double units_cpu_seconds(void);

/// The CPU's model name into `buffer` (NUL-terminated); its length, or -1.
long units_cpu_model(char *buffer, size_t size);

#endif
