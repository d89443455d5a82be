#!/bin/sh
# Regenerates the checked-in shell completions (completions/) and man pages
# (man/) from the command table and Grammar/format.md. Run after adding or
# changing a command or its options; GeneratedDocsTests fails until you do.
set -eu
cd "$(dirname "$0")/.."
swift build --product units >/dev/null
units=$(swift build --show-bin-path)/units
"$units" completions bash > completions/units.bash
"$units" completions zsh > completions/_units
for tool in units units-fmt units-lint; do
    "$units" completions fish "$tool" > "completions/$tool.fish"
done
for page in units units-fmt units-lint; do
    "$units" man "$page" > "man/$page.1"
done
"$units" man units.5 --source Grammar/format.md > man/units.5
echo "regenerated completions/ and man/"
