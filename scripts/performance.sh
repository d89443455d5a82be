#!/bin/sh
# Regenerates the benchmark table in docs/performance.md: builds the release
# binaries, runs units-bench with the arguments given (default: the whole
# table, --runs 3), and writes its output, with the command that made it, the
# commit, the machine and how long it took, between the lines
# "<!-- units-bench:begin" and "<!-- units-bench:end -->" of the file.
#
#   scripts/performance.sh                       # the whole table, 3 runs a case
#   scripts/performance.sh --runs 1              # one run a case: quicker, noisier
#   scripts/performance.sh --no-build --runs 1   # the release build as it is
#   DOC=/tmp/p.md scripts/performance.sh ...     # write another copy of the file
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
doc=${DOC:-docs/performance.md}
build=1
if [ "${1:-}" = --no-build ]; then build=0; shift; fi
[ $# -gt 0 ] || set -- --runs 3
grep -q '^<!-- units-bench:begin' "$doc" && grep -q '^<!-- units-bench:end -->' "$doc" || {
    echo "performance.sh: $doc has no units-bench:begin/end markers" >&2; exit 2; }

[ $build = 0 ] || swift build -c release >&2
bench=.build/release/units-bench
[ -x "$bench" ] || { echo "performance.sh: $bench is not built (run without --no-build)" >&2; exit 2; }

output=$(mktemp "${TMPDIR:-/tmp}/units-performance.XXXXXX")
block=$(mktemp "${TMPDIR:-/tmp}/units-performance.XXXXXX")
trap 'rm -f "$output" "$block"' EXIT INT TERM
load=$(uptime | sed 's/.*load average[s]*: *//')
started=$(date +%s)
"$bench" "$@" > "$output"
seconds=$(( $(date +%s) - started ))

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- Sources Package.swift 2>/dev/null || commit="$commit with uncommitted changes"
swift_version=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -1)
cpu=$(sed -n 's/^units-bench: \([^;]*\);.*/\1/p' "$output" | head -1)
runs=3
previous=
for argument in "$@"; do
    [ "$previous" = --runs ] && runs=$argument
    previous=$argument
done
{
    echo "<!-- units-bench:begin: written by scripts/performance.sh; run it again rather than edit -->"
    echo "Measured on $(date -u '+%Y-%m-%d at %H:%M UTC') on $commit by \`scripts/performance.sh $*\`"
    echo "(\`$bench $*\`, ${seconds} s), release build, Swift ${swift_version:-unknown},"
    echo "$(uname -sm), ${cpu:-unknown CPU}; load average before the run: $load."
    if [ "$runs" = 1 ]; then
        echo "One run a case (\`--runs 1\`, to save time): each row is that run, not a median, and noisier than"
        echo "the default three."
    else
        echo "Each row is the median of $runs runs."
    fi
    echo
    echo '```'
    cat "$output"
    echo '```'
    echo '<!-- units-bench:end -->'
} > "$block"

awk -v block="$block" '
    /^<!-- units-bench:begin/ { while ((getline line < block) > 0) print line; skipping = 1; next }
    /^<!-- units-bench:end -->/ { skipping = 0; next }
    !skipping { print }
' "$doc" > "$doc.new"
mv "$doc.new" "$doc"
echo "performance.sh: wrote the table into $doc ($seconds s)" >&2
