#!/usr/bin/env bash
# The first evening of someone new to units, moving from a phone app and
# harsh to a text file, as the README's "Start here" tells it: an empty
# home, a journal, two habits, yesterday's check-in, a note with a tag, a
# holiday planned for next month, a line appended by hand, older data
# imported, and tonight's log. Every step must exit 0, and after every step
# `units-lint --strict` must stay silent (the pre-commit hook would pass).
#
#   PATH=$(swift build --show-bin-path):$PATH scripts/first-evening.sh
#
# The evening is 2025-12-14 at 20:00 unless UNITS_NOW says otherwise.
set -u
export UNITS_NOW=${UNITS_NOW:-2025-12-14T20:00}
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] && cat "$HOME/habits.units"; rm -rf "$work"' EXIT
export HOME=$work/home XDG_STATE_HOME=$work/state
unset UNITS_FILE
mkdir -p "$HOME"
cd "$HOME" || exit 1

lint() {
    local out
    out=$(units-lint --strict habits.units 2>&1)
    if [ $? -ne 0 ] || [ -n "$out" ]; then
        echo "first-evening: units-lint --strict is not silent after that step:" >&2
        echo "$out" >&2
        exit 1
    fi
}

step() {
    echo "\$ $*"
    "$@"
    local status=$?
    if [ $status -ne 0 ]; then
        echo "first-evening: the step exited $status: $*" >&2
        exit 1
    fi
    [ -f habits.units ] && lint
}

step units init
step units habit add Reading --unit page --floor 20
step units habit add Meditate --kind check --since yesterday
step units log Meditate yes --date yesterday
step units log Reading 12 '#train' --note "on the train"
step units pause Reading --from 2026-01-05 --until 2026-01-10 --note "holiday"
echo '$ echo "2025-12-14 Meditate kinda ; short one" >> habits.units'
echo "2025-12-14 Meditate kinda ; short one" >> habits.units
lint

# Two months of harsh, from before the journal began.
mkdir -p harsh
printf 'Running: 3/7\nJournal: 1\n' > harsh/habits
printf '2025-10-01 : Running : y : first run : 20\n2025-10-03 : Running : y\n2025-10-02 : Journal : y\n2025-11-30 : Journal : n\n' > harsh/log
step units import --from harsh harsh
step units log Reading 5
step units today
step units-fmt --check habits.units
echo "first-evening: every step exited 0 and units-lint --strict stayed silent"
