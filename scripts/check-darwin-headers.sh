#!/usr/bin/env bash
# Compiles the C target (Sources/CSystem) for macOS, arm64 and x86_64,
# against a copy of the macOS SDK's headers, from any machine with clang:
# the Darwin branches of CSystem are checked against Darwin's own headers.
#
#   scripts/check-darwin-headers.sh SDK    # SDK: a MacOSX*.sdk directory (usr/include inside)
#   MACOS_SDK=SDK scripts/check-darwin-headers.sh
set -uo pipefail
cd "$(dirname "$0")/.."
sdk=${1:-${MACOS_SDK:-}}
if [ -z "$sdk" ] || [ ! -f "$sdk/usr/include/sys/stat.h" ]; then
    echo "check-darwin-headers: SKIPPED (no macOS SDK headers given: scripts/check-darwin-headers.sh SDK, see docs/platforms.md)"
    exit 0
fi
clang=$(command -v clang || echo /opt/swift/usr/bin/clang)
failed=0
for target in arm64-apple-macos11 x86_64-apple-macos11; do
    if "$clang" -target "$target" -c -o /dev/null -Wall -Wextra -Werror -isysroot "$sdk" \
        -I Sources/CSystem/include Sources/CSystem/system.c; then
        echo "check-darwin-headers: Sources/CSystem compiles for $target against $sdk"
    else
        echo "check-darwin-headers: Sources/CSystem does not compile for $target against $sdk"; failed=1
    fi
done
exit "$failed"
