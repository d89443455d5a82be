#!/bin/sh
# Builds and runs the libFuzzer target over the parser, the model, the
# queries and (when they exist) the formatter and the linter.
#
#   Fuzz/fuzz.sh build             compile .build/fuzz/units-fuzz (ASan + libFuzzer)
#   Fuzz/fuzz.sh run [SECONDS]     build, seed the corpus, fuzz (default 600 s)
#   Fuzz/fuzz.sh repro FILE...     run the target once on inputs (a crash reproduces)
#
# The machine is shared: it runs one job at nice 19. Crashes land in
# fuzz-out/crashes/; make each one a regression test by copying it to
# Tests/UnitsKitTests/Syntax/FuzzInputs/ (FuzzRegressionTests runs them all).
set -eu
cd "$(dirname "$0")/.."
OUT=.build/fuzz
BIN=$OUT/units-fuzz
mkdir -p "$OUT"

build() {
    flags=""
    [ -f Sources/UnitsKit/Format/Formatter.swift ] && flags="$flags -D UNITS_FUZZ_FORMAT"
    if [ -f Sources/UnitsKit/Lint/Linter.swift ] && grep -q "static func lint(" Sources/UnitsKit/Lint/Linter.swift; then
        flags="$flags -D UNITS_FUZZ_LINT"
    fi
    echo "fuzz.sh: compiling UnitsKit + Fuzz/FuzzEntry.swift$flags" >&2
    # shellcheck disable=SC2046,SC2086
    nice -n 19 swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
        -module-name UnitsKit $flags \
        $(find Sources/UnitsKit -name '*.swift' | sort) Fuzz/FuzzEntry.swift \
        -o "$BIN" 2> "$OUT/build.log" || { grep -v "Cannot export local symbol" "$OUT/build.log" >&2; exit 1; }
    grep -v "Cannot export local symbol" "$OUT/build.log" >&2 || true
}

seed_corpus() {
    mkdir -p fuzz-out/corpus fuzz-out/crashes
    # Whole examples, their first lines, and every regression input.
    for f in Examples/*.units; do
        cp "$f" "fuzz-out/corpus/$(basename "$f")"
        head -c 2000 "$f" > "fuzz-out/corpus/head-$(basename "$f")"
    done
    if [ -d Tests/UnitsKitTests/Syntax/FuzzInputs ]; then
        cp Tests/UnitsKitTests/Syntax/FuzzInputs/* fuzz-out/corpus/ 2>/dev/null || true
    fi
    find Tests -path '*Inputs*' -name '*.units' -exec cp {} fuzz-out/corpus/ \; 2>/dev/null || true
}

case "${1:-run}" in
build) build ;;
run)
    seconds=${2:-600}
    [ -x "$BIN" ] || build
    seed_corpus
    # One process at nice 19; Swift's own backtracer would fight ASan's.
    SWIFT_BACKTRACE=enable=no exec nice -n 19 "$BIN" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
        -max_total_time="$seconds" -artifact_prefix=fuzz-out/crashes/ \
        -dict=Fuzz/units.dict fuzz-out/corpus
    ;;
repro)
    shift
    [ -x "$BIN" ] || build
    SWIFT_BACKTRACE=enable=no exec "$BIN" "$@"
    ;;
*) echo "usage: Fuzz/fuzz.sh build | run [SECONDS] | repro FILE..." >&2; exit 2 ;;
esac
