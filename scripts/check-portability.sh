#!/usr/bin/env bash
# Fails on a spelling that only glibc (or only GNU tools) understands, and
# on a direct call of the C library in the tools' Swift sources, anywhere
# but the two places that pick the operating system's layout:
# Sources/UnitsKit/System/ (Swift) and Sources/CSystem/ (C, where the
# preprocessor chooses between glibc's and Darwin's headers). Everything
# else must build and run unchanged on Linux and macOS (docs/platforms.md).
#
#   scripts/check-portability.sh          # the repository
#   scripts/check-portability.sh DIR      # another checkout
set -uo pipefail
root=${1:-"$(dirname "$0")/.."}
cd "$root" || exit 2

allowed='^(\./)?Sources/(UnitsKit/System|CSystem)/'
self='scripts/check-portability.sh'

# The code and build files: Swift, C, shell, Python, Ruby, the Makefile and CI.
files() {
    find Sources Tests scripts Formula Makefile Package.swift .ci -type f \
        \( -name '*.swift' -o -name '*.c' -o -name '*.h' -o -name '*.sh' -o -name '*.py' -o -name '*.rb' \
           -o -name Makefile -o -path '.ci/*' \) 2>/dev/null | sed 's|^\./||' | sort
}

# pattern<TAB>what is wrong with it
rules=$(cat <<'RULES'
\bGlibc\.	a Glibc-qualified call (Darwin has no Glibc module; call it through System/)
\bDarwin\.	a Darwin-qualified call (call it through System/)
__sigaction_handler	glibc's private sigaction field (Darwin: __sigaction_u; C spells both sa_handler: CSystem)
\bst_[amc]tim\b	glibc's stat time field (Darwin: st_[amc]timespec; CSystem picks)
\bmallopt\b	glibc's allocator settings (CSystem)
\bO_TMPFILE\b	Linux-only open flag
\bstatx\b	Linux-only system call
\bposix_fadvise\b	not on Darwin
\bMAP_POPULATE\b	Linux-only mmap flag
/proc/	Linux's /proc (Darwin has none)
script -qec|"-qec"	util-linux script arguments (BSD script takes others; see Tests/UnitsCLITests/TerminalScript.swift)
time -[fv]	GNU time's -f and -v (BSD time has neither; use scripts/timed)
date -d	GNU date's -d (BSD date has no -d)
%s%N	GNU date's %N (BSD date prints N)
RULES
)

checked=()
while IFS= read -r file; do
    [ "$file" = "$self" ] && continue
    [[ "$file" =~ $allowed ]] && continue
    checked+=("$file")
done < <(files)

failures=0
report() {   # report WHY, reading FILE:LINE:TEXT lines
    while IFS= read -r hit; do
        [ -n "$hit" ] || continue
        local file=${hit%%:*} rest=${hit#*:}
        echo "$file:${rest%%:*}: $1: $(echo "${rest#*:}" | sed 's/^[[:space:]]*//; s/[[:space:]]\{2,\}/ /g')"
        failures=$((failures + 1))
    done
}

while IFS=$'\t' read -r pattern why; do
    report "$why" < <(grep -nHE -- "$pattern" "${checked[@]}")
done <<< "$rules"
# A call of the C library by its own name, in the tools' Swift sources:
# every one goes through a typed wrapper of Sources/UnitsKit/System/. A name
# the project also uses for a method of its own (write, open, close, read,
# rename, link, select, send) counts only in the C call's shape (a
# descriptor and more arguments, O_ flags, two paths); `stat()` with no
# arguments is the struct, not the call. Comments and plain string
# literals are left out.
libc_calls='pread|pwrite|fsync|fdatasync|unlink|unlinkat|mkdir|mkdirat|rmdir|lstat|fstat|fstatat|flock|fcntl|mmap|munmap|madvise|msync|getenv|setenv|unsetenv|isatty|ttyname|kill|getpid|getppid|fork|vfork|execv|execvp|execve|waitpid|wait4|pipe|dup|dup2|lseek|ftruncate|truncate|symlink|readlink|realpath|opendir|readdir|closedir|chmod|fchmod|chown|fchown|access|faccessat|chdir|getcwd|socket|setsockopt|getsockopt|getsockname|poll|sigaction|signal|raise|sigemptyset|sigaddset|sigprocmask|pthread_sigmask|nanosleep|usleep|sleep|clock_gettime|gettimeofday|localtime_r|gmtime_r|mktime|timegm|strftime|exit|_exit|abort|atexit|strerror|posix_spawn|posix_spawnp|tcgetattr|tcsetattr|cfmakeraw|ioctl|getrusage|sysconf|getuid|geteuid|getgid|umask|mkstemp|mkdtemp|fopen|fdopen|fclose|fflush|fputs|fgets|getline|fwrite|fread|fprintf|printf|puts|putchar|memcmp|memchr|memcpy|memmove|memset|malloc|calloc|realloc|free|strdup|strlen|getpwuid|gethostname|getaddrinfo|freeaddrinfo|inet_ntop|inet_pton|getifaddrs|freeifaddrs|utimensat|futimens|utimes|statvfs|fstatvfs|sync|syncfs'
libc_shaped='stat\([^)]|open\([^)]*O_[A-Z]|(read|write|send|recv)\([[:alnum:]_.]+, [^,:]+,|close\([[:alnum:]_.]+(\[[^]]*\])?\)|(rename|link|bind|connect|accept|listen)\([^,()]+,|select\([^,]+,[^,]+,[^,]+,|time\((nil|&)|random\(\)|alarm\([^,:)]+\)'
swift_sources=()
for file in "${checked[@]}"; do [[ "$file" == Sources/*.swift ]] && swift_sources+=("$file"); done
report "calls the C library directly (call it through a typed wrapper in Sources/UnitsKit/System/)" < <(
    names=$libc_calls shaped=$libc_shaped awk '
        BEGIN { names = ENVIRON["names"]; shaped = ENVIRON["shaped"] }
        FNR == 1 { block = 0 }
        {
            line = $0
            if (block) { if (sub(/^.*\*\//, "", line)) block = 0; else next }
            gsub(/\/\*.*\*\//, "", line)
            if (sub(/\/\*.*$/, "", line)) block = 1
            sub(/(^|[[:space:]])\/\/.*$/, "", line)
            gsub(/"[^"\\]*"/, "\"\"", line)
            if (line ~ ("(^|[^.[:alnum:]_])(" names ")\\(") && line !~ ("func (" names ")\\(")) { print FILENAME ":" FNR ":" $0; next }
            if (line ~ ("(^|[^.[:alnum:]_])(" shaped ")")) print FILENAME ":" FNR ":" $0
        }' "${swift_sources[@]}")
# The one import of the C library and each #if canImport live in System/.
report "imports the C library itself (UnitsKit's System/Platform.swift exports it)" \
    < <(grep -nHE '^[[:space:]]*(@_exported[[:space:]]+)?import[[:space:]]+(Glibc|Darwin|Musl)\b|canImport\((Glibc|Darwin|Musl)\)' "${checked[@]}")
# Static executables exist only on Linux.
report "-static-executable without a Linux-only condition" \
    < <(grep -nH -- '-static-executable' "${checked[@]}" | grep -v '\.linux')

if [ "$failures" -gt 0 ]; then
    echo "check-portability: $failures line(s) outside Sources/UnitsKit/System/ and Sources/CSystem/ that only glibc or GNU tools understand or that call the C library directly"
    exit 1
fi
echo "check-portability: no glibc-only spelling and no direct C library call outside Sources/UnitsKit/System/ and Sources/CSystem/"
