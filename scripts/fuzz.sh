#!/usr/bin/env bash
# The long fuzz run: the formatter self-check and includes
# (Tests/UnitsKitTests/Format/LongFuzzTests.swift) until it has used
# SECONDS of CPU time, from SEED, at the lowest priority (FUZZ_NICE=N to change), single-threaded. Failing inputs are
# written to OUT/seed-N/ (default /tmp/units-fuzz-out). CPU time is measured
# by scripts/timed and printed at the end.
#
#   scripts/fuzz.sh 1800          # half an hour, seed 1
#   scripts/fuzz.sh 1800 42 /tmp/fuzz-findings
#   UNTIL=$(( $(date +%s) + 3600 )) scripts/fuzz.sh 1800   # and stop within the hour at the latest
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
SECONDS_TO_RUN=${1:?usage: scripts/fuzz.sh SECONDS [SEED] [OUT]}
SEED=${2:-1}
OUT=${3:-/tmp/units-fuzz-out}
mkdir -p "$OUT"
swift build --build-tests >/dev/null
# (a debug build: the checks use @testable internals.) Run a copy, so that rebuilding the package meanwhile cannot change it.
bin=$(mktemp -d /tmp/units-fuzz-bin-XXXXXX)
trap 'rm -rf "$bin"' EXIT
# The tests: an executable on Linux; on macOS a bundle (Contents/MacOS/
# holds its code, a loadable bundle that SwiftPM's swiftpm-testing-helper
# runs, as `swift test` does).
built=$(swift build --show-bin-path)/unitsPackageTests.xctest
cp -R "$built" "$bin/"
if [ -d "$built" ]; then
    tests=$(find "$bin/unitsPackageTests.xctest/Contents/MacOS" -maxdepth 1 -type f | head -n 1)
    helper=$(dirname "$(command -v swift)")/../libexec/swift/pm/swiftpm-testing-helper
    [ -n "$tests" ] && [ -x "$helper" ] || { echo "fuzz: no test bundle code in $built/Contents/MacOS or no $helper" >&2; exit 2; }
    tests=("$helper" --test-bundle-path "$tests")
else
    tests=("$bin/unitsPackageTests.xctest")
fi
run=(nice -n "${FUZZ_NICE:-19}")
# One process, one thread: it uses one core at a time (pin it with FUZZ_CPU=N).
[ -n "${FUZZ_CPU:-}" ] && run+=(taskset -c "$FUZZ_CPU")
run=(scripts/timed "$OUT/cost" "${run[@]}")
echo "fuzz: $SECONDS_TO_RUN s from seed $SEED; findings in $OUT"
UNITS_FUZZ_SECONDS=$SECONDS_TO_RUN UNITS_FUZZ_SEED=$SEED UNITS_FUZZ_OUT=$OUT UNITS_FUZZ_DEADLINE=${UNTIL:-} \
    "${run[@]}" "${tests[@]}" --testing-library swift-testing --filter LongFuzzTests && status=0 || status=$?
read -r wall user sys peak < "$OUT/cost" && echo "fuzz: wall $((wall / 1000000)) s, cpu ${user} s user + ${sys} s system, peak ${peak} KiB"
exit "$status"
