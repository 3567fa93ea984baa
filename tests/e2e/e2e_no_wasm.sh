#!/usr/bin/env bash
# End-to-end test of the build switches a packager uses: `make NO_DEPS=1` never runs
# apt-get (a PATH whose apt-get and sudo only log their calls) and names each missing
# need with its Debian package, stopping only for what the build needs; without the
# WebAssembly toolchain (WASM_CC naming no command) klotski is still built, into a
# scratch OBJ seeded with this build's objects (their times kept, so that only the
# engine, site.o and the link are made again), answers as before, and its `site` command
# says in one line how to get the toolchain (exit status 1), writing nothing.
. "$(dirname "$0")/lib.sh"
T=$WORK/no_wasm
rm -rf "$T"
mkdir -p "$T/fakebin" "$T/obj"
use_database
OBJ_BUILT=${KLOTSKI_TEST_OBJ:-$ROOT/build/release}
san=
[ -n "$SANITIZED" ] && san=SAN=1
for tool in apt-get sudo; do
    printf '#!/bin/sh\necho "%s $*" >> "%s"\nexit 1\n' "$tool" "$T/package-manager.log" > "$T/fakebin/$tool"
    chmod +x "$T/fakebin/$tool"
done
: > "$T/package-manager.log"
# shellcheck disable=SC2086 # $san: one word or none
# A make of its own: run from `make check`, the parent's MAKEFLAGS (its jobserver, its
# directory lines) would add lines to what the checks read.
nodeps_make() {
    PATH=$T/fakebin:$PATH env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
        make --no-print-directory -C "$ROOT" NO_DEPS=1 $san "$@"
}

out=$(nodeps_make -s deps WASM_CC=klotski-test-no-clang 2>&1)
expect "make NO_DEPS=1 deps without the WebAssembly toolchain: exit status" 0 "$?"
expect "make NO_DEPS=1 deps: names the missing toolchain and goes on" \
    "klotski: missing the command klotski-test-no-clang (Debian: clang)
klotski: building without the WebAssembly engine of \`klotski site\`" "$out"
out=$(nodeps_make -s deps CC=klotski-test-no-cc 2>&1)
expect "make NO_DEPS=1 deps without a C compiler: fails" 2 "$?"
expect "make NO_DEPS=1 deps without a C compiler: names it and its package" yes \
    "$(printf '%s\n' "$out" | grep -qxF 'klotski: missing the command klotski-test-no-cc (Debian: build-essential)' && echo yes || echo no)"
expect "make NO_DEPS=1 never runs apt-get nor sudo" "" "$(cat "$T/package-manager.log")"

# klotski without the toolchain, from this build's objects.
cp -a "$OBJ_BUILT/core" "$OBJ_BUILT/answer" "$OBJ_BUILT/query" "$OBJ_BUILT/gen" "$OBJ_BUILT/libklotski.a" "$T/obj/"
nodeps_make WASM_CC=klotski-test-no-clang OBJ="$T/obj" BIN="$T/bin" "$T/bin/klotski" > "$T/make.log" 2>&1
status=$?
expect "klotski built without the WebAssembly toolchain: exit status" 0 "$status"
[ "$status" -eq 0 ] || tail -5 "$T/make.log"
expect "the build says the engine is left out" yes \
    "$(grep -q 'klotski.wasm left empty' "$T/make.log" && echo yes || echo no)"
expect "only the engine, site.o and the link were made again" "query/commands/site.c" \
    "$(grep -E ' -c -o ' "$T/make.log" | awk '{ print $NF }' | paste -sd' ')"
out=$("$T/bin/klotski" --db "$TEST_DB" show 4WVE1 --json | jq -r .min_steps)
expect "klotski without the engine answers: 4WVE1 in 81 steps" 81 "$out"
err=$("$T/bin/klotski" --db "$TEST_DB" site "$T/site" 2>&1 >/dev/null)
expect_status "klotski site without the engine: exit status" 1 "$?"
expect "klotski site without the engine: one line on how to get the toolchain" \
    "klotski: site: this klotski was built without the WebAssembly toolchain; install clang, lld and wasi-libc (Debian: apt-get install clang lld wasi-libc libclang-rt-14-dev-wasm32), then run make again" \
    "$err"
expect "klotski site without the engine: writes nothing" no "$([ -e "$T/site" ] && echo yes || echo no)"
rm -rf "$T"
finish
