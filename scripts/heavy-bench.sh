#!/usr/bin/env bash
# Every report command on a
# journal declaring 1,000,000 habits (~60 MB) and on a 100 MB journal of
# ordinary entries, with CPU seconds and peak memory per command. The bar:
# a few seconds of CPU and a few times the file size in memory.
#
# usage: scripts/heavy-bench.sh [--habits N] [--bytes N] [--keep DIR] [BUILD_DIR]
#   BUILD_DIR  where `units` and `units-bench` are (default .build/release;
#              build them with `swift build -c release`)
#   --habits N habits in the first journal (default 1000000)
#   --bytes N  size of the entries journal (default 100000000)
#   --keep DIR write (or reuse) the journals in DIR instead of a temporary one
# Each line ends with a checksum of the command's output: run it for two
# builds with the same --keep DIR and compare the checksums (and figures).
set -euo pipefail

habits=1000000
bytes=100000000
keep=""
build=".build/release"
while [ $# -gt 0 ]; do
    case "$1" in
        --habits) habits="$2"; shift 2 ;;
        --bytes) bytes="$2"; shift 2 ;;
        --keep) keep="$2"; shift 2 ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "heavy-bench.sh: unknown option '$1'" >&2; exit 2 ;;
        *) build="$1"; shift ;;
    esac
done
units="$build/units"
[ -x "$units" ] || { echo "heavy-bench.sh: no $units: run 'swift build -c release' first" >&2; exit 2; }

dir="${keep:-$(mktemp -d)}"
mkdir -p "$dir"
[ -n "$keep" ] || trap 'rm -rf "$dir"' EXIT
many="$dir/habits-$habits.units"
big="$dir/entries-$bytes.units"

# N habits, each with a unit, some with a floor, a colour or a schedule, and
# an entry for every other one in the week of 2025-12-14.
if [ ! -s "$many" ]; then
    awk -v n="$habits" 'BEGIN {
        print "units 1\n"
        for (i = 0; i < n; i++) {
            printf "2024-12-01 habit h%07d\n  unit: page pg\n", i
            if (i % 5 == 0) print "  floor: 5/week"
            if (i % 10 == 3) print "  color: blue"
            if (i % 7 == 1) print "  every: 3/week"
            print ""
        }
        for (i = 0; i < n; i += 2) printf "2025-12-%02d h%07d %d\n", 10 + i % 5, i, 1 + i % 3
    }' > "$many"
fi
# The benchmark's generated journal, cut to the size at a line end.
if [ ! -s "$big" ]; then
    bench="$build/units-bench"
    [ -x "$bench" ] || { echo "heavy-bench.sh: no $bench: run 'swift build -c release'" >&2; exit 2; }
    "$bench" --write $((bytes / 20)) "$dir/full.units" > /dev/null
    head -c "$bytes" "$dir/full.units" | sed '$d' > "$big"
    rm -f "$dir/full.units"
fi

# CPU seconds and peak memory from scripts/timed (Linux and macOS alike).
timer=""
if command -v python3 > /dev/null; then timer="$(dirname "$0")/timed"; else echo "(no python3: CPU time and peak memory not shown)"; fi
# sha1sum is GNU coreutils; macOS has shasum.
sha1() { if command -v sha1sum > /dev/null; then sha1sum; else shasum -a 1; fi; }

run() {   # run FILE TODAY COMMAND...
    local file="$1" today="$2"; shift 2
    local tool="$units" args=("$@" --file "$file")
    [ "$1" = export ] || args+=(--today "$today")
    # units-lint takes the file as its argument.
    if [ "$1" = units-lint ]; then tool="$build/units-lint"; args=("$file"); fi
    local out="$dir/out" stats="$dir/time"
    local code=0
    if [ -n "$timer" ]; then
        "$timer" "$stats" "$tool" "${args[@]}" > "$out" 2> /dev/null || code=$?
        read -r _ user sys peak < "$stats"
        printf "  %-16s cpu %6.2f s  peak %6d MiB  exit %d  output %d bytes  sha1 %s\n" "$*" "$(echo "$user + $sys" | bc)" $((peak / 1024)) "$code" \
            "$(wc -c < "$out")" "$(sha1 < "$out" | cut -c1-12)"
    else
        local start=$SECONDS
        "$tool" "${args[@]}" > "$out" 2> /dev/null || code=$?
        printf "  %-16s wall %4d s  exit %d  sha1 %s\n" "$*" $((SECONDS - start)) "$code" "$(sha1 < "$out" | cut -c1-12)"
    fi
}

commands=("today" "today --json" "today --csv" "status" "stats" "stats --json" "stats --csv" "heatmap" "wall" "history"
          "history --json" "streaks" "insights" "insights --csv" "entries" "entries --json" "entries --csv" "summary"
          "summary --json" "next" "nudge" "receipt" "export --csv")
for pair in "$many 2025-12-14 h0000007" "$big 1975-11-09 Reading"; do
    read -r file today habit <<< "$pair"
    echo "$(basename "$file"): $(wc -c < "$file") bytes"
    for command in "${commands[@]}" "habit $habit" "units-lint"; do
        # shellcheck disable=SC2086
        run "$file" "$today" $command
    done
done
