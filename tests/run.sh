#!/usr/bin/env bash
# Runs every test against one build: the cmocka unit tests in OBJ/tests (built from
# tests/unit/), then the end-to-end scripts tests/e2e/e2e_*.sh with the tools in BIN and
# the reference checkers in OBJ/tests/reference, then, when FUZZ names the folder of the
# fuzz targets, each of them for KLOTSKI_FUZZ_SECONDS (default 3) on its corpus
# (tests/fuzz/run.sh; the GROUP resolver's and the server's on the test database).
# Ends with the line "N passed, M failed" and exits non-zero when anything failed.
set -u
obj=${1:?usage: tests/run.sh OBJ BIN [FUZZ]}
bin=${2:?usage: tests/run.sh OBJ BIN [FUZZ]}
fuzz=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
passed=0 failed=0

for t in "$obj"/tests/unit_*; do
    [ -x "$t" ] || continue
    if "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t"; fi
done

export KLOTSKI_TEST_BIN=$(cd "$bin" && pwd)
export KLOTSKI_TEST_OBJ=$(cd "$obj" && pwd)
export KLOTSKI_TEST_WORK=$(mkdir -p "$obj/e2e" && cd "$obj/e2e" && pwd)
for t in "$here"/e2e/e2e_*.sh; do
    [ -f "$t" ] || continue
    if bash "$t"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $t"; fi
done

if [ -n "$fuzz" ]; then
    if KLOTSKI_DB=$KLOTSKI_TEST_WORK/klotski.db "$here"/fuzz/run.sh "$fuzz" "${KLOTSKI_FUZZ_SECONDS:-3}"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1)); echo "FAILED: tests/fuzz/run.sh $fuzz"
    fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
