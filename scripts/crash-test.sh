#!/usr/bin/env bash
# Crash test of the one write path: every writing command is
# SIGKILLed at random points (and right after it wrote its temporary file)
# while it changes a 1 MB journal. After each kill the journal must be
# byte-identical to the journal before or to the complete result, and the
# next write must leave no temporary file behind.
#
#   scripts/crash-test.sh            # KILLS=100 kills per command
#   KILLS=20 scripts/crash-test.sh   # quicker
#   BIN=.build/release scripts/crash-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
KILLS=${KILLS:-100}
if [ -z "${BIN:-}" ]; then swift build >/dev/null; BIN=$(swift build --show-bin-path); fi
units="$BIN/units"; fmt="$BIN/units-fmt"
work=$(mktemp -d /tmp/units-crash-XXXXXX)
trap 'rm -rf "$work"' EXIT
export UNITS_NOW=2025-12-14T12:00 XDG_STATE_HOME="$work/state"

# A 1 MB journal: four habits, a day of entries per block, today's check-in.
python3 - "$work/base.units" <<'EOF'
import sys, datetime
out = ["units 1", "", "1960-01-01 habit Walk", "  unit:  lap", "  floor: 5/week",
       "1960-01-01 habit Weightlifting", "  unit: set", "1960-01-01 habit Meditate", "  kind: check",
       "1960-01-01 habit Swim", ""]
d = datetime.date(1960, 1, 2)
size = 0
while size < 1_100_000 or d < datetime.date(1995, 1, 1):
    block = [f"{d} Walk          {d.day % 7 + 1}", f"{d} Weightlifting {d.month} ; set {d.day}", ""]
    out += block
    size += sum(len(l) + 1 for l in block)
    d += datetime.timedelta(days=1)
    if d > datetime.date(2025, 12, 13):
        break
out += ["2025-12-14 Walk          2", "2025-12-14 Weightlifting 3", "2025-12-14 Meditate      kinda", ""]
open(sys.argv[1], "w").write("\n".join(out))
EOF
# The same journal out of layout (for units-fmt), and a timedot file (for import).
sed 's/^units 1$/units   1/; s/Walk          4$/Walk   4/' "$work/base.units" > "$work/messy.units"
printf '2025-12-14\nWalk  2\nSwim  1\n' > "$work/in.timedot"
bytes=$(wc -c < "$work/base.units")
echo "crash-test: journal of $bytes bytes, $KILLS kills per command"
[ "$bytes" -ge 1000000 ] || { echo "crash-test: journal too small"; exit 1; }

# name | base file | setup command (run first, not killed; may be empty) | command under test
commands=(
  "log-append|base||log Walk 3"
  "log-backfill|base||log Walk 2 --date 2010-06-15"
  "log-replace-check-in|base||log Meditate yes"
  "habit-add|base||habit add Reading --unit page --floor 20"
  "habit-add-backdated|base||habit add Early --date 2000-01-01"
  "task-add|base||task add Crash"
  "unit|base||unit Walk mile mi"
  "floor|base||floor Walk 9"
  "archive|base||archive Swim"
  "rename|base||rename Walk Stroll"
  "import|base||import --from timedot $work/in.timedot"
  "units-fmt|messy||FMT"
  "undo-backfill|base|log Walk 2 --date 2010-06-15|undo"
)

run() {  # run ARGS... on $work/j.units
  if [ "$1" = FMT ]; then "$fmt" "$work/j.units"; else "$units" "$@" --file "$work/j.units"; fi
}
timed_run() {  # the same, timed by scripts/timed into $work/time
  if [ "$1" = FMT ]; then scripts/timed "$work/time" "$fmt" "$work/j.units"; else scripts/timed "$work/time" "$units" "$@" --file "$work/j.units"; fi
}
exec_run() {  # the same, replacing the (background) shell, so $! is the tool's own PID
  if [ "$1" = FMT ]; then exec "$fmt" "$work/j.units"; else exec "$units" "$@" --file "$work/j.units"; fi
}

failures=0; total=0
for spec in "${commands[@]}"; do
  IFS='|' read -r name base setup cmd <<<"$spec"
  # The complete result, from an uninterrupted run.
  rm -rf "$work/state"; cp "$work/$base.units" "$work/j.units"
  [ -n "$setup" ] && run $setup >/dev/null 2>&1
  cp "$work/j.units" "$work/old.units"
  timed_run $cmd >/dev/null 2>&1 || { echo "crash-test: $name: the uninterrupted run failed"; failures=$((failures+1)); continue; }
  read -r duration _ < "$work/time"   # microseconds
  cp "$work/j.units" "$work/new.units"
  if cmp -s "$work/old.units" "$work/new.units"; then echo "crash-test: $name changed nothing"; failures=$((failures+1)); continue; fi
  kinds=(0 0 0)   # old, new, killed right after the first write
  for i in $(seq 1 "$KILLS"); do
    rm -rf "$work/state"; cp "$work/$base.units" "$work/j.units"
    [ -n "$setup" ] && run $setup >/dev/null 2>&1
    pause=0
    if [ $((i % 5)) -eq 0 ]; then pause=400; fi   # every 5th: killed while its temporary is written, before the rename
    delay=$(python3 -c "import random; print(random.uniform(0, $duration * 1.1) / 1e6 if $pause == 0 else 0.15)")
    (export UNITS_TEST_PAUSE_BEFORE_RENAME=$pause; exec_run $cmd) >/dev/null 2>&1 &
    pid=$!
    sleep "$delay"
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    total=$((total+1))
    if cmp -s "$work/j.units" "$work/old.units"; then kinds[0]=$((kinds[0]+1))
    elif cmp -s "$work/j.units" "$work/new.units"; then kinds[1]=$((kinds[1]+1))
    else
      echo "crash-test: $name kill $i (after ${delay}s): the journal is neither the old nor the new one"
      cp "$work/j.units" "$work/torn-$name-$i.units"; failures=$((failures+1))
    fi
    [ "$pause" -gt 0 ] && kinds[2]=$((kinds[2]+1))
    # The next write cleans up whatever the killed one left, once it is older
    # than any write takes (a fresh temporary may be a live writer's, in
    # another PID namespace or on another machine): age it as time would.
    find "$work" -maxdepth 1 -name '.j.units.tmp-*' -exec touch -d '2 minutes ago' {} +
    "$units" log Swim 1 --force --file "$work/j.units" >/dev/null 2>&1 || true
    left=$(find "$work" -maxdepth 1 -name '.j.units.tmp-*' | wc -l)
    if [ "$left" -ne 0 ]; then echo "crash-test: $name kill $i: $left temporary file(s) left after the next write"; failures=$((failures+1)); fi
  done
  echo "crash-test: $name: $KILLS kills (run ${duration}us): ${kinds[0]} old, ${kinds[1]} new, ${kinds[2]} right after the first write"
done
echo "crash-test: $total kills, $failures failures"
[ "$failures" -eq 0 ]
