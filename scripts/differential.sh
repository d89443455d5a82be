#!/usr/bin/env bash
# Differential check: an old and a new build of units must print
# byte-identical output (standard output, standard error and exit status)
# for every report, lint and fmt over the examples, the test journals and
# 600 generated or damaged journals.
#
#   scripts/differential.sh OLD NEW
#
# OLD and NEW are folders holding units, units-lint and units-fmt (e.g.
# `swift build -c release --show-bin-path`), or a git commit, which is then
# built in release into /tmp/diff-old-COMMIT (from `git archive`, so the
# work tree is not touched). Options (environment):
#   COUNT=600   generated/damaged journals (COUNT=60 for a quick look)
#   JOBS=2      journals compared in parallel
#   KEEP=1      keep the work folder (transcripts of both sides)
# The journals come from `units-bench --corpus DIR COUNT` (from NEW, or the
# units-bench in $BENCH). Exit 0 when every transcript matches, 1 when one
# does not (the first differences are printed), 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

usage() { echo "usage: scripts/differential.sh OLD_BIN_DIR|COMMIT NEW_BIN_DIR|COMMIT" >&2; exit 2; }
[ $# -eq 2 ] || usage

# A folder of binaries, or a commit built in release into /tmp/diff-old-COMMIT.
resolve() {
    if [ -d "$1" ]; then (cd "$1" && pwd); return; fi
    local commit
    commit=$(git rev-parse --verify --quiet "$1^{commit}") || { echo "differential: '$1' is neither a folder nor a commit" >&2; exit 2; }
    local short=${commit:0:7} src="/tmp/diff-src-${commit:0:7}" scratch="/tmp/diff-old-${commit:0:7}"
    if [ ! -x "$scratch/release/units" ]; then
        echo "differential: building $short in release into $scratch (minutes)" >&2
        rm -rf "$src" && mkdir -p "$src"
        git archive "$commit" | tar -x -C "$src"
        swift build -c release --package-path "$src" --scratch-path "$scratch" >&2
    fi
    echo "$scratch/release"
}
OLD=$(resolve "$1")
NEW=$(resolve "$2")
for dir in "$OLD" "$NEW"; do
    for tool in units units-lint units-fmt; do
        [ -x "$dir/$tool" ] || { echo "differential: $dir/$tool is not built" >&2; exit 2; }
    done
done
BENCH=${BENCH:-$NEW/units-bench}
COUNT=${COUNT:-600}
JOBS=${JOBS:-2}
work=$(mktemp -d /tmp/differential-XXXXXX)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

mkdir -p "$work/journals"
"$BENCH" --corpus "$work/journals/generated" "$COUNT" \
    || { echo "differential: '$BENCH --corpus' failed (set BENCH to a units-bench that has it)" >&2; exit 2; }
# The hand-written journals, in place (they may include one another).
journals=$(find Examples Grammar Tests -name '*.units' | sort; find "$work/journals/generated" -name '*.units' | sort)

# Every read-only command, run on one journal; a transcript of all of them.
transcript() {
    local bin=$1 j=$2 d=2025-12-14
    local habit
    habit=$(grep -a -m1 -oE '^[0-9]{4}-[0-9]{2}-[0-9]{2} habit [^ ;]+' "$j" | awk '{print $3}' || true)
    # (The name is fixed here: in a redirection, $BASHPID would be the child's.)
    local err="$work/err.$BASHPID"
    run() {
        printf '== %s\n' "$*"
        local code=0
        "$@" 2>"$err" || code=$?
        printf -- '-- stderr\n'; cat "$err"
        printf -- '-- exit %s\n' "$code"
    }
    run "$bin/units-lint" --today $d "$j"
    run "$bin/units-lint" --today $d --format json "$j"
    run "$bin/units-lint" --today $d --all --strict "$j"
    run "$bin/units-fmt" --check "$j"
    run "$bin/units-fmt" --diff "$j"
    run "$bin/units-fmt" - <"$j"
    local report
    for report in today stats receipt insights next streaks status nudge entries summary tasks wall heatmap history; do
        run "$bin/units" "$report" --file "$j" --today $d
    done
    for report in today stats receipt insights next streaks entries summary tasks history wall; do
        run "$bin/units" "$report" --json --file "$j" --today $d
    done
    for report in today stats insights entries; do
        run "$bin/units" "$report" --csv --file "$j" --today $d
    done
    run "$bin/units" export --csv --file "$j"
    run "$bin/units" export --json --file "$j"
    run "$bin/units" html --file "$j" --today $d
    if [ -n "$habit" ]; then
        run "$bin/units" habit "$habit" --file "$j" --today $d
        run "$bin/units" habit "$habit" --json --file "$j" --today $d
        run "$bin/units" card "$habit" --file "$j" --today $d
    fi
    rm -f "$err"
}
compare() {
    local j=$1 key
    key=$(printf '%s' "$j" | tr '/' '_')
    # The binary folder differs between the two sides: print it as BIN.
    transcript "$OLD" "$j" | sed "s|$OLD|BIN|g" >"$work/$key.old"
    transcript "$NEW" "$j" | sed "s|$NEW|BIN|g" >"$work/$key.new"
    if cmp -s "$work/$key.old" "$work/$key.new"; then
        rm -f "$work/$key.old" "$work/$key.new"; echo same
    else
        echo "DIFFERENT: $j"
        diff "$work/$key.old" "$work/$key.new" | head -20
    fi
}
export -f transcript compare
export OLD NEW work
export NO_COLOR=1 LC_ALL=C.UTF-8 COLUMNS=100 TZ=UTC
unset UNITS_FILE
export HOME="$work/home"; mkdir -p "$HOME"

total=$(printf '%s\n' "$journals" | wc -l)
echo "differential: $total journals ($COUNT generated or damaged), old $OLD, new $NEW"
start=$(date +%s)
printf '%s\n' "$journals" | xargs -P "$JOBS" -I{} bash -c 'compare "$1"' _ {} >"$work/results"
same=$(grep -c '^same$' "$work/results" || true)
differing=$(grep -c '^DIFFERENT' "$work/results" || true)
echo "differential: $same of $total journals identical over $(grep -c '^== ' <(transcript "$NEW" Examples/habits.units)) commands each, $differing different ($(( $(date +%s) - start )) s)"
if [ "$differing" -gt 0 ]; then
    grep -v '^same$' "$work/results" | head -60
    exit 1
fi
