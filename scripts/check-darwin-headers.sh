#!/usr/bin/env bash
# Compiles the C target (Sources/CSystem) for macOS, arm64 and x86_64,
# against a copy of the macOS SDK's headers, from any machine with clang:
# the Darwin branches of CSystem are checked against Darwin's own headers.
# When the copy also holds the SDK's Swift modules (usr/lib/swift/
# Swift.swiftmodule, Darwin, Synchronization), the Swift sources of UnitsKit
# are typechecked for macOS too; those modules must come from a macOS 15 SDK
# or later (Atomic) whose interfaces this Swift can read. The public
# header copies (MacOSX11.3.sdk) have Swift 5.4 interfaces, older than the
# language the sources use: that step is SKIPPED for them (docs/platforms.md).
#
#   scripts/check-darwin-headers.sh SDK    # SDK: a MacOSX*.sdk directory (usr/include inside)
#   MACOS_SDK=SDK scripts/check-darwin-headers.sh
#   scripts/check-darwin-headers.sh --host # only the Swift step, for this machine (checks the step itself)
set -uo pipefail
cd "$(dirname "$0")/.."
sdk=${1:-${MACOS_SDK:-}}

# Typechecks UnitsKit's Swift sources (with CSystem's header as its module)
# for TARGET, against SDK when given.
typecheck_swift() {   # TARGET [SDK]
    local map status
    map=$(mktemp -d /tmp/units-csystem-map-XXXXXX)
    printf 'module CSystem {\n    header "%s/Sources/CSystem/include/csystem.h"\n    export *\n}\n' "$PWD" > "$map/module.modulemap"
    local swiftc; swiftc=$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)
    local sources=(); while IFS= read -r f; do sources+=("$f"); done < <(find Sources/UnitsKit -name '*.swift' | sort)
    "$swiftc" -typecheck -swift-version 6 -module-name UnitsKit -target "$1" ${2:+-sdk "$2"} \
        -Xcc -fmodule-map-file="$map/module.modulemap" "${sources[@]}"
    status=$?
    rm -rf "$map"
    return "$status"
}

if [ "$sdk" = "--host" ]; then
    host=$("$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)" -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -n 1)
    if typecheck_swift "$host"; then echo "check-darwin-headers: Sources/UnitsKit typechecks for $host"; exit 0; fi
    echo "check-darwin-headers: Sources/UnitsKit does not typecheck for $host"; exit 1
fi
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
if [ -d "$sdk/usr/lib/swift/Swift.swiftmodule" ] && [ -d "$sdk/usr/lib/swift/Synchronization.swiftmodule" ]; then
    for target in arm64-apple-macosx15.0 x86_64-apple-macosx15.0; do
        if typecheck_swift "$target" "$sdk"; then
            echo "check-darwin-headers: Sources/UnitsKit typechecks for $target against $sdk"
        else
            echo "check-darwin-headers: Sources/UnitsKit does not typecheck for $target against $sdk"; failed=1
        fi
    done
else
    echo "check-darwin-headers: Swift sources SKIPPED ($sdk has no Swift.swiftmodule and Synchronization.swiftmodule of macOS 15 or later in usr/lib/swift)"
fi
exit "$failed"
