#ifndef UNITS_MALLOC_TUNING_H
#define UNITS_MALLOC_TUNING_H

/// Fixes the C allocator's mapping threshold at its default (128 KiB) so
/// that it stays there: every large array gets pages of its own, which go
/// back to the system when the array goes. (Left dynamic, glibc raises the
/// threshold to the size of the first large block freed, up to 32 MiB, and
/// later arrays of a few megabytes land in the heap, where freed ones stay
/// resident: 10-24 MB more at the peak of a report on a million-habit
/// journal, issue 14.) Does nothing where the allocator is not glibc's.
void units_tune_malloc(void);

#endif
